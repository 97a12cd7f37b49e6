/**
 * Farm signals: evidence, kept per referrer, that its referrals may be farmed. They flag and rank
 * referrers for an admin to look at; nothing acts on them by itself.
 */

/** The window of a burst: the most referrals a referrer got within any 10 minutes. */
export const BURST_WINDOW_SECONDS = 600;

/** A referee bound this soon after the referrer's previous referral counts as a quick one. */
export const QUICK_SECONDS = 10;

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

/** What each count weighs in the suspicion score: whole numbers, so that the score is one too. */
export type SuspicionWeights = Readonly<Record<keyof SignalCounts, number>>;

/**
 * The suspicion score's weights: each idle referee (a referral whose referee never became active),
 * each quick referee and each referral of the busiest 10 minutes adds 1, each loop 10. A farm of 30
 * empty wallets bound in a minute scores about 90; a referrer whose 30 friends joined over days and
 * use the app, about 1. The one definition: the stores are given these weights and rank by the same
 * sum where they write the counts (SQLite: an index generated from them; Redis: the score of the
 * ranking's sorted set), so ranking never scans.
 */
export const SUSPICION_WEIGHTS: SuspicionWeights = { referrals: 1, activeReferees: -1, quickReferees: 1, burst: 1, cycles: 10 };

/** The counts in the order every store and text walks them. */
export const SIGNAL_COUNTS: readonly (keyof SignalCounts)[] = ["referrals", "activeReferees", "quickReferees", "burst", "cycles"];

/** The score referrers are ranked by, highest first: the weighted sum of their counts. */
export function suspicionOf(s: SignalCounts, weights: SuspicionWeights = SUSPICION_WEIGHTS): number {
  return SIGNAL_COUNTS.reduce((sum, count) => sum + weights[count] * s[count], 0);
}

/** `weights` if each is a whole number; a store writes them into its ranking, so anything else is refused there. */
export function wholeWeights(weights: SuspicionWeights): SuspicionWeights {
  for (const count of SIGNAL_COUNTS) {
    if (!Number.isSafeInteger(weights[count])) throw new Error(`Suspicion weight of ${count} must be a whole number, got ${weights[count]}`);
  }
  return weights;
}

/**
 * The score in the console's words, `times` the multiplication sign: "idle + quick + burst + 10 × loops"
 * with SUSPICION_WEIGHTS. Referrals and active referees weighed opposite read as idle referees.
 */
export function suspicionFormula(weights: SuspicionWeights = SUSPICION_WEIGHTS, times = "×"): string {
  const referees: Term[] =
    weights.referrals === -weights.activeReferees
      ? [["idle", weights.referrals]]
      : [["referrals", weights.referrals], ["active", weights.activeReferees]];
  const terms = [...referees, ["quick", weights.quickReferees], ["burst", weights.burst], ["loops", weights.cycles]] satisfies Term[];
  const text = terms
    .filter(([, weight]) => weight !== 0)
    .map(([name, weight], at) => {
      const term = Math.abs(weight) === 1 ? name : `${Math.abs(weight)} ${times} ${name}`;
      if (at === 0) return weight < 0 ? `-${term}` : term;
      return `${weight < 0 ? "-" : "+"} ${term}`;
    })
    .join(" ");
  return text || "0";
}

type Term = readonly [name: string, weight: number];
