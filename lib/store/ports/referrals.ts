/** Referrals: the refCode index, and binding a referee to the owner of a code, once. */
import type { ReferralCredit, ReferralTerms } from "@/lib/domain/rulebook";
import type { Registration } from "@/lib/store/ports/wallets";

export type RecordReferralResult =
  /** `credited`: this step credited the referral too (at once, or because the referee already met the rule); false while it waits. */
  | { outcome: "recorded"; referrer: string; credited: boolean }
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
   * The credit of the binding and when this step applies it (referralTerms of lib/domain/rulebook.ts);
   * the store applies what it is given and decides no rule. When the condition does not hold by what
   * the store keeps, the binding stays pending.
   */
  terms: ReferralTerms;
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
   * to the code's owner and makes the referee known; when `terms.creditWhen` holds in this step it
   * applies `terms.credit`: counts the referral, gives each side its points reached at `now` and
   * marks the referrer active. Otherwise the binding is made and the referee is pending (see
   * creditReferral) instead; the outcome is "recorded" all the same.
   */
  recordReferral(input: RecordReferralInput): Promise<RecordReferralResult>;

  /**
   * Credits the wallet's pending referral, if it has one, in one atomic step: it is no longer
   * pending, its referrer's pendingReferrals -1 and referralsCount +1, each side the points of
   * `credit` reached at `now` (a held entry scores where it is; 0 points leave an entry as it is),
   * the referrer active, and the day's referral counted.
   * The referrer when this call credited it, so that the caller can tell them; null for a wallet
   * without a pending referral, so that of concurrent calls exactly one names the referrer.
   * checkIn and markNftMint do the same inside their own step when given a credit.
   */
  creditReferral(referee: string, now: number, credit: ReferralCredit): Promise<string | null>;
}
