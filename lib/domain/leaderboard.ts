/**
 * Scores and rewards: pure rules, no I/O. The one leaderboard order is higher score first; on
 * equal scores the wallet that reached it earlier; then wallet ascending. Every backend
 * reproduces it natively (an index on SQLite, the composite score on Redis).
 */
import { DEFAULT_RULEBOOK, type ReferralPoints } from "@/lib/domain/rulebook";

export const REWARD_UNITS_PER_POINT = 20;

/** Around-me: how many entries on each side of a wallet a read returns, by default and at most. */
export const DEFAULT_AROUND_RADIUS = 5;
export const MAX_AROUND_RADIUS = 25;

export function rewardsOf(score: number): number {
  return score * REWARD_UNITS_PER_POINT;
}

/** What a referral gives each side, the referrer and the referee, in reward units (the default rulebook gives both the same). */
export const REWARD_PER_FRIEND = rewardsOf(DEFAULT_RULEBOOK.referral.referrer);

/** A wallet's score has one source: `points` per credited referral it made, and for its own credited referral. */
export function scoreOf(referralsCount: number, referred: boolean, points: ReferralPoints): number {
  return referralsCount * points.referrer + (referred ? points.referee : 0);
}

