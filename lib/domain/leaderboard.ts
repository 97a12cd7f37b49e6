/**
 * Scores and rewards: pure rules, no I/O. The one leaderboard order is higher score first; on
 * equal scores the wallet that reached it earlier; then wallet ascending. Every backend
 * reproduces it natively (an index on SQLite, the composite score on Redis).
 */

export const REWARD_UNITS_PER_POINT = 20;

/** Around-me: how many entries on each side of a wallet a read returns, by default and at most. */
export const DEFAULT_AROUND_RADIUS = 5;
export const MAX_AROUND_RADIUS = 25;

export function rewardsOf(score: number): number {
  return score * REWARD_UNITS_PER_POINT;
}

/** What a referral gives each side, the referrer and the referee: one score point's reward units. */
export const REWARD_PER_FRIEND = rewardsOf(1);

/** A wallet's score has one source: +1 per referral it made, +1 for being referred. */
export function scoreOf(referralsCount: number, referred: boolean): number {
  return referralsCount + (referred ? 1 : 0);
}

