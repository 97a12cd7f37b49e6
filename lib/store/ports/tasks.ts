/** Tasks: the daily check-in, social tasks completed once, and the nft_mint flag. */
import type { SocialTaskId } from "@/lib/domain/tasks";

export type CheckInResult = { checkedIn: true } | { checkedIn: false; last: number };

export interface TaskStore {
  /**
   * Daily check-in: succeeds and stores `now` when no check-in happened in the
   * last `cooldownSeconds`; otherwise returns the previous check-in time. Also makes the wallet known.
   */
  checkIn(wallet: string, now: number, cooldownSeconds: number): Promise<CheckInResult>;

  /** Completes a social task once; returns the ORIGINAL completion time. Also makes the wallet known. */
  completeSocialTask(wallet: string, taskId: SocialTaskId, now: number): Promise<number>;

  /** Stores nft_mint = true for good. Also makes the wallet known. */
  markNftMint(wallet: string, now: number): Promise<void>;
}
