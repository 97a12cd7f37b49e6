/**
 * Access on SQLite: sign-in nonces and rate-limit counters. Owns `auth_nonces` and
 * `rate_limits` (migration 2). Each call is one statement or one BEGIN IMMEDIATE transaction.
 * Expired rows are purged a few at a time by the writes that add rows, so each write removes at
 * least as many expired rows as it adds and the tables stay near the size of what is live, with
 * no sweeper.
 */
import "server-only";
import { immediate, required, type Db } from "@/lib/store/sqlite/db";
import { verdictOf, windowOf, type AccessStore, type RateLimitHit } from "@/lib/store/types";

/** Expired rows one write removes at most: bounded work on the request path. */
const PURGE_BATCH = 8;

export function sqliteAccess(db: Db): AccessStore {
  const insertNonce = db.prepare<[{ nonce: string; expiresAt: number }]>(
    "INSERT INTO auth_nonces (nonce, expires_at) VALUES (:nonce, :expiresAt)",
  );
  const purgeNonces = db.prepare<[number]>(
    `DELETE FROM auth_nonces WHERE nonce IN
       (SELECT nonce FROM auth_nonces WHERE expires_at <= ? LIMIT ${PURGE_BATCH})`,
  );
  // One statement: whoever deletes the row is the one consumer; an expired row goes too.
  const takeNonce = db.prepare<[string], { expires_at: number }>(
    "DELETE FROM auth_nonces WHERE nonce = ? RETURNING expires_at",
  );
  // The SET expressions all read the row as it was, so a new window restarts the count at 1.
  const countHit = db.prepare<[{ key: string; windowStart: number; expiresAt: number }], { count: number }>(
    `INSERT INTO rate_limits (key, window_start, count, expires_at) VALUES (:key, :windowStart, 1, :expiresAt)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN window_start = excluded.window_start THEN count + 1 ELSE 1 END,
       window_start = excluded.window_start,
       expires_at = excluded.expires_at
     RETURNING count`,
  );
  const purgeCounters = db.prepare<[number]>(
    `DELETE FROM rate_limits WHERE key IN
       (SELECT key FROM rate_limits WHERE expires_at <= ? LIMIT ${PURGE_BATCH})`,
  );

  return {
    createNonce: immediate(db, (nonce: string, now: number, ttlSeconds: number) => {
      purgeNonces.run(now);
      insertNonce.run({ nonce, expiresAt: now + ttlSeconds });
    }),

    consumeNonce: async (nonce, now) => {
      const row = takeNonce.get(nonce);
      return row !== undefined && now < row.expires_at;
    },

    hitRateLimits: immediate(db, (hits: RateLimitHit[], now: number) => {
      const counts = hits.map((h) => {
        const windowStart = windowOf(h, now) * h.windowSeconds;
        const row = countHit.get({ key: h.key, windowStart, expiresAt: windowStart + h.windowSeconds });
        return required(row, `rate-limit count of ${h.key}`).count;
      });
      purgeCounters.run(now);
      return verdictOf(hits, counts, now);
    }),
  };
}
