/**
 * RedisCommandClient over TCP (node-redis, RESP2), and the store on it. The legacy importer
 * reads its source through the same connection.
 *
 * No call waits longer than `timeoutMs`: a request made before the first connect waits for it
 * at most that long, and a deadline covers a written command whose reply never comes. After
 * such a hang the connection is replaced, since every later reply on it would queue behind the
 * lost one. While the server is down the client reconnects by itself, with backoff, forever;
 * requests fail fast meanwhile.
 */
import "server-only";
import { createClient } from "redis";
import type { SeasonSchedule } from "@/lib/domain/seasons";
import type { SuspicionWeights } from "@/lib/domain/signals";
import {
  countingClient,
  parseScanReply,
  RedisTimeoutError,
  withDeadline,
  type RedisCommandClient,
  type RoundTripCommand,
} from "@/lib/store/redis/client";
import { createRedisStore } from "@/lib/store/redis";
import type { Store } from "@/lib/store/types";

export interface TcpClientConfig {
  url: string;
  timeoutMs: number;
}

/** Raw commands over one self-healing connection: what the store's client and the operator tools send through. */
export interface TcpConnection {
  send(args: string[]): Promise<unknown>;
  close(): Promise<void>;
}

export function createTcpConnection(cfg: TcpClientConfig): TcpConnection {
  let everReady = false;
  let markReady: () => void;
  const firstReady = new Promise<void>((resolve) => (markReady = resolve));
  const onReady = () => {
    everReady = true;
    markReady();
  };
  let connection = connect(cfg, onReady);
  let closed = false;

  async function send(args: string[]): Promise<unknown> {
    if (closed) throw new Error("Redis client is closed");
    // Only the very first connect may be waited for, within the budget; once Redis has been
    // reachable, an outage answers at once instead of after the full budget.
    if (!connection.isReady) {
      if (everReady) throw new Error("Redis is unreachable (reconnecting)");
      await withDeadline(firstReady, cfg.timeoutMs, String(args[0]));
    }
    const current = connection;
    try {
      return await withDeadline(current.sendCommand(args), cfg.timeoutMs, String(args[0]));
    } catch (error) {
      if (error instanceof RedisTimeoutError && current === connection && !closed) {
        connection = connect(cfg, onReady);
        current.destroy();
      }
      throw error;
    }
  }

  return {
    send,
    async close() {
      if (closed) return;
      closed = true;
      await withDeadline(connection.close(), cfg.timeoutMs, "close").catch(() => connection.destroy());
    },
  };
}

export function createTcpClient(cfg: TcpClientConfig): RedisCommandClient {
  const { send, close } = createTcpConnection(cfg);
  return {
    evalsha: (sha, keys, args) => send(["EVALSHA", sha, String(keys.length), ...keys, ...args]),
    eval: (script, keys, args) => send(["EVAL", script, String(keys.length), ...keys, ...args]),
    scriptLoad: async (script) => String(await send(["SCRIPT", "LOAD", script])),
    scan: async (cursor, match, count) =>
      parseScanReply(await send(["SCAN", cursor, "MATCH", match, "COUNT", String(count)])),
    ping: async () => {
      await send(["PING"]);
    },
    quit: close,
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
    // No offline queue: a command still waiting to be written when the connection drops fails
    // with it, instead of waiting for the reconnect (send() waits for the first connect itself).
    disableOfflineQueue: true,
    // No command timeout of node-redis's own (it arms one by default, 5 s): send()'s withDeadline is
    // the deadline, and replaces the connection when it passes. node-redis's is an AbortSignal.timeout
    // per command that outlives the reply; its timer holds the async context of the request that sent
    // the command, so under load every request of the last 5 s stayed in memory (400 MB of heap after
    // 20,000 requests, and garbage collection above a tenth of a millisecond per request).
    commandOptions: { timeout: 0 },
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
  // Not awaited: a request made before the first connect waits for it in send(), within the budget.
  client.connect().catch((error: unknown) => {
    if (client.isOpen) console.error("[refboard] Redis connect failed:", error);
  });
  return client;
}

export function createTcpRedisStore(
  cfg: { url: string; prefix: string; timeoutMs: number; retentionDays: number; seasons?: SeasonSchedule; suspicionWeights?: SuspicionWeights },
  options: { onCall?: (command: RoundTripCommand) => void } = {},
): Store {
  const client = createTcpClient(cfg);
  const counted = options.onCall ? countingClient(client, options.onCall) : client;
  return createRedisStore(counted, { kind: "redis", prefix: cfg.prefix, retentionDays: cfg.retentionDays, seasons: cfg.seasons, suspicionWeights: cfg.suspicionWeights });
}
