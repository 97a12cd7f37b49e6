/**
 * creditAction (lib/store/ports/quests.ts) for a rulebook action outside the quest catalog, on every
 * backend behind the validating wrapper: once under concurrency, a period at exactly its boundary, the
 * points as given, the ledger, the boards, the season, the held entry and the score total, and no catalog
 * check. The quest side of the same operation is tests/store/quests-contract.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { SECONDS_PER_DAY, utcDay } from "@/lib/domain/analytics";
import { earnRule, type EarnRule } from "@/lib/domain/rulebook";
import { checked } from "@/lib/store/checked";
import type { Store } from "@/lib/store/types";
import { TEST_SEASONS, type OpenBoardStore } from "@/tests/store/board-contract";
import { randomWallet } from "@/tests/support/wallets";

const TODAY = utcDay(Math.floor(Date.now() / 1000));
const NOON = TODAY * SECONDS_PER_DAY + SECONDS_PER_DAY / 2;
/** TEST_SEASONS runs season 3 today. */
const SEASON = { season: 3 };
const ADMIN = "0x00000000000000000000000000000000000000ad";

/** Rules no default holds: 7 points once, and 3 points each hour. */
const ONCE: EarnRule = earnRule({ points: 7, periodSeconds: null });
const HOURLY: EarnRule = earnRule({ points: 3, periodSeconds: 3_600 });

export function describeCreditActionContract(name: string, open: OpenBoardStore) {
  describe(`credit action contract: ${name}`, () => {
    const opened: Store[] = [];
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });
    const fresh = async () => {
      const store = checked(await open(TEST_SEASONS));
      opened.push(store);
      return store;
    };
    const credit = (store: Store, wallet: string, rule: EarnRule, now: number, id = "share") => store.creditAction({ wallet, action: { source: "action", id }, ...rule, now });
    /** Everything a credit moves: the wallet's score, its all-time and season rows, the score total, its ledger. */
    const creditsOf = async (store: Store, wallet: string) => ({
      score: (await store.getWalletState(wallet)).score,
      all: (await store.readBoard("all", 10)).rows?.find((row) => row.wallet === wallet)?.score ?? null,
      season: (await store.readBoard(SEASON, 10)).rows?.find((row) => row.wallet === wallet)?.score ?? null,
      total: (await store.getCampaign(TODAY, TODAY + 1, [])).totalScore,
      ledger: await store.getQuestLedger(wallet, 10),
    });

    it("a once action under 10 concurrent credits is credited exactly once, with its points, everywhere a credit goes", async () => {
      const store = await fresh();
      const wallet = randomWallet();
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => credit(store, wallet, ONCE, NOON + i)));
      const credited = results.filter((result) => result.outcome === "credited");
      expect(credited).toEqual([{ outcome: "credited", questPoints: 7 }]);
      const at = NOON + results.findIndex((result) => result.outcome === "credited");
      expect(results.filter((result) => result.outcome === "already")).toEqual(Array(9).fill({ outcome: "already", at }));
      expect(await creditsOf(store, wallet)).toEqual({
        score: 7,
        all: 7,
        season: 7,
        total: 7,
        ledger: { points: 7, total: 1, entries: [{ source: "action", questId: "share", points: 7, at }] },
      });
      // The credit made the wallet known, at the credit's time.
      expect((await store.getWallets([wallet]))[0]).toMatchObject({ wallet, createdAt: at });
    });

    it("a repeating action is on cooldown until exactly its period", async () => {
      const store = await fresh();
      const wallet = randomWallet();
      expect(await credit(store, wallet, HOURLY, NOON)).toEqual({ outcome: "credited", questPoints: 3 });
      expect(await credit(store, wallet, HOURLY, NOON + 3_599)).toEqual({ outcome: "cooldown", last: NOON });
      expect(await credit(store, wallet, HOURLY, NOON + 3_600)).toEqual({ outcome: "credited", questPoints: 6 });
      expect(await credit(store, wallet, HOURLY, NOON + 3_601)).toEqual({ outcome: "cooldown", last: NOON + 3_600 });
      expect((await creditsOf(store, wallet)).ledger.entries.map((entry) => entry.at)).toEqual([NOON + 3_600, NOON]);
    });

    it("asks no catalog: credited while the catalog moves, counted in no quest's completions, apart from a quest of the same id", async () => {
      const store = await fresh();
      await store.createQuest({ id: "share", title: "Share", description: "", type: "visit", params: { url: "https://example.com/" }, points: 2, recurrence: "once", archived: false });
      const { version } = await store.readQuestCatalog();
      await store.createQuest({ id: "later", title: "Later", description: "", type: "visit", params: { url: "https://example.com/" }, points: 1, recurrence: "once", archived: false });
      const wallet = randomWallet();
      expect(await credit(store, wallet, ONCE, NOON)).toEqual({ outcome: "credited", questPoints: 7 });
      // The quest "share" is its own: the action's credit neither does it nor blocks it.
      expect(await store.creditAction({ wallet, action: { source: "quest", id: "share", catalogVersion: version }, points: 2, periodSeconds: null, now: NOON + 1 })).toEqual({ outcome: "stale" });
      expect(await store.creditAction({ wallet, action: { source: "quest", id: "share", catalogVersion: version + 1 }, points: 2, periodSeconds: null, now: NOON + 1 })).toEqual({
        outcome: "credited",
        questPoints: 9,
      });
      expect(await credit(store, wallet, ONCE, NOON + 2)).toEqual({ outcome: "already", at: NOON });
      expect((await store.readQuestCatalog()).completions).toEqual({ share: 1 });
      // The dashboard's progress lists quests only.
      expect((await store.readQuests(wallet)).wallet).toMatchObject({ points: 9 });
      expect((await store.readQuests(wallet)).wallet.lastCompleted).toEqual({ share: NOON + 1 });
      expect((await store.getQuestLedger(wallet, 10)).entries.map((entry) => entry.source)).toEqual(["quest", "action"]);
    });

    it("a disqualified wallet's action points are held: off the boards and the score total, back on reinstatement", async () => {
      const store = await fresh();
      const wallet = randomWallet();
      await store.registerWallet(wallet, NOON - 100);
      await store.disqualify({ wallet, reason: "farm", cascade: false, admin: ADMIN, now: NOON - 10 });
      expect(await credit(store, wallet, ONCE, NOON)).toEqual({ outcome: "credited", questPoints: 7 });
      expect(await creditsOf(store, wallet)).toMatchObject({ score: 7, all: null, season: null, total: 0 });
      await store.reinstate({ wallet, admin: ADMIN, now: NOON + 10 });
      expect(await creditsOf(store, wallet)).toMatchObject({ score: 7, all: 7, season: 7, total: 7 });
    });

    it("0 points records the credit and its once guard, and moves no score", async () => {
      const store = await fresh();
      const wallet = randomWallet();
      expect(await credit(store, wallet, { points: 0, periodSeconds: null }, NOON)).toEqual({ outcome: "credited", questPoints: 0 });
      expect(await credit(store, wallet, { points: 0, periodSeconds: null }, NOON + 1)).toEqual({ outcome: "already", at: NOON });
      expect(await creditsOf(store, wallet)).toMatchObject({ score: 0, total: 0, ledger: { points: 0, total: 1 } });
    });

    it("the wrapper refuses an action id that is not a slug, so none can pass for another's stored id", async () => {
      const store = await fresh();
      await expect(credit(store, randomWallet(), ONCE, NOON, "task:daily_checkin")).rejects.toThrow(RangeError);
      await expect(credit(store, randomWallet(), ONCE, NOON, "Share")).rejects.toThrow(RangeError);
      await expect(credit(store, randomWallet(), { points: 1, periodSeconds: 0 }, NOON)).rejects.toThrow(RangeError);
    });
  });
}
