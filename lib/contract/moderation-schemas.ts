/**
 * zod schemas of the console's moderation API: POST /api/admin/wallets/disqualify and /reinstate,
 * GET /api/admin/audit and GET /api/admin/disqualified (the ban list). Routes parse their input
 * with them; the console's browser code parses the answers.
 */
import { z } from "zod";
import { walletSchema } from "@/lib/contract/schemas";
import { AUDIT_ACTIONS, MAX_AUDIT_PAGE, MAX_REASON_LENGTH, STORABLE_TEXT } from "@/lib/domain/moderation";

const INVALID_REASON = `Invalid reason: 1 to ${MAX_REASON_LENGTH} characters, no line breaks`;

/** What an admin writes about why: trimmed, one line (it goes into CSV files and log lines). */
export const reasonSchema = z
  .string({ error: INVALID_REASON })
  .trim()
  .min(1, { error: INVALID_REASON })
  .max(MAX_REASON_LENGTH, { error: INVALID_REASON })
  .regex(STORABLE_TEXT, { error: INVALID_REASON });

export const disqualifyBody = z.object({
  wallet: walletSchema,
  reason: reasonSchema,
  cascade: z.boolean({ error: "Invalid cascade: must be true or false" }).default(false),
});
export type DisqualifyBody = z.output<typeof disqualifyBody>;

export const reinstateBody = z.object({ wallet: walletSchema });

const INVALID_OFFSET = "Invalid offset: must be a whole number";

/** `offset` and `limit` of an admin list: a whole offset, a limit from 1 to `max`, `fallback` when absent. */
export function pageParams(max: number, fallback: number) {
  const invalidLimit = `Invalid limit: must be an integer from 1 to ${max}`;
  return {
    offset: z.coerce.number({ error: INVALID_OFFSET }).int({ error: INVALID_OFFSET }).min(0, { error: INVALID_OFFSET }).max(1_000_000_000, { error: INVALID_OFFSET }).default(0),
    limit: z.coerce.number({ error: invalidLimit }).int({ error: invalidLimit }).min(1, { error: invalidLimit }).max(max, { error: invalidLimit }).default(fallback),
  };
}

/** Entries GET /api/admin/audit answers unless told otherwise, and the console lists. */
export const DEFAULT_AUDIT_PAGE = 50;

/** GET /api/admin/audit */
export const adminAuditQuery = z.object({
  format: z.enum(["json", "csv"], { error: "Invalid format: must be json or csv" }).default("json"),
  ...pageParams(MAX_AUDIT_PAGE, DEFAULT_AUDIT_PAGE),
});

/** GET /api/admin/disqualified */
export const adminBanListQuery = z.object({
  format: z.enum(["csv", "json"], { error: "Invalid format: must be csv or json" }).default("csv"),
});

// Answers

const seconds = z.number().int().nonnegative();

export const auditEntrySchema = z.object({
  id: z.number().int().positive(),
  /** Unix seconds. */
  at: seconds,
  /** An admin wallet, "token", or the label of an operator command. */
  admin: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  wallet: z.string().nullable(),
  reason: z.string().nullable(),
  cascade: z.boolean(),
  /** Wallets the action changed. */
  wallets: z.number().int().nonnegative(),
});

export const disqualificationSchema = z.object({
  wallet: z.string(),
  reason: z.string(),
  at: seconds,
  admin: z.string(),
  /** The referrer whose cascade took this wallet out; null when it was named itself. */
  via: z.string().nullable(),
});

export const disqualifyResponse = z.object({
  /** The wallets this action disqualified, the named one first (absent when it already was). */
  disqualified: z.array(z.string()),
  audit: auditEntrySchema,
});

export const reinstateResponse = z.object({
  /** The wallets this action put back: the named one first, then those its cascade had taken out. */
  reinstated: z.array(z.string()),
  audit: auditEntrySchema,
});

export const adminAuditResponse = z.object({ total: z.number().int().nonnegative(), offset: z.number().int().nonnegative(), entries: z.array(auditEntrySchema) });

export type DisqualificationJson = z.infer<typeof disqualificationSchema>;
export type AuditEntryJson = z.infer<typeof auditEntrySchema>;
export type AdminAudit = z.infer<typeof adminAuditResponse>;
export type DisqualifyAnswer = z.infer<typeof disqualifyResponse>;
export type ReinstateAnswer = z.infer<typeof reinstateResponse>;
