/**
 * Rows to the ports' types and back. Owns no table. The social task columns of `wallets` are
 * named from SOCIAL_TASK_IDS (`<task>_ts`), so lib/domain/tasks.ts is the one list of tasks:
 * a new task needs its id there and a migration adding its column, nothing else.
 */
import { SOCIAL_TASK_IDS, type SocialTaskId } from "@/lib/domain/tasks";
import type { LeaderboardRow, WalletRecord, WalletState } from "@/lib/store/types";

export type SocialColumn = `${SocialTaskId}_ts`;

export function socialColumn(taskId: SocialTaskId): SocialColumn {
  return `${taskId}_ts`;
}

/** The columns of a `wallets` row, in the order operator reads and writes use. */
export const WALLET_COLUMNS = [
  "wallet",
  "created_at",
  "referrer",
  "referred_at",
  "referrals_count",
  "checkin_last",
  "checkin_streak",
  ...SOCIAL_TASK_IDS.map(socialColumn),
  "nft_mint",
  "referral_pending",
  "pending_referrals",
] as const;

/** The task columns of a `wallets` row. */
type TaskColumns = { checkin_last: number | null; nft_mint: number } & Record<SocialColumn, number | null>;

/** The columns of qualified referrals (REFERRAL_QUALIFY). */
type PendingColumns = { referral_pending: number; pending_referrals: number };

/** A `wallets` row as written: every column of WALLET_COLUMNS. */
export type WalletParams = TaskColumns &
  PendingColumns & {
    checkin_streak: number;
    wallet: string;
    created_at: number;
    referrer: string | null;
    referred_at: number | null;
    referrals_count: number;
  };

/** A `wallets` row with its leaderboard entry, if any (a LEFT JOIN: null score and time without one). */
export type RecordRow = WalletParams & { score: number | null; reached_at: number | null };

/** What getWalletState reads of one wallet. */
export type StateRow = TaskColumns & PendingColumns & { referrer: string | null; referrals_count: number; score: number | null; fid: number | null };

/** STATE_SELECT's row: `known` 0 (and every other column but `fid` null) for a wallet never made known. */
export type StateRead = StateRow & { known: 0 | 1 };

/**
 * The StateRead of `:wallet` with the score of its entry on `:board` or `:held`; one row for any wallet,
 * since a fid may be linked to a wallet the store does not know yet.
 */
export const STATE_SELECT = `SELECT w.wallet IS NOT NULL AS known, w.referrer, w.referrals_count, w.referral_pending, w.pending_referrals,
            e.score, w.checkin_last, ${SOCIAL_TASK_IDS.map((id) => `w.${socialColumn(id)}`).join(", ")}, w.nft_mint, f.fid
       FROM (SELECT :wallet AS wallet) k
       LEFT JOIN wallets w ON w.wallet = k.wallet
       LEFT JOIN leaderboard_entries e ON e.board IN (:board, :held) AND e.wallet = w.wallet
       LEFT JOIN farcaster_links f ON f.wallet = k.wallet`;

export type LeaderboardSqlRow = { wallet: string; score: number; referrals_count: number };

/** The state of an unknown wallet: every default. */
const UNKNOWN_STATE: StateRow = {
  referrer: null,
  referrals_count: 0,
  referral_pending: 0,
  pending_referrals: 0,
  score: null,
  checkin_last: null,
  nft_mint: 0,
  fid: null,
  ...(Object.fromEntries(SOCIAL_TASK_IDS.map((id) => [socialColumn(id), null])) as Record<SocialColumn, null>),
};

export function stateOf(read: StateRead | undefined): WalletState {
  const row = read?.known === 1 ? read : { ...UNKNOWN_STATE, fid: read?.fid ?? null };
  return {
    referrer: row.referrer,
    referralsCount: row.referrals_count,
    score: row.score ?? 0,
    ...tasksOf(row),
    referralPending: row.referral_pending === 1,
    pendingReferrals: row.pending_referrals,
    fid: row.fid,
  };
}

export function recordOf(row: RecordRow): WalletRecord {
  return {
    wallet: row.wallet,
    createdAt: row.created_at,
    referrer: row.referrer,
    referredAt: row.referred_at,
    referralsCount: row.referrals_count,
    entry: row.score === null || row.reached_at === null ? null : { score: row.score, reachedAt: row.reached_at },
    ...tasksOf(row),
    ...(row.checkin_streak > 0 && { checkInStreak: row.checkin_streak }),
    ...(row.referral_pending === 1 && { referralPending: true as const }),
    ...(row.pending_referrals > 0 && { pendingReferrals: row.pending_referrals }),
  };
}

/** The `wallets` row of a record; its entry is written to the leaderboard apart. */
export function walletParamsOf(record: WalletRecord): WalletParams {
  return {
    wallet: record.wallet,
    created_at: record.createdAt,
    referrer: record.referrer,
    referred_at: record.referredAt,
    referrals_count: record.referralsCount,
    checkin_last: record.checkInLast,
    checkin_streak: record.checkInStreak ?? 0,
    ...(Object.fromEntries(SOCIAL_TASK_IDS.map((id) => [socialColumn(id), record.social[id]])) as Record<
      SocialColumn,
      number | null
    >),
    nft_mint: record.nftMint ? 1 : 0,
    referral_pending: record.referralPending ? 1 : 0,
    pending_referrals: record.pendingReferrals ?? 0,
  };
}

export function leaderboardRowOf(row: LeaderboardSqlRow): LeaderboardRow {
  return { wallet: row.wallet, score: row.score, referralsCount: row.referrals_count };
}

function tasksOf(row: TaskColumns): Pick<WalletState, "checkInLast" | "social" | "nftMint"> {
  return {
    checkInLast: row.checkin_last,
    social: Object.fromEntries(SOCIAL_TASK_IDS.map((id) => [id, row[socialColumn(id)]])) as Record<SocialTaskId, number | null>,
    nftMint: row.nft_mint === 1,
  };
}
