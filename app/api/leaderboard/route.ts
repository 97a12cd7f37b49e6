// GET /api/leaderboard: the top wallets by score, highest first; ?season= reads a season's board
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { config } from "@/lib/config";
import { conditionalJson, knownVersions } from "@/lib/http/conditional";
import { deps } from "@/lib/services/context";
import { readLeaderboard } from "@/lib/services/leaderboard";

export const GET = handle(routes.leaderboard, async ({ query, request }) =>
  conditionalJson(request.headers, await readLeaderboard(await deps(), config().leaderboardSize, query.season, knownVersions(request.headers))),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
