/**
 * Conditional GETs of the board: an ETag on every answer and 304 to a matching If-None-Match.
 * The ETag is the board version with the board it is of, so it changes in the same atomic step
 * as the data: no caching delay. `no-cache` makes browsers and proxies ask every time (the board
 * changes any second), cheaply.
 */
import type { BoardRead, KnownVersion } from "@/lib/services/leaderboard";

type Board = BoardRead<unknown>["board"];
type RequestHeaders = Pick<Headers, "get">;

const boardName = (board: Board) => (board === "all" ? "all" : `s${board.season}`);

/** The ETag of a read of `board` at `version`. */
export function boardTag(version: number, board: Board): string {
  return `"${version}-${boardName(board)}"`;
}

/** The tags of an If-None-Match header (weak ones compare as strong, as RFC 9110 says for GET). */
function tagsOf(headers: RequestHeaders): string[] {
  return headers.get("if-none-match")?.split(",").map((tag) => tag.trim().replace(/^W\//, "")) ?? [];
}

/** The version of each board the client holds, read off the tags of ours it sent. */
export function knownVersions(headers: RequestHeaders): KnownVersion {
  const tags = tagsOf(headers);
  return (board) => {
    for (const tag of tags) {
      const match = /^"(\d{1,15})-([a-z0-9]+)"$/.exec(tag);
      if (match && match[2] === boardName(board)) return Number(match[1]);
    }
    return undefined;
  };
}

/** The ETag of a read and its body, null (304) when the client's If-None-Match already names the tag. */
export function conditionalAnswer<T>(headers: RequestHeaders, read: BoardRead<T>): { etag: string; body: T | null } {
  const etag = boardTag(read.version, read.board);
  return { etag, body: read.body === null || tagsOf(headers).includes(etag) ? null : read.body };
}

export function conditionalJson<T>(headers: RequestHeaders, read: BoardRead<T>): Response {
  const answer = conditionalAnswer(headers, read);
  const responseHeaders = { etag: answer.etag, "cache-control": "no-cache" };
  if (answer.body === null) return new Response(null, { status: 304, headers: responseHeaders });
  return Response.json(answer.body, { headers: responseHeaders });
}
