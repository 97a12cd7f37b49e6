/**
 * Conditional GETs of the board: an ETag on every answer and 304 to a matching If-None-Match.
 * `no-cache` makes browsers and proxies ask every time (the board changes any second), cheaply.
 */
import type { Conditional } from "@/lib/services/leaderboard";

export function conditionalJson<T>(answer: Conditional<T>): Response {
  const headers = { etag: answer.etag, "cache-control": "no-cache" };
  if (answer.body === null) return new Response(null, { status: 304, headers });
  return Response.json(answer.body, { headers });
}
