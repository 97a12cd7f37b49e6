/** Farm signals on a refboard.sqlite file from before them, and the ranking as an index walk. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { CHECKIN_COOLDOWN_SECONDS } from "@/lib/domain/tasks";
import { refCodeOf } from "@/lib/domain/wallet";
import { checked } from "@/lib/store/checked";
import { openSqliteStore, SQLITE_FILE_NAME } from "@/lib/store/sqlite";
import { openDatabase, pragma } from "@/lib/store/sqlite/db";
import { MIGRATIONS } from "@/lib/store/sqlite/migrations";
import { RANKING } from "@/lib/store/sqlite/signals";
import { referralRecords, tempDirs, writeFileAtVersion } from "@/tests/store/sqlite-files";
import { randomWallet } from "@/tests/support/wallets";
import { AT_ONCE } from "@/tests/support/rules";

const T0 = 1_750_000_000;

const tempDir = tempDirs("refboard-sqlite-signals-");

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
      await store.checkIn(referee, now + 1, CHECKIN_COOLDOWN_SECONDS, null);
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

  it("the ranking walks the suspicion index instead of sorting every referrer", async () => {
    const dir = tempDir();
    const store = openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS });
    const raw = openDatabase(join(dir, SQLITE_FILE_NAME));
    try {
      const plan = JSON.stringify(raw.prepare(`EXPLAIN QUERY PLAN ${RANKING}`).all({ offset: 0, limit: 10 }));
      expect(plan).toContain("referrer_signals_suspicion");
      expect(plan).not.toContain("USE TEMP B-TREE FOR ORDER BY");
    } finally {
      raw.close();
      await store.close();
    }
  });
});
