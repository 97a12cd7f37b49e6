/**
 * Analytics on SQLite: visits counted, and every campaign counter read. The counters are written
 * by counters.ts, inside the transaction of each fact; this module owns no table and reads theirs,
 * `ref_codes` (to tell an owned code), `score_total` (leaderboard.ts), `wallets` (referral counts,
 * a looked-up wallet's state, its referees through wallets_referees), `leaderboard_entries`
 * (its rank) and `disqualified` (moderation.ts). A campaign read costs rows per day: each day's
 * totals are rows of analytics_facts and distinct counts over several days merge the days'
 * HyperLogLog sketches (sketches.ts). Unique counts of one day are exact (a row per day and
 * visitor or wallet, counted as it is written); over several days, estimates within about 1%,
 * as on Redis. A code's own visitors are still counted from its rows (getVisits, top referrers).
 */
import "server-only";
import { daysOf, everyDay } from "@/lib/domain/analytics";
import { refCodeOf } from "@/lib/domain/wallet";
import { campaignDayOf } from "@/lib/store/facts";
import { DAY_TOTALS, type Counters } from "@/lib/store/sqlite/counters";
import type { SketchName } from "@/lib/store/sqlite/sketches";
import { immediate, required, snapshot, type Db } from "@/lib/store/sqlite/db";
import { BOARD, BOARDS, prepareRank, type Boards } from "@/lib/store/sqlite/leaderboard";
import { prepareDisqualification } from "@/lib/store/sqlite/moderation";
import { prepareLedger } from "@/lib/store/sqlite/quests";
import { STATE_SELECT, stateOf, type StateRead } from "@/lib/store/sqlite/rows";
import { LOOKUP_LEDGER_PAGE, type AnalyticsStore, type CampaignRead, type ReferrerPeriod, type VisitDay, type VisitInput, type WalletReport } from "@/lib/store/types";

type DayRow = { day: number; visits: number; unique_visitors: number };
type Days = { fromDay: number; toDay: number };

/** A day's count of every fact, on a day nothing was counted. */
const zero = () => 0;

/**
 * The days fromDay..toDay as a table, so that a code's rows are found by seeking (day, code) on
 * each day's key rather than by scanning every code's rows of the range.
 */
const DAYS = "WITH RECURSIVE days(day) AS (SELECT :fromDay UNION ALL SELECT day + 1 FROM days WHERE day < :toDay)";

const visitDayOf = (day: number, row?: DayRow): VisitDay => ({
  day,
  visits: row?.visits ?? 0,
  uniqueVisitors: row?.unique_visitors ?? 0,
});

export function sqliteAnalytics(db: Db, counters: Counters): AnalyticsStore {
  const codeOwned = db.prepare<[string], { one: number }>("SELECT 1 AS one FROM ref_codes WHERE code = ?");
  const readCodeDays = db.prepare<[Days & { code: string }], DayRow>(
    `${DAYS} SELECT v.day, v.visits,
            (SELECT count(*) FROM analytics_visitors u WHERE u.day = v.day AND u.code = v.code) AS unique_visitors
       FROM analytics_visits v WHERE v.day IN days AND v.code = :code`,
  );
  const readFacts = db.prepare<[Days], { day: number; fact: string; count: number }>(
    "SELECT day, fact, count FROM analytics_facts WHERE day BETWEEN :fromDay AND :toDay",
  );
  const readTotals = db.prepare<[{ board: string }], { score: number; since: number | null }>(
    `SELECT coalesce((SELECT score FROM score_total WHERE board = :board), 0) AS score,
            (SELECT day FROM analytics_since) AS since`,
  );
  const readTopReferrers = db.prepare<
    [Days & { limit: number }],
    { wallet: string; referrals: number; referrals_all_time: number; disqualified: number }
  >(
    `SELECT r.referrer AS wallet, sum(r.referrals) AS referrals,
            coalesce((SELECT w.referrals_count FROM wallets w WHERE w.wallet = r.referrer), 0) AS referrals_all_time,
            EXISTS (SELECT 1 FROM disqualified d WHERE d.wallet = r.referrer) AS disqualified
       FROM analytics_referrers r WHERE r.day BETWEEN :fromDay AND :toDay
      GROUP BY r.referrer ORDER BY referrals DESC, r.referrer ASC LIMIT :limit`,
  );
  const readCodeVisits = db.prepare<[Days & { code: string }], { visits: number; unique_visitors: number }>(
    `${DAYS} SELECT coalesce((SELECT sum(visits) FROM analytics_visits WHERE day IN days AND code = :code), 0) AS visits,
            (SELECT count(DISTINCT visitor) FROM analytics_visitors WHERE day IN days AND code = :code) AS unique_visitors`,
  );
  // A referee without a referredAt (an import may bring one) sorts last, read as 0, as on Redis.
  const readReferees = db.prepare<[{ referrer: string; offset: number; limit: number }], { wallet: string; referred_at: number }>(
    `SELECT w.wallet, coalesce(w.referred_at, 0) AS referred_at FROM wallets w WHERE w.referrer = :referrer
      ORDER BY w.referred_at DESC, w.wallet ASC LIMIT :limit OFFSET :offset`,
  );
  const countReferees = db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM wallets WHERE referrer = ?");
  const readState = db.prepare<[Boards & { wallet: string }], StateRead>(STATE_SELECT);
  const readRank = prepareRank(db);
  const readDisqualification = prepareDisqualification(db);
  const readLedger = prepareLedger(db);
  const countQuests = db.prepare<[], { n: number }>("SELECT count(*) AS n FROM quests");

  /** The days' facts, as a day's `count` of a fact name (grouped once: a read of 180 days looks up ~2,000 counts). */
  const factsOf = (days: Days) => {
    const byDay = new Map<number, Map<string, number>>();
    for (const row of readFacts.all(days)) {
      let counts = byDay.get(row.day);
      if (!counts) byDay.set(row.day, (counts = new Map()));
      counts.set(row.fact, row.count);
    }
    return (day: number) => {
      const counts = byDay.get(day);
      return counts ? (fact: string) => counts.get(fact) ?? 0 : zero;
    };
  };
  const totalsOf = (count: (fact: string) => number) => ({
    visits: count(DAY_TOTALS.visits),
    uniqueVisitors: count(DAY_TOTALS.uniqueVisitors),
    connectedWithCode: count(DAY_TOTALS.connectedWithCode),
  });
  /**
   * Distinct values over a range of days whose exact daily counts are `daily`: exact when one day
   * counted any, else the sketches' estimate, kept between the busiest day and the sum of the days,
   * which the exact figure cannot leave.
   */
  const distinctOf = (range: Days, sketch: SketchName, daily: number[]): number => {
    // Of one day with any count (a one-day range, or a range whose other days counted nothing), the exact count.
    if (daily.filter((n) => n > 0).length <= 1) return Math.max(0, ...daily);
    const estimate = counters.sketches.count(sketch, range.fromDay, range.toDay);
    return Math.min(Math.max(estimate, ...daily), daily.reduce((sum, n) => sum + n, 0));
  };

  return {
    countVisit: immediate(db, ({ refCode, visitorId, now }: VisitInput): boolean => {
      if (!codeOwned.get(refCode)) return false;
      counters.visit(refCode, visitorId, now);
      return true;
    }),

    getVisits: snapshot(db, (refCode: string | null, fromDay: number, toDay: number): VisitDay[] => {
      const days = { fromDay, toDay };
      if (refCode !== null) return everyDay(days, readCodeDays.all({ ...days, code: refCode }), visitDayOf);
      const facts = factsOf(days);
      return daysOf(days).map((day) => {
        const { visits, uniqueVisitors } = totalsOf(facts(day));
        return { day, visits, uniqueVisitors };
      });
    }),

    getCampaign: snapshot(db, (fromDay: number, toDay: number, ranges: Days[]): CampaignRead => {
      const days = { fromDay, toDay };
      const facts = factsOf(days);
      const totals = required(readTotals.get({ board: BOARD }), "analytics totals");
      const campaignDays = daysOf(days).map((day) => {
        const count = facts(day);
        const { visits, uniqueVisitors, connectedWithCode } = totalsOf(count);
        return campaignDayOf({ day, visits, uniqueVisitors }, connectedWithCode, count);
      });
      return {
        days: campaignDays,
        distinct: ranges.map((range) => {
          const inRange = campaignDays.filter((d) => d.day >= range.fromDay && d.day <= range.toDay);
          return {
            uniqueVisitors: distinctOf(range, "visitors", inRange.map((d) => d.uniqueVisitors)),
            connectedWithCode: distinctOf(range, "connected", inRange.map((d) => d.connectedWithCode)),
          };
        }),
        totalScore: totals.score,
        countingSince: totals.since,
      };
    }),

    getTopReferrers: snapshot(db, (fromDay: number, toDay: number, limit: number): ReferrerPeriod[] =>
      readTopReferrers.all({ fromDay, toDay, limit }).map((row) => {
        const link = required(readCodeVisits.get({ fromDay, toDay, code: refCodeOf(row.wallet) }), "visits of a code");
        return {
          wallet: row.wallet,
          referrals: row.referrals,
          referralsAllTime: row.referrals_all_time,
          visits: link.visits,
          uniqueVisitors: link.unique_visitors,
          disqualified: row.disqualified === 1,
        };
      }),
    ),

    getWalletReport: snapshot(db, (wallet: string, offset: number, limit: number): WalletReport => {
      const state = readState.get({ ...BOARDS, wallet });
      return {
        known: state?.known === 1,
        state: stateOf(state),
        // A disqualified wallet's entry is held off BOARD: no row, rank 0.
        rank: readRank.get({ board: BOARD, wallet })?.rank ?? 0,
        referees: {
          total: required(countReferees.get(wallet), "count of referees").n,
          referees: readReferees.all({ referrer: wallet, offset, limit }).map((row) => ({ wallet: row.wallet, referredAt: row.referred_at })),
        },
        disqualification: readDisqualification.get(wallet) ?? null,
        quests: { ledger: readLedger(wallet, LOOKUP_LEDGER_PAGE), catalogSize: required(countQuests.get(), "count of quests").n },
      };
    }),
  };
}
