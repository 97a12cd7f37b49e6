/**
 * The operator tools with quest points (issue #28): a copy SQLite -> Redis through the operator records
 * and the catalog's export/import keeps every wallet's quest side and the board; the invariant checker
 * catches a ledger that disagrees with the catalog's completions or with a last completion; the rewards
 * export pays the board's score, quest points included.
 */
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { rewardsJsonExportSchema } from "@/lib/contract/rewards-export-schemas";
import { rewardsOf } from "@/lib/domain/leaderboard";
import { refCodeOf } from "@/lib/domain/wallet";
import { checkInvariants, VIOLATION_KINDS, type InvariantReport } from "@/lib/operators/invariants";
import { exportRewards } from "@/lib/operators/rewards-export";
import { createStore } from "@/lib/store";
import { redisKeys } from "@/lib/store/redis/keys";
import { SQLITE_FILE_NAME } from "@/lib/store/sqlite";
import { openDatabase } from "@/lib/store/sqlite/db";
import { createClient } from "redis";
import type { Store, WalletRecord } from "@/lib/store/types";
import { completeQuests, visitQuest } from "@/tests/store/admin-quests-contract";
import { randomWallet } from "@/tests/support/wallets";
import { AT_ONCE } from "@/tests/support/rules";

const T0 = 1_750_000_000;
const DAY = 86_400;

const opened: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

/** A store, and below it a way to overwrite a quest's completions count, which putWallets keeps in step. */
type Opened = { store: Store; setCompletions(questId: string, completions: number): Promise<void> };

async function openSqlite(): Promise<Opened> {
  const dataDir = mkdtempSync(join(tmpdir(), "refboard-operator-quests-"));
  const store = await createStore({ kind: "sqlite", dataDir, retentionDays: DEFAULT_RETENTION_DAYS });
  const db = openDatabase(join(dataDir, SQLITE_FILE_NAME));
  opened.push(async () => {
    db.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const update = db.prepare<[number, string]>("UPDATE quests SET completions = ? WHERE id = ?");
  return { store, setCompletions: async (questId, completions) => void update.run(completions, questId) };
}

async function openRedis(): Promise<Opened> {
  const prefix = `oq${randomUUID().slice(0, 8)}`;
  const url = inject("redisUrl");
  const store = await createStore({ kind: "redis", url, prefix, timeoutMs: 5_000, retentionDays: DEFAULT_RETENTION_DAYS });
  const client = createClient({ url });
  await client.connect();
  opened.push(async () => {
    await client.close();
    await store.close();
  });
  const key = redisKeys(prefix).questCompletions;
  return { store, setCompletions: async (questId, completions) => void (await client.hSet(key, questId, String(completions))) };
}

const sqliteStore = async () => (await openSqlite()).store;
const redisStore = async () => (await openRedis()).store;

/** A referrer with two referees, quest points on the referrer and on one referee (a daily quest twice). */
async function seed(store: Store) {
  const referrer = randomWallet();
  await store.registerWallet(referrer, T0);
  const referees = [randomWallet(), randomWallet()];
  for (const [i, referee] of referees.entries()) {
    await store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now: T0 + 1 + i, terms: AT_ONCE });
  }
  const version = await completeQuests(store, referrer, [visitQuest("intro", 5), visitQuest("daily", 2, "daily")], T0 + 10);
  await completeQuests(store, referees[0]!, [visitQuest("intro", 5)], T0 + 20);
  await store.creditAction({ wallet: referrer, action: { source: "quest", id: "daily", catalogVersion: version }, points: 2, periodSeconds: DAY, now: T0 + 11 + DAY });
  return { referrer, referees, wallets: [referrer, ...referees] };
}

async function allRecords(store: Store): Promise<WalletRecord[]> {
  const records: WalletRecord[] = [];
  let cursor = "0";
  do {
    const page = await store.scanWallets(cursor, 2);
    records.push(...page.records);
    cursor = page.cursor;
  } while (cursor !== "0");
  return records.sort((a, b) => (a.wallet < b.wallet ? -1 : 1));
}

/** The operator's copy: the catalog through its own export/import first (SQLite counts completions in it), then the records. */
async function copy(source: Store, target: Store, catalogFirst = true) {
  const catalog = async () => {
    const { quests, taskPoints } = await source.readQuestCatalog();
    await target.importQuests(quests, taskPoints);
  };
  if (catalogFirst) await catalog();
  await target.putWallets(await allRecords(source));
  if (!catalogFirst) await catalog();
}

const kindsOf = (report: InvariantReport) => VIOLATION_KINDS.filter((kind) => report.byKind[kind] > 0);

describe("a copy between backends with quest points", () => {
  it("SQLite -> Redis keeps every record's quest side, the board, the catalog and its completions, and is clean", async () => {
    const source = await sqliteStore();
    const target = await redisStore();
    const { referrer } = await seed(source);
    await source.setTaskPoints({ fc_comment: 4 });
    await source.completeSocialTask(referrer, "fc_comment", T0 + 40);
    await copy(source, target);

    expect(await allRecords(target)).toEqual(await allRecords(source));
    expect((await allRecords(target)).find((r) => r.wallet === referrer)).toMatchObject({ entry: { score: 15 }, quests: { points: 13 } });
    expect(await target.getLeaderboardPage(0, 10)).toEqual(await source.getLeaderboardPage(0, 10));
    const [from, to] = [await source.readQuestCatalog(), await target.readQuestCatalog()];
    expect(to).toEqual({ ...from, version: to.version });
    expect(to.taskPoints).toEqual({ fc_comment: 4 });
    expect((await target.readQuests(referrer)).wallet).toEqual((await source.readQuests(referrer)).wallet);
    expect(await target.getQuestLedger(referrer, 10)).toEqual(await source.getQuestLedger(referrer, 10));
    expect((await target.getCampaign(0, 0, [])).totalScore).toBe((await source.getCampaign(0, 0, [])).totalScore);
    expect((await checkInvariants(target)).samples).toEqual([]);
  });

  it("a rulebook action's credits (its last credit, its ledger entries) copy whole both ways and stay clean", async () => {
    const source = await sqliteStore();
    const middle = await redisStore();
    const target = await sqliteStore();
    const { referrer } = await seed(source);
    // An action of the same id as a quest: its own last credit and entries, no completion of the quest.
    for (const now of [T0 + 50, T0 + 50 + DAY]) await source.creditAction({ wallet: referrer, action: { source: "action", id: "intro" }, points: 3, periodSeconds: DAY, now });
    await copy(source, middle);
    await copy(middle, target);
    const [record] = await target.getWallets([referrer]);
    expect(record).toMatchObject({ entry: { score: 2 + 9 + 6 }, quests: { points: 9 + 6 } });
    expect(record!.quests!.lastCompleted).toMatchObject({ intro: T0 + 10, "action:intro": T0 + 50 + DAY });
    expect(await allRecords(target)).toEqual(await allRecords(source));
    expect((await target.readQuestCatalog()).completions).toEqual((await source.readQuestCatalog()).completions);
    expect((await target.readQuests(referrer)).wallet.lastCompleted).toEqual({ intro: T0 + 10, daily: T0 + 11 + DAY });
    expect((await checkInvariants(middle)).samples).toEqual([]);
    expect((await checkInvariants(target)).samples).toEqual([]);
  });

  it("Redis -> SQLite with the records before the catalog loses the completions, and the checker says so", async () => {
    const source = await redisStore();
    const target = await sqliteStore();
    await seed(source);
    await copy(source, target, false);
    const report = await checkInvariants(target);
    expect(kindsOf(report)).toEqual(["quest-completions"]);
    expect(report.samples.map((v) => v.detail)).toContain("quest intro counts 0 completion(s), the ledgers hold 2");
  });
});

describe.each([
  ["sqlite", openSqlite],
  ["redis", openRedis],
] as const)("quest rules of the invariant checker on %s", (_name, open) => {
  it("a quest's completions one above its ledger entries (and not at exactly their number)", async () => {
    const { store, setCompletions } = await open();
    await seed(store);
    await setCompletions("intro", 2);
    expect((await checkInvariants(store)).samples).toEqual([]);
    await setCompletions("intro", 3);
    const report = await checkInvariants(store);
    expect(kindsOf(report)).toEqual(["quest-completions"]);
    expect(report.samples[0]?.detail).toBe("quest intro counts 3 completion(s), the ledgers hold 2");
  });

  it("task points: score = referral points + quest points with the check-in's and a social task's entries, and the report is clean", async () => {
    const { store } = await open();
    const { referrer } = await seed(store);
    await store.setTaskPoints({ daily_checkin: 3, fc_follow: 2 });
    await store.checkIn(referrer, T0 + 30, DAY, null, 2 * DAY);
    await store.completeSocialTask(referrer, "fc_follow", T0 + 31);
    const [record] = await store.getWallets([referrer]);
    expect(record).toMatchObject({ entry: { score: 2 + 9 + 5 }, quests: { points: 9 + 5 } });
    expect(record!.quests!.ledger.slice(-2)).toEqual([
      { source: "task", questId: "daily_checkin", points: 3, at: T0 + 30 },
      { source: "task", questId: "fc_follow", points: 2, at: T0 + 31 },
    ]);
    expect((await checkInvariants(store)).samples).toEqual([]);
    // A task's entry left out of the quest points is caught like a quest's.
    await store.putWallets([{ ...record!, quests: { ...record!.quests!, ledger: record!.quests!.ledger.slice(0, -1) } }]);
    expect(kindsOf(await checkInvariants(store))).toEqual(["quest-ledger"]);
  });

  it("a rulebook action: its entries count in the sum and end at its last credit, and in no quest's completions", async () => {
    const { store } = await open();
    const { referrer } = await seed(store);
    await store.creditAction({ wallet: referrer, action: { source: "action", id: "intro" }, points: 3, periodSeconds: DAY, now: T0 + 50 });
    await store.creditAction({ wallet: referrer, action: { source: "action", id: "intro" }, points: 3, periodSeconds: DAY, now: T0 + 50 + DAY });
    expect((await checkInvariants(store)).samples).toEqual([]);
    const [r] = await store.getWallets([referrer]);
    // Its last credit one second off its latest entry is caught like a quest's.
    await store.putWallets([{ ...r!, quests: { ...r!.quests!, lastCompleted: { ...r!.quests!.lastCompleted, "action:intro": T0 + 50 + DAY - 1 } } }]);
    const report = await checkInvariants(store);
    expect(kindsOf(report)).toEqual(["quest-ledger"]);
    expect(report.samples[0]?.detail).toBe(`last completion of action:intro at ${T0 + 50 + DAY - 1}, its latest ledger entry at ${T0 + 50 + DAY}`);
  });

  it("a last completion that is not the quest's latest ledger entry", async () => {
    const { store } = await open();
    const { referrer } = await seed(store);
    const [r] = await store.getWallets([referrer]);
    await store.putWallets([{ ...r!, quests: { ...r!.quests!, lastCompleted: { ...r!.quests!.lastCompleted, daily: T0 + 11 } } }]);
    const report = await checkInvariants(store);
    expect(kindsOf(report)).toEqual(["quest-ledger"]);
    expect(report.samples[0]).toMatchObject({ wallet: referrer });
  });
});

describe("the rewards export counts quest points", () => {
  it.each([
    ["sqlite", sqliteStore],
    ["redis", redisStore],
  ] as const)("on %s: score = referral points + quest points, rewards = score x 20", async (_name, open) => {
    const store = await open();
    const { referrer, referees } = await seed(store);
    let body = "";
    for await (const chunk of exportRewards(store, { format: "json" })) body += chunk;
    const rows = rewardsJsonExportSchema.parse(JSON.parse(body)).rows;
    expect(rows.map(({ wallet, score, rewards }) => ({ wallet, score, rewards }))).toEqual([
      { wallet: referrer, score: 2 + 9, rewards: rewardsOf(11) },
      { wallet: referees[0], score: 1 + 5, rewards: rewardsOf(6) },
      { wallet: referees[1], score: 1, rewards: rewardsOf(1) },
    ]);
    expect(rewardsOf(11)).toBe(220);
  });
});
