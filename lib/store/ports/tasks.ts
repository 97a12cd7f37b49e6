/** Tasks: the daily check-in, social tasks completed once, and the nft_mint flag. */
import type { ReferralCredit } from "@/lib/domain/rulebook";
import type { SocialTaskId } from "@/lib/domain/tasks";

/**
 * `referralPending`: the wallet's referral still waits for it to qualify, after this step.
 * `creditedReferrer`: only when this check-in credited the pending referral, the referrer to tell;
 * absent otherwise, so that of concurrent steps exactly one names them.
 * `streak`: the wallet's check-in streak this check-in made (1 when it started again).
 */
export type CheckInResult =
  | { checkedIn: true; streak: number; referralPending: boolean; creditedReferrer?: string }
  | { checkedIn: false; last: number; referralPending: boolean };

/** `completedAt`: the ORIGINAL completion time; `completed`: this call completed the task (a repeat is false). */
export interface SocialTaskResult {
  completedAt: number;
  completed: boolean;
}

/**
 * `marked`: this call set nft_mint (its first verification); `creditedReferrer`: the referrer when this
 * call credited the wallet's pending referral, else null. Of concurrent steps exactly one says either.
 */
export interface NftMintResult {
  marked: boolean;
  creditedReferrer: string | null;
}

export interface TaskStore {
  /**
   * Daily check-in: succeeds and stores `now` when no check-in happened in the
   * last `cooldownSeconds`; otherwise returns the previous check-in time. Also makes the wallet known.
   * Given `creditsPending`, a successful check-in also applies it to the wallet's pending referral in
   * the same step (ReferralStore.creditReferral), and says so by `creditedReferrer`; null credits nothing.
   * A successful check-in less than `streakWindowSeconds` after the previous one adds 1 to the wallet's
   * streak, any other starts it at 1; a refused one changes nothing.
   */
  checkIn(wallet: string, now: number, cooldownSeconds: number, creditsPending: ReferralCredit | null, streakWindowSeconds: number): Promise<CheckInResult>;

  /** Completes a social task once, keeping the ORIGINAL completion time. Also makes the wallet known. */
  completeSocialTask(wallet: string, taskId: SocialTaskId, now: number): Promise<SocialTaskResult>;

  /**
   * Stores nft_mint = true for good. Also makes the wallet known. Given `creditsPending`, also applies
   * it to the wallet's pending referral in the same step (ReferralStore.creditReferral); with null it
   * credits nothing.
   */
  markNftMint(wallet: string, now: number, creditsPending: ReferralCredit | null): Promise<NftMintResult>;
}
