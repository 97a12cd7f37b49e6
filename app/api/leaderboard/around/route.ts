// GET /api/leaderboard/around: the entries around a wallet's rank (radius 1 to 25 on each side); ?season= reads a season's
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { conditionalJson } from "@/lib/http/conditional";
import { deps } from "@/lib/services/context";
import { readAround } from "@/lib/services/leaderboard";

export const GET = handle(routes.leaderboardAround, async ({ query, request }) =>
  conditionalJson(request.headers, await readAround(await deps(), query.wallet, query.radius, query.season)),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
