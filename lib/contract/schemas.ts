/**
 * zod schemas of every request and response of the HTTP API. The route handlers
 * parse requests with them; the web app parses responses with them, so both
 * sides speak the same names.
 */
import { z } from "zod";
import { VISITOR_ID_PATTERN } from "@/lib/domain/analytics";
import { WALLET_PATTERN, normaliseRefCode, normaliseWallet } from "@/lib/domain/wallet";
import { COMPLETABLE_TASK_IDS, TASK_IDS, VERIFIABLE_TASK_IDS } from "@/lib/domain/tasks";

const INVALID_WALLET = "Invalid wallet address";

/** A wallet in any case, stored and returned lowercase. No trimming. */
export const walletSchema = z
  .string({ error: INVALID_WALLET })
  .regex(WALLET_PATTERN, { error: INVALID_WALLET })
  .transform(normaliseWallet);

/** Exactly 8 characters in any case, lowercased; whether it resolves is the service's question. */
export const refCodeSchema = z
  .string({ error: "Invalid refCode" })
  .transform((v, ctx) => normaliseRefCode(v) ?? (ctx.addIssue({ code: "custom", message: "Invalid refCode" }), z.NEVER));

const taskIdOf = <T extends readonly [string, ...string[]]>(ids: T) =>
  z.enum(ids, { error: "Invalid task id" });

// Requests

export const walletBody = z.object({ wallet: walletSchema });
export const recordReferralBody = z.object({ wallet: walletSchema, refCode: refCodeSchema });
export const completeTaskBody = z.object({ wallet: walletSchema, taskId: taskIdOf(COMPLETABLE_TASK_IDS) });
export const verifyTaskBody = z.object({ wallet: walletSchema, taskId: taskIdOf(VERIFIABLE_TASK_IDS) });
/** POST /api/referral/visit: the code of the link the page was opened with, and the browser's visitor id. */
export const visitBody = z.object({
  refCode: refCodeSchema,
  visitorId: z.string({ error: "Invalid visitorId" }).regex(VISITOR_ID_PATTERN, { error: "Invalid visitorId" }),
});

export const walletQuery = z.object({ wallet: walletSchema });
export const userQuery = z.object({ user: walletSchema });
export const codeQuery = z.object({ code: refCodeSchema });

/** POST /api/auth/verify: the EIP-4361 message as signed, and the signature (hex; ERC-6492 ones are longer). */
export const signInBody = z.object({
  message: z.string({ error: "Invalid message" }).min(1, { error: "Invalid message" }).max(4096, { error: "Invalid message" }),
  signature: z
    .string({ error: "Invalid signature" })
    .regex(/^0x(?:[0-9a-fA-F]{2})+$/, { error: "Invalid signature" })
    .transform((v) => v as `0x${string}`),
});

// Responses

export const address = z.string().regex(WALLET_PATTERN);
const taskFlags = z.object(Object.fromEntries(TASK_IDS.map((id) => [id, z.boolean()])) as Record<
  (typeof TASK_IDS)[number],
  z.ZodBoolean
>);

export const errorResponseSchema = z.object({ error: z.string() });

export const recordReferralResponse = z.object({
  success: z.literal(true),
  referrer: address,
  alreadyRecorded: z.literal(true).optional(),
});

export const checkReferralResponse = z.object({ hasReferrer: z.boolean(), wallet: address });

export const referralLinkResponse = z.object({
  bound: z.boolean(),
  referrer: z.union([address, z.literal("")]),
  link: z.string(),
  referralsCount: z.number().int().nonnegative(),
  refCode: z.string(),
  codeConflict: z.literal(true).optional(),
  /** With REFERRAL_QUALIFY: the wallet's referees whose referral waits for them to qualify. */
  pendingReferrals: z.number().int().nonnegative().optional(),
  /** With REFERRAL_QUALIFY, only while true: the wallet's own referral waits for it to qualify. */
  referralPending: z.literal(true).optional(),
});

export const walletByCodeResponse = z.object({ wallet: address, refCode: z.string() });

export const taskStatusResponse = z.object({
  wallet: address,
  tasks: taskFlags,
  fishingCooldown: z.number().int().nonnegative(),
  timestamp: z.string(),
});

/**
 * Completed; or, only for a Farcaster task whose target is set (FARCASTER_FOLLOW_FID, FARCASTER_CAST_HASH),
 * not verified through Neynar: the answer POST /api/steam/verify gives, and nothing is stored.
 */
export const completeTaskResponse = z.union([
  z.object({ success: z.literal(true), taskId: z.enum(COMPLETABLE_TASK_IDS), timestamp: z.number().int() }),
  z.object({ success: z.literal(false), taskId: z.enum(COMPLETABLE_TASK_IDS), verified: z.literal(false), reason: z.string() }),
]);

export const cooldownErrorSchema = errorResponseSchema.extend({ cooldownRemaining: z.number().int().positive() });

export const verifyTaskResponse = z.discriminatedUnion("verified", [
  z.object({ success: z.literal(true), taskId: z.enum(VERIFIABLE_TASK_IDS), verified: z.literal(true) }),
  z.object({
    success: z.literal(false),
    taskId: z.enum(VERIFIABLE_TASK_IDS),
    verified: z.literal(false),
    reason: z.string(),
  }),
]);

export const progressResponse = z.object({
  progress: taskFlags,
  referralCount: z.number().int().nonnegative(),
});

export const leaderboardEntrySchema = z.object({
  rank: z.number().int().nonnegative(),
  wallet: address,
  referrals_count: z.number().int().nonnegative(),
  rewards: z.number().int().nonnegative(),
});
export const leaderboardResponse = z.array(leaderboardEntrySchema);

export const initUserResponse = z.object({
  success: z.literal(true),
  wallet: address,
  refCode: z.string(),
  link: z.string(),
  isNew: z.boolean(),
});

/** Whether the visit was counted: false for a code nobody owns and for a client that is a bot. */
export const visitResponse = z.object({ counted: z.boolean() });

export const healthResponse = z.object({
  ok: z.boolean(),
  store: z.object({ kind: z.string(), ok: z.boolean(), latencyMs: z.number() }),
  chain: z.object({ configured: z.boolean(), ok: z.boolean().optional(), latencyMs: z.number().optional() }),
});

export type RecordReferralResponse = z.infer<typeof recordReferralResponse>;
export type CheckReferralResponse = z.infer<typeof checkReferralResponse>;
export type ReferralLinkResponse = z.infer<typeof referralLinkResponse>;
export type WalletByCodeResponse = z.infer<typeof walletByCodeResponse>;
export type TaskStatusResponse = z.infer<typeof taskStatusResponse>;
export type CompleteTaskResponse = z.infer<typeof completeTaskResponse>;
export type VerifyTaskResponse = z.infer<typeof verifyTaskResponse>;
export type ProgressResponse = z.infer<typeof progressResponse>;
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;
export type InitUserResponse = z.infer<typeof initUserResponse>;
export type VisitResponse = z.infer<typeof visitResponse>;

/**
 * The board as the landing page renders it on the server: the first entries exactly as
 * GET /api/leaderboard ranks them, the wallets on the board and the referrals recorded so far.
 */
export interface BoardOverview {
  top: LeaderboardEntry[];
  entries: number;
  referrals: number;
}
export type HealthResponse = z.infer<typeof healthResponse>;

// Wallet sign-in (WALLET_AUTH=siwe)

export const nonceResponse = z.object({ nonce: z.string() });

export const signInResponse = z.object({ ok: z.literal(true), address });

export const sessionResponse = z.object({
  /** The signed-in wallet (lowercase), or null. */
  address: address.nullable(),
  /** Whether writes need a session (WALLET_AUTH=siwe). */
  authRequired: z.boolean(),
  /** The chain id sign-in messages must carry; null = any. */
  chainId: z.number().int().positive().nullable(),
  /** When the session ends (Unix seconds); null without one. */
  expiresAt: z.number().int().nullable(),
});

export const logoutResponse = z.object({ ok: z.literal(true) });
export type SessionResponse = z.infer<typeof sessionResponse>;
export type SignInResponse = z.infer<typeof signInResponse>;
