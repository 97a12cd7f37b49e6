/**
 * RedisCommandClient over the Upstash REST API (also Vercel KV), and the store on it.
 * Replies stay raw (automaticDeserialization off: the store parses every value itself);
 * each request is aborted after `timeoutMs` and never retried, because a retried script
 * could run twice (a check-in answered as "on cooldown" by its own first attempt).
 */
import "server-only";
import { Redis } from "@upstash/redis";
import type { SeasonSchedule } from "@/lib/domain/seasons";
import type { SuspicionWeights } from "@/lib/domain/signals";
import {
  countingClient,
  parseScanReply,
  withDeadline,
  type RedisCommandClient,
  type RoundTripCommand,
} from "@/lib/store/redis/client";
import { createRedisStore } from "@/lib/store/redis";
import type { Store } from "@/lib/store/types";

export interface UpstashClientConfig {
  url: string;
  token: string;
  timeoutMs: number;
}

/** The @upstash/redis client: raw replies, a deadline per request, no retries. */
export function createUpstashRedis(cfg: UpstashClientConfig): Redis {
  return new Redis({
    url: cfg.url,
    token: cfg.token,
    automaticDeserialization: false,
    // A function: a fresh signal per request, and an abort becomes an error (a static signal would turn it into a result).
    signal: () => AbortSignal.timeout(cfg.timeoutMs),
    retry: { retries: 0 },
    enableAutoPipelining: false,
    enableTelemetry: false,
    latencyLogging: false,
    keepAlive: true,
  });
}

export function createUpstashClient(cfg: UpstashClientConfig): RedisCommandClient {
  const redis = createUpstashRedis(cfg);
  // The abort signal bounds the request; the deadline is a second guard for the body read.
  const bounded = <T>(promise: Promise<T>, what: string) => withDeadline(promise, cfg.timeoutMs + 100, what);
  return {
    evalsha: (sha, keys, args) => bounded(redis.evalsha(sha, keys, args), "EVALSHA"),
    eval: (script, keys, args) => bounded(redis.eval(script, keys, args), "EVAL"),
    scriptLoad: (script) => bounded(redis.scriptLoad(script), "SCRIPT LOAD"),
    scan: async (cursor, match, count) => parseScanReply(await bounded(redis.scan(cursor, { match, count }), "SCAN")),
    ping: async () => {
      await bounded(redis.ping(), "PING");
    },
    quit: async () => {},
  };
}

export function createUpstashStore(
  cfg: { url: string; token: string; prefix: string; timeoutMs: number; retentionDays: number; seasons?: SeasonSchedule; suspicionWeights?: SuspicionWeights },
  options: { onCall?: (command: RoundTripCommand) => void } = {},
): Store {
  const client = createUpstashClient(cfg);
  const counted = options.onCall ? countingClient(client, options.onCall) : client;
  return createRedisStore(counted, { kind: "upstash", prefix: cfg.prefix, retentionDays: cfg.retentionDays, seasons: cfg.seasons, suspicionWeights: cfg.suspicionWeights });
}
