/**
 * The store applies the rulebook it is given (lib/domain/rulebook.ts) and holds no rule of its own: with
 * a non-default rulebook (3 points to the referrer, 2 to the referee) every backend stores exactly those
 * points, on the all-time board, the running season's, a held entry and in the score total, under each
 * condition of a binding; a credit of 0 points moves no entry. Every backend runs exactly these tests,
 * behind the validating wrapper, each on a fresh store with weekly seasons.
 */
import { afterEach, describe, expect, it } from "vitest";
import { SECONDS_PER_DAY, utcDay } from "@/lib/domain/analytics";
import type { QualifyRule } from "@/lib/domain/qualify";
import { DEFAULT_RULEBOOK, referralCredit, referralTerms, type ReferralTerms, type Rulebook, STREAK_WINDOW_SECONDS } from "@/lib/domain/rulebook";
import { CHECKIN_COOLDOWN_SECONDS } from "@/lib/domain/tasks";
import { refCodeOf } from "@/lib/domain/wallet";
import { checkInvariants } from "@/lib/operators/invariants";
import { checked } from "@/lib/store/checked";
import type { Store } from "@/lib/store/types";
import { TEST_SEASONS, type OpenBoardStore } from "@/tests/store/board-contract";
import { randomWallet } from "@/tests/support/wallets";

const TODAY = utcDay(Math.floor(Date.now() / 1000));
const NOON = TODAY * SECONDS_PER_DAY + SECONDS_PER_DAY / 2;
/** TEST_SEASONS runs season 3 today. */
const SEASON = { season: 3 };
const ADMIN = "0x00000000000000000000000000000000000000ad";

const RULES: Rulebook = { referral: { referrer: 3, referee: 2 }, qualify: "none" };
const CREDIT = referralCredit(RULES);
const under = (qualify: QualifyRule): ReferralTerms => referralTerms({ ...RULES, qualify });
/** The boundary of a credit: no points at all. */
const NO_POINTS = referralCredit({ ...RULES, referral: { referrer: 0, referee: 0 } });

export function describeRulebookContract(name: string, open: OpenBoardStore) {
  describe(`rulebook contract (referrer 3, referee 2): ${name}`, () => {
    const opened: Store[] = [];
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });
    const fresh = async () => {
      const store = checked(await open(TEST_SEASONS));
      opened.push(store);
      return store;
    };
    const known = async (store: Store, now = NOON - 100) => {
      const wallet = randomWallet();
      await store.registerWallet(wallet, now);
      return wallet;
    };
    const refer = async (store: Store, referee: string, referrer: string, terms: ReferralTerms, now = NOON) =>
      expect((await store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now, terms })).outcome).toBe("recorded");
    const scoreOf = async (store: Store, wallet: string) => (await store.getWalletState(wallet)).score;
    const totalScore = async (store: Store) => (await store.getCampaign(TODAY, TODAY, [])).totalScore;
    const entryOf = async (store: Store, wallet: string) => (await store.getWallets([wallet]))[0]?.entry ?? null;
    /** The invariant checker finds nothing under the rulebook's points, and flags the scores under the default's. */
    const clean = async (store: Store) => {
      expect((await checkInvariants(store, { points: RULES.referral })).samples).toEqual([]);
      expect((await checkInvariants(store, { points: DEFAULT_RULEBOOK.referral })).byKind["score-mismatch"]).toBeGreaterThan(0);
    };

    it("a binding credited at once gives each side its points, on the all-time board, the season's and in the score total", async () => {
      const store = await fresh();
      const referrer = await known(store);
      const [first, second] = [randomWallet(), randomWallet()];
      await refer(store, first, referrer, under("none"));
      await refer(store, second, referrer, under("none"), NOON + 1);

      expect(await store.getWalletState(referrer)).toMatchObject({ referralsCount: 2, score: 6 });
      expect(await scoreOf(store, first)).toBe(2);
      expect(await entryOf(store, second)).toEqual({ score: 2, reachedAt: NOON + 1 });
      expect(await totalScore(store)).toBe(10);
      const all = (await store.readBoard("all", 10)).rows;
      expect(all).toEqual([
        { wallet: referrer, score: 6, referralsCount: 2 },
        { wallet: first, score: 2, referralsCount: 0 },
        { wallet: second, score: 2, referralsCount: 0 },
      ]);
      expect((await store.readBoard(SEASON, 10)).rows).toEqual(all);
      await clean(store);
    });

    it("a held wallet's points land on its held entry, and the score total counts only what is on the board", async () => {
      const store = await fresh();
      const referrer = await known(store);
      await refer(store, randomWallet(), referrer, under("none"));
      await store.disqualify({ wallet: referrer, reason: "farm", cascade: false, admin: ADMIN, now: NOON + 1 });
      expect(await totalScore(store)).toBe(2);

      const referee = randomWallet();
      await refer(store, referee, referrer, under("none"), NOON + 2);
      expect(await entryOf(store, referrer)).toEqual({ score: 6, reachedAt: NOON + 2 });
      expect(await totalScore(store)).toBe(4);
      expect((await store.readBoard(SEASON, 10)).rows!.map((r) => r.wallet)).not.toContain(referrer);

      await store.reinstate({ wallet: referrer, admin: ADMIN, now: NOON + 3 });
      expect(await totalScore(store)).toBe(10);
      expect((await store.readBoard(SEASON, 1)).rows).toEqual([{ wallet: referrer, score: 6, referralsCount: 2 }]);
      await clean(store);
    });

    it("checked-in: the binding waits for the check-in that applies the credit; a referee that checked in before is credited at binding", async () => {
      const store = await fresh();
      const referrer = await known(store);
      const [waiting, early] = [randomWallet(), randomWallet()];
      await refer(store, waiting, referrer, under("checkin"));
      expect(await scoreOf(store, referrer)).toBe(0);
      expect(await totalScore(store)).toBe(0);

      expect(await store.checkIn(waiting, NOON + 10, CHECKIN_COOLDOWN_SECONDS, CREDIT, STREAK_WINDOW_SECONDS)).toStrictEqual({
        checkedIn: true,
        streak: 1,
        referralPending: false,
        creditedReferrer: referrer,
      });
      expect(await entryOf(store, referrer)).toEqual({ score: 3, reachedAt: NOON + 10 });
      expect(await entryOf(store, waiting)).toEqual({ score: 2, reachedAt: NOON + 10 });

      await store.checkIn(early, NOON + 20, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      await refer(store, early, referrer, under("checkin"), NOON + 30);
      expect(await store.getWalletState(referrer)).toMatchObject({ referralsCount: 2, score: 6, pendingReferrals: 0 });
      expect(await scoreOf(store, early)).toBe(2);
      expect(await totalScore(store)).toBe(10);
      await clean(store);
    });

    it("nft-mint: the binding waits for the nft_mint that applies the credit; a referee that minted before is credited at binding", async () => {
      const store = await fresh();
      const referrer = await known(store);
      const [waiting, early] = [randomWallet(), randomWallet()];
      await refer(store, waiting, referrer, under("nft_mint"));
      // A check-in given no credit leaves it waiting.
      await store.checkIn(waiting, NOON + 5, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      expect(await scoreOf(store, referrer)).toBe(0);

      expect((await store.markNftMint(waiting, NOON + 10, CREDIT)).creditedReferrer).toBe(referrer);
      expect(await entryOf(store, referrer)).toEqual({ score: 3, reachedAt: NOON + 10 });
      expect(await scoreOf(store, waiting)).toBe(2);

      expect(await store.markNftMint(early, NOON + 20, null)).toEqual({ marked: true, creditedReferrer: null });
      await refer(store, early, referrer, under("nft_mint"), NOON + 30);
      expect(await scoreOf(store, referrer)).toBe(6);
      expect(await totalScore(store)).toBe(10);
      expect((await store.readBoard(SEASON, 1)).rows).toEqual([{ wallet: referrer, score: 6, referralsCount: 2 }]);
      await clean(store);
    });

    it("later: the binding always waits, even for a referee that did everything; creditReferral applies the credit it is given, once", async () => {
      const store = await fresh();
      const referrer = await known(store);
      const referee = randomWallet();
      await store.checkIn(referee, NOON - 50, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      await store.markNftMint(referee, NOON - 40, null);
      await refer(store, referee, referrer, under("onchain"));
      expect(await store.getWalletState(referee)).toMatchObject({ referralPending: true, score: 0 });

      expect(await store.creditReferral(referee, NOON + 10, CREDIT)).toBe(referrer);
      expect(await store.creditReferral(referee, NOON + 11, CREDIT)).toBeNull();
      expect(await entryOf(store, referrer)).toEqual({ score: 3, reachedAt: NOON + 10 });
      expect(await entryOf(store, referee)).toEqual({ score: 2, reachedAt: NOON + 10 });
      expect(await totalScore(store)).toBe(5);
      expect((await store.readBoard(SEASON, 10)).rows!.map((r) => r.score)).toEqual([3, 2]);
      await clean(store);
    });

    it("a credit of 0 points moves no entry, no reachedAt and no total, and the referral still counts", async () => {
      const store = await fresh();
      const referrer = await known(store);
      await refer(store, randomWallet(), referrer, under("none"), NOON - 50);
      const before = { entry: await entryOf(store, referrer), total: await totalScore(store), season: (await store.readBoard(SEASON, 10)).rows };

      const [atOnce, waiting] = [randomWallet(), randomWallet()];
      await refer(store, atOnce, referrer, { credit: NO_POINTS, creditWhen: "now" });
      await refer(store, waiting, referrer, { credit: NO_POINTS, creditWhen: "checked-in" }, NOON + 1);
      expect(await store.checkIn(waiting, NOON + 2, CHECKIN_COOLDOWN_SECONDS, NO_POINTS, STREAK_WINDOW_SECONDS)).toMatchObject({ creditedReferrer: referrer });

      expect(await entryOf(store, referrer)).toEqual(before.entry);
      expect(await entryOf(store, atOnce)).toBeNull();
      expect(await entryOf(store, waiting)).toBeNull();
      expect(await totalScore(store)).toBe(before.total);
      expect((await store.getWalletState(referrer)).referralsCount).toBe(3);
      expect((await store.readBoard(SEASON, 10)).rows!.map((r) => [r.wallet, r.score])).toEqual(before.season!.map((r) => [r.wallet, r.score]));
      expect((await store.getCampaign(TODAY, TODAY, [])).days[0]?.referrals).toBe(3);
    });
  });
}
