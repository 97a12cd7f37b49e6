/**
 * Qualified referrals (REFERRAL_QUALIFY) in the store: a binding that waits for its referee, and the
 * credit that follows exactly once, from whichever step qualifies it (recordReferral, checkIn,
 * markNftMint, creditReferral). Every backend runs exactly these tests, behind the validating
 * wrapper, each on a fresh store; each ends with the invariant checker finding nothing.
 */
import { describe, expect, it } from "vitest";
import { SECONDS_PER_DAY, utcDay } from "@/lib/domain/analytics";
import type { QualifyRule } from "@/lib/domain/qualify";
import { CHECKIN_COOLDOWN_SECONDS } from "@/lib/domain/tasks";
import { refCodeOf } from "@/lib/domain/wallet";
import { checkInvariants } from "@/lib/operators/invariants";
import type { Store } from "@/lib/store/types";
import { freshStores, type OpenStore } from "@/tests/store/analytics-contract";
import { bareRecord } from "@/tests/store/admin-contract";
import { boardRows } from "@/tests/support/board";
import { randomWallet } from "@/tests/support/wallets";
import { CREDIT, termsUnder } from "@/tests/support/rules";
import { STREAK_WINDOW_SECONDS } from "@/lib/domain/rulebook";

const TODAY = utcDay(Math.floor(Date.now() / 1000));
const NOON = TODAY * SECONDS_PER_DAY + SECONDS_PER_DAY / 2;
const ADMIN = "0x00000000000000000000000000000000000000ad";

export function describeQualifyContract(name: string, open: OpenStore) {
  describe(`qualified referrals contract: ${name}`, () => {
    const fresh = freshStores(open);
    /** Binds the referee and expects `credited`: whether that step credited the referral too. */
    const refer = async (store: Store, referee: string, referrer: string, qualify: QualifyRule, now = NOON, credited = false) =>
      expect(await store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now, terms: termsUnder(qualify) })).toEqual({
        outcome: "recorded",
        referrer,
        credited,
      });
    const known = async (store: Store, now = NOON - 100) => {
      const wallet = randomWallet();
      await store.registerWallet(wallet, now);
      return wallet;
    };
    const campaign = async (store: Store) => (await store.getCampaign(TODAY, TODAY, [])).days[0]!;
    const totalScore = async (store: Store) => (await store.getCampaign(TODAY, TODAY, [])).totalScore;
    const clean = async (store: Store) => {
      const report = await checkInvariants(store);
      expect(report.samples).toEqual([]);
      return report;
    };

    it("with a rule, a referral binds at once and waits: no points, no count, one pending on each side", async () => {
      const store = await fresh();
      const referrer = await known(store);
      const referee = randomWallet();
      await refer(store, referee, referrer, "checkin");

      expect(await store.getReferrer(referee)).toBe(referrer);
      expect(await store.getWalletState(referee)).toMatchObject({ referrer, score: 0, referralPending: true, pendingReferrals: 0 });
      expect(await store.getWalletState(referrer)).toMatchObject({ referralsCount: 0, score: 0, referralPending: false, pendingReferrals: 1 });
      expect(await store.getReferralInfo(referrer, NOON + 1)).toMatchObject({ referralsCount: 0, pendingReferrals: 1, referralPending: false });
      expect(await store.getReferralInfo(referee, NOON + 1)).toMatchObject({ referrer, referralPending: true, pendingReferrals: 0 });
      expect(await store.registerWallet(referee, NOON + 1)).toMatchObject({ isNew: false, referralPending: true });
      expect(await boardRows(store, 10)).toEqual([]);
      expect((await campaign(store)).referrals).toBe(0);
      expect(await totalScore(store)).toBe(0);
      // The binding is final: another code changes nothing, and is answered as already recorded.
      const other = await known(store);
      expect(await store.recordReferral({ referee, refCode: refCodeOf(other), selfReferral: false, now: NOON + 2, terms: termsUnder("checkin") })).toEqual({
        outcome: "already-recorded",
        referrer,
      });
      const report = await clean(store);
      expect(report.referrals).toBe(1);
    });

    it("checkin: the referee's first check-in credits both sides at its time, once", async () => {
      const store = await fresh();
      const referrer = await known(store);
      const referee = randomWallet();
      await refer(store, referee, referrer, "checkin");

      // The step that credits names the referrer, to be told.
      expect(await store.checkIn(referee, NOON + 60, CHECKIN_COOLDOWN_SECONDS, CREDIT, STREAK_WINDOW_SECONDS)).toStrictEqual({
        checkedIn: true,
        streak: 1,
        referralPending: false,
        creditedReferrer: referrer,
      });
      expect(await store.getWalletState(referrer)).toMatchObject({ referralsCount: 1, score: 1, pendingReferrals: 0 });
      expect(await store.getWalletState(referee)).toMatchObject({ score: 1, referralPending: false });
      expect(await boardRows(store, 10)).toEqual([
        { wallet: referee < referrer ? referee : referrer, score: 1, referralsCount: referee < referrer ? 0 : 1 },
        { wallet: referee < referrer ? referrer : referee, score: 1, referralsCount: referee < referrer ? 1 : 0 },
      ]);
      const records = await store.getWallets([referrer, referee]);
      expect(records[0]!.entry).toEqual({ score: 1, reachedAt: NOON + 60 });
      expect(records[1]!.entry).toEqual({ score: 1, reachedAt: NOON + 60 });
      expect((await campaign(store)).referrals).toBe(1);
      expect(await totalScore(store)).toBe(2);
      expect(await store.areActiveReferrers([referrer])).toEqual([true]);

      // Later check-ins, and the other ways to qualify, credit nothing more.
      const next = NOON + 60 + CHECKIN_COOLDOWN_SECONDS;
      expect(await store.checkIn(referee, next, CHECKIN_COOLDOWN_SECONDS, CREDIT, STREAK_WINDOW_SECONDS)).toStrictEqual({ checkedIn: true, streak: 2, referralPending: false });
      expect(await store.creditReferral(referee, next, CREDIT)).toBeNull();
      expect(await store.getWalletState(referrer)).toMatchObject({ referralsCount: 1, score: 1 });
      expect(await totalScore(store)).toBe(2);
      await clean(store);
    });

    it("checkin: a check-in refused by the cooldown credits nothing and says the referral still waits", async () => {
      const store = await fresh();
      const referrer = await known(store);
      const referee = await known(store);
      // Checked in under another rule: that check-in started the cooldown but credited nothing.
      await refer(store, referee, referrer, "onchain");
      expect(await store.checkIn(referee, NOON + 10, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS)).toStrictEqual({ checkedIn: true, streak: 1, referralPending: true });
      expect(await store.checkIn(referee, NOON + 20, CHECKIN_COOLDOWN_SECONDS, CREDIT, STREAK_WINDOW_SECONDS)).toEqual({
        checkedIn: false,
        last: NOON + 10,
        referralPending: true,
      });
      expect(await store.getWalletState(referrer)).toMatchObject({ referralsCount: 0, pendingReferrals: 1 });
      await clean(store);
    });

    it("checkin: a referee that checked in before it was bound qualifies at binding", async () => {
      const store = await fresh();
      const referrer = await known(store);
      const referee = randomWallet();
      // Nothing waits yet, so nothing is credited by this check-in.
      expect(await store.checkIn(referee, NOON - 50, CHECKIN_COOLDOWN_SECONDS, CREDIT, STREAK_WINDOW_SECONDS)).toStrictEqual({ checkedIn: true, streak: 1, referralPending: false });
      await refer(store, referee, referrer, "checkin", NOON, true);
      expect(await store.getWalletState(referee)).toMatchObject({ score: 1, referralPending: false });
      expect(await store.getWalletState(referrer)).toMatchObject({ referralsCount: 1, score: 1, pendingReferrals: 0 });
      await clean(store);
    });

    it("nft_mint: the referee's verified nft_mint credits, and one verified before binding credits at binding", async () => {
      const store = await fresh();
      const referrer = await known(store);
      const [later, earlier] = [randomWallet(), randomWallet()];
      expect(await store.markNftMint(earlier, NOON - 10, CREDIT)).toEqual({ marked: true, creditedReferrer: null });
      await refer(store, earlier, referrer, "nft_mint", NOON, true);
      await refer(store, later, referrer, "nft_mint", NOON + 1);
      expect(await store.getWalletState(referrer)).toMatchObject({ referralsCount: 1, score: 1, pendingReferrals: 1 });

      // A check-in is not what this rule asks for.
      expect(await store.checkIn(later, NOON + 2, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS)).toStrictEqual({ checkedIn: true, streak: 1, referralPending: true });
      expect(await store.getWalletState(later)).toMatchObject({ score: 0, referralPending: true });
      // The credit names the referrer once; a repeated nft_mint credits nothing.
      expect(await store.markNftMint(later, NOON + 3, CREDIT)).toEqual({ marked: true, creditedReferrer: referrer });
      expect(await store.markNftMint(later, NOON + 4, CREDIT)).toEqual({ marked: false, creditedReferrer: null });
      expect(await store.getWalletState(later)).toMatchObject({ score: 1, referralPending: false, nftMint: true });
      expect(await store.getWalletState(referrer)).toMatchObject({ referralsCount: 2, score: 2, pendingReferrals: 0 });
      expect((await store.getWallets([referrer]))[0]!.entry).toEqual({ score: 2, reachedAt: NOON + 3 });
      await clean(store);
    });

    it("onchain: the binding always waits; creditReferral credits once, naming the referrer, and is null for anyone else", async () => {
      const store = await fresh();
      const referrer = await known(store);
      const referee = await known(store);
      await store.checkIn(referee, NOON - 10, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      expect((await store.markNftMint(referee, NOON - 10, null)).creditedReferrer).toBeNull();
      await refer(store, referee, referrer, "onchain");
      expect(await store.getWalletState(referee)).toMatchObject({ score: 0, referralPending: true });

      expect(await store.creditReferral(randomWallet(), NOON + 5, CREDIT)).toBeNull();
      expect(await store.creditReferral(referrer, NOON + 5, CREDIT)).toBeNull();
      expect(await store.creditReferral(referee, NOON + 5, CREDIT)).toBe(referrer);
      expect(await store.creditReferral(referee, NOON + 6, CREDIT)).toBeNull();
      expect(await store.getWalletState(referrer)).toMatchObject({ referralsCount: 1, score: 1, pendingReferrals: 0 });
      expect(await store.getWalletState(referee)).toMatchObject({ score: 1, referralPending: false });
      await clean(store);
    });

    it("without a rule nothing waits, as docs/api.md says, whatever the referee did", async () => {
      const store = await fresh();
      const referrer = await known(store);
      const referee = randomWallet();
      await refer(store, referee, referrer, "none", NOON, true);
      expect(await store.getWalletState(referee)).toMatchObject({ score: 1, referralPending: false });
      expect(await store.getWalletState(referrer)).toMatchObject({ referralsCount: 1, score: 1, pendingReferrals: 0 });
      expect(await store.creditReferral(referee, NOON + 1, CREDIT)).toBeNull();
      // Nothing waits: neither step names the referrer.
      expect(await store.checkIn(referee, NOON + 2, CHECKIN_COOLDOWN_SECONDS, CREDIT, STREAK_WINDOW_SECONDS)).toStrictEqual({ checkedIn: true, streak: 1, referralPending: false });
      expect((await store.markNftMint(referee, NOON + 3, CREDIT)).creditedReferrer).toBeNull();
      await clean(store);
    });

    it("20 concurrent qualifying actions credit exactly once", async () => {
      const store = await fresh();
      const referrer = await known(store);
      const referee = randomWallet();
      await refer(store, referee, referrer, "checkin");
      const now = NOON + 30;
      const actions = Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? store.checkIn(referee, now, CHECKIN_COOLDOWN_SECONDS, CREDIT, STREAK_WINDOW_SECONDS) : store.creditReferral(referee, now, CREDIT),
      );
      const results = await Promise.all(actions);
      const checkIns = results.filter((r) => typeof r === "object" && r !== null && r.checkedIn).length;
      expect(checkIns).toBe(1);
      // Either the one successful check-in credited, or exactly one creditReferral did: one names the referrer.
      const named = results.map((r) => (typeof r === "object" && r !== null ? (r.checkedIn && r.creditedReferrer) || null : r)).filter((r) => r !== null);
      expect(named).toEqual([referrer]);
      expect(await store.getWalletState(referrer)).toMatchObject({ referralsCount: 1, score: 1, pendingReferrals: 0 });
      expect(await store.getWalletState(referee)).toMatchObject({ score: 1, referralPending: false });
      expect(await totalScore(store)).toBe(2);
      expect((await campaign(store)).referrals).toBe(1);
      await clean(store);
    });

    it("disqualifying a referrer while its referees qualify: every credit lands, the referrer's on its held entry", async () => {
      const store = await fresh();
      const referrer = await known(store);
      const referees = Array.from({ length: 20 }, randomWallet);
      for (const [i, referee] of referees.entries()) await refer(store, referee, referrer, "checkin", NOON + i);
      const now = NOON + 100;
      const [disqualified, ...checkIns] = await Promise.all([
        store.disqualify({ wallet: referrer, reason: "farm", cascade: false, admin: ADMIN, now }),
        ...referees.map((referee) => store.checkIn(referee, now, CHECKIN_COOLDOWN_SECONDS, CREDIT, STREAK_WINDOW_SECONDS)),
      ]);
      expect(disqualified).toMatchObject({ outcome: "disqualified" });
      // A held referrer is still told of each credit.
      expect(checkIns).toEqual(referees.map(() => ({ checkedIn: true, streak: 1, referralPending: false, creditedReferrer: referrer })));
      expect(await store.getWalletState(referrer)).toMatchObject({ referralsCount: 20, score: 20, pendingReferrals: 0 });
      expect((await store.getRankOrCreate(referrer, now + 1)).rank).toBe(0);
      const board = await boardRows(store, 100);
      expect(board.map((row) => row.wallet).sort()).toEqual([...referees].sort());
      expect(await totalScore(store)).toBe(20);
      await clean(store);

      await store.reinstate({ wallet: referrer, admin: ADMIN, now: now + 1 });
      expect((await boardRows(store, 1))[0]).toEqual({ wallet: referrer, score: 20, referralsCount: 20 });
      expect(await totalScore(store)).toBe(40);
      await clean(store);
    });

    it("operator records carry the pending state, and the checker counts pending referees apart", async () => {
      const store = await fresh();
      const referrer = randomWallet();
      const [pending, credited] = [randomWallet(), randomWallet()];
      await store.putWallets([
        bareRecord({ wallet: referrer, createdAt: NOON - 10, referralsCount: 1, pendingReferrals: 1, entry: { score: 1, reachedAt: NOON } }),
        bareRecord({ wallet: pending, createdAt: NOON - 5, referrer, referredAt: NOON, referralPending: true }),
        bareRecord({ wallet: credited, createdAt: NOON - 5, referrer, referredAt: NOON, entry: { score: 1, reachedAt: NOON } }),
      ]);
      const [r, p, c] = await store.getWallets([referrer, pending, credited]);
      expect(r).toMatchObject({ pendingReferrals: 1, referralsCount: 1 });
      expect(r!.referralPending).toBeUndefined();
      expect(p).toMatchObject({ referralPending: true });
      expect(p!.pendingReferrals).toBeUndefined();
      expect(c!.referralPending).toBeUndefined();
      await clean(store);

      // The pending referee qualifies from the imported state like any other.
      expect(await store.creditReferral(pending, NOON + 10, CREDIT)).toBe(referrer);
      expect((await store.getWallets([referrer]))[0]).toMatchObject({ referralsCount: 2, entry: { score: 2, reachedAt: NOON + 10 } });
      expect((await store.getWallets([referrer]))[0]!.pendingReferrals).toBeUndefined();

      // Malformed pending state never reaches a backend.
      await expect(store.putWallets([bareRecord({ referralPending: true })])).rejects.toThrow(/only with a referrer/);
      await expect(store.putWallets([bareRecord({ pendingReferrals: 0 })])).rejects.toThrow(/pendingReferrals/);

      // A wrong pending count is a count-mismatch, like a wrong referralsCount.
      await store.putWallets([bareRecord({ wallet: referrer, createdAt: NOON - 10, referralsCount: 2, pendingReferrals: 3, entry: { score: 2, reachedAt: NOON + 10 } })]);
      const report = await checkInvariants(store);
      expect(report.byKind["count-mismatch"]).toBe(1);
    });
  });
}
