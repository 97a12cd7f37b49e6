/**
 * The campaign counters of the AnalyticsStore (getCampaign, getTopReferrers, getWalletReport), written
 * by the operations of their facts: every backend runs exactly these tests, behind the validating
 * wrapper, each test on a fresh store, so a day's store-wide counts are the test's own.
 * Distinct counts are HyperLogLog estimates on Redis, exact at the small counts here.
 *
 * Times are near the real clock: Redis expires a day's keys at a wall-clock time (EXPIREAT),
 * so a day in the distant past would be dropped at once.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SECONDS_PER_DAY, utcDay } from "@/lib/domain/analytics";
import { CHECKIN_COOLDOWN_SECONDS } from "@/lib/domain/tasks";
import { refCodeOf } from "@/lib/domain/wallet";
import { MAX_CAMPAIGN_SPAN, type CampaignDay, type Store } from "@/lib/store/types";
import { freshStores, type OpenStore } from "@/tests/store/analytics-contract";
import { bareRecord } from "@/tests/store/admin-contract";
import { randomCode, randomWallet } from "@/tests/support/wallets";
import { AT_ONCE } from "@/tests/support/rules";
import { STREAK_WINDOW_SECONDS } from "@/lib/domain/rulebook";

const TODAY = utcDay(Math.floor(Date.now() / 1000));
const NOON = TODAY * SECONDS_PER_DAY + SECONDS_PER_DAY / 2;
const LAST_SECOND = (TODAY + 1) * SECONDS_PER_DAY - 1;
const NEXT_DAY = (TODAY + 1) * SECONDS_PER_DAY;
const DAY = CHECKIN_COOLDOWN_SECONDS;

const NOTHING: Omit<CampaignDay, "day"> = {
  visits: 0,
  uniqueVisitors: 0,
  newWallets: 0,
  connectedWithCode: 0,
  referrals: 0,
  checkIns: 0,
  socialTasks: { add_miniapp: 0, fc_follow: 0, fc_like_recast: 0, fc_comment: 0 },
  nftMints: 0,
};

/** A report's quests while the catalog is empty and the wallet has no ledger. */
const NO_QUESTS = { ledger: { points: 0, total: 0, entries: [] }, catalogSize: 0 };
/** `count` wallets in ascending order, for ties that order by wallet. */
const sortedWallets = (count: number) => Array.from({ length: count }, randomWallet).sort();

/**
 * `volume: false` leaves out the test of 65k visits: the Upstash REST store runs the same scripts
 * as Redis TCP, one HTTP round trip per visit through the test bridge (about 100 s).
 */
export function describeCampaignContract(name: string, open: OpenStore, { volume = true } = {}) {
  describe(`campaign counters contract: ${name}`, () => {
    const fresh = freshStores(open);

    const dayOf = async (store: Store, day = TODAY) => (await store.getCampaign(day, day, [])).days[0]!;
    const refer = (store: Store, referee: string, referrer: string, now = NOON) =>
      store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now, terms: AT_ONCE });

    it("a wallet counts once as new, on the day whichever operation first makes it known", async () => {
      const store = await fresh();
      const referrer = randomWallet();
      const [a, b, c, d, e, f, g] = Array.from({ length: 7 }, randomWallet);
      const makeKnown = async () => {
        await store.registerWallet(referrer, NOON);
        await store.registerWallet(a!, NOON);
        await store.getReferralInfo(b!, NOON);
        await store.checkIn(c!, NOON, DAY, null, STREAK_WINDOW_SECONDS);
        await store.completeSocialTask(d!, "fc_follow", NOON);
        await store.markNftMint(e!, NOON, null);
        await store.getRankOrCreate(f!, NOON);
        await refer(store, g!, referrer);
      };
      await makeKnown();
      expect((await dayOf(store)).newWallets).toBe(8);
      await makeKnown();
      expect((await dayOf(store)).newWallets).toBe(8);
    });

    it("every recordReferral counts its referee as connected, once a day, whatever the outcome", async () => {
      const store = await fresh();
      const referrer = randomWallet();
      await store.registerWallet(referrer, NOON);
      const [recorded, self, unknownCode] = [randomWallet(), randomWallet(), randomWallet()];
      expect((await refer(store, recorded, referrer)).outcome).toBe("recorded");
      expect((await refer(store, recorded, referrer)).outcome).toBe("already-recorded");
      expect((await store.recordReferral({ referee: self, refCode: refCodeOf(self), selfReferral: true, now: NOON, terms: AT_ONCE })).outcome).toBe(
        "self-referral",
      );
      expect((await store.recordReferral({ referee: unknownCode, refCode: randomCode(), selfReferral: false, now: NOON, terms: AT_ONCE })).outcome).toBe(
        "code-not-found",
      );
      await refer(store, recorded, referrer, NEXT_DAY);
      const { days } = await store.getCampaign(TODAY, TODAY + 1, []);
      expect(days.map((d) => [d.connectedWithCode, d.referrals])).toEqual([
        [3, 1],
        [1, 0],
      ]);
    });

    it("check-ins that succeed count; one refused on cooldown does not", async () => {
      const store = await fresh();
      const [a, b] = [randomWallet(), randomWallet()];
      expect(await store.checkIn(a, NOON, DAY, null, STREAK_WINDOW_SECONDS)).toEqual({ checkedIn: true, streak: 1, referralPending: false });
      expect((await store.checkIn(a, NOON + 60, DAY, null, STREAK_WINDOW_SECONDS)).checkedIn).toBe(false);
      await store.checkIn(b, NOON, DAY, null, STREAK_WINDOW_SECONDS);
      expect((await dayOf(store)).checkIns).toBe(2);
    });

    it("the first completion of each social task counts, per task; the first nft_mint counts, repeats do not", async () => {
      const store = await fresh();
      const [a, b] = [randomWallet(), randomWallet()];
      await store.completeSocialTask(a, "fc_follow", NOON);
      await store.completeSocialTask(a, "fc_follow", NOON + 1);
      await store.completeSocialTask(b, "fc_follow", NOON);
      await store.completeSocialTask(a, "add_miniapp", NOON);
      await store.markNftMint(a, NOON, null);
      await store.markNftMint(a, NOON + 1, null);
      expect(await dayOf(store)).toEqual({
        ...NOTHING,
        day: TODAY,
        newWallets: 2,
        socialTasks: { add_miniapp: 1, fc_follow: 2, fc_like_recast: 0, fc_comment: 0 },
        nftMints: 1,
      });
    });

    it("concurrent referrals and check-ins are all counted", async () => {
      const store = await fresh();
      const referrer = randomWallet();
      await store.registerWallet(referrer, NOON);
      const referees = Array.from({ length: 30 }, randomWallet);
      const checkers = Array.from({ length: 30 }, randomWallet);
      await Promise.all([
        ...referees.map((referee) => refer(store, referee, referrer)),
        ...checkers.map((wallet) => store.checkIn(wallet, NOON, DAY, null, STREAK_WINDOW_SECONDS)),
      ]);
      const { days, totalScore } = await store.getCampaign(TODAY, TODAY, []);
      expect(days[0]).toMatchObject({ newWallets: 61, referrals: 30, checkIns: 30 });
      // A distinct count: exact on SQLite, a HyperLogLog estimate on Redis, where two of 30 wallets
      // share a register a few times in a hundred runs (as the visitor counts of the analytics contract).
      expect(Math.abs(days[0]!.connectedWithCode - 30)).toBeLessThanOrEqual(1);
      expect(totalScore).toBe(60);
      expect(await store.getTopReferrers(TODAY, TODAY, 10)).toMatchObject([{ wallet: referrer, referrals: 30, referralsAllTime: 30 }]);
      expect((await store.getWalletReport(referrer, 0, 1)).referees.total).toBe(30);
    });

    it("a write at 23:59:59 UTC and one at 00:00:00 count on different days", async () => {
      const store = await fresh();
      await store.checkIn(randomWallet(), LAST_SECOND, DAY, null, STREAK_WINDOW_SECONDS);
      await store.checkIn(randomWallet(), NEXT_DAY, DAY, null, STREAK_WINDOW_SECONDS);
      const { days } = await store.getCampaign(TODAY - 1, TODAY + 2, []);
      expect(days.map((d) => [d.day, d.checkIns, d.newWallets])).toEqual([
        [TODAY - 1, 0, 0],
        [TODAY, 1, 1],
        [TODAY + 1, 1, 1],
        [TODAY + 2, 0, 0],
      ]);
    });

    it("a day's counters read zero once the retention after it has passed", async () => {
      const store = await fresh(3);
      const old = TODAY - 10;
      const referrer = randomWallet();
      const write = async (now: number) => {
        await refer(store, randomWallet(), referrer, now);
        await store.checkIn(randomWallet(), now, DAY, null, STREAK_WINDOW_SECONDS);
      };
      await store.registerWallet(referrer, old * SECONDS_PER_DAY);
      await write(old * SECONDS_PER_DAY + 60);
      // A later write of each kind is what removes expired rows on SQLite; on Redis the keys have expired already.
      await write(NOON);
      expect(await dayOf(store, old)).toEqual({ ...NOTHING, day: old });
      expect(await store.getTopReferrers(old, old, 10)).toEqual([]);
      expect(await dayOf(store)).toMatchObject({ referrals: 1, checkIns: 1, connectedWithCode: 1 });
    });

    it("a day's unique visitors and connected wallets: the same one twice in a day once, at 23:59:59 and 00:00:00 on two days", async () => {
      const store = await fresh();
      const [first, second] = [randomWallet(), randomWallet()];
      for (const wallet of [first, second]) await store.registerWallet(wallet, NOON);
      const [both, late, wallet] = [randomUUID(), randomUUID(), randomWallet()];
      // `both` opens two links at noon and one again at the last second: one visitor of the day.
      await store.countVisit({ refCode: refCodeOf(first), visitorId: both, now: NOON });
      await store.countVisit({ refCode: refCodeOf(second), visitorId: both, now: NOON });
      await store.countVisit({ refCode: refCodeOf(first), visitorId: both, now: LAST_SECOND });
      await store.countVisit({ refCode: refCodeOf(first), visitorId: late, now: LAST_SECOND });
      await store.countVisit({ refCode: refCodeOf(first), visitorId: both, now: NEXT_DAY });
      // The second ask of the day is refused (already bound) and still the same connected wallet.
      await refer(store, wallet, first, LAST_SECOND);
      await refer(store, wallet, second, LAST_SECOND);
      await refer(store, wallet, second, NEXT_DAY);
      const read = await store.getCampaign(TODAY, TODAY + 1, [
        { fromDay: TODAY, toDay: TODAY },
        { fromDay: TODAY, toDay: TODAY + 1 },
      ]);
      expect(read.days.map((d) => [d.day, d.visits, d.uniqueVisitors, d.connectedWithCode])).toEqual([
        [TODAY, 4, 2, 1],
        [TODAY + 1, 1, 1, 1],
      ]);
      expect(read.distinct).toEqual([
        { uniqueVisitors: 2, connectedWithCode: 1 },
        { uniqueVisitors: 2, connectedWithCode: 1 },
      ]);
      expect(await store.getVisits(null, TODAY, TODAY + 1)).toEqual([
        { day: TODAY, visits: 4, uniqueVisitors: 2 },
        { day: TODAY + 1, visits: 1, uniqueVisitors: 1 },
      ]);
    });

    if (volume) it("50k distinct visitors over three overlapping days: each day's uniques exact on SQLite, the range's an estimate", { timeout: 60_000 }, async () => {
      const store = await fresh();
      const owners = sortedWallets(20);
      for (const owner of owners) await store.registerWallet(owner, NOON);
      const codes = owners.map(refCodeOf);
      // Fixed ids, so each estimate is the same on every run.
      const id = (i: number) => `bench-visitor-${i.toString(36).padStart(6, "0")}`;
      const days = [
        { day: TODAY - 2, from: 0, to: 20_000 },
        { day: TODAY - 1, from: 10_000, to: 30_000 },
        { day: TODAY, from: 25_000, to: 50_000 },
      ];
      for (const { day, from, to } of days) {
        for (let i = from; i < to; i += 200) {
          const batch = Array.from({ length: Math.min(200, to - i) }, (_, k) => i + k);
          await Promise.all(batch.map((v) => store.countVisit({ refCode: codes[v % codes.length]!, visitorId: id(v), now: day * SECONDS_PER_DAY + 60 })));
        }
      }
      const read = await store.getCampaign(TODAY - 2, TODAY, [{ fromDay: TODAY - 2, toDay: TODAY }]);
      // HyperLogLog of 2^14 registers (Redis's, and SQLite's over several days): 0.81% standard
      // error, so one set's estimate is held to 3 standard errors; the mean error over many sets
      // is within 1% (tests/unit/hyperloglog.test.ts).
      const estimated = (actual: number, expected: number) => expect(Math.abs(actual - expected) / expected).toBeLessThanOrEqual(0.025);
      const daily = days.map(({ from, to }) => to - from);
      if (store.kind === "sqlite") expect(read.days.map((d) => d.uniqueVisitors)).toEqual(daily);
      else read.days.forEach((d, i) => estimated(d.uniqueVisitors, daily[i]!));
      estimated(read.distinct[0]!.uniqueVisitors, 50_000);
      expect(read.days.map((d) => d.visits)).toEqual([20_000, 20_000, 25_000]);
    });

    it("distinct counts over a range count a visitor or wallet of several days once", async () => {
      const store = await fresh();
      const referrer = randomWallet();
      await store.registerWallet(referrer, NOON);
      const [visitorId, referee] = [randomUUID(), randomWallet()];
      for (const now of [NOON, NEXT_DAY]) {
        await store.countVisit({ refCode: refCodeOf(referrer), visitorId, now });
        await refer(store, referee, referrer, now);
      }
      const read = await store.getCampaign(TODAY, TODAY + 1, [
        { fromDay: TODAY, toDay: TODAY + 1 },
        { fromDay: TODAY + 1, toDay: TODAY + 1 },
      ]);
      expect(read.days.map((d) => [d.visits, d.uniqueVisitors, d.connectedWithCode])).toEqual([
        [1, 1, 1],
        [1, 1, 1],
      ]);
      expect(read.distinct).toEqual([
        { uniqueVisitors: 1, connectedWithCode: 1 },
        { uniqueVisitors: 1, connectedWithCode: 1 },
      ]);
    });

    it("top referrers: by referrals in the period, ties by wallet ascending, limited, with their link's visits", async () => {
      const store = await fresh();
      const [first, tieLow, tieHigh, last] = sortedWallets(4);
      for (const w of [first, tieLow, tieHigh, last]) await store.registerWallet(w!, NOON - SECONDS_PER_DAY);
      // A referral the day before the period counts all-time only.
      await refer(store, randomWallet(), first!, NOON - SECONDS_PER_DAY);
      const counts: [string, number][] = [
        [last!, 1],
        [tieHigh!, 2],
        [tieLow!, 2],
        [first!, 3],
      ];
      for (const [referrer, n] of counts) for (let i = 0; i < n; i++) await refer(store, randomWallet(), referrer);
      const visitorId = randomUUID();
      await store.countVisit({ refCode: refCodeOf(first!), visitorId, now: NOON });
      await store.countVisit({ refCode: refCodeOf(first!), visitorId, now: NEXT_DAY });

      const top = await store.getTopReferrers(TODAY, TODAY + 1, 3);
      expect(top).toEqual([
        { wallet: first, referrals: 3, referralsAllTime: 4, visits: 2, uniqueVisitors: 1, disqualified: false },
        { wallet: tieLow, referrals: 2, referralsAllTime: 2, visits: 0, uniqueVisitors: 0, disqualified: false },
        { wallet: tieHigh, referrals: 2, referralsAllTime: 2, visits: 0, uniqueVisitors: 0, disqualified: false },
      ]);
      expect((await store.getTopReferrers(TODAY, TODAY + 1, 2)).map((r) => r.wallet)).toEqual([first, tieLow]);
      expect((await store.getTopReferrers(TODAY - 1, TODAY + 1, 10)).map((r) => [r.wallet, r.referrals])).toEqual([
        [first, 4],
        [tieLow, 2],
        [tieHigh, 2],
        [last, 1],
      ]);
      expect(await store.getTopReferrers(TODAY + 1, TODAY + 1, 10)).toEqual([]);
    });

    it("a referrer's referees page newest first, ties by wallet ascending", async () => {
      const store = await fresh();
      const referrer = randomWallet();
      await store.registerWallet(referrer, NOON);
      const [tieLow, tieHigh] = sortedWallets(2);
      const [oldest, newest] = [randomWallet(), randomWallet()];
      await refer(store, oldest, referrer, NOON + 1);
      await refer(store, tieHigh!, referrer, NOON + 2);
      await refer(store, tieLow!, referrer, NOON + 2);
      await refer(store, newest, referrer, NOON + 3);
      expect((await store.getWalletReport(referrer, 0, 10)).referees).toEqual({
        total: 4,
        referees: [
          { wallet: newest, referredAt: NOON + 3 },
          { wallet: tieLow, referredAt: NOON + 2 },
          { wallet: tieHigh, referredAt: NOON + 2 },
          { wallet: oldest, referredAt: NOON + 1 },
        ],
      });
      expect((await store.getWalletReport(referrer, 1, 2)).referees).toEqual({
        total: 4,
        referees: [
          { wallet: tieLow, referredAt: NOON + 2 },
          { wallet: tieHigh, referredAt: NOON + 2 },
        ],
      });
      expect((await store.getWalletReport(referrer, 4, 10)).referees).toEqual({ total: 4, referees: [] });
      expect((await store.getWalletReport(randomWallet(), 0, 10)).referees).toEqual({ total: 0, referees: [] });
    });

    it("a wallet report reads the wallet's state and rank as the request path does, and makes nobody known", async () => {
      const store = await fresh();
      const [referrer, referee, stranger] = [randomWallet(), randomWallet(), randomWallet()];
      await store.registerWallet(referrer, NOON);
      await refer(store, referee, referrer, NOON + 1);
      await store.checkIn(referee, NOON + 2, DAY, null, STREAK_WINDOW_SECONDS);
      await store.completeSocialTask(referee, "fc_follow", NOON + 3);
      await store.markNftMint(referee, NOON + 4, null);

      // Both have score 1 reached at the same second: the lower wallet ranks first.
      const [rankOfReferee, rankOfReferrer] = referee < referrer ? [1, 2] : [2, 1];
      const report = await store.getWalletReport(referee, 0, 10);
      expect(report).toEqual({ known: true, state: await store.getWalletState(referee), rank: rankOfReferee, referees: { total: 0, referees: [] }, disqualification: null, quests: NO_QUESTS });
      expect(report.state).toMatchObject({ referrer, score: 1, checkInLast: NOON + 2, nftMint: true, social: { fc_follow: NOON + 3, fc_comment: null } });
      expect(await store.getWalletReport(referrer, 0, 10)).toMatchObject({ known: true, rank: rankOfReferrer, state: { referralsCount: 1, score: 1 } });

      expect(await store.getWalletReport(stranger, 0, 10)).toEqual({
        known: false,
        state: await store.getWalletState(stranger),
        rank: 0,
        referees: { total: 0, referees: [] },
        disqualification: null,
        quests: NO_QUESTS,
      });
      // Reading it again still finds nobody: the report made the stranger neither known nor ranked.
      expect((await store.getWalletReport(stranger, 0, 10)).known).toBe(false);
      expect((await store.getCampaign(TODAY, TODAY, [])).days[0]!.newWallets).toBe(2);
    });

    it("countingSince is null until something is counted, then the first day counted", async () => {
      const store = await fresh();
      expect((await store.getCampaign(TODAY, TODAY, [])).countingSince).toBeNull();
      await store.checkIn(randomWallet(), NEXT_DAY, DAY, null, STREAK_WINDOW_SECONDS);
      await store.checkIn(randomWallet(), NEXT_DAY + SECONDS_PER_DAY, DAY, null, STREAK_WINDOW_SECONDS);
      expect((await store.getCampaign(TODAY, TODAY, [])).countingSince).toBe(TODAY + 1);
    });

    it("the total score grows by 2 with each referral", async () => {
      const store = await fresh();
      const referrer = randomWallet();
      await store.registerWallet(referrer, NOON);
      for (let i = 0; i < 3; i++) await refer(store, randomWallet(), referrer);
      await refer(store, randomWallet(), randomWallet()); // an unknown code scores nothing
      expect((await store.getCampaign(TODAY, TODAY, [])).totalScore).toBe(6);
    });

    it("putWallets counts nothing, but moves the total score and the referees by what it changes", async () => {
      const store = await fresh();
      const [referrer, other] = [randomWallet(), randomWallet()];
      const entry = (score: number) => ({ score, reachedAt: NOON - 100 });
      const referees = [0, 1].map((i) =>
        bareRecord({ referrer, referredAt: NOON - 50 + i, createdAt: NOON - 60, entry: entry(1) }),
      );
      await store.putWallets([
        bareRecord({ wallet: referrer, createdAt: NOON - 90, referralsCount: 2, entry: entry(2) }),
        bareRecord({ wallet: other, createdAt: NOON - 90 }),
        ...referees,
      ]);
      const read = await store.getCampaign(TODAY, TODAY, [{ fromDay: TODAY, toDay: TODAY }]);
      expect(read).toEqual({
        days: [{ ...NOTHING, day: TODAY }],
        distinct: [{ uniqueVisitors: 0, connectedWithCode: 0 }],
        totalScore: 4,
        countingSince: null,
      });
      expect(await store.getTopReferrers(TODAY, TODAY, 10)).toEqual([]);
      expect((await store.getWalletReport(referrer, 0, 10)).referees).toEqual({
        total: 2,
        referees: [
          { wallet: referees[1]!.wallet, referredAt: NOON - 49 },
          { wallet: referees[0]!.wallet, referredAt: NOON - 50 },
        ],
      });

      // One referee moves to another referrer, the other loses its referrer and its entry.
      await store.putWallets([
        { ...referees[0]!, referrer: other, referredAt: NOON - 10, entry: entry(5) },
        { ...referees[1]!, referrer: null, referredAt: null, entry: null },
      ]);
      expect((await store.getCampaign(TODAY, TODAY, [])).totalScore).toBe(7);
      expect((await store.getWalletReport(referrer, 0, 10)).referees).toEqual({ total: 0, referees: [] });
      expect((await store.getWalletReport(other, 0, 10)).referees).toEqual({
        total: 1,
        referees: [{ wallet: referees[0]!.wallet, referredAt: NOON - 10 }],
      });
    });

    it("reads up to MAX_CAMPAIGN_SPAN days in one call, and refuses bad ranges, limits, offsets and wallets", async () => {
      const store = await fresh();
      const wallet = randomWallet();
      const span = await store.getCampaign(TODAY - MAX_CAMPAIGN_SPAN + 1, TODAY, [{ fromDay: TODAY - 400, toDay: TODAY }]);
      expect(span.days).toHaveLength(MAX_CAMPAIGN_SPAN);
      expect(span.days.at(-1)).toEqual({ ...NOTHING, day: TODAY });
      await expect(store.getCampaign(TODAY - MAX_CAMPAIGN_SPAN, TODAY, [])).rejects.toThrow(RangeError);
      await expect(store.getCampaign(TODAY, TODAY - 1, [])).rejects.toThrow(RangeError);
      await expect(store.getCampaign(TODAY - 1, TODAY, [{ fromDay: TODAY - 2, toDay: TODAY }])).rejects.toThrow(RangeError);
      await expect(store.getCampaign(TODAY - 1, TODAY, [{ fromDay: TODAY, toDay: TODAY - 1 }])).rejects.toThrow(RangeError);
      await expect(store.getCampaign(TODAY + 0.5, TODAY + 1, [])).rejects.toThrow(RangeError);
      await expect(store.getTopReferrers(TODAY - 366, TODAY, 10)).rejects.toThrow(RangeError);
      await expect(store.getTopReferrers(TODAY, TODAY, 0)).rejects.toThrow(RangeError);
      await expect(store.getTopReferrers(TODAY, TODAY, 501)).rejects.toThrow(RangeError);
      await expect(store.getWalletReport(wallet, 0, 101)).rejects.toThrow(RangeError);
      await expect(store.getWalletReport(wallet, -1, 10)).rejects.toThrow(RangeError);
      await expect(store.getWalletReport(wallet.toUpperCase(), 0, 10)).rejects.toThrow(RangeError);
      expect(await store.getTopReferrers(TODAY - 365, TODAY, 500)).toEqual([]);
      expect((await store.getWalletReport(wallet, 0, 100)).referees.total).toBe(0);
    });
  });
}
