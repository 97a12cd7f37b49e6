/**
 * The rewards export's contract (GET /api/admin/rewards and `npm run export:rewards`): its query,
 * its formats and the JSON document row by row; docs/operators.md describes the format, and
 * lib/operators/rewards-export.ts writes it.
 */
import { z } from "zod";
import { WALLET_PATTERN } from "@/lib/domain/wallet";

export const EXPORT_FORMATS = ["csv", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FORMAT_ID = "refboard-rewards/1";
export const CSV_COLUMNS = ["rank", "wallet", "score", "rewards", "referrals_count"] as const;

/** Query of GET /api/admin/rewards. */
export const rewardsExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: "Invalid format: csv or json" }).default("csv"),
  minScore: z
    .string({ error: "Invalid minScore" })
    .regex(/^\d{1,9}$/, { error: "Invalid minScore: a whole number >= 0" })
    .transform(Number)
    .default(0),
});
export type RewardsExportQuery = z.output<typeof rewardsExportQuery>;

/** One exported row: the figures of GET /api/leaderboard plus the score behind the rewards. */
export const rewardRowSchema = z.object({
  rank: z.number().int().positive(),
  wallet: z.string().regex(WALLET_PATTERN),
  score: z.number().int().nonnegative(),
  rewards: z.number().int().nonnegative(),
  referrals_count: z.number().int().nonnegative(),
});
export type RewardRow = z.infer<typeof rewardRowSchema>;

/** The JSON export as a whole document. */
export const rewardsJsonExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT_ID),
  minScore: z.number().int().nonnegative(),
  rows: z.array(rewardRowSchema),
  count: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
