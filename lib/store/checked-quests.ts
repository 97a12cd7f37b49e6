/**
 * The validating wrapper's checks of the quest calls (lib/store/checked.ts merges them): a quest is
 * stored under a slug id and as JSON of bounded size, and a credit (a quest's or an action's, each named
 * by a slug) gives a whole number of points within MAX_QUEST_POINTS, so a caller bug is a RangeError before a backend stores it.
 */
import { isQuestId, MAX_QUEST_POINTS, MAX_QUESTS } from "@/lib/domain/quests";
import { checkSeconds, checkWallet } from "@/lib/store/checks";
import { COMPLETABLE_TASK_IDS } from "@/lib/domain/tasks";
import { MAX_LEDGER_PAGE, MAX_STORED_QUEST_BYTES, type StoredQuest, type TaskPoints } from "@/lib/store/ports/quests";
import { MAX_STREAK_BONUS_LENGTH, MIN_STREAK_BONUS_LENGTH, streakLengthOf } from "@/lib/domain/rulebook";
import type { Store } from "@/lib/store/types";

function checkQuestId(questId: string): void {
  if (!isQuestId(questId)) throw new RangeError(`not a quest id: ${JSON.stringify(questId)}`);
}

function checkQuest(quest: StoredQuest): void {
  checkQuestId(quest.id);
  if (Buffer.byteLength(JSON.stringify(quest)) > MAX_STORED_QUEST_BYTES) throw new RangeError(`quest ${quest.id} is over ${MAX_STORED_QUEST_BYTES} bytes`);
}

/** Points of completable tasks and streak bonuses within the rulebook's lengths only, each a whole number within MAX_QUEST_POINTS. */
function checkTaskPoints(taskPoints: TaskPoints): void {
  for (const [taskId, points] of Object.entries(taskPoints)) {
    const streak = streakLengthOf(taskId);
    const known = streak === null ? (COMPLETABLE_TASK_IDS as readonly string[]).includes(taskId) : streak >= MIN_STREAK_BONUS_LENGTH && streak <= MAX_STREAK_BONUS_LENGTH;
    if (!known) throw new RangeError(`not a completable task or a streak bonus: ${JSON.stringify(taskId)}`);
    if (points === undefined || !Number.isSafeInteger(points) || points < 0 || points > MAX_QUEST_POINTS) {
      throw new RangeError(`points of ${taskId} must be a whole number from 0 to ${MAX_QUEST_POINTS}, got ${points}`);
    }
  }
}

export function checkedQuests(store: Store): Partial<Store> {
  return {
    async readQuests(wallet, unlessVersion) {
      checkWallet(wallet);
      if (unlessVersion !== undefined) checkSeconds(unlessVersion, "unlessVersion");
      return store.readQuests(wallet, unlessVersion);
    },
    async createQuest(quest) {
      checkQuest(quest);
      return store.createQuest(quest);
    },
    async replaceQuest(quest, catalogVersion) {
      checkQuest(quest);
      checkSeconds(catalogVersion, "catalogVersion");
      return store.replaceQuest(quest, catalogVersion);
    },
    async importQuests(quests, taskPoints) {
      if (quests.length > MAX_QUESTS) throw new RangeError(`at most ${MAX_QUESTS} quests, got ${quests.length}`);
      quests.forEach(checkQuest);
      if (new Set(quests.map((quest) => quest.id)).size !== quests.length) throw new RangeError("two quests with one id");
      if (taskPoints) checkTaskPoints(taskPoints);
      return store.importQuests(quests, taskPoints);
    },
    async setTaskPoints(taskPoints) {
      checkTaskPoints(taskPoints);
      return store.setTaskPoints(taskPoints);
    },
    async creditAction(input) {
      checkWallet(input.wallet);
      // A quest's and an action's id are slugs, so neither holds the ':' of a stored `action:<id>`.
      if (!isQuestId(input.action.id)) throw new RangeError(`not a ${input.action.source} id: ${JSON.stringify(input.action.id)}`);
      if (input.action.source === "quest") checkSeconds(input.action.catalogVersion, "catalogVersion");
      checkSeconds(input.now, "now");
      if (!Number.isSafeInteger(input.points) || input.points < 0 || input.points > MAX_QUEST_POINTS) {
        throw new RangeError(`points must be a whole number from 0 to ${MAX_QUEST_POINTS}, got ${input.points}`);
      }
      if (input.periodSeconds !== null) checkSeconds(input.periodSeconds, "periodSeconds", 1);
      return store.creditAction(input);
    },
    async getQuestLedger(wallet, limit) {
      checkWallet(wallet);
      if (!Number.isInteger(limit) || limit < 0 || limit > MAX_LEDGER_PAGE) throw new RangeError(`limit must be a whole number from 0 to ${MAX_LEDGER_PAGE}, got ${limit}`);
      return store.getQuestLedger(wallet, limit);
    },
  };
}
