/**
 * zod schemas of the campaign console's API (/api/admin/stats, /referrers, /wallet): the routes
 * parse their queries with them, the console's browser code parses the answers.
 */
import { z } from "zod";
import { dayOfName, MAX_ANALYTICS_DAYS, MAX_REFEREES_PAGE, MAX_TOP_REFERRERS, type Period } from "@/lib/domain/analytics";
import { SOCIAL_TASK_IDS } from "@/lib/domain/tasks";
import { disqualificationSchema } from "@/lib/contract/moderation-schemas";
import { walletSchema } from "@/lib/contract/schemas";

/** The console's period choices; "all" is every day since the counters started, at most a year. */
export const PERIOD_CHOICES = ["7", "30", "90", "all"] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];

const dayParam = (name: string) =>
  z
    .string({ error: `Invalid ${name}: must be a date, YYYY-MM-DD` })
    .transform((v, ctx) => dayOfName(v) ?? (ctx.addIssue({ code: "custom", message: `Invalid ${name}: must be a date, YYYY-MM-DD` }), z.NEVER))
    .optional();

const formatParam = z.enum(["json", "csv"], { error: "Invalid format: must be json or csv" }).default("json");

/** from..to, both optional (the service fills in the last 30 days), checked as one range. */
const rangeFields = { from: dayParam("from"), to: dayParam("to") };
type RangeInput = { from?: number; to?: number };

function checkRange(range: RangeInput, ctx: z.RefinementCtx): void {
  if (range.from === undefined || range.to === undefined) return;
  if (range.from > range.to) ctx.addIssue({ code: "custom", path: ["from"], message: "Invalid from: must not be after to" });
  else if (range.to - range.from + 1 > MAX_ANALYTICS_DAYS) {
    ctx.addIssue({ code: "custom", path: ["to"], message: `Invalid to: a range spans at most ${MAX_ANALYTICS_DAYS} days` });
  }
}

/** A period alone: from..to, the last 30 days unless told otherwise. */
export const adminRangeQuery = z.object(rangeFields).superRefine(checkRange);

export const STATS_TABLES = ["days", "tiles", "funnel", "tasks"] as const;

/** GET /api/admin/stats */
export const adminStatsQuery = z
  .object({ ...rangeFields, format: formatParam, table: z.enum(STATS_TABLES, { error: `Invalid table: must be one of ${STATS_TABLES.join(", ")}` }).default("days") })
  .superRefine(checkRange);

/** Referrers GET /api/admin/referrers lists unless told otherwise, and the console lists. */
export const DEFAULT_TOP_REFERRERS = 50;

/** GET /api/admin/referrers */
export const adminReferrersQuery = z
  .object({
    ...rangeFields,
    format: formatParam,
    limit: z.coerce
      .number({ error: `Invalid limit: must be an integer from 1 to ${MAX_TOP_REFERRERS}` })
      .int({ error: `Invalid limit: must be an integer from 1 to ${MAX_TOP_REFERRERS}` })
      .min(1, { error: `Invalid limit: must be an integer from 1 to ${MAX_TOP_REFERRERS}` })
      .max(MAX_TOP_REFERRERS, { error: `Invalid limit: must be an integer from 1 to ${MAX_TOP_REFERRERS}` })
      .default(DEFAULT_TOP_REFERRERS),
  })
  .superRefine(checkRange);

/** GET /api/admin/wallet */
export const adminWalletQuery = z.object({
  wallet: walletSchema,
  format: formatParam,
  offset: z.coerce
    .number({ error: "Invalid offset: must be a whole number" })
    .int({ error: "Invalid offset: must be a whole number" })
    .min(0, { error: "Invalid offset: must be a whole number" })
    .max(1_000_000_000, { error: "Invalid offset: must be a whole number" })
    .default(0),
});

export type AdminRange = RangeInput;

// Answers

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const count = z.number().int().nonnegative();
const socialCounts = z.object(Object.fromEntries(SOCIAL_TASK_IDS.map((id) => [id, count])) as Record<(typeof SOCIAL_TASK_IDS)[number], typeof count>);

export const campaignDayRow = z.object({
  date,
  visits: count,
  uniqueVisitors: count,
  newWallets: count,
  connectedWithCode: count,
  referrals: count,
  checkIns: count,
  nftMints: count,
  socialTasks: socialCounts,
});

export const periodTotals = z.object({
  visits: count,
  uniqueVisitors: count,
  newWallets: count,
  connectedWithCode: count,
  referrals: count,
  /** Referrals per unique visitor; null without visitors. */
  conversion: z.number().nullable(),
  checkIns: count,
  nftMints: count,
  socialTasks: socialCounts,
  /** Reward units the period's referrals added (each gives both wallets +1 score). */
  rewardsAdded: count,
});

export const periodName = z.object({ from: date, to: date, days: count });

export const adminStatsResponse = z.object({
  period: periodName,
  /** The period of the same length just before; null for an "all time" read. */
  previous: periodName.nullable(),
  /** The first day the counters counted: days before it read as zero. */
  countingSince: date.nullable(),
  totals: periodTotals,
  previousTotals: periodTotals.nullable(),
  /** Reward units owed now: every score x 20. */
  liability: count,
  days: z.array(campaignDayRow),
  funnel: z.object({ uniqueVisitors: count, connectedWithCode: count, referrals: count }),
  tasks: z.array(
    z.object({
      task: z.string(),
      completions: count,
      previous: count.nullable(),
      /** Completions per new wallet of the period; null without new wallets. */
      rate: z.number().nullable(),
    }),
  ),
});

export const referrerRow = z.object({
  wallet: z.string(),
  referrals: count,
  referralsAllTime: count,
  visits: count,
  uniqueVisitors: count,
  conversion: z.number().nullable(),
  /** Whether the referrer is disqualified now. */
  disqualified: z.boolean(),
});

export const adminReferrersResponse = z.object({ period: periodName, referrers: z.array(referrerRow) });

export const adminWalletResponse = z.object({
  wallet: z.string(),
  refCode: z.string(),
  known: z.boolean(),
  referrer: z.string().nullable(),
  referralsCount: count,
  score: count,
  rewards: count,
  /** 1-based; 0 when the wallet has no leaderboard entry. */
  rank: count,
  checkInLast: z.number().nullable(),
  nftMint: z.boolean(),
  socialTasks: z.object(Object.fromEntries(SOCIAL_TASK_IDS.map((id) => [id, z.number().nullable()])) as Record<(typeof SOCIAL_TASK_IDS)[number], z.ZodNullable<z.ZodNumber>>),
  referees: z.object({
    total: count,
    offset: count,
    limit: z.literal(MAX_REFEREES_PAGE),
    items: z.array(z.object({ wallet: z.string(), referredAt: z.number() })),
  }),
  /** Why and since when the wallet is off the board and the payout; null while it is not. */
  disqualification: disqualificationSchema.nullable(),
  /**
   * Of this page of referees, how many look fresh on the configured chain: no transaction sent and
   * no balance. null without an RPC (RPC_URL) or without referees; `fresh` null when the RPC failed.
   */
  freshReferees: z.object({ checked: count, fresh: count.nullable() }).nullable(),
  /**
   * The wallet's quest points and its newest ledger entries (at most LOOKUP_LEDGER_PAGE, newest first) of
   * `total`; present only when the wallet has quest points or the quest catalog holds a quest.
   */
  questLedger: z
    .object({
      points: count,
      total: count,
      /**
       * `source` "task": `questId` is the completable task (daily_checkin, a social task) the entry credited;
       * "action": the rulebook's action (lib/domain/rulebook.ts EarnRule) it credited.
       */
      entries: z.array(z.object({ source: z.enum(["quest", "task", "action"]), questId: z.string(), points: count, at: z.number().int() })),
    })
    .optional(),
});

export type AdminStats = z.infer<typeof adminStatsResponse>;
export type AdminReferrers = z.infer<typeof adminReferrersResponse>;
export type AdminWallet = z.infer<typeof adminWalletResponse>;
export type CampaignDayRow = z.infer<typeof campaignDayRow>;
export type PeriodTotals = z.infer<typeof periodTotals>;
export type { Period };
