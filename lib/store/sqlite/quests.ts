/**
 * Quests on SQLite (lib/store/ports/quests.ts). Owns `quests` (each quest's JSON, its place in the
 * catalog and its completions), `quest_catalog` (the version), `quest_progress`, `quest_points` and
 * `quest_ledger` (migration 13), and `task_points` (migration 15); a rulebook action's last credit sits in
 * `quest_progress` under its ledger id (`action:<id>`). Reads the linked fid from `farcaster_links` (notifications.ts), the
 * wallet's check-in and streak from `wallets` (tasks.ts), and
 * credits through the board (leaderboard.ts addPoints), whose triggers keep the score total and the
 * board version. A quest's completion appends quest.completed to the webhook outbox (webhooks.ts).
 */
import "server-only";
import { MAX_QUESTS } from "@/lib/domain/quests";
import { immediate, required, snapshot, type Db } from "@/lib/store/sqlite/db";
import type { Board } from "@/lib/store/sqlite/leaderboard";
import type { Register } from "@/lib/store/sqlite/wallets";
import type { Outbox } from "@/lib/store/sqlite/webhooks";
import type { StreakBonusId } from "@/lib/domain/rulebook";
import type { CompletableTaskId } from "@/lib/domain/tasks";
import { isQuestProgressId, ledgerEntryFrom, storedLedgerId, type CreditAction, type CreditActionResult, type QuestLedger, type QuestStore, type StoredQuest, type TaskPoints } from "@/lib/store/types";

const bodyOf = (quest: StoredQuest) => JSON.stringify(quest);
const questOf = (body: string) => JSON.parse(body) as StoredQuest;
const checkInOf = (row: { checkin_last: number | null; checkin_streak: number } | undefined) => ({ last: row?.checkin_last ?? null, streak: row?.checkin_streak ?? 0 });

/** A wallet's quest points and its newest `limit` ledger entries (getQuestLedger, and the console's wallet report). */
export function prepareLedger(db: Db): (wallet: string, limit: number) => QuestLedger {
  const readPoints = db.prepare<[string], { points: number }>("SELECT points FROM quest_points WHERE wallet = ?");
  const readLedger = db.prepare<[{ wallet: string; limit: number }], { questId: string; points: number; at: number }>(
    "SELECT quest_id AS questId, points, at FROM quest_ledger WHERE wallet = :wallet ORDER BY id DESC LIMIT :limit",
  );
  const countLedger = db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM quest_ledger WHERE wallet = ?");
  return (wallet, limit) => ({
    points: readPoints.get(wallet)?.points ?? 0,
    total: required(countLedger.get(wallet), "count of ledger entries").n,
    entries: readLedger.all({ wallet, limit }).map((row) => ledgerEntryFrom(row.questId, row.points, row.at)),
  });
}

/**
 * Credits a completable task's points (task_points, read in the caller's transaction) to the wallet: the
 * board (and the running season's, held if disqualified), its quest points and a `task:<id>` ledger entry
 * (a streak bonus: `task:streak:<length>`).
 * A task worth 0 writes nothing. The check-in and social task steps (tasks.ts) call it inside theirs.
 */
export function prepareTaskCredit(db: Db, board: Board): (wallet: string, taskId: CompletableTaskId | StreakBonusId, now: number) => void {
  const readTaskPoints = db.prepare<[string], { points: number }>("SELECT points FROM task_points WHERE task_id = ?");
  const addQuestPoints = db.prepare<[{ wallet: string; points: number }]>(
    "INSERT INTO quest_points (wallet, points) VALUES (:wallet, :points) ON CONFLICT DO UPDATE SET points = points + excluded.points",
  );
  const appendLedger = db.prepare<[{ wallet: string; questId: string; points: number; now: number }]>(
    "INSERT INTO quest_ledger (wallet, quest_id, points, at) VALUES (:wallet, :questId, :points, :now)",
  );
  return (wallet, taskId, now) => {
    const points = readTaskPoints.get(taskId)?.points ?? 0;
    if (points === 0) return;
    board.addPoints(wallet, now, points, false);
    addQuestPoints.run({ wallet, points });
    appendLedger.run({ wallet, questId: storedLedgerId({ source: "task", questId: taskId }), points, now });
  };
}

export function sqliteQuests(db: Db, board: Board, register: Register, outbox: Outbox): QuestStore {
  const readVersion = db.prepare<[], { version: number }>("SELECT version FROM quest_catalog");
  const bumpVersion = db.prepare<[]>("UPDATE quest_catalog SET version = version + 1");
  const readCatalog = db.prepare<[], { id: string; body: string; completions: number }>(
    "SELECT id, body, completions FROM quests ORDER BY position",
  );
  const countQuests = db.prepare<[], { n: number }>("SELECT count(*) AS n FROM quests");
  const insertQuest = db.prepare<[{ id: string; body: string }]>(
    "INSERT INTO quests (id, position, body) VALUES (:id, (SELECT coalesce(max(position), 0) + 1 FROM quests), :body) ON CONFLICT DO NOTHING",
  );
  const upsertQuest = db.prepare<[{ id: string; body: string }]>(
    `INSERT INTO quests (id, position, body) VALUES (:id, (SELECT coalesce(max(position), 0) + 1 FROM quests), :body)
     ON CONFLICT DO UPDATE SET body = excluded.body`,
  );
  const updateQuest = db.prepare<[{ id: string; body: string }]>("UPDATE quests SET body = :body WHERE id = :id");
  const hasQuest = db.prepare<[string], { one: number }>("SELECT 1 AS one FROM quests WHERE id = ?");

  const readProgress = db.prepare<[string], { quest_id: string; last_at: number }>("SELECT quest_id, last_at FROM quest_progress WHERE wallet = ?");
  const readLast = db.prepare<[{ wallet: string; questId: string }], { last_at: number }>(
    "SELECT last_at FROM quest_progress WHERE wallet = :wallet AND quest_id = :questId",
  );
  const writeLast = db.prepare<[{ wallet: string; questId: string; now: number }]>(
    "INSERT INTO quest_progress (wallet, quest_id, last_at) VALUES (:wallet, :questId, :now) ON CONFLICT DO UPDATE SET last_at = excluded.last_at",
  );
  const readPoints = db.prepare<[string], { points: number }>("SELECT points FROM quest_points WHERE wallet = ?");
  const addQuestPoints = db.prepare<[{ wallet: string; points: number }]>(
    "INSERT INTO quest_points (wallet, points) VALUES (:wallet, :points) ON CONFLICT DO UPDATE SET points = points + excluded.points",
  );
  const countCompletion = db.prepare<[string]>("UPDATE quests SET completions = completions + 1 WHERE id = ?");
  const appendLedger = db.prepare<[{ wallet: string; questId: string; points: number; now: number }]>(
    "INSERT INTO quest_ledger (wallet, quest_id, points, at) VALUES (:wallet, :questId, :points, :now)",
  );
  const readLedger = prepareLedger(db);
  const readFid = db.prepare<[string], { fid: number }>("SELECT fid FROM farcaster_links WHERE wallet = ?");
  const readCheckIn = db.prepare<[string], { checkin_last: number | null; checkin_streak: number }>(
    "SELECT checkin_last, checkin_streak FROM wallets WHERE wallet = ?",
  );

  const readTaskPoints = db.prepare<[], { task_id: string; points: number }>("SELECT task_id, points FROM task_points ORDER BY task_id");
  const clearTaskPoints = db.prepare<[]>("DELETE FROM task_points");
  const insertTaskPoints = db.prepare<[{ taskId: string; points: number }]>("INSERT INTO task_points (task_id, points) VALUES (:taskId, :points)");
  const taskPoints = (): TaskPoints => Object.fromEntries(readTaskPoints.all().map((row) => [row.task_id, row.points]));
  const writeTaskPoints = (points: TaskPoints) => {
    clearTaskPoints.run();
    for (const [taskId, n] of Object.entries(points)) if (n) insertTaskPoints.run({ taskId, points: n });
  };

  const version = () => required(readVersion.get(), "quest_catalog row").version;
  const changed = () => {
    bumpVersion.run();
    return version();
  };
  const quests = () => readCatalog.all().map((row) => questOf(row.body));

  return {
    readQuests: snapshot(db, (wallet: string, unlessVersion?: number) => {
      const current = version();
      return {
        version: current,
        quests: current === unlessVersion ? null : quests(),
        taskPoints: current === unlessVersion ? null : taskPoints(),
        wallet: {
          points: readPoints.get(wallet)?.points ?? 0,
          lastCompleted: Object.fromEntries(readProgress.all(wallet).filter((row) => isQuestProgressId(row.quest_id)).map((row) => [row.quest_id, row.last_at])),
          fid: readFid.get(wallet)?.fid ?? null,
          checkIn: checkInOf(readCheckIn.get(wallet)),
        },
      };
    }),

    readQuestCatalog: snapshot(db, () => {
      const rows = readCatalog.all();
      return {
        version: version(),
        quests: rows.map((row) => questOf(row.body)),
        completions: Object.fromEntries(rows.filter((row) => row.completions > 0).map((row) => [row.id, row.completions])),
        taskPoints: taskPoints(),
      };
    }),

    createQuest: immediate(db, (quest: StoredQuest) => {
      if (hasQuest.get(quest.id)) return { outcome: "exists" as const, version: version() };
      if (required(countQuests.get(), "count of quests").n >= MAX_QUESTS) return { outcome: "full" as const, version: version() };
      insertQuest.run({ id: quest.id, body: bodyOf(quest) });
      return { outcome: "created" as const, version: changed() };
    }),

    replaceQuest: immediate(db, (quest: StoredQuest, catalogVersion: number) => {
      const current = version();
      if (current !== catalogVersion) return { outcome: "stale" as const, version: current };
      if (updateQuest.run({ id: quest.id, body: bodyOf(quest) }).changes === 0) return { outcome: "missing" as const, version: current };
      return { outcome: "replaced" as const, version: changed() };
    }),

    importQuests: immediate(db, (file: readonly StoredQuest[], points?: TaskPoints) => {
      const added = file.filter((quest) => !hasQuest.get(quest.id)).length;
      if (required(countQuests.get(), "count of quests").n + added > MAX_QUESTS) return { outcome: "full" as const, version: version() };
      for (const quest of file) upsertQuest.run({ id: quest.id, body: bodyOf(quest) });
      if (points) writeTaskPoints(points);
      return { outcome: "imported" as const, version: changed() };
    }),

    setTaskPoints: immediate(db, (points: TaskPoints) => {
      writeTaskPoints(points);
      return { outcome: "set" as const, version: changed() };
    }),

    creditAction: immediate(db, ({ wallet, action, points, periodSeconds, now }: CreditAction): CreditActionResult => {
      if (action.source === "quest" && version() !== action.catalogVersion) return { outcome: "stale" };
      const questId = storedLedgerId({ source: action.source, questId: action.id });
      const last = readLast.get({ wallet, questId })?.last_at;
      if (last !== undefined) {
        if (periodSeconds === null) return { outcome: "already", at: last };
        if (now - last < periodSeconds) return { outcome: "cooldown", last };
      }
      register(wallet, now);
      writeLast.run({ wallet, questId, now });
      board.addPoints(wallet, now, points, false);
      addQuestPoints.run({ wallet, points });
      appendLedger.run({ wallet, questId, points, now });
      if (action.source === "quest") {
        countCompletion.run(action.id);
        outbox.append("quest.completed", now, { wallet, questId: action.id, points });
      }
      return { outcome: "credited", questPoints: required(readPoints.get(wallet), `quest_points row of ${wallet}`).points };
    }),

    getQuestLedger: snapshot(db, readLedger),
  };
}
