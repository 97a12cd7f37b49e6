/**
 * A store the test can step into between two of the app's reads: the app talks Upstash REST to a
 * proxy in front of the Upstash stand-in (tests/support/upstash-bridge.ts), and the proxy runs the
 * test's write before it forwards the app's first read of a leaderboard page. The test writes
 * through its own Store on the same redis and prefix.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import { parseConfig } from "@/lib/config";
import { createStore } from "@/lib/store";
import { redisKeys } from "@/lib/store/redis/keys";
import type { Store } from "@/lib/store/types";
import { freePort } from "@/tests/support/free-port";
import { startUpstashBridge } from "@/tests/support/upstash-bridge";

export type HeldStore = Awaited<ReturnType<typeof startHeldStore>>;

async function bodyOf(req: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return text;
}

export async function startHeldStore(redisUrl: string) {
  const prefix = `oapi${randomBytes(4).toString("hex")}`;
  const token = randomBytes(16).toString("hex");
  const bridge = await startUpstashBridge(redisUrl, token);
  const store = await createStore(parseConfig({ REDIS_URL: redisUrl, STORE_PREFIX: prefix }).store);
  const board = redisKeys(prefix).leaderboard;
  let before: (() => Promise<void>) | null = null;
  let held = 0;

  // A count passes the board's key last; a page read passes its offset and size after it.
  const readsAPage = (body: unknown): boolean => {
    const commands = (Array.isArray(body) && Array.isArray(body[0]) ? body : [body]) as unknown[][];
    return commands.some((command) => Array.isArray(command) && command.indexOf(board) >= 0 && command.indexOf(board) < command.length - 1);
  };

  const server = createServer(async (req, res) => {
    const text = await bodyOf(req);
    if (before && readsAPage(JSON.parse(text))) {
      const action = before;
      before = null;
      held++;
      await action();
    }
    const forwarded = await fetch(bridge.url + (req.url ?? "/"), {
      method: req.method,
      headers: Object.fromEntries(Object.entries(req.headers).filter(([name]) => ["authorization", "content-type", "upstash-encoding"].includes(name)) as [string, string][]),
      body: text,
    });
    res.writeHead(forwarded.status, { "content-type": forwarded.headers.get("content-type") ?? "application/json" });
    res.end(await forwarded.text());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  return {
    /** The environment that puts an app on this store. */
    env: { UPSTASH_REDIS_REST_URL: `http://127.0.0.1:${port}`, UPSTASH_REDIS_REST_TOKEN: token, STORE_PREFIX: prefix },
    store,
    /** Runs `action` before the app's next read of a leaderboard page reaches the store. */
    beforeFirstPageRead(action: () => Promise<void>) {
      before = action;
    },
    /** How many reads were held back so far. */
    held: () => held,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([store.close(), bridge.stop()]);
    },
  };
}
