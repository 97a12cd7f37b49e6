/** Known wallets: making a wallet known (its refCode resolvable) and reading its whole state. */
import type { SocialTaskId } from "@/lib/domain/tasks";

/** Everything the task and referral endpoints read about one wallet. */
export interface WalletState {
  referrer: string | null;
  referralsCount: number;
  /** Leaderboard score; 0 when the wallet has no entry. */
  score: number;
  /** Server time of the last daily check-in. */
  checkInLast: number | null;
  /** Completion time of each social task, null while not completed. */
  social: Record<SocialTaskId, number | null>;
  nftMint: boolean;
  /** The wallet is bound and its referral waits for it to qualify (REFERRAL_QUALIFY). */
  referralPending: boolean;
  /** Referees bound to the wallet whose referral waits for them to qualify. */
  pendingReferrals: number;
  /** The fid linked to the wallet by Quick Auth (NotificationStore.linkFarcaster); null when none is. */
  fid: number | null;
}

export interface Registration {
  /** True when this call made the wallet known. */
  isNew: boolean;
  /** The wallet that owns the wallet's refCode: itself, or an earlier wallet with the same last 8 characters. */
  codeOwner: string;
  /** The wallet is bound and its referral waits for it to qualify (REFERRAL_QUALIFY). */
  referralPending: boolean;
}

export interface WalletStore {
  /** Makes the wallet known: its refCode resolves to it unless an earlier wallet owns the code. */
  registerWallet(wallet: string, now: number): Promise<Registration>;

  /** Read-only state of one wallet (all defaults for an unknown wallet). */
  getWalletState(wallet: string): Promise<WalletState>;
}
