/**
 * The campaign console's reads (/admin and /api/admin/{stats,referrers,wallet}): the store's
 * daily counters turned into periods, changes, a funnel and rates. Each API read is one store
 * call; the console page's read makes its (up to) three at once.
 */
import {
  DEFAULT_TOP_REFERRERS,
  type AdminRange,
  type AdminReferrers,
  type AdminStats,
  type AdminWallet,
  type CampaignDayRow,
  type PeriodChoice,
  type PeriodTotals,
} from "@/lib/contract/admin-schemas";
import {
  conversionOf,
  dayName,
  MAX_ANALYTICS_DAYS,
  MAX_REFEREES_PAGE,
  periodBefore,
  periodLength,
  utcDay,
  type Period,
} from "@/lib/domain/analytics";
import { rewardsOf } from "@/lib/domain/leaderboard";
import { pointsPerReferral, type ReferralPoints } from "@/lib/domain/rulebook";
import { SOCIAL_TASK_IDS, type SocialTaskId } from "@/lib/domain/tasks";
import { refCodeOf, type Wallet } from "@/lib/domain/wallet";
import type { Deps } from "@/lib/services/context";
import type { AnalyticsStore, CampaignDay, RangeDistinct, WalletStore } from "@/lib/store/types";

type CampaignDeps = Pick<Deps, "clock"> & Partial<Pick<Deps, "activity">> & { store: AnalyticsStore & WalletStore };
/** The stats price the period's referrals by the rulebook's points. */
type StatsDeps = CampaignDeps & Pick<Deps, "rules">;

/** Days a period shows when the request names none. */
const DEFAULT_DAYS = 30;

/** The period of an API request: `to` defaults to today (UTC), `from` to 30 days ending at `to`. */
export function periodOf(range: AdminRange, now: number): Period {
  const toDay = range.to ?? utcDay(now);
  return { fromDay: range.from ?? toDay - DEFAULT_DAYS + 1, toDay };
}

/** GET /api/admin/stats: the period's tiles, daily rows, funnel and tasks, with the period before it. */
export async function getCampaignStats(deps: StatsDeps, period: Period, compare = true): Promise<AdminStats> {
  const previous = compare ? periodBefore(period) : null;
  const ranges = previous ? [period, previous] : [period];
  const read = await deps.store.getCampaign(previous?.fromDay ?? period.fromDay, period.toDay, ranges);
  const inPeriod = read.days.filter((d) => d.day >= period.fromDay);
  const totals = totalsOf(inPeriod, read.distinct[0]!, deps.rules.referral);
  const previousTotals = previous ? totalsOf(read.days.filter((d) => d.day < period.fromDay), read.distinct[1]!, deps.rules.referral) : null;
  return {
    period: nameOf(period),
    previous: previous && nameOf(previous),
    countingSince: read.countingSince === null ? null : dayName(read.countingSince),
    totals,
    previousTotals,
    liability: rewardsOf(read.totalScore),
    days: inPeriod.map(dayRowOf),
    funnel: { uniqueVisitors: totals.uniqueVisitors, connectedWithCode: totals.connectedWithCode, referrals: totals.referrals },
    tasks: taskRowsOf(totals, previousTotals),
  };
}

/**
 * The days a console period reads: the last 7, 30 or 90, or for "all" the last MAX_ANALYTICS_DAYS.
 * The page's other period reads (notifications) take it too, so every section covers the same days.
 */
export function consolePeriod(choice: PeriodChoice, today: number): Period {
  return { fromDay: today - (choice === "all" ? MAX_ANALYTICS_DAYS : Number(choice)) + 1, toDay: today };
}

/**
 * The console's period: the last 7, 30 or 90 days, or every day since the counters started
 * (the last MAX_ANALYTICS_DAYS at most, with no period before it to compare).
 */
export async function getConsoleStats(deps: StatsDeps, choice: PeriodChoice, today = utcDay(deps.clock())): Promise<AdminStats> {
  if (choice !== "all") return getCampaignStats(deps, consolePeriod(choice, today));
  const stats = await getCampaignStats(deps, consolePeriod(choice, today), false);
  // Days before the counters started are zeros by definition: the period starts where counting did.
  const since = stats.countingSince ?? dayName(today);
  const days = stats.days.filter((d) => d.date >= since);
  return { ...stats, period: { from: days[0]?.date ?? since, to: stats.period.to, days: days.length }, days };
}

export interface CampaignConsole {
  stats: AdminStats;
  referrers: AdminReferrers["referrers"];
  /** The wallet looked up, null when none was asked for. */
  wallet: AdminWallet | null;
}

/** The /admin page in one read: the period's stats and top referrers, and a wallet's report with a page of its referees. */
export async function getConsole(
  deps: StatsDeps,
  choice: PeriodChoice,
  lookup: { wallet: Wallet; offset: number } | null,
): Promise<CampaignConsole> {
  const today = utcDay(deps.clock());
  // "all" reads referrers over every kept day: those before the counters started add nothing.
  const [stats, top, wallet] = await Promise.all([
    getConsoleStats(deps, choice, today),
    getTopReferrers(deps, consolePeriod(choice, today), DEFAULT_TOP_REFERRERS),
    lookup && getWalletReport(deps, lookup.wallet, lookup.offset),
  ]);
  return { stats, referrers: top.referrers, wallet };
}

/** GET /api/admin/referrers: the period's top referrers, with their links' visits and conversion. */
export async function getTopReferrers(deps: CampaignDeps, period: Period, limit: number): Promise<AdminReferrers> {
  const rows = await deps.store.getTopReferrers(period.fromDay, period.toDay, limit);
  return {
    period: nameOf(period),
    referrers: rows.map((row) => ({ ...row, conversion: conversionOf(row.referrals, row.uniqueVisitors) })),
  };
}

/** GET /api/admin/wallet: one wallet's fields, tasks, referrer and a page of its referees. */
export async function getWalletReport(deps: CampaignDeps, wallet: Wallet, offset: number): Promise<AdminWallet> {
  const report = await deps.store.getWalletReport(wallet, offset, MAX_REFEREES_PAGE);
  return {
    wallet,
    refCode: refCodeOf(wallet),
    known: report.known,
    referrer: report.state.referrer,
    referralsCount: report.state.referralsCount,
    score: report.state.score,
    rewards: rewardsOf(report.state.score),
    rank: report.rank,
    checkInLast: report.state.checkInLast,
    nftMint: report.state.nftMint,
    socialTasks: report.state.social,
    referees: { total: report.referees.total, offset, limit: MAX_REFEREES_PAGE, items: report.referees.referees },
    disqualification: report.disqualification,
    freshReferees: await freshShare(deps, report.referees.referees),
    // Without quests the answer stays as it was before the quest engine, byte for byte.
    ...((report.quests.ledger.points > 0 || report.quests.catalogSize > 0) && { questLedger: report.quests.ledger }),
  };
}

/**
 * How many of a page of referees look fresh on the chain (no transaction, no balance): one batched
 * RPC request. null without an RPC; `fresh` null when the RPC failed, which the console says
 * rather than failing the whole lookup.
 */
async function freshShare(deps: CampaignDeps, referees: { wallet: string }[]): Promise<AdminWallet["freshReferees"]> {
  if (!deps.activity || referees.length === 0) return null;
  try {
    const fresh = await deps.activity.freshOf(referees.map((r) => r.wallet as `0x${string}`));
    return { checked: referees.length, fresh: fresh.filter(Boolean).length };
  } catch (error) {
    console.error("[refboard] reading the referees' chain activity failed:", error instanceof Error ? error.message : error);
    return { checked: referees.length, fresh: null };
  }
}

export function nameOf(period: Period): { from: string; to: string; days: number } {
  return { from: dayName(period.fromDay), to: dayName(period.toDay), days: periodLength(period) };
}

function dayRowOf(day: CampaignDay): CampaignDayRow {
  return {
    date: dayName(day.day),
    visits: day.visits,
    uniqueVisitors: day.uniqueVisitors,
    newWallets: day.newWallets,
    connectedWithCode: day.connectedWithCode,
    referrals: day.referrals,
    checkIns: day.checkIns,
    nftMints: day.nftMints,
    socialTasks: day.socialTasks,
  };
}

/** The period's totals; its rewards are what its credited referrals gave both sides under `points`. */
function totalsOf(days: CampaignDay[], distinct: RangeDistinct, points: ReferralPoints): PeriodTotals {
  const sum = (pick: (d: CampaignDay) => number) => days.reduce((total, d) => total + pick(d), 0);
  const referrals = sum((d) => d.referrals);
  return {
    visits: sum((d) => d.visits),
    uniqueVisitors: distinct.uniqueVisitors,
    newWallets: sum((d) => d.newWallets),
    connectedWithCode: distinct.connectedWithCode,
    referrals,
    conversion: conversionOf(referrals, distinct.uniqueVisitors),
    checkIns: sum((d) => d.checkIns),
    nftMints: sum((d) => d.nftMints),
    socialTasks: Object.fromEntries(SOCIAL_TASK_IDS.map((id) => [id, sum((d) => d.socialTasks[id])])) as Record<SocialTaskId, number>,
    rewardsAdded: rewardsOf(referrals * pointsPerReferral(points)),
  };
}

/** The task table: check-ins, each social task's first completions and nft_mint verifications. */
function taskRowsOf(totals: PeriodTotals, previous: PeriodTotals | null): AdminStats["tasks"] {
  const rows: { task: string; of: (t: PeriodTotals) => number }[] = [
    { task: "checkin", of: (t) => t.checkIns },
    ...SOCIAL_TASK_IDS.map((id) => ({ task: id, of: (t: PeriodTotals) => t.socialTasks[id] })),
    { task: "nft_mint", of: (t) => t.nftMints },
  ];
  return rows.map(({ task, of }) => ({
    task,
    completions: of(totals),
    previous: previous ? of(previous) : null,
    rate: totals.newWallets > 0 ? of(totals) / totals.newWallets : null,
  }));
}
