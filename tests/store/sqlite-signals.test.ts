/**
 * Farm signals on a refboard.sqlite file from before them, the ranking as an index walk, and that
 * index following the store's weights, on a new file and on one whose index a release made.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { CHECKIN_COOLDOWN_SECONDS } from "@/lib/domain/tasks";
import { refCodeOf } from "@/lib/domain/wallet";
import { checked } from "@/lib/store/checked";
import { openSqliteStore, SQLITE_FILE_NAME } from "@/lib/store/sqlite";
import { openDatabase, pragma } from "@/lib/store/sqlite/db";
import { MIGRATIONS } from "@/lib/store/sqlite/migrations";
import { rankingQuery } from "@/lib/store/sqlite/signals";
import { SUSPICION_WEIGHTS, type SuspicionWeights } from "@/lib/store/types";
import { referralRecords, tempDirs, writeFileAtVersion } from "@/tests/store/sqlite-files";
import { randomWallet } from "@/tests/support/wallets";
import { AT_ONCE } from "@/tests/support/rules";
import { STREAK_WINDOW_SECONDS } from "@/lib/domain/rulebook";

const T0 = 1_750_000_000;

const tempDir = tempDirs("refboard-sqlite-signals-");

const OTHER_WEIGHTS: SuspicionWeights = { referrals: 1, activeReferees: -1, quickReferees: 10, burst: 1, cycles: 0 };

const bySuspicionThenWallet = (a: (string | number)[], b: (string | number)[]) =>
  Number(b[1]) - Number(a[1]) || String(a[0]).localeCompare(String(b[0]));

/** The ranking under `weights` is a walk of referrer_signals_suspicion, not a sort of every referrer. */
function expectIndexWalk(raw: ReturnType<typeof openDatabase>, weights: SuspicionWeights): void {
  const plan = JSON.stringify(raw.prepare(`EXPLAIN QUERY PLAN ${rankingQuery(weights)}`).all({ offset: 0, limit: 10 }));
  expect(plan).toContain("referrer_signals_suspicion");
  expect(plan).not.toContain("USE TEMP B-TREE FOR ORDER BY");
}

describe("sqlite farm signals", () => {
  it("a file of schema version 8 gains signals: none at first, then counted from the records it holds", async () => {
    const dir = tempDir();
    const records = referralRecords(3, T0);
    writeFileAtVersion(dir, 8, records);
    const [referrer, referee] = [records[0]!.wallet, records[1]!.wallet];

    const store = checked(openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS }));
    const raw = openDatabase(join(dir, SQLITE_FILE_NAME));
    try {
      expect(pragma(raw, "user_version")).toBe(MIGRATIONS.length);
      expect(await store.getSuspiciousReferrers(0, 10)).toEqual({ total: 0, rows: [] });
      expect(await store.getReferrerSignals(referrer)).toMatchObject({ referrals: 0, burst: 0, suspicion: 0 });

      // What the file held counts from the first write: its referralsCount, its referees in this referral's
      // burst and before its quick referee, and one of them acting for the first time since it was bound.
      const now = T0 + 5;
      await store.recordReferral({ referee: randomWallet(), refCode: refCodeOf(referrer), selfReferral: false, now, terms: AT_ONCE });
      await store.checkIn(referee, now + 1, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      const counts = { referrals: 4, burst: 4, quickReferees: 1, activeReferees: 1, cycles: 0 };
      expect(await store.getSuspiciousReferrers(0, 10)).toEqual({
        total: 1,
        rows: [{ wallet: referrer, ...counts, suspicion: 8, disqualified: false }],
      });
    } finally {
      raw.close();
      await store.close();
    }
  });

  it.each([
    ["SUSPICION_WEIGHTS", SUSPICION_WEIGHTS],
    ["other weights", OTHER_WEIGHTS],
  ])("the ranking walks the suspicion index instead of sorting every referrer, with %s", async (_, suspicionWeights) => {
    const dir = tempDir();
    const store = openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS, suspicionWeights });
    const raw = openDatabase(join(dir, SQLITE_FILE_NAME));
    try {
      expectIndexWalk(raw, suspicionWeights);
    } finally {
      raw.close();
      await store.close();
    }
  });

  it("a file whose index a release made with the weights written out upgrades: the index follows the weights of each open", async () => {
    const dir = tempDir();
    const first = checked(openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS }));
    // quick: two referrals 5 s apart (suspicion 5 by default); loop: one referral closing a loop (12).
    const [quick, loop, other] = [randomWallet(), randomWallet(), randomWallet()];
    for (const wallet of [quick, loop, other]) await first.registerWallet(wallet, T0);
    const refer = (referee: string, referrer: string, now: number) =>
      first.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now, terms: AT_ONCE });
    await refer(randomWallet(), quick, T0 + 1);
    await refer(randomWallet(), quick, T0 + 6);
    await refer(loop, other, T0 + 1000);
    await refer(other, loop, T0 + 2000);
    await first.close();
    // What the released migration 9 left in every file it migrated.
    const released = openDatabase(join(dir, SQLITE_FILE_NAME));
    released.exec(`DROP INDEX referrer_signals_suspicion;
      CREATE INDEX referrer_signals_suspicion ON referrer_signals
        ((referrals - active_referees + quick_referees + burst + 10 * cycles) DESC, wallet);`);
    released.close();

    const ranked = async (suspicionWeights?: SuspicionWeights) => {
      const store = checked(openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS, ...(suspicionWeights && { suspicionWeights }) }));
      const raw = openDatabase(join(dir, SQLITE_FILE_NAME));
      try {
        expectIndexWalk(raw, suspicionWeights ?? SUSPICION_WEIGHTS);
        // The index of the previous weights is replaced, not kept beside it (the key of a WITHOUT ROWID table is no index here).
        expect(raw.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'index' AND tbl_name = 'referrer_signals'").get()).toEqual({ n: 1 });
        return (await store.getSuspiciousReferrers(0, 10)).rows.map((row) => [row.wallet, row.suspicion]);
      } finally {
        raw.close();
        await store.close();
      }
    };
    const byDefault = [[loop, 12], [quick, 5], [other, 2]];
    expect(await ranked()).toEqual(byDefault);
    // Loops weigh nothing here and a quick referee 10: the same counts rank the other way round.
    expect(await ranked(OTHER_WEIGHTS)).toEqual([[quick, 14], [other, 2], [loop, 2]].sort(bySuspicionThenWallet));
    expect(await ranked()).toEqual(byDefault);
    // An open with the weights the index already has changes no schema.
    const schemaVersion = () => {
      const raw = openDatabase(join(dir, SQLITE_FILE_NAME));
      try {
        return pragma(raw, "schema_version");
      } finally {
        raw.close();
      }
    };
    const before = schemaVersion();
    expect(await ranked()).toEqual(byDefault);
    expect(schemaVersion()).toBe(before);
  });
});
