/**
 * The schema of refboard.sqlite, as versioned migrations run on open. Owns no table: each
 * concern module names the tables it owns. A migration, once released, never changes: files in
 * the field are at every version, and `user_version` records how far a file has come. The SQL
 * lives in migrations-foundation.ts (1-5) and migrations-campaign.ts (6 onwards).
 */
import "server-only";
import { pragma, type Db } from "@/lib/store/sqlite/db";
import { CAMPAIGN_MIGRATIONS } from "@/lib/store/sqlite/migrations-campaign";
import { FOUNDATION_MIGRATIONS } from "@/lib/store/sqlite/migrations-foundation";
import { PAYOUT_MIGRATIONS } from "@/lib/store/sqlite/payouts";
import { SKETCH_MIGRATIONS } from "@/lib/store/sqlite/sketches";
import { WEBHOOK_MIGRATIONS } from "@/lib/store/sqlite/webhooks";

/** Bump with a new entry; each runs once per file, in order, in the transaction of migrate(). */
export const MIGRATIONS: readonly string[] = [...FOUNDATION_MIGRATIONS, ...CAMPAIGN_MIGRATIONS, ...PAYOUT_MIGRATIONS, ...WEBHOOK_MIGRATIONS, ...SKETCH_MIGRATIONS];

export function migrate(db: Db): void {
  // Up to date (the usual case): no write lock, so opening never waits behind another writer.
  if (Number(pragma(db, "user_version")) === MIGRATIONS.length) return;
  // IMMEDIATE, and the version read again inside: two processes opening a fresh file at once
  // must not both run migration 1.
  db.transaction(() => {
    const version = Number(pragma(db, "user_version"));
    if (version > MIGRATIONS.length) {
      throw new Error(`refboard.sqlite has schema version ${version}; this build knows up to ${MIGRATIONS.length}`);
    }
    for (const sql of MIGRATIONS.slice(version)) db.exec(sql);
    // PRAGMA takes no bound parameters; MIGRATIONS.length is a number we control.
    if (version < MIGRATIONS.length) pragma(db, `user_version = ${MIGRATIONS.length}`);
  }).immediate();
}
