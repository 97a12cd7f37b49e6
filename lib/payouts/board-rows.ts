/**
 * The rows a payout plan is built from: the rewards export's own rows (lib/operators/rewards-export.ts),
 * read through it rather than again from the store, so a plan counts exactly what the export does
 * (disqualified wallets and pending referrals never reach it) and inherits its guard against a board
 * that moves while it is read (BoardChangedError).
 */
import { REWARD_UNITS_PER_POINT } from "@/lib/domain/leaderboard";
import type { PayoutSelection, PayoutSourceRow } from "@/lib/domain/payouts";
import { exportRewards } from "@/lib/operators/rewards-export";
import type { BoardRef, OperatorStore } from "@/lib/store/types";

export { BoardChangedError } from "@/lib/operators/rewards-export";

export type PayoutBoardStore = Pick<OperatorStore, "scanLeaderboard" | "countLeaderboard">;

/** The export's rows of `board` in rank order, stopping at rank `top` and below `minRewards`. */
export async function readPayoutRows(store: PayoutBoardStore, board: BoardRef, selection: PayoutSelection): Promise<PayoutSourceRow[]> {
  const rows: PayoutSourceRow[] = [];
  // The export stops at the first score under minScore: the lowest score whose rewards reach minRewards.
  const minScore = Math.ceil((selection.minRewards ?? 0) / REWARD_UNITS_PER_POINT);
  const chunks = exportRewards(store, { format: "csv", minScore, ...(board !== "all" && { season: board.season }) });
  let header = true;
  // Leaving the loop early returns the generator, which ends the export's reads.
  reading: for await (const chunk of chunks) {
    for (const line of chunk.split("\n")) {
      if (header) {
        header = false;
        continue;
      }
      if (line === "" || line.startsWith("#")) continue;
      const [rank, wallet, , rewards] = line.split(",");
      const row = { rank: Number(rank), wallet: wallet as string, rewards: Number(rewards) };
      if (selection.top !== undefined && row.rank > selection.top) break reading;
      rows.push(row);
    }
  }
  return rows;
}
