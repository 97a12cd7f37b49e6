/**
 * The live board's storage (lib/store/ports/leaderboard.ts): the board version written with every
 * change of a board, conditional reads, around-me at the edges, and season boards on a fake clock.
 * Every backend runs exactly these tests, behind the validating wrapper, each on a fresh store.
 */
import { afterEach, describe, expect, it } from "vitest";
import { SECONDS_PER_DAY, utcDay } from "@/lib/domain/analytics";
import { seasonAt, type SeasonSchedule } from "@/lib/domain/seasons";
import { CHECKIN_COOLDOWN_SECONDS } from "@/lib/domain/tasks";
import { refCodeOf } from "@/lib/domain/wallet";
import { checked } from "@/lib/store/checked";
import type { LeaderboardRow, Store } from "@/lib/store/types";
import { bareRecord } from "@/tests/store/admin-contract";
import { boardRows } from "@/tests/support/board";
import { randomWallet } from "@/tests/support/wallets";
import { AT_ONCE, CREDIT, termsUnder } from "@/tests/support/rules";
import { STREAK_WINDOW_SECONDS } from "@/lib/domain/rulebook";

const TODAY = utcDay(Math.floor(Date.now() / 1000));
const NOON = TODAY * SECONDS_PER_DAY + SECONDS_PER_DAY / 2;
const ADMIN = "0x00000000000000000000000000000000000000ad";

/** Weekly seasons: season 1 began 20 days ago, season 3 is running today. */
export const TEST_SEASONS: SeasonSchedule = { startDay: TODAY - 20, lengthDays: 7 };
const IN_SEASON_1 = (TODAY - 19) * SECONDS_PER_DAY + 3_600;
const IN_SEASON_2 = (TODAY - 12) * SECONDS_PER_DAY + 3_600;
const BEFORE_SEASONS = (TODAY - 25) * SECONDS_PER_DAY;

/** Opens a fresh, empty store of the backend with this season schedule (null: seasons off). */
export type OpenBoardStore = (seasons: SeasonSchedule | null) => Promise<Store>;

/** `count` wallets in ascending order, for ties that order by wallet. */
const sortedWallets = (count: number) => Array.from({ length: count }, randomWallet).sort();

export function describeBoardContract(name: string, open: OpenBoardStore) {
  describe(`live board contract: ${name}`, () => {
    const opened: Store[] = [];
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });
    const fresh = async (seasons: SeasonSchedule | null = null) => {
      const store = checked(await open(seasons));
      opened.push(store);
      return store;
    };
    const refer = async (store: Store, referee: string, referrer: string, now = NOON) =>
      expect((await store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now, terms: AT_ONCE })).outcome).toBe("recorded");
    const known = async (store: Store, now = NOON - 100) => {
      const wallet = randomWallet();
      await store.registerWallet(wallet, now);
      return wallet;
    };

    /** Ten entries with scores 10 down to 1, put directly: wallets in rank order. */
    async function tenEntries(store: Store): Promise<string[]> {
      const wallets = sortedWallets(10);
      await store.putWallets(wallets.map((wallet, i) => bareRecord({ wallet, entry: { score: 10 - i, reachedAt: NOON - 50 } })));
      return wallets;
    }

    describe("the board version", () => {
      it("grows with every write that changes a board, and only with those", async () => {
        const store = await fresh();
        const versions: number[] = [await store.getBoardVersion()];
        const moved = async (what: string, write: () => Promise<unknown>, changes = true) => {
          const before = await store.getBoardVersion();
          await write();
          const after = await store.getBoardVersion();
          if (changes) expect(after, what).toBeGreaterThan(before);
          else expect(after, what).toBe(before);
          versions.push(after);
        };
        const referrer = await known(store);
        const referee = randomWallet();
        await moved("registering a wallet", () => store.registerWallet(randomWallet(), NOON), false);
        await moved("a referral", () => refer(store, referee, referrer));
        await moved("a duplicate referral", () => store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now: NOON + 1, terms: AT_ONCE }), false);
        await moved("a check-in", () => store.checkIn(referee, NOON + 2, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS), false);
        await moved("a social task", () => store.completeSocialTask(referee, "fc_follow", NOON + 2), false);
        await moved("a look-up that creates an entry", () => store.getRankOrCreate(randomWallet(), NOON + 3));
        await moved("a look-up of an existing entry", () => store.getRankOrCreate(referee, NOON + 4), false);
        await moved("reads", async () => {
          await store.readBoard("all", 10);
          await store.getAround("all", referee, 3);
        }, false);
        await moved("a disqualification", () => store.disqualify({ wallet: referrer, reason: "farm", cascade: false, admin: ADMIN, now: NOON + 5 }));
        await moved("a reinstatement", () => store.reinstate({ wallet: referrer, admin: ADMIN, now: NOON + 6 }));
        await moved("an import", () => store.putWallets([bareRecord({ entry: { score: 3, reachedAt: NOON } })]));
        const pendingReferee = randomWallet();
        await moved("a pending binding", () => store.recordReferral({ referee: pendingReferee, refCode: refCodeOf(referrer), selfReferral: false, now: NOON + 7, terms: termsUnder("checkin") }), false);
        await moved("its credit", () => store.checkIn(pendingReferee, NOON + 8, CHECKIN_COOLDOWN_SECONDS, CREDIT, STREAK_WINDOW_SECONDS));
        expect(versions).toEqual([...versions].sort((a, b) => a - b));
      });

      it("a conditional read skips the rows while the version stands, and reads them once it moves", async () => {
        const store = await fresh();
        const [a] = await tenEntries(store);
        const first = await store.readBoard("all", 3);
        expect(first.rows?.map((r) => r.score)).toEqual([10, 9, 8]);
        expect(first.version).toBe(await store.getBoardVersion());
        expect(await store.readBoard("all", 3, first.version)).toEqual({ version: first.version, rows: null });
        await refer(store, randomWallet(), a!);
        const second = await store.readBoard("all", 3, first.version);
        expect(second.version).toBeGreaterThan(first.version);
        expect(second.rows?.[0]).toEqual({ wallet: a, score: 11, referralsCount: 1 });
        expect(await store.readBoard("all", 3)).toEqual(second);
      });

      it("getRankOrCreate answers with the version after its step", async () => {
        const store = await fresh();
        const row = await store.getRankOrCreate(randomWallet(), NOON);
        expect(row.version).toBe(await store.getBoardVersion());
        expect(row).toMatchObject({ rank: 1, score: 0, referralsCount: 0 });
      });

      it("concurrent writes each move the version; it ends above every version read on the way", async () => {
        const store = await fresh();
        const referrer = await known(store);
        const start = await store.getBoardVersion();
        const seen = await Promise.all(
          Array.from({ length: 20 }, async (_, i) => {
            await refer(store, randomWallet(), referrer, NOON + i);
            return store.getBoardVersion();
          }),
        );
        const end = await store.getBoardVersion();
        expect(end).toBeGreaterThanOrEqual(start + 20);
        for (const version of seen) expect(version).toBeLessThanOrEqual(end);
      });
    });

    describe("around me", () => {
      const ranks = (read: { rows: { rank: number }[] }) => read.rows.map((r) => r.rank);

      it("clips at the top and at the bottom, and centres in between", async () => {
        const store = await fresh();
        const wallets = await tenEntries(store);
        const first = await store.getAround("all", wallets[0]!, 2);
        expect([first.rank, ranks(first)]).toEqual([1, [1, 2, 3]]);
        expect(first.rows[0]).toEqual({ wallet: wallets[0], score: 10, referralsCount: 0, rank: 1 });
        const middle = await store.getAround("all", wallets[4]!, 2);
        expect([middle.rank, ranks(middle)]).toEqual([5, [3, 4, 5, 6, 7]]);
        expect(middle.rows.map((r) => r.wallet)).toEqual(wallets.slice(2, 7));
        const last = await store.getAround("all", wallets[9]!, 3);
        expect([last.rank, ranks(last)]).toEqual([10, [7, 8, 9, 10]]);
        const alone = await store.getAround("all", wallets[6]!, 0);
        expect(alone.rows).toEqual([{ wallet: wallets[6], score: 4, referralsCount: 0, rank: 7 }]);
        const wide = await store.getAround("all", wallets[5]!, 25);
        expect(ranks(wide)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        expect(wide.version).toBe(await store.getBoardVersion());
      });

      it("ranks match the top list exactly, ties included", async () => {
        const store = await fresh();
        const tied = sortedWallets(5);
        await store.putWallets(tied.map((wallet) => bareRecord({ wallet, entry: { score: 2, reachedAt: NOON } })));
        const top = await boardRows(store, 10);
        const around = await store.getAround("all", tied[2]!, 2);
        expect(around.rows).toEqual(top.map((row, i) => ({ ...row, rank: i + 1 })));
      });

      it("an unranked wallet has no neighbourhood: unknown, known without an entry, or disqualified", async () => {
        const store = await fresh();
        const wallets = await tenEntries(store);
        const withoutEntry = await known(store);
        await store.disqualify({ wallet: wallets[3]!, reason: "farm", cascade: false, admin: ADMIN, now: NOON });
        for (const wallet of [randomWallet(), withoutEntry, wallets[3]!]) {
          expect(await store.getAround("all", wallet, 5)).toEqual({ version: await store.getBoardVersion(), rank: 0, rows: [] });
        }
        // The board closes up behind the disqualified wallet.
        expect(ranks(await store.getAround("all", wallets[4]!, 1))).toEqual([3, 4, 5]);
        expect((await store.getAround("all", wallets[4]!, 1)).rows.map((r) => r.wallet)).toEqual([wallets[2], wallets[4], wallets[5]]);
      });
    });

    describe("seasons", () => {
      it("every point also counts on the board of the season it is scored in; the all-time board has them all", async () => {
        const store = await fresh(TEST_SEASONS);
        expect([seasonAt(BEFORE_SEASONS, TEST_SEASONS), seasonAt(IN_SEASON_1, TEST_SEASONS), seasonAt(IN_SEASON_2, TEST_SEASONS), seasonAt(NOON, TEST_SEASONS)]).toEqual([0, 1, 2, 3]);
        const [early, late] = [await known(store, BEFORE_SEASONS - 10), await known(store, BEFORE_SEASONS - 10)];
        await refer(store, randomWallet(), early, BEFORE_SEASONS);
        for (let i = 0; i < 3; i++) await refer(store, randomWallet(), early, IN_SEASON_1 + i);
        for (let i = 0; i < 2; i++) await refer(store, randomWallet(), late, IN_SEASON_2 + i);
        await refer(store, randomWallet(), early, IN_SEASON_2 + 10);

        const all = await store.readBoard("all", 2);
        expect(all.rows).toEqual([
          { wallet: early, score: 5, referralsCount: 5 },
          { wallet: late, score: 2, referralsCount: 2 },
        ]);
        const one = (await store.readBoard({ season: 1 }, 10)).rows!;
        expect(one[0]).toEqual({ wallet: early, score: 3, referralsCount: 3 });
        // Its three referees scored in season 1 too, each with 1 and no referral of its own.
        expect(one.slice(1).map((r) => [r.score, r.referralsCount])).toEqual([[1, 0], [1, 0], [1, 0]]);
        // Season 2: late with its two referees, then early (one referral, later) with its referee.
        const two = (await store.readBoard({ season: 2 }, 10)).rows!;
        expect(two[0]).toEqual({ wallet: late, score: 2, referralsCount: 2 });
        expect(two.find((r) => r.wallet === early)).toEqual({ wallet: early, score: 1, referralsCount: 1 });
        expect(two.map((r) => r.score)).toEqual([2, 1, 1, 1, 1]);
        expect((await store.readBoard({ season: 3 }, 10)).rows).toEqual([]);
        expect(await store.countLeaderboard({ season: 1 })).toBe(4);
        expect(await store.countLeaderboard({ season: 2 })).toBe(5);
        expect(await store.countLeaderboard()).toBe(9);
      });

      it("a season's rank, around-me and stream read its board; a wallet without a season entry is unranked there", async () => {
        const store = await fresh(TEST_SEASONS);
        const referrer = await known(store, IN_SEASON_2 - 10);
        const referees = Array.from({ length: 4 }, randomWallet);
        for (const [i, referee] of referees.entries()) await refer(store, referee, referrer, IN_SEASON_2 + i);
        const outsider = await known(store);
        await store.getRankOrCreate(outsider, NOON);

        expect(await store.getSeasonRank(2, referrer)).toEqual({ wallet: referrer, score: 4, referralsCount: 4, rank: 1, version: await store.getBoardVersion() });
        expect(await store.getSeasonRank(2, referees[3]!)).toMatchObject({ rank: 5, score: 1, referralsCount: 0 });
        expect(await store.getSeasonRank(2, outsider)).toMatchObject({ rank: 0, score: 0, referralsCount: 0 });
        expect(await store.getSeasonRank(3, referrer)).toMatchObject({ rank: 0, score: 0 });
        const around = await store.getAround({ season: 2 }, referees[1]!, 1);
        expect([around.rank, around.rows.map((r) => r.wallet)]).toEqual([3, [referees[0], referees[1], referees[2]]]);
        expect((await store.getAround({ season: 2 }, outsider, 3)).rows).toEqual([]);

        const streamed: LeaderboardRow[] = [];
        let cursor = "0";
        do {
          const page = await store.scanLeaderboard(cursor, 2, { season: 2 });
          streamed.push(...page.rows);
          cursor = page.cursor;
        } while (cursor !== "0");
        expect(streamed).toEqual((await store.readBoard({ season: 2 }, 10)).rows);
      });

      it("a disqualified wallet leaves every season board too, and comes back with its season scores", async () => {
        const store = await fresh(TEST_SEASONS);
        const referrer = await known(store, IN_SEASON_1 - 10);
        await refer(store, randomWallet(), referrer, IN_SEASON_1);
        await refer(store, randomWallet(), referrer, IN_SEASON_1 + 1);
        await refer(store, randomWallet(), referrer, NOON);
        await store.disqualify({ wallet: referrer, reason: "farm", cascade: false, admin: ADMIN, now: NOON + 1 });
        expect((await store.readBoard({ season: 1 }, 10)).rows!.map((r) => r.wallet)).not.toContain(referrer);
        expect((await store.readBoard({ season: 3 }, 10)).rows!.map((r) => r.wallet)).not.toContain(referrer);
        expect(await store.getSeasonRank(1, referrer)).toMatchObject({ rank: 0 });
        expect(await store.countLeaderboard({ season: 1 })).toBe(2);
        // Held, it still scores in the season, off the board.
        await refer(store, randomWallet(), referrer, NOON + 2);
        await store.reinstate({ wallet: referrer, admin: ADMIN, now: NOON + 3 });
        expect((await store.readBoard({ season: 1 }, 1)).rows).toEqual([{ wallet: referrer, score: 2, referralsCount: 2 }]);
        expect((await store.readBoard({ season: 3 }, 1)).rows).toEqual([{ wallet: referrer, score: 2, referralsCount: 2 }]);
      });

      it("a pending referral counts in the season in which it is credited", async () => {
        const store = await fresh(TEST_SEASONS);
        const referrer = await known(store, IN_SEASON_2 - 10);
        const referee = randomWallet();
        await store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now: IN_SEASON_2, terms: termsUnder("checkin") });
        await store.checkIn(referee, NOON, CHECKIN_COOLDOWN_SECONDS, CREDIT, STREAK_WINDOW_SECONDS);
        expect((await store.readBoard({ season: 2 }, 10)).rows).toEqual([]);
        expect((await store.readBoard({ season: 3 }, 1)).rows).toEqual([{ wallet: referee < referrer ? referee : referrer, score: 1, referralsCount: referee < referrer ? 0 : 1 }]);
      });

      it("with seasons off, no season board fills", async () => {
        const store = await fresh(null);
        const referrer = await known(store);
        await refer(store, randomWallet(), referrer, NOON);
        expect((await store.readBoard({ season: 1 }, 10)).rows).toEqual([]);
        expect(await store.countLeaderboard({ season: 1 })).toBe(0);
        expect((await store.readBoard("all", 10)).rows).toHaveLength(2);
      });
    });
  });
}
