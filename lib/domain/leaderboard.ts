/** Scores, rewards and the leaderboard order: pure rules, no I/O. */

export const REWARD_UNITS_PER_POINT = 20;

export function rewardsOf(score: number): number {
  return score * REWARD_UNITS_PER_POINT;
}

/** A wallet's score has one source: +1 per referral it made, +1 for being referred. */
export function scoreOf(referralsCount: number, referred: boolean): number {
  return referralsCount + (referred ? 1 : 0);
}

/** What the order needs to know of one leaderboard entry. */
export interface RankedEntry {
  wallet: string;
  score: number;
  /** Unix seconds at which the wallet reached its current score. */
  reachedAt: number;
}

/**
 * The one leaderboard order: higher score first; on equal scores the wallet that
 * reached it earlier; then wallet ascending. Every backend reproduces it.
 */
export function compareEntries(a: RankedEntry, b: RankedEntry): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.reachedAt !== b.reachedAt) return a.reachedAt - b.reachedAt;
  return a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0;
}
