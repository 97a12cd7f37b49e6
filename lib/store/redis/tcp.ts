/**
 * RedisCommandClient over TCP (node-redis, RESP2), and the store on it.
 *
 * No call waits longer than `timeoutMs`: node-redis drops a command it could not write
 * in time (server down, reconnecting), and a deadline covers a written command whose
 * reply never comes. After such a hang the connection is replaced, since every later
 * reply on it would queue behind the lost one. While the server is down the client
 * reconnects by itself, with backoff, forever; requests fail fast meanwhile.
 */
import "server-only";
import { createClient, TimeoutError } from "redis";
import {
  countingClient,
  parseScanReply,
  RedisTimeoutError,
  withDeadline,
  type RedisCommandClient,
  type RoundTripCommand,
} from "@/lib/store/redis/client";
import { RedisStore } from "@/lib/store/redis/store";

export interface TcpClientConfig {
  url: string;
  timeoutMs: number;
}

export function createTcpClient(cfg: TcpClientConfig): RedisCommandClient {
  let everReady = false;
  const onReady = () => (everReady = true);
  let connection = connect(cfg, onReady);
  let closed = false;

  async function send(args: string[]): Promise<unknown> {
    if (closed) throw new Error("Redis client is closed");
    const current = connection;
    // Only the very first connect may be waited for (the offline queue, bounded by the timeout);
    // once Redis has been reachable, an outage answers at once instead of after the full budget.
    if (everReady && !current.isReady) throw new Error("Redis is unreachable (reconnecting)");
    try {
      return await withDeadline(current.sendCommand(args), cfg.timeoutMs, String(args[0]));
    } catch (error) {
      if (error instanceof RedisTimeoutError && current === connection && !closed) {
        connection = connect(cfg, onReady);
        current.destroy();
      }
      // node-redis's own command timeout carries no message; name what timed out.
      if (error instanceof TimeoutError && !error.message) throw new RedisTimeoutError(String(args[0]), cfg.timeoutMs);
      throw error;
    }
  }

  return {
    evalsha: (sha, keys, args) => send(["EVALSHA", sha, String(keys.length), ...keys, ...args]),
    eval: (script, keys, args) => send(["EVAL", script, String(keys.length), ...keys, ...args]),
    scriptLoad: async (script) => String(await send(["SCRIPT", "LOAD", script])),
    scan: async (cursor, match, count) =>
      parseScanReply(await send(["SCAN", cursor, "MATCH", match, "COUNT", String(count)])),
    ping: async () => {
      await send(["PING"]);
    },
    quit: async () => {
      if (closed) return;
      closed = true;
      await withDeadline(connection.close(), cfg.timeoutMs, "close").catch(() => connection.destroy());
    },
  };
}

function connect(cfg: TcpClientConfig, onReady: () => void) {
  const client = createClient({
    url: cfg.url,
    RESP: 2,
    socket: {
      connectTimeout: cfg.timeoutMs,
      // Never give up: the process recovers by itself when Redis comes back.
      reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 2_000) + Math.floor(Math.random() * 100),
    },
    // Commands not yet written when the server is unreachable give up after the budget.
    commandOptions: { timeout: cfg.timeoutMs },
    disableClientInfo: true,
  });
  let reported = false;
  client.on("error", (error: unknown) => {
    // One line per outage, not one per reconnect attempt.
    if (!reported) console.error("[refboard] Redis connection error:", error);
    reported = true;
  });
  client.on("ready", () => {
    reported = false;
    onReady();
  });
  // Not awaited: a request made while connecting waits in the offline queue (bounded by the timeout).
  client.connect().catch((error: unknown) => {
    if (client.isOpen) console.error("[refboard] Redis connect failed:", error);
  });
  return client;
}

export function createTcpRedisStore(
  cfg: { url: string; prefix: string; timeoutMs: number },
  options: { onCall?: (command: RoundTripCommand) => void } = {},
): RedisStore {
  const client = createTcpClient(cfg);
  const counted = options.onCall ? countingClient(client, options.onCall) : client;
  return new RedisStore(counted, { kind: "redis", prefix: cfg.prefix });
}
