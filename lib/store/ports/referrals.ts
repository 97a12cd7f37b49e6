/** Referrals: the refCode index, and binding a referee to the owner of a code, once. */
import type { QualifyRule } from "@/lib/domain/qualify";
import type { Registration } from "@/lib/store/ports/wallets";

export type RecordReferralResult =
  | { outcome: "recorded"; referrer: string }
  | { outcome: "already-recorded"; referrer: string }
  | { outcome: "self-referral" }
  | { outcome: "code-not-found" };

export interface RecordReferralInput {
  referee: string;
  refCode: string;
  /** The service's verdict that the code is the referee's own. */
  selfReferral: boolean;
  now: number;
  /**
   * REFERRAL_QUALIFY ("none" when absent): with a rule, the binding is credited at once only when
   * the referee already qualifies by what the store keeps (it checked in before, for "checkin";
   * nft_mint is true, for "nft_mint"); else it stays pending. "onchain" always starts pending.
   */
  qualify?: QualifyRule;
}

/** What GET /api/referral/link shows of a wallet, with its registration. */
export interface ReferralInfo extends Registration {
  referrer: string | null;
  referralsCount: number;
  /** Referees bound to the wallet whose referral waits for them to qualify. */
  pendingReferrals: number;
}

export interface ReferralStore {
  /** registerWallet plus what GET /api/referral/link shows, in one step. */
  getReferralInfo(wallet: string, now: number): Promise<ReferralInfo>;

  /** The wallet a refCode belongs to, or null. Rebuilds the code index only when the index itself is missing. */
  resolveRefCode(refCode: string): Promise<string | null>;

  /** Read-only: the wallet's referrer, or null. Makes nobody known. */
  getReferrer(wallet: string): Promise<string | null>;

  /**
   * One atomic step, checked in this order: an existing referrer wins (already-recorded);
   * then `selfReferral` refuses; then a code nobody owns is not found; else binds the referee
   * to the code's owner, counts the referral, gives both +1 score reached at `now`, marks the
   * referrer active and makes the referee known. With a `qualify` rule that the referee does not
   * meet yet, the binding is made and the referee is pending (see creditReferral) instead of
   * the counting, the points and the active mark; the outcome is "recorded" all the same.
   */
  recordReferral(input: RecordReferralInput): Promise<RecordReferralResult>;

  /**
   * Credits the wallet's pending referral, if it has one, in one atomic step: it is no longer
   * pending, its referrer's pendingReferrals -1 and referralsCount +1, both +1 score reached at
   * `now` (a held entry scores where it is), the referrer active, and the day's referral counted.
   * The referrer when this call credited it, so that the caller can tell them; null for a wallet
   * without a pending referral, so that of concurrent calls exactly one names the referrer.
   * checkIn and markNftMint do the same inside their own step.
   */
  creditReferral(referee: string, now: number): Promise<string | null>;
}
