/**
 * The embedded default backend: one file `<dataDir>/refboard.sqlite`, assembled from one module
 * per concern, each owning its tables (named at its top) and preparing its statements once on
 * the shared connection. Nothing here validates input: lib/store/checked.ts does, once, for
 * every backend.
 */
import "server-only";
import { SUSPICION_WEIGHTS } from "@/lib/domain/signals";
import { openConnection, type SqliteStoreOptions } from "@/lib/store/sqlite/db";
import { sqliteAccess } from "@/lib/store/sqlite/access";
import { sqliteAnalytics } from "@/lib/store/sqlite/analytics";
import { openCounters } from "@/lib/store/sqlite/counters";
import { sqliteLeaderboard } from "@/lib/store/sqlite/board-reads";
import { openBoard } from "@/lib/store/sqlite/leaderboard";
import { migrate } from "@/lib/store/sqlite/migrations";
import { sqliteModeration } from "@/lib/store/sqlite/moderation";
import { sqliteNotifications } from "@/lib/store/sqlite/notifications";
import { sqliteOperator } from "@/lib/store/sqlite/operator";
import { sqlitePayouts } from "@/lib/store/sqlite/payouts";
import { openOutbox, sqliteWebhooks } from "@/lib/store/sqlite/webhooks";
import { prepareTaskCredit, sqliteQuests } from "@/lib/store/sqlite/quests";
import { openCredits, sqliteReferrals } from "@/lib/store/sqlite/referrals";
import { indexSuspicion, openSignals, sqliteSignals } from "@/lib/store/sqlite/signals";
import { sqliteTasks } from "@/lib/store/sqlite/tasks";
import { registrar, sqliteWallets } from "@/lib/store/sqlite/wallets";
import type { Store } from "@/lib/store/types";

export { SQLITE_FILE_NAME, type SqliteStoreOptions } from "@/lib/store/sqlite/db";

export function openSqliteStore(dataDir: string, options: SqliteStoreOptions): Store {
  return openConnection(dataDir, options, (db) => {
    migrate(db);
    const weights = options.suspicionWeights ?? SUSPICION_WEIGHTS;
    indexSuspicion(db, weights);
    const counters = openCounters(db, options.retentionDays);
    const { register, registerReading } = registrar(db, counters);
    const board = openBoard(db, options.seasons);
    const signals = openSignals(db);
    const outbox = openOutbox(db);
    const credits = openCredits(db, board, counters, signals, outbox);
    const selectOne = db.prepare<[], { one: number }>("SELECT 1 AS one");
    return {
      kind: "sqlite" as const,
      ping: async () => void selectOne.get(),
      close: async () => void db.close(),
      ...sqliteWallets(db, registerReading),
      ...sqliteReferrals(db, register, registerReading, counters, signals, credits, outbox),
      ...sqliteTasks(db, register, counters, signals, credits, prepareTaskCredit(db, board), outbox),
      ...sqliteLeaderboard(db, board, register),
      ...sqliteAccess(db),
      ...sqliteAnalytics(db, counters),
      ...sqliteModeration(db, board, outbox),
      ...sqliteSignals(db, weights),
      ...sqliteNotifications(db, options.retentionDays),
      ...sqliteOperator(db, board),
      ...sqliteQuests(db, board, register, outbox),
      ...sqlitePayouts(db, outbox),
      ...sqliteWebhooks(db),
    };
  });
}
