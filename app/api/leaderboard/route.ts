// GET /api/leaderboard: the top wallets by score, highest first
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { config } from "@/lib/config";
import { deps } from "@/lib/services/context";
import { getLeaderboard } from "@/lib/services/leaderboard";

export const GET = handle({}, async () =>
  Response.json(await getLeaderboard(await deps(), config().leaderboardSize)),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
