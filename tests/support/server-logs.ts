/** Reading what a test server logged, for the tests that check why it answered as it did. */
import { vi } from "vitest";
import type { AppServer } from "@/tests/support/app-server";
import type { Reply } from "@/tests/support/http";

/**
 * The rest of the first line of the server's output that holds `marker` past offset `from`.
 * Waits for it: the output arrives on its own pipe and may trail the answer it belongs to.
 */
export function loggedAfter(app: AppServer, marker: string, from = 0): Promise<string> {
  return vi.waitFor(
    () => {
      const logs = app.logs();
      const at = logs.indexOf(marker, from);
      if (at < 0) throw new Error(`the server logged no "${marker}"`);
      return logs.slice(at + marker.length).split("\n", 1)[0]!;
    },
    { timeout: 10_000, interval: 20 },
  );
}

/** What the server logged as the cause of the 500 it answered with `reply`: its error line names the request id. */
export function loggedCause(app: AppServer, reply: Reply): Promise<string> {
  return loggedAfter(app, `(request ${reply.headers.get("x-request-id")}) failed: `);
}
