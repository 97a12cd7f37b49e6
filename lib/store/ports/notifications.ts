/**
 * Farcaster notifications: the tokens Farcaster clients hand out through the webhook, the
 * fid <-> wallet links proven by Quick Auth, which notifications were claimed, the check-in
 * reminders' cursor and the daily counts of what was sent. Each method is one round trip on Redis.
 *
 * A fid has at most one target per client app (appFid); a fid is linked to at most one wallet and
 * a wallet to at most one fid. Fids with at least one target are the *subscribers*, walked in
 * ascending fid order by takeReminderBatch.
 */
import type { NotificationKind, NotificationTarget } from "@/lib/domain/notifications";
export { MAX_REMINDER_BATCH } from "@/lib/domain/notifications";

/** Most targets one recordNotificationOutcome drops. */
export const MAX_DROPPED_TARGETS = 10_000;

export interface ReminderCandidate {
  fid: number;
  /** The wallet linked to the fid, null when none is. */
  wallet: string | null;
  /** That wallet's last check-in (null: never, or no wallet). */
  checkInLast: number | null;
  /** When this fid was last sent a check-in reminder, null if never. */
  remindedAt: number | null;
  /** Every target of the fid, by appFid ascending. */
  targets: NotificationTarget[];
}

export interface ReminderBatch {
  /** Up to `limit` subscribers after the cursor, fid ascending. */
  candidates: ReminderCandidate[];
  /** True when this batch reached the last subscriber: the next batch starts from the first again. */
  wrapped: boolean;
}

/** What one round of sends did, written in one step. */
export interface NotificationOutcome {
  /** The UTC day the counts belong to. */
  day: number;
  /** Tokens the clients accepted. */
  sent: number;
  /** Tokens not delivered this time: failed requests and rate-limited tokens. */
  failed: number;
  /** Tokens the clients reported invalid. */
  invalid: number;
  /** Targets to forget (reported invalid); one whose token changed since is kept. */
  drop: NotificationTarget[];
  /** Fids whose check-in reminder went out: their remindedAt becomes `now`. */
  reminded: number[];
  now: number;
}

export interface NotificationDay {
  day: number;
  sent: number;
  failed: number;
  invalid: number;
}

export interface NotificationStats {
  /** Every day of fromDay..toDay, oldest first, zeros where nothing was counted. */
  days: NotificationDay[];
  /** Fids with at least one target now. */
  subscribers: number;
  /** Fids linked to a wallet now. */
  linked: number;
}

export interface NotificationStore {
  /** Keeps `target` as the fid's target for its client app (miniapp_added with details, notifications_enabled), replacing any before it. */
  saveNotificationTarget(target: NotificationTarget, now: number): Promise<void>;

  /** Forgets the fid's target for that client app (miniapp_removed, notifications_disabled); nothing when there is none. */
  removeNotificationTarget(fid: number, appFid: number): Promise<void>;

  /**
   * Links `fid` and `wallet`, replacing any earlier link of either. Returns whether the fid has a
   * target now (notifications on in at least one client).
   */
  linkFarcaster(fid: number, wallet: string, now: number): Promise<{ notifications: boolean }>;

  /** The fid linked to `wallet`, null when none is: whose Farcaster actions verify the wallet's social tasks. */
  linkedFid(wallet: string): Promise<number | null>;

  /**
   * Claims the one notification of `kind` on UTC `day` for the fid linked to `wallet`: the fid and
   * its targets when this call claimed it; null when no fid is linked, it has no target, or the
   * claim was made before (by this day's earlier call). A claim lasts at least two days.
   */
  claimNotification(kind: NotificationKind, wallet: string, day: number): Promise<{ fid: number; targets: NotificationTarget[] } | null>;

  /**
   * The next `limit` subscribers after the stored cursor, with what a reminder needs, and moves
   * the cursor past them in the same step: concurrent runs take different batches. After the
   * last subscriber the cursor starts over.
   */
  takeReminderBatch(limit: number): Promise<ReminderBatch>;

  /** Writes one round of sends: the day's counts, the dropped targets, the reminded fids. */
  recordNotificationOutcome(outcome: NotificationOutcome): Promise<void>;

  /** The counts of fromDay..toDay (at most MAX_ANALYTICS_DAYS), and the subscribers and links now. */
  getNotificationStats(fromDay: number, toDay: number): Promise<NotificationStats>;
}

export type { NotificationKind, NotificationTarget } from "@/lib/domain/notifications";
