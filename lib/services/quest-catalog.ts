/**
 * The quest catalog as the services hold it: the store's catalog parsed by questSchema, kept per store
 * at its version so that a read passing that version gets no quests back (lib/store/ports/quests.ts);
 * and the admin's use cases on it: create, list with completions, PATCH, the tasks' points, export and import.
 */
import { ApiError } from "@/lib/contract/errors";
import {
  applyQuestPatch,
  QUEST_FILE_VERSION,
  questSchema,
  type AdminQuest,
  type Quest,
  type QuestFile,
  type QuestPatch,
} from "@/lib/contract/quest-schemas";
import { streakBonusesSchema, taskPointsSchema, type StreakBonusesSetting, type TaskPointsSetting } from "@/lib/contract/task-points-schemas";
import { isQuestId, MAX_QUESTS } from "@/lib/domain/quests";
import { streakBonusId, streakLengthOf } from "@/lib/domain/rulebook";
import type { QuestStore, StoredQuest, TaskPoints, WalletQuests } from "@/lib/store/types";

export interface Catalog {
  version: number;
  /** Every quest, archived too, in creation order. */
  quests: readonly Quest[];
  byId: ReadonlyMap<string, Quest>;
  streakBonuses: StreakBonusesSetting;
}

/** The tasks' points and the check-in's streak bonuses: one setting, kept by the store as TaskPoints. */
export interface TaskPointsSettings {
  taskPoints: TaskPointsSetting;
  streakBonuses: StreakBonusesSetting;
}

type CatalogDeps = { store: QuestStore };

export const questErrors = {
  notFound: () => new ApiError(404, "Quest not found"),
  exists: (id: string) => new ApiError(409, `Quest ${id} already exists`),
  full: () => new ApiError(400, `Invalid quests: the catalog holds at most ${MAX_QUESTS} quests`),
  /** The catalog changed under two attempts in a row: the client tries again. */
  busy: () => new ApiError(503, "The quest catalog is changing, please retry"),
};

/** The catalog each store was last read at: one per store, so tests with several stores never mix them. */
const held = new WeakMap<QuestStore, Catalog>();

function catalogOf(version: number, stored: readonly StoredQuest[], taskPoints: TaskPoints): Catalog {
  return indexed(version, stored.map((quest) => questSchema.parse(quest)), settingsOf(taskPoints).streakBonuses);
}

function indexed(version: number, quests: readonly Quest[], streakBonuses: Catalog["streakBonuses"]): Catalog {
  return { version, quests, byId: new Map(quests.map((quest) => [quest.id, quest])), streakBonuses };
}

/** The setting as the console and the file show it: every task, 0 for one the store holds none for; the bonuses shortest first. */
function settingsOf(stored: TaskPoints): TaskPointsSettings {
  const tasks: Record<string, number> = {};
  const bonuses: { streak: number; points: number }[] = [];
  for (const [id, points] of Object.entries(stored)) {
    const streak = streakLengthOf(id);
    if (streak === null) tasks[id] = points ?? 0;
    else bonuses.push({ streak, points: points ?? 0 });
  }
  return { taskPoints: taskPointsSchema.parse(tasks), streakBonuses: streakBonusesSchema.parse(bonuses) };
}

function storedOf(settings: TaskPointsSettings): TaskPoints {
  return { ...settings.taskPoints, ...Object.fromEntries(settings.streakBonuses.map((bonus) => [streakBonusId(bonus.streak), bonus.points])) };
}

/** The catalog this process holds for the store, if it read one. */
export function heldCatalog(store: QuestStore): Catalog | undefined {
  return held.get(store);
}

/** One round trip: the wallet's quests, and the catalog only when it changed since the one held. */
export async function readQuestsOf(deps: CatalogDeps, wallet: string): Promise<{ catalog: Catalog; progress: WalletQuests }> {
  const kept = held.get(deps.store);
  const read = await deps.store.readQuests(wallet, kept?.version);
  const catalog = read.quests === null && kept ? kept : catalogOf(read.version, read.quests ?? [], read.taskPoints ?? {});
  held.set(deps.store, catalog);
  return { catalog, progress: read.wallet };
}

/** A quest the wallets see: none of another id, and none archived. */
export function listedQuest(catalog: Catalog, questId: string): Quest {
  const quest = catalog.byId.get(questId);
  if (!quest || quest.archived) throw questErrors.notFound();
  return quest;
}

/** The quest id of /api/admin/quests/{id}; a segment that is no quest id names no quest (404). */
export function questIdOfPath(pathname: string): string {
  const segment = pathname.split("/").pop() ?? "";
  if (!isQuestId(segment)) throw questErrors.notFound();
  return segment;
}

/** POST /api/admin/quests */
export async function createQuest(deps: CatalogDeps, quest: Quest): Promise<{ quest: Quest }> {
  const result = await deps.store.createQuest(quest);
  if (result.outcome === "exists") throw questErrors.exists(quest.id);
  if (result.outcome === "full") throw questErrors.full();
  return { quest };
}


/** GET /api/admin/quests: archived included, each with its completions; and the tasks' points and streak bonuses. */
export async function listQuests(deps: CatalogDeps): Promise<{ quests: AdminQuest[] } & TaskPointsSettings> {
  const { catalog, read } = await readCatalog(deps);
  return {
    quests: catalog.quests.map((quest) => ({ ...quest, completions: read.completions[quest.id] ?? 0 })),
    ...settingsOf(read.taskPoints),
  };
}

/**
 * POST /api/admin/task-points. The check-in and social task steps read the points in their own store step,
 * so every process credits the points set now from its next step on, whatever catalog it holds.
 */
export async function setTaskPoints(deps: CatalogDeps, settings: TaskPointsSettings): Promise<TaskPointsSettings> {
  await deps.store.setTaskPoints(storedOf(settings));
  return settings;
}

/** The catalog as the store has it now, held from here on, and the read it came from (completions, the tasks' points). */
async function readCatalog(deps: CatalogDeps) {
  const read = await deps.store.readQuestCatalog();
  const catalog = catalogOf(read.version, read.quests, read.taskPoints);
  held.set(deps.store, catalog);
  return { catalog, read };
}

/**
 * PATCH /api/admin/quests/{id}: the patch applied to the quest as the catalog this process holds has it (one
 * round trip), written only if the store's catalog is still at that version; else read again and applied again,
 * twice at most. The catalog held afterwards is the one written, so the console's next edit is one round trip too.
 */
export async function patchQuest(deps: CatalogDeps, id: string, patch: QuestPatch): Promise<{ quest: Quest }> {
  let catalog = held.get(deps.store);
  let reads = 0;
  // A quest the held catalog lacks may be newer than it: only a fresh read says "not found".
  if (!catalog?.byId.has(id)) {
    catalog = (await readCatalog(deps)).catalog;
    reads++;
  }
  for (;;) {
    const current = catalog.byId.get(id);
    if (!current) throw questErrors.notFound();
    const patched = applyQuestPatch(current, patch);
    if (!patched.success) throw new ApiError(400, patched.error.issues[0]?.message ?? "Invalid quest");
    const result = await deps.store.replaceQuest(patched.data, catalog.version);
    if (result.outcome === "missing") throw questErrors.notFound();
    if (result.outcome === "replaced") {
      const quests = catalog.quests.map((quest) => (quest.id === id ? patched.data : quest));
      held.set(deps.store, indexed(result.version, quests, catalog.streakBonuses));
      return { quest: patched.data };
    }
    if (reads === 2) throw questErrors.busy();
    catalog = (await readCatalog(deps)).catalog;
    reads++;
  }
}

/** GET /api/admin/quests/export: the file POST /api/admin/quests/import takes. */
export async function exportQuests(deps: CatalogDeps): Promise<QuestFile> {
  const { catalog, read } = await readCatalog(deps);
  return { version: QUEST_FILE_VERSION, ...settingsOf(read.taskPoints), quests: [...catalog.quests] };
}

/** POST /api/admin/quests/import: every quest of the file created or replaced in one step (the file was checked whole). */
export async function importQuests(deps: CatalogDeps, file: QuestFile): Promise<{ imported: number }> {
  const settings = file.taskPoints && { taskPoints: file.taskPoints, streakBonuses: file.streakBonuses ?? [] };
  const result = await deps.store.importQuests(file.quests, settings && storedOf(settings));
  if (result.outcome === "full") throw questErrors.full();
  return { imported: file.quests.length };
}
