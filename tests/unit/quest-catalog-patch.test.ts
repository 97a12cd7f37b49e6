/**
 * The console's quest edit (lib/services/quest-catalog.ts patchQuest) on the embedded SQLite store: the patch
 * is applied to the catalog the process holds, so an edit after a read is one store call; a catalog another
 * writer moved on makes the store refuse it, and the edit reads again, twice at most, then answers 503.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import type { Quest } from "@/lib/contract/quest-schemas";
import { createQuest, listQuests, patchQuest } from "@/lib/services/quest-catalog";
import { checked } from "@/lib/store/checked";
import { openSqliteStore } from "@/lib/store/sqlite";
import type { Store } from "@/lib/store/types";

const visit = (id: string): Quest => ({
  id,
  title: "Visit",
  description: "Open the site",
  type: "visit",
  params: { url: "https://example.com/" },
  points: 5,
  recurrence: "once",
  archived: false,
});

describe("editing a quest", () => {
  let dir: string;
  let store: Store;
  let reads: number;
  /** How many of the next edits' writes another console beats to the store, moving the catalog on. */
  let raced: number;
  let others: number;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "refboard-quest-patch-"));
    const raw = openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS });
    reads = 0;
    raced = 0;
    others = 0;
    const { readQuestCatalog: read, replaceQuest: replace, createQuest: create } = raw;
    raw.readQuestCatalog = () => ((reads += 1), read.call(raw));
    raw.replaceQuest = async (quest, version) => {
      if (raced > 0) {
        raced -= 1;
        await create.call(raw, visit(`other-${(others += 1)}`));
      }
      return replace.call(raw, quest, version);
    };
    store = checked(raw);
    await createQuest({ store }, visit("visit"));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("after a read of the catalog, an edit is one store call, and so is the next", async () => {
    await listQuests({ store });
    reads = 0;
    expect((await patchQuest({ store }, "visit", { title: "Visit us" })).quest.title).toBe("Visit us");
    expect((await patchQuest({ store }, "visit", { title: "Visit our site" })).quest.title).toBe("Visit our site");
    expect(reads).toBe(0);
    expect((await listQuests({ store })).quests.map((q) => q.title)).toEqual(["Visit our site"]);
  });

  it("a quest the held catalog lacks is read for, and one the store lacks is a 404", async () => {
    await listQuests({ store });
    await createQuest({ store }, visit("newer"));
    reads = 0;
    expect((await patchQuest({ store }, "newer", { points: 7 })).quest.points).toBe(7);
    expect(reads).toBe(1);
    await expect(patchQuest({ store }, "nowhere", { points: 7 })).rejects.toMatchObject({ status: 404 });
  });

  it("a catalog moved on by another writer is read again, twice at most: the edit lands, keeping the other writer's quests", async () => {
    await listQuests({ store });
    reads = 0;
    raced = 2;
    expect((await patchQuest({ store }, "visit", { title: "Visit us" })).quest.title).toBe("Visit us");
    expect(reads).toBe(2);
    const titles = (await listQuests({ store })).quests.map((q) => `${q.id}: ${q.title}`);
    expect(titles).toEqual(["visit: Visit us", "other-1: Visit", "other-2: Visit"]);
  });

  it("moved on before a third write, the edit answers 503 and changes nothing", async () => {
    await listQuests({ store });
    reads = 0;
    raced = 3;
    await expect(patchQuest({ store }, "visit", { title: "Visit us" })).rejects.toMatchObject({ status: 503, message: "The quest catalog is changing, please retry" });
    expect(reads).toBe(2);
    expect((await listQuests({ store })).quests.find((q) => q.id === "visit")?.title).toBe("Visit");
  });
});
