/** Referrals: the refCode index, and binding a referee to the owner of a code, once. */
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
}

/** What GET /api/referral/link shows of a wallet, with its registration. */
export interface ReferralInfo extends Registration {
  referrer: string | null;
  referralsCount: number;
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
   * referrer active and makes the referee known.
   */
  recordReferral(input: RecordReferralInput): Promise<RecordReferralResult>;
}
