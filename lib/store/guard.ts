/**
 * Input checks and the rate-limit verdict of GuardStore, shared by every backend, so that
 * all three count and answer alike.
 */
import {
  MAX_RATE_LIMIT_KEY_LENGTH,
  NONCE_PATTERN,
  type RateLimitHit,
  type RateLimitVerdict,
} from "@/lib/store/types";

/** Most counters one request may count against. */
export const MAX_HITS = 8;

export function checkNonce(nonce: string): void {
  if (!NONCE_PATTERN.test(nonce)) throw new RangeError("nonce must be 8 to 128 letters and digits");
}

export function checkSeconds(value: number, what: string, min = 0): void {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${what} must be a whole number >= ${min}, got ${value}`);
}

export function checkHits(hits: RateLimitHit[], now: number): void {
  checkSeconds(now, "now");
  if (hits.length === 0 || hits.length > MAX_HITS) throw new RangeError(`hitRateLimits takes 1 to ${MAX_HITS} hits, got ${hits.length}`);
  for (const hit of hits) {
    if (hit.key.length === 0 || hit.key.length > MAX_RATE_LIMIT_KEY_LENGTH) {
      throw new RangeError(`rate-limit key must have 1 to ${MAX_RATE_LIMIT_KEY_LENGTH} characters`);
    }
    checkSeconds(hit.limit, "limit", 1);
    checkSeconds(hit.windowSeconds, "windowSeconds", 1);
  }
}

/** The number of the fixed window `now` falls in. */
export function windowOf(hit: RateLimitHit, now: number): number {
  return Math.floor(now / hit.windowSeconds);
}

/** Allowed unless a counter is over its limit; then the seconds until the last such window ends. */
export function verdictOf(hits: RateLimitHit[], counts: number[], now: number): RateLimitVerdict {
  let retryAfter = 0;
  hits.forEach((hit, i) => {
    if ((counts[i] ?? 0) > hit.limit) {
      retryAfter = Math.max(retryAfter, (windowOf(hit, now) + 1) * hit.windowSeconds - now);
    }
  });
  return retryAfter > 0 ? { allowed: false, retryAfter } : { allowed: true };
}
