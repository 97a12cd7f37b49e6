/**
 * The quest engine's store (issue #28): the team's catalog with its version, each wallet's progress
 * (last completion per quest, its quest points, its points ledger) and each quest's completions.
 * Each method is one round trip on Redis and atomic. The store decides no rule: the service reads the
 * catalog, checks the quest (schedule, answer, chain, Neynar) and hands creditAction the points
 * (lib/domain/rulebook.ts questEarnRule) and the period, which the store applies in one step; an action of
 * the rulebook outside the catalog is credited by the same step.
 *
 * The catalog version grows with every change of the catalog (create, replace, import) and never goes
 * back: a process keeps the catalog it read and passes its version, and a read at that version sends no
 * quests back; a completion checked against an older catalog is refused as "stale".
 */
import type { StreakBonusId } from "@/lib/domain/rulebook";
import type { CompletableTaskId } from "@/lib/domain/tasks";

/**
 * A quest as the store keeps it: an object with its id, stored and handed back as JSON, unread
 * otherwise. The service writes only what questSchema (lib/contract/quest-schemas.ts) parsed and parses
 * what it reads back.
 */
export type StoredQuest = { readonly id: string } & { readonly [field: string]: unknown };

/** Largest quest the store keeps, as JSON: a quest of the catalog's schema at its longest fits. */
export const MAX_STORED_QUEST_BYTES = 64 * 1024;

/** Most ledger entries getQuestLedger returns: the newest. */
export const MAX_LEDGER_PAGE = 500;

/** Ledger entries the console's wallet lookup reads with the rest of the wallet (AnalyticsStore.getWalletReport): the newest. */
export const LOOKUP_LEDGER_PAGE = 100;

/**
 * Points the interface's completable tasks credit (the check-in per check-in, a social task on its first
 * completion), set in the catalog; a task absent is worth 0, so with none set every answer stays as it was.
 * The check-in and social task steps read them in their own step (TaskStore), so a process never credits
 * points of a catalog it holds stale. A streak bonus sits beside them under its id (streakBonusId of
 * lib/domain/rulebook.ts, which the Redis check-in script builds too): the check-in's step credits the
 * entry of the streak it makes.
 */
export type TaskPoints = Partial<Record<CompletableTaskId | StreakBonusId, number>>;


export interface QuestCatalog {
  /** See the top of this file; 0 before the first quest. */
  version: number;
  /** Every quest, archived ones too, in the order they were created. */
  quests: StoredQuest[];
  /** The tasks' points; tasks set to 0 are absent. */
  taskPoints: TaskPoints;
}

/** A wallet's side of the quests. */
export interface WalletQuests {
  /** Quest points: the sum of the wallet's ledger. */
  points: number;
  /** quest id -> server time of the wallet's last completion of it; quests never done are absent, actions too. */
  lastCompleted: Record<string, number>;
  /** The fid linked to the wallet by Quick Auth (NotificationStore.linkFarcaster); null when none is. */
  fid: number | null;
  /** The wallet's last check-in (null when none) and the streak it made (TaskStore.checkIn), as stored. */
  checkIn: { last: number | null; streak: number };
}

export interface QuestsRead {
  version: number;
  /** The catalog at `version`; null when `version` is the unlessVersion given (the caller has it). */
  quests: StoredQuest[] | null;
  /** The tasks' points (streak bonuses included) at `version`; null with `quests`. */
  taskPoints: TaskPoints | null;
  wallet: WalletQuests;
}

/**
 * What creditAction credits: a quest of the catalog (checked against the version the service read it at,
 * its completions counted) or an action of the rulebook outside the catalog (lib/domain/rulebook.ts
 * EarnRule), which no catalog check refuses and no completion count holds. Both ids are slugs.
 */
export type CreditedAction =
  | { source: "quest"; id: string; catalogVersion: number }
  | { source: "action"; id: string };

export interface CreditAction {
  wallet: string;
  action: CreditedAction;
  /** What this credit gives (the rulebook's points for it now). */
  points: number;
  /** Seconds between two credits; null for an action credited once. */
  periodSeconds: number | null;
  now: number;
}

export type CreditActionResult =
  /** Recorded and credited: the wallet's quest points (its ledger's sum) after it. */
  | { outcome: "credited"; questPoints: number }
  /** A once action the wallet was credited for before, at `at`: nothing written. */
  | { outcome: "already"; at: number }
  /** Credited within the period, last at `last`: nothing written. */
  | { outcome: "cooldown"; last: number }
  /** A quest whose catalog changed since `catalogVersion`: nothing written, the service reads it again. */
  | { outcome: "stale" };

export type CatalogWrite<T extends string> = { outcome: T; version: number };

/**
 * A ledger entry: a quest's completion (`questId` the quest's id), a task's (`questId` the task id of
 * COMPLETABLE_TASK_IDS) or a rulebook action's (`questId` the action's id). The stores keep a task's as
 * `task:<task id>` and an action's as `action:<action id>`: a quest id is a slug, never holding ':', so
 * none collide.
 */
export interface LedgerEntry {
  source: "quest" | "task" | "action";
  questId: string;
  points: number;
  at: number;
}

export interface QuestLedger {
  /** The wallet's quest points, the sum of every entry. */
  points: number;
  /** Entries in all. */
  total: number;
  /** The newest `limit` entries, newest first. */
  entries: LedgerEntry[];
}

export interface QuestStore {
  /** The catalog (unless the caller holds `unlessVersion`) and the wallet's quests, from one snapshot. */
  readQuests(wallet: string, unlessVersion?: number): Promise<QuestsRead>;

  /** The whole catalog and each quest's completions (quest id -> count; absent: none), from one snapshot. */
  readQuestCatalog(): Promise<QuestCatalog & { completions: Record<string, number> }>;

  /** Adds a quest; "exists" when its id is taken, "full" when the catalog holds MAX_QUESTS already. */
  createQuest(quest: StoredQuest): Promise<CatalogWrite<"created" | "exists" | "full">>;

  /** Replaces a quest of that id if the catalog is still at `catalogVersion`; "missing" when no quest has it. */
  replaceQuest(quest: StoredQuest, catalogVersion: number): Promise<CatalogWrite<"replaced" | "missing" | "stale">>;

  /**
   * Creates or replaces every quest of the file, all in one step; quests the file does not name stay.
   * "full" (and nothing written) when the catalog would hold more than MAX_QUESTS. Given `taskPoints`, they
   * replace the tasks' points in the same step.
   */
  importQuests(quests: readonly StoredQuest[], taskPoints?: TaskPoints): Promise<CatalogWrite<"imported" | "full">>;

  /** Replaces the tasks' points (a task absent: 0) and moves the version. */
  setTaskPoints(taskPoints: TaskPoints): Promise<CatalogWrite<"set">>;

  /**
   * Credits an action unless it is a quest of a catalog that moved on, or the wallet was credited for the
   * once action before or within the period: records `now` as its last credit, credits `points` to the
   * board, the running season's board (held if the wallet is disqualified), the score total and the
   * wallet's quest points, appends {action, points, now} to the ledger and, for a quest, counts its
   * completion, all in one step. Also makes the wallet known. The one store step of every way to earn
   * points that is neither a referral nor a task.
   */
  creditAction(input: CreditAction): Promise<CreditActionResult>;

  /** The wallet's points ledger: its quest points and its newest `limit` entries (at most MAX_LEDGER_PAGE). */
  getQuestLedger(wallet: string, limit: number): Promise<QuestLedger>;
}

/** How the stores keep a task's and an action's ledger entry and last credit (see LedgerEntry). */
export const TASK_LEDGER_PREFIX = "task:";
export const ACTION_LEDGER_PREFIX = "action:";

/** The entry a store keeps as (`stored` id, points, at). */
export function ledgerEntryFrom(stored: string, points: number, at: number): LedgerEntry {
  if (stored.startsWith(TASK_LEDGER_PREFIX)) return { source: "task", questId: stored.slice(TASK_LEDGER_PREFIX.length), points, at };
  if (stored.startsWith(ACTION_LEDGER_PREFIX)) return { source: "action", questId: stored.slice(ACTION_LEDGER_PREFIX.length), points, at };
  return { source: "quest", questId: stored, points, at };
}

/** The id a store keeps an entry (and a quest's or an action's last credit) under: the quest's id, `task:<id>` or `action:<id>`. */
export function storedLedgerId(entry: Pick<LedgerEntry, "source" | "questId">): string {
  switch (entry.source) {
    case "task":
      return TASK_LEDGER_PREFIX + entry.questId;
    case "action":
      return ACTION_LEDGER_PREFIX + entry.questId;
    case "quest":
      return entry.questId;
  }
}

/** Whether a stored last credit is a quest's (not an action's): what WalletQuests.lastCompleted lists. */
export function isQuestProgressId(stored: string): boolean {
  return !stored.startsWith(ACTION_LEDGER_PREFIX);
}
