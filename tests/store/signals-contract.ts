/**
 * The SignalsStore contract (lib/store/ports/signals.ts): farm signals kept per referrer by the
 * operations of their facts, and the suspicion ranking. Every backend runs exactly these tests,
 * behind the validating wrapper, each on a fresh store.
 */
import { describe, expect, it } from "vitest";
import { SECONDS_PER_DAY, utcDay } from "@/lib/domain/analytics";
import { CHECKIN_COOLDOWN_SECONDS } from "@/lib/domain/tasks";
import { refCodeOf } from "@/lib/domain/wallet";
import {
  BURST_WINDOW_SECONDS,
  QUICK_SECONDS,
  SUSPICION_WEIGHTS,
  suspicionOf,
  type SignalCounts,
  type Store,
  type SuspicionWeights,
} from "@/lib/store/types";
import { freshStores, type OpenStore } from "@/tests/store/analytics-contract";
import { bareRecord } from "@/tests/store/admin-contract";
import { randomWallet } from "@/tests/support/wallets";
import { AT_ONCE } from "@/tests/support/rules";
import { STREAK_WINDOW_SECONDS } from "@/lib/domain/rulebook";

const TODAY = utcDay(Math.floor(Date.now() / 1000));
const NOON = TODAY * SECONDS_PER_DAY + SECONDS_PER_DAY / 2;

/**
 * Weights unlike SUSPICION_WEIGHTS in every count, chosen so that the ranking of the profiles below
 * changes when any one of them is taken as 0 or as its default: a backend that ranks by anything but
 * the weights it was given fails.
 */
const WEIGHTS: SuspicionWeights = { referrals: 2, activeReferees: -2, quickReferees: 4, burst: -3, cycles: 1 };

/** Opens a fresh, empty store of the backend that ranks referrers by `weights`. */
export type OpenWeighted = (weights: SuspicionWeights) => Promise<Store>;

export function describeSignalsContract(name: string, open: OpenStore, openWeighted: OpenWeighted) {
  describe(`signals contract: ${name}`, () => {
    const fresh = freshStores(open);
    const weighted = freshStores(() => openWeighted(WEIGHTS));
    const refer = async (store: Store, referee: string, referrer: string, now: number) =>
      expect((await store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now, terms: AT_ONCE })).outcome).toBe("recorded");
    const referrer = async (store: Store) => {
      const wallet = randomWallet();
      await store.registerWallet(wallet, NOON - 100);
      return wallet;
    };
    const zero = { referrals: 0, burst: 0, quickReferees: 0, activeReferees: 0, cycles: 0, suspicion: 0, disqualified: false };

    it("a farm bound in seconds ranks first: every referee idle and quick, all in one burst", async () => {
      const store = await fresh();
      const farmer = await referrer(store);
      for (let i = 0; i < 30; i++) await refer(store, randomWallet(), farmer, NOON + i);
      const friendly = await referrer(store);
      for (let i = 0; i < 3; i++) {
        const friend = randomWallet();
        await refer(store, friend, friendly, NOON + 1000 * (i + 1));
        await store.checkIn(friend, NOON + 1000 * (i + 1) + 5, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      }
      const farm = { wallet: farmer, referrals: 30, burst: 30, quickReferees: 29, activeReferees: 0, cycles: 0, disqualified: false };
      expect(await store.getReferrerSignals(farmer)).toEqual({ ...farm, suspicion: 89 });
      expect(suspicionOf(farm)).toBe(89);
      expect(await store.getReferrerSignals(friendly)).toEqual({
        wallet: friendly,
        referrals: 3,
        burst: 1,
        quickReferees: 0,
        activeReferees: 3,
        cycles: 0,
        suspicion: 1,
        disqualified: false,
      });
      const ranking = await store.getSuspiciousReferrers(0, 10);
      expect(ranking.total).toBe(2);
      expect(ranking.rows.map((row) => [row.wallet, row.suspicion])).toEqual([
        [farmer, 89],
        [friendly, 1],
      ]);
    });

    it("a burst counts referrals less than 10 minutes apart; a quick referee, one at most 10 seconds after the previous", async () => {
      const store = await fresh();
      const wallet = await referrer(store);
      await refer(store, randomWallet(), wallet, NOON);
      await refer(store, randomWallet(), wallet, NOON + QUICK_SECONDS);
      await refer(store, randomWallet(), wallet, NOON + 2 * QUICK_SECONDS + 1);
      await refer(store, randomWallet(), wallet, NOON + BURST_WINDOW_SECONDS - 1);
      expect(await store.getReferrerSignals(wallet)).toMatchObject({ referrals: 4, burst: 4, quickReferees: 1 });
      // Exactly 600 s after the first, 1 s after the 4th: the window holds the 2nd to the 5th, not the 1st.
      await refer(store, randomWallet(), wallet, NOON + BURST_WINDOW_SECONDS);
      expect(await store.getReferrerSignals(wallet)).toMatchObject({ referrals: 5, burst: 4, quickReferees: 2 });
      for (let i = 1; i <= 4; i++) await refer(store, randomWallet(), wallet, NOON + 10 * BURST_WINDOW_SECONDS + i);
      expect(await store.getReferrerSignals(wallet)).toMatchObject({ referrals: 9, burst: 4, quickReferees: 5 });
    });

    it("a referee is active once, by its first check-in, social task or nft_mint after it was bound", async () => {
      const store = await fresh();
      const wallet = await referrer(store);
      const [checker, social, minter, idle, early] = [randomWallet(), randomWallet(), randomWallet(), randomWallet(), randomWallet()];
      // Acted before it was bound: that is not activity after binding.
      await store.checkIn(early, NOON - 50, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      for (const [i, referee] of [checker, social, minter, idle, early].entries()) await refer(store, referee, wallet, NOON + 100 * i);
      await store.checkIn(checker, NOON + 1000, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      await store.checkIn(checker, NOON + 1000 + CHECKIN_COOLDOWN_SECONDS, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      await store.completeSocialTask(checker, "fc_follow", NOON + 1001);
      await store.completeSocialTask(social, "fc_comment", NOON + 1002);
      await store.completeSocialTask(social, "fc_comment", NOON + 1003);
      await store.markNftMint(minter, NOON + 1004, null);
      await store.markNftMint(minter, NOON + 1005, null);
      // A wallet nobody referred acts without touching anyone's signals.
      await store.checkIn(randomWallet(), NOON + 1006, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      expect(await store.getReferrerSignals(wallet)).toMatchObject({ referrals: 5, activeReferees: 3 });
      expect((await store.getSuspiciousReferrers(0, 10)).total).toBe(1);
    });

    it("a referral that closes a loop of two or three counts for the referrer it credits", async () => {
      const store = await fresh();
      const [a, b, c, d] = [await referrer(store), await referrer(store), await referrer(store), await referrer(store)];
      await refer(store, b, a, NOON); // a -> b
      await refer(store, a, b, NOON + 1000); // b -> a: a loop of two, credited to b
      expect(await store.getReferrerSignals(b)).toMatchObject({ referrals: 1, cycles: 1 });
      expect((await store.getReferrerSignals(a)).cycles).toBe(0);

      await refer(store, d, c, NOON + 2000); // c -> d
      const e = randomWallet();
      await refer(store, e, d, NOON + 3000); // d -> e
      await store.registerWallet(e, NOON + 3001);
      await refer(store, c, e, NOON + 4000); // e -> c: c -> d -> e -> c, credited to e
      const loop = await store.getReferrerSignals(e);
      expect(loop).toMatchObject({ referrals: 1, cycles: 1, suspicion: 1 + 1 + SUSPICION_WEIGHTS.cycles });
      expect((await store.getReferrerSignals(d)).cycles).toBe(0);
    });

    it("ranks by suspicion, then wallet ascending; pages; names disqualified referrers", async () => {
      const store = await fresh();
      const wallets = [await referrer(store), await referrer(store), await referrer(store)].sort();
      // Each gets one idle referee, 20 minutes apart: suspicion 2 (1 idle + a burst of 1) for all three.
      for (const [i, wallet] of wallets.entries()) await refer(store, randomWallet(), wallet, NOON + 1200 * i);
      const top = await referrer(store);
      await refer(store, randomWallet(), top, NOON);
      await refer(store, randomWallet(), top, NOON + 1);
      const all = await store.getSuspiciousReferrers(0, 10);
      expect(all.total).toBe(4);
      expect(all.rows.map((row) => row.wallet)).toEqual([top, ...wallets]);
      expect(all.rows.map((row) => row.suspicion)).toEqual([5, 2, 2, 2]);
      expect((await store.getSuspiciousReferrers(1, 2)).rows.map((row) => row.wallet)).toEqual(wallets.slice(0, 2));
      expect(await store.getSuspiciousReferrers(4, 10)).toEqual({ total: 4, rows: [] });

      await store.disqualify({ wallet: top, reason: "farm", cascade: false, admin: "test", now: NOON + 5 });
      expect((await store.getSuspiciousReferrers(0, 1)).rows[0]).toMatchObject({ wallet: top, disqualified: true });
      expect((await store.getReferrerSignals(top)).disqualified).toBe(true);
    });

    it("ranks by the weights the store is given: each count weighs what they say", async () => {
      const store = await weighted();
      const profile = async (referrals: number[], acts = false) => {
        const wallet = await referrer(store);
        for (const at of referrals) {
          const referee = randomWallet();
          await refer(store, referee, wallet, at);
          if (acts) await store.checkIn(referee, at + 1, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
        }
        return wallet;
      };
      const active = await profile([NOON], true);
      const quick = await profile([NOON, NOON + QUICK_SECONDS]);
      const burst = await profile([NOON, NOON + QUICK_SECONDS + 1]);
      const slow = await profile([NOON, NOON + BURST_WINDOW_SECONDS]);
      // idle refers loop, then loop refers idle: a loop of two, credited to loop.
      const [idle, loop] = [await referrer(store), await referrer(store)];
      await refer(store, loop, idle, NOON);
      await refer(store, idle, loop, NOON + 1000);

      const counts: [string, SignalCounts][] = [
        [quick, { referrals: 2, burst: 2, quickReferees: 1, activeReferees: 0, cycles: 0 }],
        [slow, { referrals: 2, burst: 1, quickReferees: 0, activeReferees: 0, cycles: 0 }],
        [loop, { referrals: 1, burst: 1, quickReferees: 0, activeReferees: 0, cycles: 1 }],
        [idle, { referrals: 1, burst: 1, quickReferees: 0, activeReferees: 0, cycles: 0 }],
        [burst, { referrals: 2, burst: 2, quickReferees: 0, activeReferees: 0, cycles: 0 }],
        [active, { referrals: 1, burst: 1, quickReferees: 0, activeReferees: 1, cycles: 0 }],
      ];
      for (const [wallet, signals] of counts) {
        expect(await store.getReferrerSignals(wallet)).toEqual({ wallet, ...signals, suspicion: suspicionOf(signals, WEIGHTS), disqualified: false });
      }
      const ranking = await store.getSuspiciousReferrers(0, 10);
      expect(ranking.rows.map((row) => [row.wallet, row.suspicion])).toEqual([
        [quick, 2],
        [slow, 1],
        [loop, 0],
        [idle, -1],
        [burst, -2],
        [active, -3],
      ]);
      // Under SUSPICION_WEIGHTS the same counts rank otherwise: the order above is the given weights' doing.
      const byDefault = [...counts].sort(([, a], [, b]) => suspicionOf(b) - suspicionOf(a)).map(([wallet]) => wallet);
      expect(byDefault).not.toEqual(ranking.rows.map((row) => row.wallet));
    });

    it("concurrent referrals and first actions lose nothing and count once", async () => {
      const store = await fresh();
      const wallet = await referrer(store);
      const referees = Array.from({ length: 20 }, randomWallet);
      await Promise.all(referees.map((referee) => refer(store, referee, wallet, NOON)));
      await Promise.all(referees.flatMap((referee) => [
        store.checkIn(referee, NOON + 100, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS),
        store.completeSocialTask(referee, "fc_follow", NOON + 100),
        store.markNftMint(referee, NOON + 100, null),
      ]));
      expect(await store.getReferrerSignals(wallet)).toEqual({
        wallet,
        referrals: 20,
        burst: 20,
        quickReferees: 19,
        activeReferees: 20,
        cycles: 0,
        suspicion: 39,
        disqualified: false,
      });
    });

    it("a wallet that never referred has zero signals and is not ranked; imports write no signals", async () => {
      const store = await fresh();
      const stranger = randomWallet();
      expect(await store.getReferrerSignals(stranger)).toEqual({ wallet: stranger, ...zero });
      const imported = randomWallet();
      await store.putWallets([
        bareRecord({ wallet: imported, referralsCount: 1, entry: { score: 1, reachedAt: NOON } }),
        bareRecord({ referrer: imported, referredAt: NOON, entry: { score: 1, reachedAt: NOON } }),
      ]);
      expect(await store.getSuspiciousReferrers(0, 10)).toEqual({ total: 0, rows: [] });
      expect((await store.getReferrerSignals(imported)).burst).toBe(0);
    });

    it("the wrapper refuses malformed input before the backend sees it", async () => {
      const store = await fresh();
      await expect(store.getSuspiciousReferrers(-1, 10)).rejects.toThrow(RangeError);
      await expect(store.getSuspiciousReferrers(0, 0)).rejects.toThrow(RangeError);
      await expect(store.getSuspiciousReferrers(0, 501)).rejects.toThrow(RangeError);
      await expect(store.getReferrerSignals("0xABC")).rejects.toThrow(RangeError);
    });
  });
}
