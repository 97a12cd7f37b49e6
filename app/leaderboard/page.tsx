import type { Metadata } from "next";
import { LeaderboardView } from "@/components/leaderboard/leaderboard-view";
import type { SeasonView } from "@/lib/contract/board-schemas";
import type { LeaderboardEntry } from "@/lib/contract/schemas";
import { config } from "@/lib/config";
import { deps } from "@/lib/services/context";
import { readBoard, seasonView } from "@/lib/services/leaderboard";

export const metadata: Metadata = { title: "Leaderboard" };
// Live data: rendered on every request, never at build time.
export const dynamic = "force-dynamic";

/**
 * The first paint comes from the service directly: the all-time list, and with seasons on, the
 * running season's list too (the tab the page opens on). The client then keeps them fresh.
 */
export default async function LeaderboardPage() {
  const size = config().leaderboardSize;
  let entries: LeaderboardEntry[] | null = null;
  let seasonEntries: LeaderboardEntry[] | null = null;
  let season: SeasonView | null = null;
  try {
    const d = await deps();
    season = seasonView(d);
    const current = season?.current ?? 0;
    [entries, seasonEntries] = await Promise.all([
      readBoard(d, size, "all").then((read) => read.entries),
      current > 0 ? readBoard(d, size, { season: current }).then((read) => read.entries) : null,
    ]);
  } catch (error) {
    // The page still renders; the client retries through the API and shows the error if it persists.
    console.error("[refboard] leaderboard first paint failed:", error);
  }
  return (
    <LeaderboardView
      initialEntries={entries}
      initialSeasonEntries={seasonEntries}
      renderedAt={Date.now()}
      size={size}
      season={season}
    />
  );
}
