/**
 * Access on Redis: sign-in nonces and rate-limit counters, short-lived records beside the data.
 *
 * Keys: nonce:<nonce> (its expiry; the key's TTL only collects it), rl:<key>:<window> (a counter).
 * Scripts: access/create-nonce, access/consume-nonce, access/hit-rate-limits.
 */
import "server-only";
import type { RedisContext } from "@/lib/store/redis/context";
import { int } from "@/lib/store/redis/reply";
import { whole } from "@/lib/store/redis/run";
import { verdictOf, windowOf, type AccessStore } from "@/lib/store/types";

/** How long a nonce key outlives its expiry before Redis collects it; consumeNonce decides by the stored expiry. */
const NONCE_KEEP_EXTRA_SECONDS = 60;

export function accessOperations({ keys, run, runList }: RedisContext): AccessStore {
  return {
    async createNonce(nonce, now, ttlSeconds) {
      const args = [whole(now + ttlSeconds), whole(ttlSeconds + NONCE_KEEP_EXTRA_SECONDS)];
      const created = int(await run("create-nonce", [keys.nonce(nonce)], args), "createNonce");
      if (created !== 1) throw new Error("createNonce: the nonce exists already");
    },

    async consumeNonce(nonce, now) {
      return int(await run("consume-nonce", [keys.nonce(nonce)], [whole(now)]), "consumeNonce") === 1;
    },

    async hitRateLimits(hits, now) {
      const counterKeys = hits.map((hit) => keys.rateLimit(hit.key, windowOf(hit, now)));
      const windowsMs = hits.map((hit) => whole(hit.windowSeconds * 1000));
      const reply = await runList("hit-rate-limits", counterKeys, windowsMs, hits.length);
      return verdictOf(hits, reply.map((count) => int(count, "rate-limit count")), now);
    },
  };
}
