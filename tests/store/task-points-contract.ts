/**
 * The tasks' points (TaskPoints of lib/store/ports/quests.ts) on every backend, behind the validating
 * wrapper: set in the catalog (moving its version, kept by import), credited by a check-in that checks in
 * and by a social task's first completion in their own step (board, season, score total, quest points, a
 * `task:` ledger entry), nothing by a refused check-in or a repeat; 0 changes nothing. A streak bonus is
 * credited by the check-in whose streak is exactly its length, in the same step.
 */
import { afterEach, describe, expect, it } from "vitest";
import { SECONDS_PER_DAY, utcDay } from "@/lib/domain/analytics";
import { MAX_QUEST_POINTS } from "@/lib/domain/quests";
import { STREAK_WINDOW_SECONDS, streakBonusId } from "@/lib/domain/rulebook";
import { CHECKIN_COOLDOWN_SECONDS } from "@/lib/domain/tasks";
import { checked } from "@/lib/store/checked";
import type { Store, TaskPoints } from "@/lib/store/types";
import { TEST_SEASONS, type OpenBoardStore } from "@/tests/store/board-contract";
import { randomWallet } from "@/tests/support/wallets";

const TODAY = utcDay(Math.floor(Date.now() / 1000));
const NOON = TODAY * SECONDS_PER_DAY + SECONDS_PER_DAY / 2;
/** TEST_SEASONS runs season 3 today. */
const SEASON = { season: 3 };

export function describeTaskPointsContract(name: string, open: OpenBoardStore) {
  describe(`task points contract: ${name}`, () => {
    const opened: Store[] = [];
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });
    const fresh = async (taskPoints?: TaskPoints) => {
      const store = checked(await open(TEST_SEASONS));
      opened.push(store);
      if (taskPoints) await store.setTaskPoints(taskPoints);
      return store;
    };
    const checkIn = (store: Store, wallet: string, now: number) => store.checkIn(wallet, now, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
    /** Everything a credit moves: the wallet's score, its season row, the score total, its quest points and ledger. */
    const creditsOf = async (store: Store, wallet: string) => ({
      score: (await store.getWalletState(wallet)).score,
      season: (await store.readBoard(SEASON, 10)).rows?.find((row) => row.wallet === wallet)?.score ?? null,
      total: (await store.getCampaign(TODAY, TODAY + 1, [])).totalScore,
      ledger: await store.getQuestLedger(wallet, 10),
    });

    it("the catalog holds them: set replaces them whole, 0 is absent, each write moves the version, import keeps or replaces them", async () => {
      const store = await fresh();
      const set = await store.setTaskPoints({ daily_checkin: 3, fc_follow: 0, add_miniapp: MAX_QUEST_POINTS });
      expect(set).toEqual({ outcome: "set", version: 1 });
      expect(await store.readQuestCatalog()).toMatchObject({ version: 1, taskPoints: { daily_checkin: 3, add_miniapp: MAX_QUEST_POINTS } });
      expect((await store.readQuestCatalog()).taskPoints).not.toHaveProperty("fc_follow");
      expect(await store.importQuests([])).toEqual({ outcome: "imported", version: 2 });
      expect((await store.readQuestCatalog()).taskPoints).toEqual({ daily_checkin: 3, add_miniapp: MAX_QUEST_POINTS });
      expect(await store.importQuests([], { fc_comment: 1 })).toEqual({ outcome: "imported", version: 3 });
      expect((await store.readQuestCatalog()).taskPoints).toEqual({ fc_comment: 1 });
      await expect(store.setTaskPoints({ fc_comment: MAX_QUEST_POINTS + 1 })).rejects.toThrow(RangeError);
      await expect(store.setTaskPoints({ fc_comment: -1 })).rejects.toThrow(RangeError);
      await expect(store.setTaskPoints({ nft_mint: 1 } as TaskPoints)).rejects.toThrow(RangeError);
    });

    it("a check-in worth 3 credits 3 once per check-in; a refused check-in (one second short of the cooldown) credits nothing", async () => {
      const store = await fresh({ daily_checkin: 3 });
      const wallet = randomWallet();
      expect(await checkIn(store, wallet, NOON)).toMatchObject({ checkedIn: true });
      const entry = { source: "task", questId: "daily_checkin", points: 3 };
      expect(await creditsOf(store, wallet)).toEqual({ score: 3, season: 3, total: 3, ledger: { points: 3, total: 1, entries: [{ ...entry, at: NOON }] } });
      const boardVersion = await store.getBoardVersion();

      expect(await checkIn(store, wallet, NOON + CHECKIN_COOLDOWN_SECONDS - 1)).toMatchObject({ checkedIn: false });
      expect(await creditsOf(store, wallet)).toMatchObject({ score: 3, total: 3, ledger: { points: 3, total: 1 } });
      expect(await store.getBoardVersion()).toBe(boardVersion);

      const next = NOON + CHECKIN_COOLDOWN_SECONDS;
      expect(await checkIn(store, wallet, next)).toMatchObject({ checkedIn: true, streak: 2 });
      expect(await creditsOf(store, wallet)).toMatchObject({ score: 6, total: 6, ledger: { points: 6, total: 2, entries: [{ ...entry, at: next }, { ...entry, at: NOON }] } });
      expect((await store.readQuests(wallet)).wallet).toMatchObject({ points: 6, lastCompleted: {} });
    });

    it("a social task worth 2 credits 2 on its first completion only, concurrent ones included; other tasks stay at 0", async () => {
      const store = await fresh({ fc_follow: 2 });
      const wallet = randomWallet();
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => store.completeSocialTask(wallet, "fc_follow", NOON + i)));
      expect(results.filter((result) => result.completed)).toHaveLength(1);
      expect(await store.completeSocialTask(wallet, "fc_like_recast", NOON + 20)).toMatchObject({ completed: true });
      const at = results.find((result) => result.completed)!.completedAt;
      expect(await creditsOf(store, wallet)).toEqual({
        score: 2,
        season: 2,
        total: 2,
        ledger: { points: 2, total: 1, entries: [{ source: "task", questId: "fc_follow", points: 2, at }] },
      });
    });

    it("a change of points credits the new points from the next check-in on; back to 0 credits nothing", async () => {
      const store = await fresh({ daily_checkin: 3 });
      const wallet = randomWallet();
      await checkIn(store, wallet, NOON);
      await store.setTaskPoints({ daily_checkin: 5 });
      await checkIn(store, wallet, NOON + CHECKIN_COOLDOWN_SECONDS);
      await store.setTaskPoints({});
      await checkIn(store, wallet, NOON + 2 * CHECKIN_COOLDOWN_SECONDS);
      expect(await creditsOf(store, wallet)).toMatchObject({ score: 8, ledger: { points: 8, total: 2 } });
    });

    it("a streak bonus at 3 days is credited by the check-in that makes a streak of exactly 3, not 2 or 4, and again once a broken streak gets back to 3", async () => {
      const store = await fresh({ daily_checkin: 1, [streakBonusId(3)]: 50, [streakBonusId(5)]: 7 });
      expect((await store.readQuestCatalog()).taskPoints).toEqual({ daily_checkin: 1, "streak:3": 50, "streak:5": 7 });
      const wallet = randomWallet();
      const day = (n: number) => NOON + n * CHECKIN_COOLDOWN_SECONDS;
      for (const n of [0, 1]) await checkIn(store, wallet, day(n));
      expect(await creditsOf(store, wallet)).toMatchObject({ score: 2, ledger: { points: 2, total: 2 } });

      expect(await checkIn(store, wallet, day(2))).toMatchObject({ checkedIn: true, streak: 3 });
      const bonus = { source: "task", questId: "streak:3", points: 50, at: day(2) };
      const checkInEntry = { source: "task", questId: "daily_checkin", points: 1, at: day(2) };
      expect(await creditsOf(store, wallet)).toMatchObject({ score: 53, total: 53, ledger: { points: 53, total: 4 } });
      expect((await store.getQuestLedger(wallet, 2)).entries).toEqual(expect.arrayContaining([bonus, checkInEntry]));

      expect(await checkIn(store, wallet, day(3))).toMatchObject({ streak: 4 });
      expect(await creditsOf(store, wallet)).toMatchObject({ score: 54, ledger: { total: 5 } });

      // A missed day: the streak starts again at 1 and earns the 3-day bonus a second time.
      const restart = day(3) + STREAK_WINDOW_SECONDS;
      expect(await checkIn(store, wallet, restart)).toMatchObject({ streak: 1 });
      for (const n of [1, 2]) await checkIn(store, wallet, restart + n * CHECKIN_COOLDOWN_SECONDS);
      expect(await creditsOf(store, wallet)).toMatchObject({ score: 54 + 3 + 50, ledger: { points: 107, total: 9 } });
      expect((await store.readQuests(wallet)).wallet).toMatchObject({ points: 107, lastCompleted: {} });
    });

    it("a streak bonus needs no check-in points, a refused check-in credits none, and the catalog refuses a length outside 2 to 365", async () => {
      const store = await fresh({ [streakBonusId(2)]: 4 });
      const wallet = randomWallet();
      await checkIn(store, wallet, NOON);
      expect(await checkIn(store, wallet, NOON + CHECKIN_COOLDOWN_SECONDS - 1)).toMatchObject({ checkedIn: false });
      expect(await creditsOf(store, wallet)).toEqual({ score: 0, season: null, total: 0, ledger: { points: 0, total: 0, entries: [] } });
      expect(await checkIn(store, wallet, NOON + CHECKIN_COOLDOWN_SECONDS)).toMatchObject({ streak: 2 });
      expect(await creditsOf(store, wallet)).toMatchObject({
        score: 4,
        total: 4,
        ledger: { points: 4, total: 1, entries: [{ source: "task", questId: "streak:2", points: 4, at: NOON + CHECKIN_COOLDOWN_SECONDS }] },
      });
      expect(await store.setTaskPoints({ [streakBonusId(365)]: 1 })).toMatchObject({ outcome: "set" });
      await expect(store.setTaskPoints({ [streakBonusId(1)]: 1 })).rejects.toThrow(RangeError);
      await expect(store.setTaskPoints({ [streakBonusId(366)]: 1 })).rejects.toThrow(RangeError);
      await expect(store.setTaskPoints({ "streak:02": 1 } as TaskPoints)).rejects.toThrow(RangeError);
    });

    it("readQuests hands the tasks' points with the catalog, and none when the caller holds its version", async () => {
      const store = await fresh({ daily_checkin: 2, [streakBonusId(7)]: 30 });
      const wallet = randomWallet();
      const read = await store.readQuests(wallet);
      expect(read.taskPoints).toEqual({ daily_checkin: 2, "streak:7": 30 });
      expect((await store.readQuests(wallet, read.version)).taskPoints).toBeNull();
    });

    it("worth 0 (the default), a check-in and a social task answer and write as without task points", async () => {
      const [plain, zero] = [await fresh(), await fresh({ daily_checkin: 0, fc_follow: 0 })];
      const wallet = randomWallet();
      for (const store of [plain, zero]) {
        expect(await checkIn(store, wallet, NOON)).toEqual({ checkedIn: true, streak: 1, referralPending: false });
        expect(await store.completeSocialTask(wallet, "fc_follow", NOON + 1)).toEqual({ completedAt: NOON + 1, completed: true });
        expect(await creditsOf(store, wallet)).toEqual({ score: 0, season: null, total: 0, ledger: { points: 0, total: 0, entries: [] } });
        expect((await store.readQuests(wallet)).wallet.points).toBe(0);
      }
      expect(await zero.getBoardVersion()).toBe(await plain.getBoardVersion());
    });
  });
}
