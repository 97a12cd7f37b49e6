/**
 * zod schemas of the console's farm signals: GET /api/admin/signals (referrers ranked by how
 * suspicious they look) and GET /api/admin/signals/wallet (one referrer's signals).
 */
import { z } from "zod";
import { pageParams } from "@/lib/contract/moderation-schemas";
import { walletSchema } from "@/lib/contract/schemas";
import { MAX_SIGNALS_PAGE } from "@/lib/domain/signals";

const formatParam = z.enum(["json", "csv"], { error: "Invalid format: must be json or csv" }).default("json");

/** Referrers GET /api/admin/signals answers unless told otherwise, and the console lists. */
export const DEFAULT_SIGNALS_PAGE = 20;

/** GET /api/admin/signals */
export const adminSignalsQuery = z.object({
  format: formatParam,
  ...pageParams(MAX_SIGNALS_PAGE, DEFAULT_SIGNALS_PAGE),
});

/** GET /api/admin/signals/wallet */
export const adminWalletSignalsQuery = z.object({ wallet: walletSchema });

const count = z.number().int().nonnegative();

export const referrerSignalsSchema = z.object({
  wallet: z.string(),
  referrals: count,
  /** The most referrals recorded within any 10 minutes. */
  burst: count,
  /** Referees bound within 10 seconds of the referrer's previous referral. */
  quickReferees: count,
  /** Referees that checked in, completed a social task or had nft_mint verified after binding. */
  activeReferees: count,
  /** Referees that did none of that: (referrals - activeReferees) / referrals; null without referrals. */
  idleShare: z.number().min(0).max(1).nullable(),
  /** Referrals that closed a loop of two or three wallets. */
  cycles: count,
  /** What the ranking orders by: suspicionOf the counts, under the weights the store was given (SUSPICION_WEIGHTS). */
  suspicion: z.number().int(),
  disqualified: z.boolean(),
});

export const adminSignalsResponse = z.object({ total: count, offset: count, referrers: z.array(referrerSignalsSchema) });

export type ReferrerSignalsJson = z.infer<typeof referrerSignalsSchema>;
export type AdminSignals = z.infer<typeof adminSignalsResponse>;
