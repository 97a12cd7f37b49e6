import type { LeaderboardEntry } from "@/lib/api/schemas";
import { rewardsOf } from "@/lib/domain/leaderboard";
import type { Wallet } from "@/lib/domain/wallet";
import type { Deps } from "@/lib/services/deps";

/** GET /api/leaderboard: the top `limit`, rank = position in the one order. */
export async function getLeaderboard(deps: Deps, limit: number): Promise<LeaderboardEntry[]> {
  const rows = await deps.store.getLeaderboard(limit);
  return rows.map((row, i) => ({
    rank: i + 1,
    wallet: row.wallet,
    referrals_count: row.referralsCount,
    rewards: rewardsOf(row.score),
  }));
}

/** GET /api/leaderboard/user: creates a missing entry with score 0, then reads its real rank. */
export async function getLeaderboardUser(deps: Deps, wallet: Wallet): Promise<LeaderboardEntry> {
  const row = await deps.store.getRankOrCreate(wallet, deps.clock());
  return { rank: row.rank, wallet, referrals_count: row.referralsCount, rewards: rewardsOf(row.score) };
}
