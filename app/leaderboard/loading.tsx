import { LeaderboardSkeleton } from "@/components/leaderboard/leaderboard-skeleton";
import { config } from "@/lib/config";

export default function Loading() {
  return <LeaderboardSkeleton size={config().leaderboardSize} />;
}
