import type { LeaderboardRow, LeaderboardStore } from "@/lib/store/types";

/** The top `limit` rows of the all-time board, read as every top-list read is: through readBoard. */
export async function boardRows(store: Pick<LeaderboardStore, "readBoard">, limit: number): Promise<LeaderboardRow[]> {
  const { rows } = await store.readBoard("all", limit);
  if (rows === null) throw new Error("readBoard without unlessVersion answered no rows");
  return rows;
}
