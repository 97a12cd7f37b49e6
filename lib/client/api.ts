/**
 * The web app's typed client of the HTTP API. Every response is parsed with the
 * zod schema the route handlers use, so the UI and the API cannot drift apart on
 * names such as task ids. Failures become one error type the UI can show.
 *
 * The schemas (and zod with them, a third of the app's own JavaScript) load with
 * the first request instead of with the page, so they stay off the first paint: the
 * methods and paths come from lib/contract/paths.ts, the registry's zod-free part.
 */
import type { z } from "zod";
import * as paths from "@/lib/contract/paths";
import type { RoutePath } from "@/lib/contract/paths";
import type { CompletableTaskId, VerifiableTaskId } from "@/lib/domain/tasks";
import type { LeaderboardEntry } from "@/lib/contract/schemas";

type Schemas = typeof import("@/lib/contract/schemas");
let schemas: Promise<Schemas> | undefined;
// A failed download is tried again by the next request instead of failing every later one.
const loadSchemas = () =>
  (schemas ??= import("@/lib/contract/schemas").catch((error: unknown) => {
    schemas = undefined;
    throw error;
  }));

export class ApiRequestError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the request never got a response. */
    readonly status: number,
    /** Seconds left on the check-in cooldown, when the server says so. */
    readonly cooldownRemaining?: number,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }

  /** Server trouble or no connection: worth trying again later. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }

  /** The server wants a (new) wallet sign-in: none, expired, or for another wallet. */
  get needsSignIn(): boolean {
    return this.status === 401 || (this.status === 403 && this.message.startsWith("Wallet does not match"));
  }
}

const NETWORK_ERROR = "Can't reach the server. Check your connection and try again.";
const UNEXPECTED = "The server sent an unexpected answer. Please try again.";

/**
 * One call of an endpoint. `input` travels as the query of a GET and as the JSON body of a write
 * (a quest's body nests its params): every write is JSON, body or not, since the server refuses any
 * other Content-Type with 415.
 */
async function request<S extends z.ZodType>(
  pick: (s: Schemas) => S | Promise<S>,
  route: RoutePath,
  input: object = {},
  init?: RequestInit,
): Promise<z.output<S>> {
  // Before the request is sent: a write the server applied is never reported as failed because the
  // schemas to read its answer did not arrive.
  let loaded: Schemas;
  let answer: S;
  let response: Response;
  try {
    loaded = await loadSchemas();
    answer = await pick(loaded);
    const write = route.method !== "GET";
    const query = new URLSearchParams(Object.entries(input).map(([name, value]) => [name, String(value)])).toString();
    response = await fetch(write || !query ? route.path : `${route.path}?${query}`, {
      ...init,
      ...(write && { method: route.method, body: JSON.stringify(input) }),
      cache: init?.cache ?? "no-store",
      headers: { accept: "application/json", ...(write && { "content-type": "application/json" }), ...init?.headers },
    });
  } catch {
    throw new ApiRequestError(NETWORK_ERROR, 0);
  }
  const body: unknown = await response.json().catch(() => undefined);
  const { cooldownErrorSchema, errorResponseSchema } = loaded;
  if (!response.ok) {
    const cooldown = cooldownErrorSchema.safeParse(body);
    if (cooldown.success) throw new ApiRequestError(cooldown.data.error, response.status, cooldown.data.cooldownRemaining);
    const error = errorResponseSchema.safeParse(body);
    throw new ApiRequestError(error.success ? error.data.error : `Request failed (${response.status})`, response.status);
  }
  const parsed = answer.safeParse(body);
  if (!parsed.success) throw new ApiRequestError(UNEXPECTED, response.status);
  return parsed.data;
}

// The console's answers only: visitors' pages never download them.
const moderationSchemas = () => import("@/lib/contract/moderation-schemas");
// Farcaster's: loaded inside Farcaster clients only.
const notificationSchemas = () => import("@/lib/contract/notification-schemas");
// The quests' answers: loaded where quests are shown or edited.
const questSchemas = () => import("@/lib/contract/quest-schemas");
// The payouts' answers: loaded by the claim page, the dashboard's claim link and the console.
const payoutSchemas = () => import("@/lib/contract/payout-schemas");
// The webhooks' answers: loaded by the console's Webhooks section only.
const webhookSchemas = () => import("@/lib/contract/webhook-schemas");
// The live board's answers: loaded by the leaderboard page only.
const boardSchemas = () => import("@/lib/contract/board-schemas");

/**
 * Board reads are conditional: the browser keeps the last answer and asks with its ETag, and the
 * server answers 304 while the board has not moved (fetch hands the kept body back transparently).
 */
const boardRead: RequestInit = { cache: "no-cache" };

/** An endpoint whose path names one item (`{id}`): that item's. */
const itemRoute = (route: RoutePath, id: string): RoutePath => ({ ...route, path: route.path.replace("{id}", encodeURIComponent(id)) });

/** Which board a read is of: the all-time board, or the season running now. */
export type BoardTab = "all" | "season";

export const api = {
  initUser: (wallet: string) => request((s) => s.initUserResponse, paths.initUser, { wallet }),
  visit: (refCode: string, visitorId: string) => request((s) => s.visitResponse, paths.visit, { refCode, visitorId }, { keepalive: true }),
  recordReferral: (wallet: string, refCode: string) => request((s) => s.recordReferralResponse, paths.recordReferral, { wallet, refCode }),
  referralLink: (wallet: string) => request((s) => s.referralLinkResponse, paths.referralLink, { user: wallet }),
  walletByCode: (code: string) => request((s) => s.walletByCodeResponse, paths.walletByCode, { code }),
  taskStatus: (wallet: string) => request((s) => s.taskStatusResponse, paths.taskStatus, { wallet }),
  progress: (wallet: string) => request((s) => s.progressResponse, paths.progress, { wallet }),
  completeTask: (wallet: string, taskId: CompletableTaskId) => request((s) => s.completeTaskResponse, paths.completeTask, { wallet, taskId }),
  verifyTask: (wallet: string, taskId: VerifiableTaskId) => request((s) => s.verifyTaskResponse, paths.verifyTask, { wallet, taskId }),
  leaderboard: () => request((s) => s.leaderboardResponse, paths.leaderboard, {}, boardRead),
  seasonLeaderboard: () => request((s) => s.leaderboardResponse, paths.leaderboard, { season: "current" }, boardRead),
  /** The entries around the wallet's rank; [] when it is not ranked on that board. */
  leaderboardAround: (wallet: string, board: BoardTab, radius: number) =>
    request(
      async () => (await boardSchemas()).aroundResponse,
      paths.leaderboardAround,
      { wallet, radius: String(radius), ...(board === "season" ? { season: "current" } : {}) },
      boardRead,
    ),
  leaderboardUser: (wallet: string) => request((s) => s.leaderboardEntrySchema, paths.leaderboardUser, { wallet }),
  // Wallet sign-in (only used when the server runs with WALLET_AUTH=siwe)
  session: () => request((s) => s.sessionResponse, paths.session),
  nonce: () => request((s) => s.nonceResponse, paths.nonce),
  signIn: (message: string, signature: string) => request((s) => s.signInResponse, paths.signIn, { message, signature }),
  logout: () => request((s) => s.logoutResponse, paths.logout),
  /** Links the fid a Quick Auth token proves to `wallet`, so the app can notify it. */
  linkFarcaster: (wallet: string, quickAuthToken: string) =>
    request(async () => (await notificationSchemas()).farcasterLinkResponse, paths.linkFarcaster, { wallet }, {
      headers: { authorization: `Bearer ${quickAuthToken}` },
    }),
  // Moderation (the campaign console, with an admin's session)
  disqualify: (body: { wallet: string; reason: string; cascade: boolean }) =>
    request(async () => (await moderationSchemas()).disqualifyResponse, paths.disqualify, body),
  reinstate: (wallet: string) => request(async () => (await moderationSchemas()).reinstateResponse, paths.reinstate, { wallet }),
  // Quests
  quests: (wallet: string) => request(async () => (await questSchemas()).questsResponse, paths.quests, { wallet }),
  /** `answer`: a quiz's option index. */
  completeQuest: (wallet: string, questId: string, answer?: number) =>
    request(async () => (await questSchemas()).completeQuestResponse, paths.completeQuest, { wallet, questId, answer }),
  // The quest catalog (the campaign console, with an admin's session)
  adminQuests: () => request(async () => (await questSchemas()).adminQuestsResponse, paths.adminQuests),
  createQuest: (body: object) => request(async () => (await questSchemas()).questAnswer, paths.createQuest, body),
  updateQuest: (id: string, patch: object) =>
    request(async () => (await questSchemas()).questAnswer, itemRoute(paths.patchQuest, id), patch),
  /** The file as exported: the server refuses it whole on one bad quest. */
  importQuests: (file: object) => request(async () => (await questSchemas()).questImportResponse, paths.importQuests, file),
  /** The check-in's and the social tasks' points, replaced whole. */
  setTaskPoints: (settings: { taskPoints: object; streakBonuses: object[] }) => request(async () => (await import("@/lib/contract/task-points-schemas")).taskPointsResponse, paths.setTaskPoints, settings),
  // Payouts: a wallet's claims; the plans (the campaign console, with an admin's session)
  claims: (wallet: string) => request(async () => (await payoutSchemas()).claimResponse, paths.claims, { wallet }),
  payoutPlans: () => request(async () => (await payoutSchemas()).payoutPlansResponse, paths.payoutPlans),
  /** The body as the form checked it with createPayoutBody. */
  createPayout: (body: object) => request(async () => (await payoutSchemas()).createPayoutResponse, paths.createPayout, body),
  recordDistributor: (id: string, address: string) =>
    request(async () => (await payoutSchemas()).payoutPlanSchema, itemRoute(paths.recordDistributor, id), { address }),
  // Webhooks (the campaign console, with an admin's session)
  webhooks: () => request(async () => (await webhookSchemas()).listWebhooksResponse, paths.webhooks),
  /** The body as the form checked it with createWebhookBody; the answer is the only one that carries the secret. */
  createWebhook: (body: object) => request(async () => (await webhookSchemas()).createWebhookResponse, paths.createWebhook, body),
  setWebhookEnabled: (id: string, enabled: boolean) =>
    request(async () => (await webhookSchemas()).webhookEndpointSchema, itemRoute(paths.patchWebhook, id), { enabled }),
  deleteWebhook: (id: string) => request(async () => (await webhookSchemas()).deleteWebhookResponse, itemRoute(paths.deleteWebhook, id)),
  testWebhook: (id: string) => request(async () => (await webhookSchemas()).testWebhookResponse, itemRoute(paths.testWebhook, id)),
  webhookDeliveries: (id: string) => request(async () => (await webhookSchemas()).listDeliveriesResponse, itemRoute(paths.webhookDeliveries, id)),
};

/** Query keys, one place, so mutations invalidate exactly what they change. */
export const queryKeys = {
  referralLink: (wallet: string) => ["referral-link", wallet] as const,
  walletByCode: (code: string) => ["wallet-by-code", code] as const,
  taskStatus: (wallet: string) => ["task-status", wallet] as const,
  progress: (wallet: string) => ["progress", wallet] as const,
  leaderboard: ["leaderboard"] as const,
  leaderboardUser: (wallet: string) => ["leaderboard-user", wallet] as const,
  /** Every season board (keyed by season number), and one of them. */
  seasonLeaderboards: ["leaderboard-season"] as const,
  seasonLeaderboard: (season: number) => ["leaderboard-season", season] as const,
  /** Every around-me read, and one wallet's on one board (a season by its number). */
  leaderboardArounds: ["leaderboard-around"] as const,
  leaderboardAround: (wallet: string, board: "all" | number) => ["leaderboard-around", wallet, board] as const,
  quests: (wallet: string) => ["quests", wallet] as const,
  adminQuests: ["admin-quests"] as const,
  claims: (wallet: string) => ["claims", wallet] as const,
  payoutPlans: ["payout-plans"] as const,
  webhooks: ["webhooks"] as const,
  /** Every endpoint's deliveries, and one endpoint's. */
  webhookDeliveryLists: ["webhook-deliveries"] as const,
  webhookDeliveries: (id: string) => ["webhook-deliveries", id] as const,
};



/** One event of GET /api/leaderboard/stream: the top list, or null when it is not one. */
export async function parseBoardEvent(data: string): Promise<LeaderboardEntry[] | null> {
  const { boardEvent } = await boardSchemas();
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = boardEvent.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** The text to show for anything a query or mutation threw. */
export function errorText(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  if (error && typeof error === "object" && "shortMessage" in error && typeof error.shortMessage === "string") {
    return error.shortMessage; // viem / wagmi BaseError
  }
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}
