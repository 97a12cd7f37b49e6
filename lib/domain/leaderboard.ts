/**
 * Scores and rewards: pure rules, no I/O. The one leaderboard order is higher score first; on
 * equal scores the wallet that reached it earlier; then wallet ascending. Every backend
 * reproduces it natively (an index on SQLite, the composite score on Redis).
 */

export const REWARD_UNITS_PER_POINT = 20;

export function rewardsOf(score: number): number {
  return score * REWARD_UNITS_PER_POINT;
}

/** A wallet's score has one source: +1 per referral it made, +1 for being referred. */
export function scoreOf(referralsCount: number, referred: boolean): number {
  return referralsCount + (referred ? 1 : 0);
}

