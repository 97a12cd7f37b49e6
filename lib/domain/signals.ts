/**
 * Farm signals: evidence, kept per referrer, that its referrals may be farmed. They flag and rank
 * referrers for an admin to look at; nothing acts on them by itself.
 */

/** The window of a burst: the most referrals a referrer got within any 10 minutes. */
export const BURST_WINDOW_SECONDS = 600;

/** A referee bound this soon after the referrer's previous referral counts as a quick one. */
export const QUICK_SECONDS = 10;

/** How much a closed loop of referrals weighs in the suspicion score against one idle referee. */
export const CYCLE_WEIGHT = 10;

/** Most referrers one page of the suspicion ranking holds. */
export const MAX_SIGNALS_PAGE = 500;

/** What a referrer's stored signals hold; the store keeps them with the facts. */
export interface SignalCounts {
  /** Referrals recorded for the referrer (its referralsCount). */
  referrals: number;
  /** The most referrals recorded within any BURST_WINDOW_SECONDS. */
  burst: number;
  /** Referees bound within QUICK_SECONDS of the referrer's previous referral. */
  quickReferees: number;
  /** Referees that checked in, completed a social task or had nft_mint verified after they were bound. */
  activeReferees: number;
  /** Referrals that closed a loop: the referee was the referrer's referrer, or that one's referrer. */
  cycles: number;
}

/**
 * The score referrers are ranked by, highest first: each idle referee, each quick referee and each
 * referral of the busiest 10 minutes adds 1, each loop CYCLE_WEIGHT. A farm of 30 empty wallets bound
 * in a minute scores about 90; a referrer whose 30 friends joined over days and use the app, about 1.
 * The stores compute the same sum where they write the counts (SQLite: an indexed expression; Redis:
 * the score of the ranking's sorted set), so ranking never scans.
 */
export function suspicionOf(s: SignalCounts): number {
  return s.referrals - s.activeReferees + s.quickReferees + s.burst + CYCLE_WEIGHT * s.cycles;
}
