/**
 * Farm signals (lib/domain/signals.ts), kept per referrer by the store operations of their facts, in
 * the same atomic step: recordReferral updates the referrer's referrals, burst, quick referees and
 * loops; a referee's first checkIn, completeSocialTask or markNftMint after it was bound counts it
 * as active for its referrer. Imports (putWallets) write no signals. Nothing here scans: each read
 * is one round trip, and the ranking is kept in suspicion order as the counts are written.
 */
import type { SignalCounts } from "@/lib/domain/signals";

export interface ReferrerSignals extends SignalCounts {
  wallet: string;
  /** suspicionOf(the counts, the store's weights). */
  suspicion: number;
  /** Whether the referrer is disqualified now. */
  disqualified: boolean;
}

export interface SignalsStore {
  /**
   * Referrers with stored signals, by suspicion (highest first, then wallet ascending), `limit`
   * (at most MAX_SIGNALS_PAGE) from 0-based `offset`, and how many referrers have signals.
   */
  getSuspiciousReferrers(offset: number, limit: number): Promise<{ total: number; rows: ReferrerSignals[] }>;

  /** One wallet's stored signals; all zero for a wallet that never referred. */
  getReferrerSignals(wallet: string): Promise<ReferrerSignals>;
}

export {
  BURST_WINDOW_SECONDS,
  MAX_SIGNALS_PAGE,
  QUICK_SECONDS,
  SUSPICION_WEIGHTS,
  suspicionOf,
  type SignalCounts,
  type SuspicionWeights,
} from "@/lib/domain/signals";
