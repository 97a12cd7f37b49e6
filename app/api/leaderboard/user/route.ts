// GET /api/leaderboard/user: one wallet's rank, creating its entry with score 0 when missing; ?season= reads a season's
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { conditionalJson } from "@/lib/http/conditional";
import { deps } from "@/lib/services/context";
import { readLeaderboardUser } from "@/lib/services/leaderboard";

export const GET = handle(routes.leaderboardUser, async ({ query, request }) =>
  conditionalJson(request.headers, await readLeaderboardUser(await deps(), query.wallet, query.season)),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
