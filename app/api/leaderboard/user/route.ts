// GET /api/leaderboard/user: one wallet's rank, creating its entry with score 0 when missing
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { walletQuery } from "@/lib/contract/schemas";
import { deps } from "@/lib/services/context";
import { getLeaderboardUser } from "@/lib/services/leaderboard";

export const GET = handle({ query: walletQuery }, async ({ query }) =>
  Response.json(await getLeaderboardUser(await deps(), query.wallet)),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
