/**
 * Qualified referrals (REFERRAL_QUALIFY): what a referee must do before its referral is credited.
 * With a rule, a referral binds at once (the binding is immutable as always) but the +1 of each
 * side, the referrer's referralsCount and so its milestones wait until the referee qualifies.
 */

/** "none" credits at binding, as docs/api.md says; the others wait for the referee. */
export const QUALIFY_RULES = ["none", "checkin", "nft_mint", "onchain"] as const;
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
