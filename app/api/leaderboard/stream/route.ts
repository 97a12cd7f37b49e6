// GET /api/leaderboard/stream: Server-Sent Events of the top list, pushed when the board changes
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { config } from "@/lib/config";
import { boardStream, boardWatcher } from "@/lib/services/board-stream";
import { deps } from "@/lib/services/context";

/**
 * Seconds a function may run on Vercel. A stream ends before (LEADERBOARD_STREAM_SECONDS, at most
 * 290), and the browser reconnects.
 */
export const maxDuration = 300;

export const GET = handle(routes.leaderboardStream, ({ request }) =>
  boardStream(boardWatcher(deps, config().leaderboardSize), request.signal, config().streamSeconds * 1000),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
