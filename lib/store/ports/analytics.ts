/**
 * Analytics: campaign counters per UTC day (lib/domain/analytics.ts), kept beside the data and
 * never part of it. Visits are counted by countVisit; every other counter is written by the
 * store operation that writes its fact, in the same atomic step (a new wallet by whichever
 * operation makes it known, a referral by recordReferral, and so on), so no request pays a
 * second round trip for it. A day's unique counts are exact on SQLite and HyperLogLog estimates on
 * Redis; distinct counts over several days are HyperLogLog estimates on both (about 0.8% standard
 * error). Counters of a day are dropped the store's retention
 * (ANALYTICS_RETENTION_DAYS) after it ended. Imports (putWallets) count nothing: their facts
 * happened before.
 */
import type { SocialTaskId } from "@/lib/domain/tasks";
import type { Disqualification } from "@/lib/store/ports/moderation";
import type { QuestLedger } from "@/lib/store/ports/quests";
import type { WalletState } from "@/lib/store/ports/wallets";

export interface VisitInput {
  refCode: string;
  /** The browser's random id (VISITOR_ID_PATTERN); a visitor counts once per code and day. */
  visitorId: string;
  now: number;
}

/** One day of a code's visits, or of every code's. */
export interface VisitDay {
  day: number;
  visits: number;
  uniqueVisitors: number;
}

/** One UTC day of the campaign, every code together. */
export interface CampaignDay extends VisitDay {
  /** Wallets that became known that day. */
  newWallets: number;
  /** Distinct wallets that asked to be bound with a code that day (recordReferral, any outcome). */
  connectedWithCode: number;
  /** Referrals recorded that day. */
  referrals: number;
  /** Daily check-ins that succeeded that day. */
  checkIns: number;
  /** First completions of each social task that day. */
  socialTasks: Record<SocialTaskId, number>;
  /** Wallets whose nft_mint was verified for the first time that day. */
  nftMints: number;
}

/** Distinct counts over a range of days, which a sum of days would overcount. */
export interface RangeDistinct {
  uniqueVisitors: number;
  connectedWithCode: number;
}

export interface CampaignRead {
  /** Every day of `fromDay`..`toDay`, oldest first, zeros where nothing was counted. */
  days: CampaignDay[];
  /** Distinct counts over each range asked for, in the order asked. */
  distinct: RangeDistinct[];
  /** Sum of every leaderboard score now (the reward liability is this x 20). */
  totalScore: number;
  /**
   * The first day the store counted anything (the counters' start), or null before any count: a
   * store upgraded with data in it starts counting on its first count after the upgrade.
   */
  countingSince: number | null;
}

/** A referrer's period, ranked by referrals in the period. */
export interface ReferrerPeriod {
  wallet: string;
  /** Referrals recorded in the period. */
  referrals: number;
  /** Referrals recorded ever (the wallet's referralsCount). */
  referralsAllTime: number;
  /** Visits of the wallet's own code's link in the period. */
  visits: number;
  /** Distinct visitors of that link over the period. */
  uniqueVisitors: number;
  /** Whether the referrer is disqualified now (lib/store/ports/moderation.ts). */
  disqualified: boolean;
}

/** A wallet's referees, newest first; an imported referee without a referral time reads 0 and comes last. */
export interface RefereePage {
  total: number;
  referees: { wallet: string; referredAt: number }[];
}

/** What the console shows of one wallet, read in one step. */
export interface WalletReport {
  /** Whether the wallet is known (it made any request that makes wallets known). */
  known: boolean;
  state: WalletState;
  /** 1-based leaderboard rank; 0 without an entry. Read-only: no entry is created. */
  rank: number;
  referees: RefereePage;
  /** The wallet's disqualification, or null while it is not disqualified. */
  disqualification: Disqualification | null;
  /** Its quest points and the newest LOOKUP_LEDGER_PAGE entries of its ledger; how many quests the catalog holds, archived ones too. */
  quests: { ledger: QuestLedger; catalogSize: number };
}

export interface AnalyticsStore {
  /**
   * Counts one visit of the code's link on the UTC day of `now`: a visit and the visitor, for
   * the code and for all codes. A code no wallet owns counts nothing (false).
   */
  countVisit(input: VisitInput): Promise<boolean>;

  /**
   * Visits of days `fromDay` to `toDay` (both included, at most MAX_ANALYTICS_DAYS), oldest
   * first, one entry per day (zeros where nothing was counted): of `refCode`, or of every code
   * when it is null.
   */
  getVisits(refCode: string | null, fromDay: number, toDay: number): Promise<VisitDay[]>;

  /**
   * Every counter of days `fromDay`..`toDay` (at most MAX_CAMPAIGN_SPAN days), with distinct
   * counts over each of `ranges` (each inside fromDay..toDay), the total score and the counters'
   * start: one snapshot, one round trip on Redis, its cost bounded by the days, never by wallets.
   */
  getCampaign(fromDay: number, toDay: number, ranges: { fromDay: number; toDay: number }[]): Promise<CampaignRead>;

  /**
   * The `limit` wallets with the most referrals recorded in days `fromDay`..`toDay` (at most
   * MAX_ANALYTICS_DAYS), ordered by those referrals descending, then wallet ascending; wallets
   * with none in the period are left out. Read from the per-day counters, never a scan of wallets.
   */
  getTopReferrers(fromDay: number, toDay: number, limit: number): Promise<ReferrerPeriod[]>;

  /**
   * The wallet's state, whether it is known, its rank and `limit` of its referees from `offset`
   * (newest first, then wallet ascending) with how many there are, and its side of the quests: one
   * snapshot, read-only.
   */
  getWalletReport(wallet: string, offset: number, limit: number): Promise<WalletReport>;
}

export { MAX_ANALYTICS_DAYS, MAX_CAMPAIGN_SPAN, MAX_REFEREES_PAGE, MAX_TOP_REFERRERS } from "@/lib/domain/analytics";
