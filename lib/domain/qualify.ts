/**
 * Qualified referrals (REFERRAL_QUALIFY): what a referee must do before its referral is credited.
 * With a rule, a referral binds at once (the binding is immutable as always) but the +1 of each
 * side, the referrer's referralsCount and so its milestones wait until the referee qualifies.
 */

/** "none" credits at binding, as docs/api.md says; the others wait for the referee. */
export const QUALIFY_RULES = ["none", "checkin", "nft_mint", "onchain", "farcaster"] as const;
export type QualifyRule = (typeof QUALIFY_RULES)[number];

/** The `onchain` rule's thresholds: either one qualifies the referee's account. */
export interface OnchainThresholds {
  /** Transactions the account has sent (its nonce), at least; QUALIFY_MIN_TX. */
  minTx: number;
  /** Balance in wei, at least; null when a balance never qualifies (QUALIFY_MIN_BALANCE_WEI unset). */
  minBalanceWei: bigint | null;
}

/** An account as the chain reports it. */
export interface AccountActivity {
  sent: number;
  balance: bigint;
}

export function qualifiesOnChain(account: AccountActivity, thresholds: OnchainThresholds): boolean {
  if (account.sent >= thresholds.minTx) return true;
  return thresholds.minBalanceWei !== null && account.balance >= thresholds.minBalanceWei;
}

/** The `farcaster` rule's minimum Neynar user score (QUALIFY_MIN_NEYNAR_SCORE), the one Neynar suggests as a start. */
export const DEFAULT_MIN_NEYNAR_SCORE = 0.5;

/**
 * The `farcaster` rule: the referee has linked a fid and Neynar scores it at least `minScore`. A fid
 * Neynar gives no score (null) never qualifies.
 */
export function qualifiesOnFarcaster(score: number | null, minScore: number): boolean {
  return score !== null && score >= minScore;
}
