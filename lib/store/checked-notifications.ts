/**
 * The validating wrapper's checks of the notification calls (lib/store/checked.ts merges them):
 * fids, urls and tokens come from webhook events and Quick Auth tokens, so a malformed one is
 * refused before a backend sees it.
 */
import { isStorableTarget, MAX_TARGET_TOKEN, MAX_TARGET_URL, NOTIFICATION_KINDS, type NotificationTarget } from "@/lib/domain/notifications";
import { MAX_DROPPED_TARGETS, MAX_REMINDER_BATCH } from "@/lib/store/ports/notifications";
import type { Store } from "@/lib/store/types";
import { checkBatch, checkDays, checkSeconds, checkWallet } from "@/lib/store/checks";

export function checkedNotifications(store: Store): Partial<Store> {
  return {
    async saveNotificationTarget(target, now) {
      checkTarget(target);
      checkSeconds(now, "now");
      return store.saveNotificationTarget(target, now);
    },
    async removeNotificationTarget(fid, appFid) {
      checkFid(fid, "fid");
      checkFid(appFid, "appFid");
      return store.removeNotificationTarget(fid, appFid);
    },
    async linkFarcaster(fid, wallet, now) {
      checkFid(fid, "fid");
      checkWallet(wallet);
      checkSeconds(now, "now");
      return store.linkFarcaster(fid, wallet, now);
    },
    async linkedFid(wallet) {
      checkWallet(wallet);
      return store.linkedFid(wallet);
    },
    async claimNotification(kind, wallet, day) {
      if (!NOTIFICATION_KINDS.includes(kind)) throw new RangeError(`unknown notification kind ${JSON.stringify(kind)}`);
      checkWallet(wallet);
      checkSeconds(day, "day");
      return store.claimNotification(kind, wallet, day);
    },
    async takeReminderBatch(limit) {
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_REMINDER_BATCH) {
        throw new RangeError(`limit must be a whole number from 1 to ${MAX_REMINDER_BATCH}, got ${limit}`);
      }
      return store.takeReminderBatch(limit);
    },
    async recordNotificationOutcome(outcome) {
      checkSeconds(outcome.day, "day");
      checkSeconds(outcome.now, "now");
      for (const what of ["sent", "failed", "invalid"] as const) checkSeconds(outcome[what], what);
      checkBatch(outcome.drop, "drop", MAX_DROPPED_TARGETS);
      outcome.drop.forEach(checkTarget);
      checkBatch(outcome.reminded, "reminded", MAX_REMINDER_BATCH);
      outcome.reminded.forEach((fid) => checkFid(fid, "reminded fid"));
      return store.recordNotificationOutcome(outcome);
    },
    async getNotificationStats(fromDay, toDay) {
      checkDays(fromDay, toDay);
      return store.getNotificationStats(fromDay, toDay);
    },
  };
}

function checkFid(fid: number, what: string): void {
  if (!Number.isSafeInteger(fid) || fid < 1) throw new RangeError(`${what} must be a whole number >= 1, got ${fid}`);
}

function checkTarget(target: NotificationTarget): void {
  checkFid(target.fid, "fid");
  checkFid(target.appFid, "appFid");
  if (!isStorableTarget(target)) {
    throw new RangeError(`a notification target is an http(s) URL of at most ${MAX_TARGET_URL} and a token of at most ${MAX_TARGET_TOKEN} printable characters`);
  }
}
