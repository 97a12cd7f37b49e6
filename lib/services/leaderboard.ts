import type { BoardOverview, LeaderboardEntry } from "@/lib/contract/schemas";
import { rewardsOf } from "@/lib/domain/leaderboard";
import type { Wallet } from "@/lib/domain/wallet";
import type { Deps } from "@/lib/services/context";
import type { LeaderboardRow, LeaderboardStore } from "@/lib/store/types";

type LeaderboardDeps = Pick<Deps, "clock"> & { store: LeaderboardStore };

/** A row at 0-based position `index` of the one order: rank = position + 1. */
function entryOf(row: LeaderboardRow, index: number): LeaderboardEntry {
  return { rank: index + 1, wallet: row.wallet, referrals_count: row.referralsCount, rewards: rewardsOf(row.score) };
}

/** GET /api/leaderboard: the top `limit`, rank = position in the one order. */
export async function getLeaderboard(deps: LeaderboardDeps, limit: number): Promise<LeaderboardEntry[]> {
  return (await deps.store.getLeaderboard(limit)).map(entryOf);
}

/** The landing page: the top `limit` entries and the board's totals, in one store operation. */
export async function getBoardOverview(deps: LeaderboardDeps, limit: number): Promise<BoardOverview> {
  const summary = await deps.store.getBoardSummary(limit);
  return { top: summary.top.map(entryOf), entries: summary.entries, referrals: summary.referrals };
}

/**
 * GET /api/leaderboard/user: creates a missing entry with score 0, then reads its real rank. A
 * disqualified wallet has none: rank 0, "not ranked", which the interface answers with
 * referrals_count 0 and rewards 0 (its held score is the console's to show, not the board's).
 */
export async function getLeaderboardUser(deps: LeaderboardDeps, wallet: Wallet): Promise<LeaderboardEntry> {
  const row = await deps.store.getRankOrCreate(wallet, deps.clock());
  if (row.rank === 0) return { rank: 0, wallet, referrals_count: 0, rewards: 0 };
  return { rank: row.rank, wallet, referrals_count: row.referralsCount, rewards: rewardsOf(row.score) };
}
