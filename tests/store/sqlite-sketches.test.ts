/**
 * SQLite's flat campaign reads (sketches.ts, counters.ts): a file counted before SKETCH_MIGRATIONS
 * answers as it did once migrated.
 */
import Database from "better-sqlite3";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_RETENTION_DAYS, SECONDS_PER_DAY, utcDay } from "@/lib/domain/analytics";
import { refCodeOf } from "@/lib/domain/wallet";
import { checked } from "@/lib/store/checked";
import { openSqliteStore, SQLITE_FILE_NAME } from "@/lib/store/sqlite";
import { MIGRATIONS } from "@/lib/store/sqlite/migrations";
import { SKETCH_MIGRATIONS } from "@/lib/store/sqlite/sketches";
import type { Store } from "@/lib/store/types";
import { tempDirs } from "@/tests/store/sqlite-files";
import { AT_ONCE } from "@/tests/support/rules";
import { randomWallet } from "@/tests/support/wallets";

const tempDir = tempDirs("refboard-sketches-");
const TODAY = utcDay(Math.floor(Date.now() / 1000));
const opened: Store[] = [];
const open = (dir: string) => {
  const store = checked(openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS }));
  opened.push(store);
  return store;
};
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

/** Three days of visits (a visitor of two days, one of two links) and connected wallets. */
async function countThreeDays(store: Store): Promise<void> {
  const [first, second] = [randomWallet(), randomWallet()];
  for (const wallet of [first, second]) await store.registerWallet(wallet, TODAY * SECONDS_PER_DAY);
  const returning = randomUUID();
  for (let d = -2; d <= 0; d++) {
    const now = (TODAY + d) * SECONDS_PER_DAY + 60;
    await store.countVisit({ refCode: refCodeOf(first), visitorId: returning, now });
    await store.countVisit({ refCode: refCodeOf(second), visitorId: returning, now });
    for (let i = 0; i < 5 + d; i++) await store.countVisit({ refCode: refCodeOf(second), visitorId: randomUUID(), now });
    await store.recordReferral({ referee: randomWallet(), refCode: refCodeOf(first), selfReferral: false, now, terms: AT_ONCE });
  }
}

const ranges = [
  { fromDay: TODAY - 2, toDay: TODAY },
  { fromDay: TODAY - 1, toDay: TODAY },
  { fromDay: TODAY - 1, toDay: TODAY - 1 },
];

describe("sqlite campaign counters", () => {
  it("a file counted before the sketches answers the same once migrated: daily totals backfilled, sketches built on open", async () => {
    const dir = tempDir();
    const store = open(dir);
    await countThreeDays(store);
    const before = await store.getCampaign(TODAY - 2, TODAY, ranges);
    await store.close();
    opened.splice(0);

    // The file as the version before SKETCH_MIGRATIONS left it: no day totals, no all-codes visitor rows, no sketches.
    const raw = new Database(join(dir, SQLITE_FILE_NAME));
    raw.exec(`DELETE FROM analytics_facts WHERE fact IN ('visits', 'visitors', 'connected');
              DELETE FROM analytics_visitors WHERE code = '*';
              DROP TABLE analytics_sketches;
              PRAGMA user_version = ${MIGRATIONS.length - SKETCH_MIGRATIONS.length};`);
    raw.close();

    const migrated = open(dir);
    expect(await migrated.getCampaign(TODAY - 2, TODAY, ranges)).toEqual(before);
    expect(before.distinct).toEqual([
      { uniqueVisitors: 1 + 3 + 4 + 5, connectedWithCode: 3 },
      { uniqueVisitors: 1 + 4 + 5, connectedWithCode: 2 },
      { uniqueVisitors: 1 + 4, connectedWithCode: 1 },
    ]);
    const pending = new Database(join(dir, SQLITE_FILE_NAME), { readonly: true });
    expect(pending.prepare("SELECT count(*) AS n FROM analytics_sketches WHERE registers IS NULL").get()).toEqual({ n: 0 });
    pending.close();
  });
});
