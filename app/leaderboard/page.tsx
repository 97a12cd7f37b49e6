import type { Metadata } from "next";
import { LeaderboardView } from "@/components/leaderboard/leaderboard-view";
import type { LeaderboardEntry } from "@/lib/contract/schemas";
import { config } from "@/lib/config";
import { deps } from "@/lib/services/context";
import { getLeaderboard } from "@/lib/services/leaderboard";

export const metadata: Metadata = { title: "Leaderboard" };
// Live data: rendered on every request, never at build time.
export const dynamic = "force-dynamic";

/** The first paint comes from the service directly; the client then keeps it fresh through the API. */
export default async function LeaderboardPage() {
  let entries: LeaderboardEntry[] | null = null;
  try {
    entries = await getLeaderboard(await deps(), config().leaderboardSize);
  } catch (error) {
    // The page still renders; the client retries through the API and shows the error if it persists.
    console.error("[refboard] leaderboard first paint failed:", error);
  }
  return <LeaderboardView initialEntries={entries} renderedAt={Date.now()} size={config().leaderboardSize} />;
}
