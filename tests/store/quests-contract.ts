/**
 * The quest store (lib/store/ports/quests.ts) on every backend, behind the validating wrapper, each test
 * on a fresh store with weekly seasons: the catalog and its version, completions credited once under
 * concurrency, daily and weekly cooldowns at exactly their period, the ledger, the boards and the score
 * total, a held wallet, and points changed after a completion.
 */
import { afterEach, describe, expect, it } from "vitest";
import { SECONDS_PER_DAY, utcDay } from "@/lib/domain/analytics";
import type { Quest } from "@/lib/contract/quest-schemas";
import { MAX_QUESTS, RECURRENCE_PERIOD_SECONDS } from "@/lib/domain/quests";
import { refCodeOf } from "@/lib/domain/wallet";
import { DEFAULT_RULEBOOK, questPoints, referralTerms } from "@/lib/domain/rulebook";
import { checked } from "@/lib/store/checked";
import { LOOKUP_LEDGER_PAGE, MAX_STORED_QUEST_BYTES, type CreditAction, type Store } from "@/lib/store/types";
import { TEST_SEASONS, type OpenBoardStore } from "@/tests/store/board-contract";
import { randomWallet } from "@/tests/support/wallets";

const TODAY = utcDay(Math.floor(Date.now() / 1000));
const NOON = TODAY * SECONDS_PER_DAY + SECONDS_PER_DAY / 2;
/** TEST_SEASONS runs season 3 today. */
const SEASON = { season: 3 };
const ADMIN = "0x00000000000000000000000000000000000000ad";

const visit = (id: string, points: number, recurrence: Quest["recurrence"] = "once"): Quest => ({
  id,
  title: `Visit ${id}`,
  description: "",
  type: "visit",
  params: { url: "https://example.com/" },
  points,
  recurrence,
  archived: false,
});

export function describeQuestsContract(name: string, open: OpenBoardStore) {
  describe(`quests contract: ${name}`, () => {
    const opened: Store[] = [];
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });
    const fresh = async () => {
      const store = checked(await open(TEST_SEASONS));
      opened.push(store);
      return store;
    };
    /** A store with these quests created, and the catalog version after them. */
    const withQuests = async (...quests: Quest[]) => {
      const store = await fresh();
      for (const quest of quests) expect((await store.createQuest(quest)).outcome).toBe("created");
      return { store, version: (await store.readQuestCatalog()).version };
    };
    /** A quest's completion as the quest service hands it to creditAction: 5 points, once, at NOON unless given. */
    const complete = (
      store: Store,
      { wallet, questId, catalogVersion, ...rest }: { wallet: string; questId: string; catalogVersion: number } & Partial<Pick<CreditAction, "points" | "periodSeconds" | "now">>,
    ) => store.creditAction({ wallet, action: { source: "quest", id: questId, catalogVersion }, points: 5, periodSeconds: null, now: NOON, ...rest });
    const totalScore = async (store: Store) => (await store.getCampaign(TODAY, TODAY, [])).totalScore;

    it("creates, refuses an existing id, replaces, and moves the version with every change", async () => {
      const store = await fresh();
      expect(await store.readQuestCatalog()).toEqual({ version: 0, quests: [], completions: {}, taskPoints: {} });
      const first = await store.createQuest(visit("first", 5));
      expect(first).toEqual({ outcome: "created", version: 1 });
      expect(await store.createQuest({ ...visit("first", 9), title: "Other" })).toEqual({ outcome: "exists", version: 1 });
      await store.createQuest(visit("second", 1));
      expect(await store.replaceQuest({ ...visit("first", 7), archived: true }, 1)).toEqual({ outcome: "stale", version: 2 });
      expect(await store.replaceQuest({ ...visit("first", 7), archived: true }, 2)).toEqual({ outcome: "replaced", version: 3 });
      expect(await store.replaceQuest(visit("nobody", 7), 3)).toEqual({ outcome: "missing", version: 3 });
      const catalog = await store.readQuestCatalog();
      expect(catalog.version).toBe(3);
      // Creation order, archived included, as stored.
      expect(catalog.quests).toEqual([{ ...visit("first", 7), archived: true }, visit("second", 1)]);
    });

    it("a read at the version the caller holds sends no quests, with the wallet's progress all the same", async () => {
      const { store, version } = await withQuests(visit("a", 5));
      const wallet = randomWallet();
      await store.linkFarcaster(4242, wallet, NOON - 10);
      await complete(store, { wallet, questId: "a", catalogVersion: version });
      const held = await store.readQuests(wallet, version);
      expect(held).toEqual({ version, quests: null, taskPoints: null, wallet: { points: 5, lastCompleted: { a: NOON }, fid: 4242, checkIn: { last: null, streak: 0 } } });
      expect((await store.readQuests(wallet, version - 1)).quests).toEqual([visit("a", 5)]);
      expect(await store.readQuests(randomWallet())).toEqual({ version, quests: [visit("a", 5)], taskPoints: {}, wallet: { points: 0, lastCompleted: {}, fid: null, checkIn: { last: null, streak: 0 } } });
    });

    it("imports all or nothing: creates and replaces in one version step, refuses past MAX_QUESTS", async () => {
      const { store } = await withQuests(visit("kept", 1), visit("changed", 1));
      expect(await store.importQuests([visit("changed", 9), visit("new", 2)])).toEqual({ outcome: "imported", version: 3 });
      expect((await store.readQuestCatalog()).quests).toEqual([visit("kept", 1), visit("changed", 9), visit("new", 2)]);
      // The boundary: exactly MAX_QUESTS fit, one more refuses the whole file.
      const fill = Array.from({ length: MAX_QUESTS - 3 }, (_, i) => visit(`fill-${i}`, 0));
      expect(await store.importQuests([...fill, visit("one-too-many", 0)])).toEqual({ outcome: "full", version: 3 });
      expect((await store.readQuestCatalog()).quests).toHaveLength(3);
      expect((await store.importQuests(fill)).outcome).toBe("imported");
      expect((await store.createQuest(visit("over", 0))).outcome).toBe("full");
    });

    it("20 concurrent completions of a once quest credit it once", async () => {
      const { store, version } = await withQuests(visit("once", 5));
      const wallet = randomWallet();
      const results = await Promise.all(Array.from({ length: 20 }, () => complete(store, { wallet, questId: "once", catalogVersion: version })));
      expect(results.filter((r) => r.outcome === "credited")).toHaveLength(1);
      expect(results.filter((r) => r.outcome === "already")).toEqual(Array(19).fill({ outcome: "already", at: NOON }));
      expect((await store.getWalletState(wallet)).score).toBe(5);
      expect(await store.getQuestLedger(wallet, 10)).toEqual({ points: 5, total: 1, entries: [{ source: "quest", questId: "once", points: 5, at: NOON }] });
      expect((await store.readQuestCatalog()).completions).toEqual({ once: 1 });
    });

    for (const recurrence of ["daily", "weekly"] as const) {
      it(`a ${recurrence} quest is on cooldown until exactly its period, under 20 concurrent completions too`, async () => {
        const period = RECURRENCE_PERIOD_SECONDS[recurrence];
        const { store, version } = await withQuests(visit(recurrence, 3, recurrence));
        const wallet = randomWallet();
        const at = (now: number) => complete(store, { wallet, questId: recurrence, catalogVersion: version, points: 3, periodSeconds: period, now });
        const burst = await Promise.all(Array.from({ length: 20 }, () => at(NOON)));
        expect(burst.filter((r) => r.outcome === "credited")).toHaveLength(1);
        expect(await at(NOON + period - 1)).toEqual({ outcome: "cooldown", last: NOON });
        expect(await at(NOON + period)).toEqual({ outcome: "credited", questPoints: 6 });
        expect(await at(NOON + period + 1)).toEqual({ outcome: "cooldown", last: NOON + period });
        expect((await store.readQuests(wallet)).wallet.lastCompleted).toEqual({ [recurrence]: NOON + period });
      });
    }

    it("a completion against an older catalog is refused and writes nothing", async () => {
      const { store, version } = await withQuests(visit("a", 5));
      await store.createQuest(visit("b", 1));
      const wallet = randomWallet();
      expect(await complete(store, { wallet, questId: "a", catalogVersion: version })).toEqual({ outcome: "stale" });
      expect(await store.getQuestLedger(wallet, 10)).toEqual({ points: 0, total: 0, entries: [] });
      expect(await complete(store, { wallet, questId: "a", catalogVersion: version + 1 })).toEqual({ outcome: "credited", questPoints: 5 });
    });

    it("score = referral points + quest points, on the all-time board, the season's and in the score total; the ledger sums to the quest points", async () => {
      const { store, version } = await withQuests(visit("a", 5), visit("b", 7, "daily"));
      const referrer = randomWallet();
      await store.registerWallet(referrer, NOON - 100);
      const referee = randomWallet();
      await store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now: NOON - 50, terms: referralTerms(DEFAULT_RULEBOOK) });
      await complete(store, { wallet: referrer, questId: "a", catalogVersion: version, points: questPoints(visit("a", 5)) });
      await complete(store, { wallet: referrer, questId: "b", catalogVersion: version, points: 7, periodSeconds: SECONDS_PER_DAY, now: NOON + 1 });

      const ledger = await store.getQuestLedger(referrer, 10);
      expect(ledger).toEqual({ points: 12, total: 2, entries: [{ source: "quest", questId: "b", points: 7, at: NOON + 1 }, { source: "quest", questId: "a", points: 5, at: NOON }] });
      expect(ledger.entries.reduce((sum, e) => sum + e.points, 0)).toBe(ledger.points);
      expect(await store.getWalletState(referrer)).toMatchObject({ referralsCount: 1, score: 1 + 12 });
      expect(await totalScore(store)).toBe(13 + 1);
      const rows = [
        { wallet: referrer, score: 13, referralsCount: 1 },
        { wallet: referee, score: 1, referralsCount: 0 },
      ];
      expect((await store.readBoard("all", 10)).rows).toEqual(rows);
      expect((await store.readBoard(SEASON, 10)).rows).toEqual(rows);
    });

    it("a completion moves the board version; one of 0 points records the completion and moves no score", async () => {
      const { store, version } = await withQuests(visit("free", 0), visit("paid", 1));
      const wallet = randomWallet();
      const before = await store.getBoardVersion();
      expect(await complete(store, { wallet, questId: "free", catalogVersion: version, points: 0 })).toEqual({ outcome: "credited", questPoints: 0 });
      expect((await store.getWalletState(wallet)).score).toBe(0);
      expect(await store.getQuestLedger(wallet, 10)).toMatchObject({ points: 0, total: 1 });
      const afterFree = await store.getBoardVersion();
      await complete(store, { wallet, questId: "paid", catalogVersion: version, points: 1 });
      expect(await store.getBoardVersion()).toBeGreaterThan(Math.max(before, afterFree));
    });

    it("a disqualified wallet's quest points are held: off the boards and the score total, back on reinstatement", async () => {
      const { store, version } = await withQuests(visit("a", 5));
      const wallet = randomWallet();
      await store.registerWallet(wallet, NOON - 100);
      await store.disqualify({ wallet, reason: "farm", cascade: false, admin: ADMIN, now: NOON - 10 });
      expect(await complete(store, { wallet, questId: "a", catalogVersion: version })).toEqual({ outcome: "credited", questPoints: 5 });
      expect((await store.readBoard("all", 10)).rows).toEqual([]);
      expect((await store.readBoard(SEASON, 10)).rows).toEqual([]);
      expect(await totalScore(store)).toBe(0);
      expect((await store.getWalletState(wallet)).score).toBe(5);
      await store.reinstate({ wallet, admin: ADMIN, now: NOON + 10 });
      expect((await store.readBoard(SEASON, 10)).rows).toEqual([{ wallet, score: 5, referralsCount: 0 }]);
      expect(await totalScore(store)).toBe(5);
    });

    it("points changed after a completion keep the old completion's points", async () => {
      const { store, version } = await withQuests(visit("a", 5, "daily"));
      const wallet = randomWallet();
      await complete(store, { wallet, questId: "a", catalogVersion: version, points: 5, periodSeconds: SECONDS_PER_DAY });
      const changed = await store.replaceQuest(visit("a", 8, "daily"), version);
      expect(changed.outcome).toBe("replaced");
      await complete(store, { wallet, questId: "a", catalogVersion: changed.version, points: 8, periodSeconds: SECONDS_PER_DAY, now: NOON + SECONDS_PER_DAY });
      expect((await store.getQuestLedger(wallet, 10)).entries.map((e) => e.points)).toEqual([8, 5]);
      expect((await store.getWalletState(wallet)).score).toBe(13);
    });

    it("the ledger page is the newest `limit` entries", async () => {
      const { store, version } = await withQuests(visit("d", 1, "daily"));
      const wallet = randomWallet();
      for (let i = 0; i < 3; i++) {
        await complete(store, { wallet, questId: "d", catalogVersion: version, points: 1, periodSeconds: SECONDS_PER_DAY, now: NOON + i * SECONDS_PER_DAY });
      }
      expect(await store.getQuestLedger(wallet, 2)).toEqual({
        points: 3,
        total: 3,
        entries: [{ source: "quest", questId: "d", points: 1, at: NOON + 2 * SECONDS_PER_DAY }, { source: "quest", questId: "d", points: 1, at: NOON + SECONDS_PER_DAY }],
      });
      expect((await store.getQuestLedger(wallet, 0)).entries).toEqual([]);
    });

    it("the wallet report carries the newest LOOKUP_LEDGER_PAGE ledger entries and the catalog's size", async () => {
      const { store, version } = await withQuests(visit("d", 2, "daily"), { ...visit("gone", 1), archived: true });
      const wallet = randomWallet();
      expect((await store.getWalletReport(wallet, 0, 10)).quests).toEqual({ ledger: { points: 0, total: 0, entries: [] }, catalogSize: 2 });
      const at = (i: number) => NOON + i * SECONDS_PER_DAY;
      for (let i = 0; i < LOOKUP_LEDGER_PAGE; i++) {
        await complete(store, { wallet, questId: "d", catalogVersion: version, points: 2, periodSeconds: SECONDS_PER_DAY, now: at(i) });
      }
      const full = (await store.getWalletReport(wallet, 0, 10)).quests;
      expect(full).toMatchObject({ ledger: { points: 2 * LOOKUP_LEDGER_PAGE, total: LOOKUP_LEDGER_PAGE }, catalogSize: 2 });
      expect(full.ledger.entries).toHaveLength(LOOKUP_LEDGER_PAGE);
      expect(full.ledger).toEqual(await store.getQuestLedger(wallet, LOOKUP_LEDGER_PAGE));
      // One more: the page keeps the newest, the oldest falls off, the total counts it.
      await complete(store, { wallet, questId: "d", catalogVersion: version, points: 2, periodSeconds: SECONDS_PER_DAY, now: at(LOOKUP_LEDGER_PAGE) });
      const over = (await store.getWalletReport(wallet, 0, 10)).quests.ledger;
      expect(over.total).toBe(LOOKUP_LEDGER_PAGE + 1);
      expect(over.entries).toHaveLength(LOOKUP_LEDGER_PAGE);
      expect(over.entries[0]).toEqual({ source: "quest", questId: "d", points: 2, at: at(LOOKUP_LEDGER_PAGE) });
      expect(over.entries.at(-1)).toEqual({ source: "quest", questId: "d", points: 2, at: at(1) });
    });

    it("the wrapper refuses a malformed quest or completion before the backend", async () => {
      const store = await fresh();
      await expect(store.createQuest({ ...visit("a", 1), id: "Not A Slug" })).rejects.toThrow(RangeError);
      await expect(complete(store, { wallet: randomWallet(), questId: "a", catalogVersion: 0, points: -1 })).rejects.toThrow(RangeError);
      await expect(store.importQuests([visit("a", 1), visit("a", 2)])).rejects.toThrow(/one id/);
      await expect(store.createQuest({ ...visit("a", 1), description: "x".repeat(MAX_STORED_QUEST_BYTES) })).rejects.toThrow(RangeError);
    });
  });
}
