/** Farcaster notifications on a refboard.sqlite file from before them, and the rows that expire. */
import { join } from "node:path";
import type Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_RETENTION_DAYS, utcDay } from "@/lib/domain/analytics";
import { checked } from "@/lib/store/checked";
import { openSqliteStore, SQLITE_FILE_NAME, type SqliteStoreOptions } from "@/lib/store/sqlite";
import { openDatabase, pragma } from "@/lib/store/sqlite/db";
import { MIGRATIONS } from "@/lib/store/sqlite/migrations";
import type { Store } from "@/lib/store/types";
import { bareRecord } from "@/tests/store/admin-contract";
import { tempDirs, writeFileAtVersion } from "@/tests/store/sqlite-files";
import { randomWallet } from "@/tests/support/wallets";

const T0 = 1_750_000_000;
const DAY = 86_400;
const TARGET = { fid: 7, appFid: 9152, url: "https://api.farcaster.xyz/v1/frame-notifications", token: "token-7" };

const tempDir = tempDirs("refboard-sqlite-notifications-");
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function openStore(dir: string, options: Partial<SqliteStoreOptions> = {}): Store {
  const store = checked(openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS, ...options }));
  cleanups.push(() => store.close());
  return store;
}

function rawConnection(dir: string): Database.Database {
  const db = openDatabase(join(dir, SQLITE_FILE_NAME));
  cleanups.push(() => db.close());
  return db;
}

describe("sqlite notifications", () => {
  it("a file of schema version 8 gains the notification tables: a wallet already there brings its check-in to its fid", async () => {
    const dir = tempDir();
    const record = bareRecord({ checkInLast: T0 - DAY });
    writeFileAtVersion(dir, 8, [record]);
    const store = openStore(dir);
    await store.saveNotificationTarget(TARGET, T0);
    await store.linkFarcaster(TARGET.fid, record.wallet, T0);
    expect(await store.takeReminderBatch(10)).toEqual({
      candidates: [{ fid: TARGET.fid, wallet: record.wallet, checkInLast: T0 - DAY, remindedAt: null, targets: [TARGET] }],
      wrapped: true,
    });
    expect(pragma(rawConnection(dir), "user_version")).toBe(MIGRATIONS.length);
  });

  it("expired notification claims and day counts are purged by later writes; a fid's reminder goes with its last target", async () => {
    const dir = tempDir();
    const store = openStore(dir, { retentionDays: 3 });
    const raw = rawConnection(dir);
    const count = (table: string) => (raw.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    const wallet = randomWallet();
    const today = utcDay(T0);
    await store.saveNotificationTarget(TARGET, T0);
    await store.linkFarcaster(TARGET.fid, wallet, T0);
    // Newest first, so that none of these purges another: then one claim of today removes 8 of the 12.
    for (let day = today - 9; day >= today - 14; day--) {
      for (const kind of ["referral", "checkin"] as const) await store.claimNotification(kind, wallet, day);
    }
    await store.claimNotification("referral", wallet, today);
    expect(count("notification_claims")).toBe(5);

    const none = { sent: 1, failed: 0, invalid: 0, drop: [], reminded: [] };
    for (let ago = 10; ago >= 1; ago--) await store.recordNotificationOutcome({ ...none, day: today - ago, now: T0 - ago * DAY });
    expect(count("notification_days")).toBe(4);

    await store.recordNotificationOutcome({ ...none, day: today, reminded: [TARGET.fid, 99], now: T0 });
    expect(count("farcaster_reminders")).toBe(1);
    await store.removeNotificationTarget(TARGET.fid, TARGET.appFid);
    expect(count("farcaster_reminders")).toBe(0);
  });

});
