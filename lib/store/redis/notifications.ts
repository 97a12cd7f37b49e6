/**
 * Farcaster notifications on Redis (lib/store/ports/notifications.ts). The subscribers are a sorted set
 * scored by fid, so the reminders' cursor is just the last fid taken and a batch one ZRANGEBYSCORE that
 * concurrent runs cannot both take; the links are two hashes kept mirrored by the one script that writes
 * them; a claim is a fid added to the set of its (kind, day), which SADD makes exactly-once.
 *
 * Keys: fc:t:<fid> (its prefix where a script finds the fid itself), fc:subs, fc:cursor, fc:wallet,
 * fc:fid, fc:reminded, fc:claim:<kind>:<day>, an:<day>:notifications; wallet:<addr> (checkInLast, read).
 * Scripts: notifications/save-notification-target, remove-notification-target, link-farcaster, get-linked-fid,
 * claim-notification, take-reminder-batch, record-notification-outcome, get-notification-stats.
 */
import "server-only";
import { dayName, daysOf, expiryOf, SECONDS_PER_DAY } from "@/lib/domain/analytics";
import type { NotificationTarget } from "@/lib/domain/notifications";
import type { RedisContext } from "@/lib/store/redis/context";
import { int, list, optInt, optWallet, str, UnexpectedReplyError } from "@/lib/store/redis/reply";
import { whole } from "@/lib/store/redis/run";
import type { NotificationStore, ReminderCandidate } from "@/lib/store/types";

/** How long a (kind, day) claims set lasts after its newest claim: the port promises a claim two days. */
export const CLAIM_SECONDS = 2 * SECONDS_PER_DAY;

/** A target as fc:t:<fid> stores it (keys.ts): the token first, which is what a drop compares. */
function storedTarget({ token, url }: NotificationTarget): string {
  return `${token} ${url}`;
}

/** A fid's targets from HGETALL of its fc:t:<fid>, {appFid, stored, ...}, by appFid ascending. */
function targetsOf(fid: number, reply: unknown): NotificationTarget[] {
  const pairs = list(reply, "notification targets");
  if (pairs.length % 2 !== 0) throw new UnexpectedReplyError("notification targets", reply);
  const targets: NotificationTarget[] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const stored = str(pairs[i + 1], "notification target");
    const space = stored.indexOf(" ");
    if (space < 1 || space === stored.length - 1) throw new UnexpectedReplyError("notification target", stored);
    targets.push({ fid, appFid: int(pairs[i], "appFid"), url: stored.slice(space + 1), token: stored.slice(0, space) });
  }
  return targets.sort((a, b) => a.appFid - b.appFid);
}

/** Elements per subscriber in take-reminder-batch.lua's reply: fid, wallet, checkInLast, remindedAt, targets. */
const CANDIDATE_LENGTH = 5;

export function notificationOperations({ keys, retentionDays, run, runList }: RedisContext): NotificationStore {
  return {
    async saveNotificationTarget(target) {
      const args = [whole(target.fid), whole(target.appFid), storedTarget(target)];
      await run("save-notification-target", [keys.notificationTargets(target.fid), keys.subscribers], args);
    },

    async removeNotificationTarget(fid, appFid) {
      await run("remove-notification-target", [keys.notificationTargets(fid), keys.subscribers], [whole(fid), whole(appFid)]);
    },

    async linkFarcaster(fid, wallet) {
      const reply = await run("link-farcaster", [keys.linkedWallets, keys.linkedFids, keys.notificationTargets(fid)], [whole(fid), wallet]);
      return { notifications: int(reply, "linkFarcaster") === 1 };
    },

    async linkedFid(wallet) {
      return optInt(await run("get-linked-fid", [keys.linkedFids], [wallet]), "linked fid");
    },

    async claimNotification(kind, wallet, day) {
      const scriptKeys = [keys.linkedFids, keys.notificationClaims(kind, dayName(day))];
      const reply = await runList("claim-notification", scriptKeys, [wallet, keys.notificationTargetsKeyPrefix, whole(CLAIM_SECONDS)], 0);
      if (reply.length === 0) return null;
      const fid = int(reply[0], "claimed fid");
      return { fid, targets: targetsOf(fid, reply[1]) };
    },

    async takeReminderBatch(limit) {
      const scriptKeys = [keys.subscribers, keys.reminderCursor, keys.linkedWallets, keys.reminded];
      const reply = await runList("take-reminder-batch", scriptKeys, [whole(limit), keys.notificationTargetsKeyPrefix, keys.walletKeyPrefix], 1);
      if ((reply.length - 1) % CANDIDATE_LENGTH !== 0) throw new UnexpectedReplyError("takeReminderBatch", reply);
      const candidates: ReminderCandidate[] = [];
      for (let i = 1; i < reply.length; i += CANDIDATE_LENGTH) {
        const fid = int(reply[i], "subscriber fid");
        candidates.push({
          fid,
          wallet: optWallet(reply[i + 1], "linked wallet"),
          checkInLast: optInt(reply[i + 2], "checkInLast"),
          remindedAt: optInt(reply[i + 3], "remindedAt"),
          targets: targetsOf(fid, reply[i + 4]),
        });
      }
      return { candidates, wrapped: int(reply[0], "wrapped") === 1 };
    },

    async recordNotificationOutcome({ day, sent, failed, invalid, drop, reminded, now }) {
      const args = [
        whole(expiryOf(day, retentionDays)),
        whole(sent),
        whole(failed),
        whole(invalid),
        whole(now),
        keys.notificationTargetsKeyPrefix,
        whole(drop.length),
        ...drop.flatMap((target) => [whole(target.fid), whole(target.appFid), target.token]),
        ...reminded.map(whole),
      ];
      await run("record-notification-outcome", [keys.notificationCounts(dayName(day)), keys.subscribers, keys.reminded], args);
    },

    async getNotificationStats(fromDay, toDay) {
      const days = daysOf({ fromDay, toDay });
      const scriptKeys = [keys.subscribers, keys.linkedWallets, ...days.map((day) => keys.notificationCounts(dayName(day)))];
      const reply = await runList("get-notification-stats", scriptKeys, [], 2 + 3 * days.length);
      return {
        days: days.map((day, i) => ({
          day,
          sent: optInt(reply[2 + 3 * i], "sent") ?? 0,
          failed: optInt(reply[3 + 3 * i], "failed") ?? 0,
          invalid: optInt(reply[4 + 3 * i], "invalid") ?? 0,
        })),
        subscribers: int(reply[0], "subscribers"),
        linked: int(reply[1], "linked"),
      };
    },
  };
}
