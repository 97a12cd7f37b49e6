/**
 * The rows a payout plan is built from: the rewards export's own rows (lib/operators/rewards-export.ts),
 * read through it rather than again from the store, so a plan counts exactly what the export does
 * (disqualified wallets and pending referrals never reach it) and inherits its guard against a board
 * that moves while it is read (BoardChangedError).
 */
import { REWARD_UNITS_PER_POINT } from "@/lib/domain/leaderboard";
import type { PayoutSelection, PayoutSourceRow } from "@/lib/domain/payouts";
import { rewardPages } from "@/lib/operators/rewards-export";
import type { BoardRef, OperatorStore } from "@/lib/store/types";

export { BoardChangedError } from "@/lib/operators/rewards-export";

export type PayoutBoardStore = Pick<OperatorStore, "scanLeaderboard" | "countLeaderboard">;

/**
 * The export's rows of `board` in rank order, stopping at rank `top` and below `minRewards`. `total`: the
 * board's entry count, read just before (countLeaderboard).
 */
export async function readPayoutRows(store: PayoutBoardStore, board: BoardRef, selection: PayoutSelection, total: number): Promise<PayoutSourceRow[]> {
  const rows: PayoutSourceRow[] = [];
  // The export stops at the first score under minScore: the lowest score whose rewards reach minRewards.
  const minScore = Math.ceil((selection.minRewards ?? 0) / REWARD_UNITS_PER_POINT);
  // Leaving the loop early returns the generator, which ends the export's reads.
  for await (const page of rewardPages(store, board, minScore, total)) {
    for (const { rank, wallet, rewards } of page) {
      if (selection.top !== undefined && rank > selection.top) return rows;
      rows.push({ rank, wallet, rewards });
    }
  }
  return rows;
}
