/**
 * Quests on Redis (lib/store/ports/quests.ts). The catalog is a hash of each quest's JSON with a zset for
 * its order and a version; a wallet's progress is one hash (last completion per quest, and its quest
 * points), its ledger one list.
 *
 * Keys: q:catalog, q:order, q:version, q:completions, q:tasks (the tasks' points), q:w:<addr> (a rulebook
 * action's last credit under `action:<id>` too), q:ledger:<addr>, fc:fid (the linked fid,
 * read), wallet:<addr> (checkInLast and checkInStreak, read); a completion also makes the wallet known (wallet:<addr>, codes, an:<day>:facts, an:since) and
 * credits through addPoints of lib/board.lua: lb, lb:held, disqualified, lb:version, the season's lb:s:<n>,
 * lb:held:s:<n>, lb:refs:s:<n> (untouched) and lb:seasons, score; a quest's completion writes quest.completed to the
 * webhooks' outbox (outboxInputs of webhooks.ts).
 * Scripts: quests/read-quests, read-quest-catalog, create-quest, replace-quest, import-quests, set-task-points,
 * credit-action, get-quest-ledger (and lib/quests.lua).
 */
import "server-only";
import { MAX_QUESTS } from "@/lib/domain/quests";
import type { RedisContext } from "@/lib/store/redis/context";
import { BOARD, CREDIT_ACTION, OUTBOX, part, positional, REGISTRATION, SEASON_WRITE } from "@/lib/store/redis/layouts";
import { int, list, optInt, str, UnexpectedReplyError } from "@/lib/store/redis/reply";
import { whole } from "@/lib/store/redis/run";
import { seasonWrite } from "@/lib/store/redis/seasons";
import { registration } from "@/lib/store/redis/wallets";
import { outboxInputs } from "@/lib/store/redis/webhooks";
import { isQuestProgressId, ledgerEntryFrom, storedLedgerId, type CatalogWrite, type CreditActionResult, type LedgerEntry, type QuestStore, type StoredQuest, type TaskPoints, type WalletQuests } from "@/lib/store/types";

/** The field of q:w:<addr> that holds the wallet's quest points (keys.ts): never a quest id. */
const POINTS_FIELD = ":points";

/** Pairs of a flat reply {a, b, ...}. */
function pairsOf(reply: unknown, what: string): [unknown, unknown][] {
  const flat = list(reply, what);
  if (flat.length % 2 !== 0) throw new UnexpectedReplyError(what, reply);
  const pairs: [unknown, unknown][] = [];
  for (let i = 0; i < flat.length; i += 2) pairs.push([flat[i], flat[i + 1]]);
  return pairs;
}

function questsOf(reply: unknown): StoredQuest[] {
  return pairsOf(reply, "quest catalog").map(([id, json]) => {
    const quest: unknown = JSON.parse(str(json, "quest"));
    if (typeof quest !== "object" || quest === null || (quest as { id?: unknown }).id !== str(id, "quest id")) throw new UnexpectedReplyError("quest", json);
    return quest as StoredQuest;
  });
}

/**
 * A wallet's quest progress hash: its quest points and the last credit of each quest and action, actions
 * under their ledger id `action:<id>` (the operator's records read it whole; readQuests keeps the quests).
 */
export function questProgressOf(progress: unknown): Pick<WalletQuests, "points" | "lastCompleted"> {
  let points = 0;
  const lastCompleted: Record<string, number> = {};
  for (const [field, value] of pairsOf(progress, "quest progress")) {
    const name = str(field, "quest progress field");
    if (name === POINTS_FIELD) points = int(value, "quest points");
    else lastCompleted[name] = int(value, name);
  }
  return { points, lastCompleted };
}

function progressOf(progress: unknown, fid: unknown, checkIn: unknown): WalletQuests {
  const [last, streak] = list(checkIn, "check-in", 2);
  const { points, lastCompleted } = questProgressOf(progress);
  const quests = Object.fromEntries(Object.entries(lastCompleted).filter(([id]) => isQuestProgressId(id)));
  return { points, lastCompleted: quests, fid: optInt(fid, "fid"), checkIn: { last: optInt(last, "checkInLast"), streak: optInt(streak, "checkInStreak") ?? 0 } };
}

function writeOf<T extends string>(reply: unknown, outcomes: readonly T[], what: string): CatalogWrite<T> {
  const [outcome, version] = list(reply, what, 2);
  if (!outcomes.includes(outcome as T)) throw new UnexpectedReplyError(what, reply);
  return { outcome: outcome as T, version: int(version, "catalog version") };
}

/** The tasks' points as the scripts take them: taskId, points, ... */
function taskPointsOf(reply: unknown): TaskPoints {
  return Object.fromEntries(pairsOf(reply, "task points").map(([id, n]) => [str(id, "task id"), int(n, "task points")])) as TaskPoints;
}

function taskPairs(taskPoints: TaskPoints): string[] {
  return Object.entries(taskPoints).flatMap(([taskId, points]) => [taskId, whole(points ?? 0)]);
}

export function ledgerEntryOf(value: unknown): LedgerEntry {
  const [questId, points, at] = str(value, "ledger entry").split(",");
  if (questId === undefined || points === undefined || at === undefined) throw new UnexpectedReplyError("ledger entry", value);
  return ledgerEntryFrom(questId, int(points, "ledger points"), int(at, "ledger time"));
}

export function questOperations(context: RedisContext): QuestStore {
  const { keys, run, runList } = context;
  const catalogKeys = [keys.questVersion, keys.questOrder, keys.questCatalog];
  return {
    async readQuests(wallet, unlessVersion) {
      const reply = await runList(
        "read-quests",
        [...catalogKeys, keys.questProgress(wallet), keys.linkedFids, keys.wallet(wallet), keys.taskPoints],
        [wallet, unlessVersion === undefined ? "" : whole(unlessVersion)],
        6,
      );
      return {
        version: int(reply[0], "catalog version"),
        quests: reply[1] === null ? null : questsOf(reply[1]),
        taskPoints: reply[5] === null ? null : taskPointsOf(reply[5]),
        wallet: progressOf(reply[2], reply[3], reply[4]),
      };
    },

    async readQuestCatalog() {
      const [version, quests, completions, taskPoints] = await runList("read-quest-catalog", [...catalogKeys, keys.questCompletions, keys.taskPoints], [], 4);
      return {
        version: int(version, "catalog version"),
        quests: questsOf(quests),
        completions: Object.fromEntries(pairsOf(completions, "completions").map(([id, n]) => [str(id, "quest id"), int(n, "completions")])),
        taskPoints: taskPointsOf(taskPoints),
      };
    },

    async createQuest(quest) {
      return writeOf(await run("create-quest", catalogKeys, [quest.id, JSON.stringify(quest), whole(MAX_QUESTS)]), ["created", "exists", "full"], "createQuest");
    },

    async replaceQuest(quest, catalogVersion) {
      const reply = await run("replace-quest", catalogKeys, [quest.id, JSON.stringify(quest), whole(catalogVersion)]);
      return writeOf(reply, ["replaced", "missing", "stale"], "replaceQuest");
    },

    async importQuests(quests, taskPoints) {
      const tasks = taskPoints ? taskPairs(taskPoints) : [];
      const args = [whole(MAX_QUESTS), taskPoints ? whole(tasks.length / 2) : "", ...tasks, ...quests.flatMap((quest) => [quest.id, JSON.stringify(quest)])];
      return writeOf(await run("import-quests", [...catalogKeys, keys.taskPoints], args), ["imported", "full"], "importQuests");
    },

    async setTaskPoints(taskPoints) {
      return writeOf(await run("set-task-points", [keys.questVersion, keys.taskPoints], taskPairs(taskPoints)), ["set"], "setTaskPoints");
    },

    async creditAction({ wallet, action, points, periodSeconds, now }): Promise<CreditActionResult> {
      const season = seasonWrite(context, now);
      const { keys: scriptKeys, args } = positional(CREDIT_ACTION, {
        ...part(REGISTRATION, registration(context, wallet, now)),
        ...part(BOARD, { keys: keys.boardWrite, args: [] }),
        ...part(SEASON_WRITE, season),
        scoreKey: keys.score,
        catalogVersionKey: keys.questVersion,
        progressKey: keys.questProgress(wallet),
        completionsKey: keys.questCompletions,
        ledgerKey: keys.questLedger(wallet),
        actionId: storedLedgerId({ source: action.source, questId: action.id }),
        catalogVersion: action.source === "quest" ? whole(action.catalogVersion) : "",
        points: whole(points),
        period: periodSeconds === null ? "" : whole(periodSeconds),
        ...part(OUTBOX, outboxInputs(context, now)),
      });
      const reply = await runList("credit-action", scriptKeys, args, 1);
      switch (reply[0]) {
        case "credited":
          return { outcome: "credited", questPoints: int(reply[1], "quest points") };
        case "already":
          return { outcome: "already", at: int(reply[1], "completedAt") };
        case "cooldown":
          return { outcome: "cooldown", last: int(reply[1], "completedAt") };
        case "stale":
          return { outcome: "stale" };
        default:
          throw new UnexpectedReplyError("creditAction", reply);
      }
    },

    async getQuestLedger(wallet, limit) {
      const [points, total, entries] = await runList("get-quest-ledger", [keys.questProgress(wallet), keys.questLedger(wallet)], [whole(limit)], 3);
      return { points: optInt(points, "quest points") ?? 0, total: int(total, "ledger length"), entries: list(entries, "ledger").map(ledgerEntryOf) };
    },
  };
}
