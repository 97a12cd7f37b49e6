/** Moderation on a refboard.sqlite file from before it: the migration, then disqualifying and reinstating its wallets. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_RETENTION_DAYS, SECONDS_PER_DAY, utcDay } from "@/lib/domain/analytics";
import { checked } from "@/lib/store/checked";
import { openSqliteStore, SQLITE_FILE_NAME } from "@/lib/store/sqlite";
import { openDatabase, pragma } from "@/lib/store/sqlite/db";
import { MIGRATIONS } from "@/lib/store/sqlite/migrations";
import { bareRecord } from "@/tests/store/admin-contract";
import { expectCountsMatchEntries, tempDirs, writeFileAtVersion } from "@/tests/store/sqlite-files";
import { boardRows } from "@/tests/support/board";

const T0 = 1_750_000_000;
const DAY = utcDay(T0);
const ADMIN = "0x00000000000000000000000000000000000000ad";

const tempDir = tempDirs("refboard-sqlite-moderation-");

describe("sqlite moderation on a migrated file", () => {
  it("a file of schema version 7 gains moderation: a cascade holds its wallets' entries apart and reinstating puts them back", async () => {
    const dir = tempDir();
    const referrer = bareRecord({ referralsCount: 3, entry: { score: 3, reachedAt: T0 + 2 } });
    const referees = Array.from({ length: 3 }, (_, i) =>
      bareRecord({ referrer: referrer.wallet, referredAt: T0 + i, entry: { score: 1, reachedAt: T0 + i } }),
    );
    const bystander = bareRecord({ entry: { score: 2, reachedAt: T0 - SECONDS_PER_DAY } });
    const records = [referrer, ...referees, bystander];
    writeFileAtVersion(dir, 7, records);

    const store = checked(openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS }));
    const raw = openDatabase(join(dir, SQLITE_FILE_NAME));
    try {
      expect(pragma(raw, "user_version")).toBe(MIGRATIONS.length);
      const before = await boardRows(store, 10);
      expect(before).toHaveLength(5);

      const result = await store.disqualify({ wallet: referrer.wallet, reason: "farm", cascade: true, admin: ADMIN, now: T0 + 10 });
      if (result.outcome !== "disqualified") throw new Error(result.outcome);
      expect(result.wallets.sort()).toEqual(records.slice(0, 4).map((r) => r.wallet).sort());
      expect(await boardRows(store, 10)).toEqual([{ wallet: bystander.wallet, score: 2, referralsCount: 0 }]);
      expect(await store.countLeaderboard()).toBe(1);
      expect((await store.getCampaign(DAY, DAY, [])).totalScore).toBe(2);
      expect(await store.getWallets(records.map((r) => r.wallet))).toEqual(records);
      expectCountsMatchEntries(raw);

      const back = await store.reinstate({ wallet: referrer.wallet, admin: ADMIN, now: T0 + 20 });
      expect(back.wallets.sort()).toEqual(result.wallets.sort());
      expect(await boardRows(store, 10)).toEqual(before);
      expect((await store.getCampaign(DAY, DAY, [])).totalScore).toBe(8);
      expect((await store.getAuditLog(0, 10)).entries.map((entry) => [entry.id, entry.action, entry.wallets])).toEqual([
        [2, "reinstate", 4],
        [1, "disqualify", 4],
      ]);
      expectCountsMatchEntries(raw);
    } finally {
      raw.close();
      await store.close();
    }
  });
});
