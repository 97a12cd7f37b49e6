/**
 * Access: what wallet sign-in and rate limiting keep, short-lived records beside the data and
 * never part of it. Atomic, one round trip on Redis, times from the service's clock (`now`,
 * Unix seconds), a backend failure throws. The verdict rule below is part of the contract, so
 * every backend counts and answers alike.
 */

/** One counter a request counts against: `key` names the rule and the subject, e.g. "writes:ip:203.0.113.7". */
export interface RateLimitHit {
  key: string;
  limit: number;
  windowSeconds: number;
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfter: number };

export interface AccessStore {
  /** Keeps a sign-in nonce that consumeNonce accepts once, while `now < created + ttlSeconds`. */
  createNonce(nonce: string, now: number, ttlSeconds: number): Promise<void>;

  /** True exactly once for a nonce createNonce stored and that has not expired; the nonce is gone afterwards. */
  consumeNonce(nonce: string, now: number): Promise<boolean>;

  /**
   * Counts one request against every hit, in one atomic step: fixed windows of
   * `windowSeconds` aligned to Unix time (window = floor(now / windowSeconds)). Allowed when
   * every counter is within its limit after counting; otherwise `retryAfter` is the whole
   * seconds (>= 1) until the latest of the exceeded windows ends. Refused requests count too.
   */
  hitRateLimits(hits: RateLimitHit[], now: number): Promise<RateLimitVerdict>;
}

/** Shape of nonces the stores accept: EIP-4361 asks for 8+ alphanumerics; viem's generateSiweNonce makes 96. */
export const NONCE_PATTERN = /^[A-Za-z0-9]{8,128}$/;

/** Longest rate-limit key, so a key built from request input stays bounded. */
export const MAX_RATE_LIMIT_KEY_LENGTH = 200;

/** Most counters one request may count against. */
export const MAX_HITS = 8;

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
