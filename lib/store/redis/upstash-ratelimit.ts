/**
 * GuardStore.hitRateLimits on Upstash through @upstash/ratelimit (fixed windows), on the
 * store's own @upstash/redis client. Each rule's Ratelimit is built on first use and kept for
 * the process's life (never per request); a process has one per configured rule (three at most).
 *
 * Works with automaticDeserialization off: the fixed-window script answers integers, which the
 * REST API returns as JSON numbers either way. The library's own timeout is off (it would
 * ALLOW the request when it fires); the client's abort signal bounds each call instead, and a
 * failure throws like every store error (a 500). Counters of one request go out in parallel:
 * one HTTP round trip each, concurrent.
 *
 * The library reads Date.now() itself, so `now` is not used here: on this backend the windows
 * follow the server clock, which is what the service clock is outside tests.
 * Its in-memory cache of blocked identifiers answers repeats within a blocked window without a call.
 */
import "server-only";
import { Ratelimit } from "@upstash/ratelimit";
import type { Redis } from "@upstash/redis";
import type { RoundTripCommand } from "@/lib/store/redis/client";
import type { RateLimiter } from "@/lib/store/redis/store";
import type { RateLimitHit } from "@/lib/store/types";

export function createUpstashRateLimiter(
  redis: Redis,
  prefix: string,
  onCall?: (command: RoundTripCommand) => void,
): RateLimiter {
  const client = onCall ? countingRedis(redis, onCall) : redis;
  const limiters = new Map<string, Ratelimit>();

  function limiterOf(hit: RateLimitHit): Ratelimit {
    const rule = `${hit.limit}/${hit.windowSeconds}`;
    let limiter = limiters.get(rule);
    if (!limiter) {
      limiter = new Ratelimit({
        redis: client,
        prefix,
        limiter: Ratelimit.fixedWindow(hit.limit, `${hit.windowSeconds} s`),
        timeout: 0,
        analytics: false,
        ephemeralCache: new Map(),
      });
      limiters.set(rule, limiter);
    }
    return limiter;
  }

  return async (hits) => {
    const results = await Promise.all(hits.map((hit) => limiterOf(hit).limit(hit.key)));
    const now = Date.now();
    const retryAfter = Math.max(
      0,
      ...results.filter((r) => !r.success).map((r) => Math.max(1, Math.ceil((r.reset - now) / 1000))),
    );
    return retryAfter > 0 ? { allowed: false, retryAfter } : { allowed: true };
  };
}

/** The same client, reporting each script call (what the library sends) as a round trip. */
function countingRedis(redis: Redis, onCall: (command: RoundTripCommand) => void): Redis {
  return new Proxy(redis, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if ((property === "evalsha" || property === "eval") && typeof value === "function") {
        return (...args: unknown[]) => {
          onCall(property);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return value;
    },
  });
}
