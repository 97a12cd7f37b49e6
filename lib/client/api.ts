/**
 * The web app's typed client of the HTTP API. Every response is parsed with the
 * zod schema the route handlers use, so the UI and the API cannot drift apart on
 * names (lessons.md #8). Failures become one error type the UI can show.
 */
import type { z } from "zod";
import {
  completeTaskResponse,
  cooldownErrorSchema,
  errorResponseSchema,
  initUserResponse,
  leaderboardEntrySchema,
  leaderboardResponse,
  progressResponse,
  recordReferralResponse,
  referralLinkResponse,
  taskStatusResponse,
  verifyTaskResponse,
  walletByCodeResponse,
} from "@/lib/api/schemas";
import type { CompletableTaskId, VerifiableTaskId } from "@/lib/domain/tasks";

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
}

const NETWORK_ERROR = "Can't reach the server. Check your connection and try again.";
const UNEXPECTED = "The server sent an unexpected answer. Please try again.";

async function request<S extends z.ZodType>(schema: S, path: string, init?: RequestInit): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, cache: "no-store", headers: { accept: "application/json", ...init?.headers } });
  } catch {
    throw new ApiRequestError(NETWORK_ERROR, 0);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const cooldown = cooldownErrorSchema.safeParse(body);
    if (cooldown.success) throw new ApiRequestError(cooldown.data.error, response.status, cooldown.data.cooldownRemaining);
    const error = errorResponseSchema.safeParse(body);
    throw new ApiRequestError(error.success ? error.data.error : `Request failed (${response.status})`, response.status);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiRequestError(UNEXPECTED, response.status);
  return parsed.data;
}

const post = (body: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

export const api = {
  initUser: (wallet: string) => request(initUserResponse, "/api/user/init", post({ wallet })),
  recordReferral: (wallet: string, refCode: string) =>
    request(recordReferralResponse, "/api/referral/record", post({ wallet, refCode })),
  referralLink: (wallet: string) => request(referralLinkResponse, `/api/referral/link${q({ user: wallet })}`),
  walletByCode: (code: string) => request(walletByCodeResponse, `/api/referral/wallet-by-code${q({ code })}`),
  taskStatus: (wallet: string) => request(taskStatusResponse, `/api/steam/task-status${q({ wallet })}`),
  progress: (wallet: string) => request(progressResponse, `/api/steam/progress${q({ wallet })}`),
  completeTask: (wallet: string, taskId: CompletableTaskId) =>
    request(completeTaskResponse, "/api/steam/task/complete", post({ wallet, taskId })),
  verifyTask: (wallet: string, taskId: VerifiableTaskId) =>
    request(verifyTaskResponse, "/api/steam/verify", post({ wallet, taskId })),
  leaderboard: () => request(leaderboardResponse, "/api/leaderboard"),
  leaderboardUser: (wallet: string) => request(leaderboardEntrySchema, `/api/leaderboard/user${q({ wallet })}`),
};

/** Query keys, one place, so mutations invalidate exactly what they change. */
export const queryKeys = {
  referralLink: (wallet: string) => ["referral-link", wallet] as const,
  walletByCode: (code: string) => ["wallet-by-code", code] as const,
  taskStatus: (wallet: string) => ["task-status", wallet] as const,
  progress: (wallet: string) => ["progress", wallet] as const,
  leaderboard: ["leaderboard"] as const,
  leaderboardUser: (wallet: string) => ["leaderboard-user", wallet] as const,
};

/** The text to show for anything a query or mutation threw. */
export function errorText(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  if (error && typeof error === "object" && "shortMessage" in error && typeof error.shortMessage === "string") {
    return error.shortMessage; // viem / wagmi BaseError
  }
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}
