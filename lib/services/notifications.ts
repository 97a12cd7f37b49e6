/**
 * Farcaster notifications, end to end: the webhook's events into the store, the Quick Auth link of
 * a fid to a wallet, the referral notification sent after the response, and the check-in reminder
 * runs. A send never fails a user's request: it runs after the response (a subscriber of
 * lib/services/events.ts), and a down or misbehaving notification url is counted and logged, never thrown.
 */
import { parseWebhookEvent } from "@farcaster/miniapp-node";
import type { NotificationsConfig } from "@/lib/config";
import { errors } from "@/lib/contract/errors";
import { type AdminNotificationsResponse, type FarcasterLinkResponse, type ReminderRunResponse } from "@/lib/contract/notification-schemas";
import { dayName, utcDay, type Period } from "@/lib/domain/analytics";
import { batchesOf, isStorableTarget, messageOf, reminderDue, type NotificationKind, type NotificationMessage, type NotificationTarget } from "@/lib/domain/notifications";
import type { Wallet } from "@/lib/domain/wallet";
import type { VerifyAppKey } from "@/lib/farcaster/app-key";
import type { NotificationClient } from "@/lib/farcaster/notify-client";
import type { QuickAuthCheck } from "@/lib/farcaster/quick-auth";
import { nameOf } from "@/lib/services/campaign";
import type { Clock } from "@/lib/domain/clock";
import { on, type Subscription } from "@/lib/services/events";
import type { NotificationStore } from "@/lib/store/types";

/** Everything notifications need beyond the store and the clock; null in Deps while they are off. */
export interface Notifier {
  config: NotificationsConfig;
  /** The app's name, for the texts. */
  appName: string;
  client: NotificationClient;
  verifyAppKey: VerifyAppKey;
  quickAuth: QuickAuthCheck;
}

export interface NotifyDeps {
  store: NotificationStore;
  clock: Clock;
  notifications: Notifier | null;
}

/** Requests in flight at once during one round of sends: a run's length stays bounded by its batch and the timeout. */
const CONCURRENT_REQUESTS = 4;

function required(deps: NotifyDeps): Notifier {
  if (!deps.notifications) throw errors.notificationsOff();
  return deps.notifications;
}

/** POST /api/farcaster/webhook: verifies the signed event (its app key through the hub), then keeps or forgets the fid's token. */
export async function receiveWebhookEvent(deps: NotifyDeps, body: unknown): Promise<{ success: true }> {
  const notifier = required(deps);
  let parsed: Awaited<ReturnType<typeof parseWebhookEvent>>;
  try {
    parsed = await parseWebhookEvent(body, notifier.verifyAppKey);
  } catch (error) {
    throw webhookError(error);
  }
  const { fid, appFid, event } = parsed;
  switch (event.event) {
    case "miniapp_added":
    case "notifications_enabled": {
      // miniapp_added carries details only when the user allowed notifications with it.
      if (!event.notificationDetails) break;
      const { url, token } = event.notificationDetails;
      if (!isStorableTarget({ url, token })) throw errors.invalidNotificationDetails();
      await deps.store.saveNotificationTarget({ fid, appFid, url, token }, deps.clock());
      break;
    }
    case "miniapp_removed":
    case "notifications_disabled":
      await deps.store.removeNotificationTarget(fid, appFid);
      break;
  }
  return { success: true };
}

/** The library's errors, by name: what is wrong with the event is the sender's 4xx; a hub that cannot answer is a 503 the client retries. */
function webhookError(error: unknown): unknown {
  const { name, message } = error as { name?: unknown; message?: unknown };
  switch (name) {
    case "VerifyJsonFarcasterSignature.InvalidDataError":
      return typeof message === "string" && /signature/i.test(message) ? errors.badEventSignature() : errors.malformedEvent();
    case "VerifyJsonFarcasterSignature.InvalidEventDataError":
      return errors.unknownEvent();
    case "VerifyJsonFarcasterSignature.InvalidAppKeyError":
      return errors.appKeyNotSigner();
    case "VerifyJsonFarcasterSignature.VerifyAppKeyError":
      console.error("[refboard] the webhook's app key check failed:", (error as { cause?: unknown }).cause ?? error);
      return errors.appKeyCheckFailed();
    default:
      return error;
  }
}

/**
 * POST /api/farcaster/link: the Quick Auth token proves the fid, the request's wallet is the one
 * the app already trusts for it (its session under WALLET_AUTH=siwe); the two are linked.
 */
export async function linkFarcasterAccount(deps: NotifyDeps, token: string | null, wallet: Wallet, domain: string): Promise<FarcasterLinkResponse> {
  const notifier = required(deps);
  if (!token) throw errors.quickAuthRequired();
  let fid: number | null;
  try {
    fid = await notifier.quickAuth(token, domain);
  } catch (error) {
    console.error("[refboard] the Quick Auth check failed:", error);
    throw errors.quickAuthUnavailable();
  }
  if (fid === null) throw errors.quickAuthInvalid();
  const { notifications } = await deps.store.linkFarcaster(fid, wallet, deps.clock());
  return { fid, wallet, notifications };
}

/**
 * The subscribers of notifications, while their kind is on. referral.credited tells the referrer,
 * once per day, with a notification leading to the request's link base; nothing without a request
 * (the bench's bare server).
 */
export function notificationSubscriptions(deps: NotifyDeps): Subscription[] {
  const notifier = deps.notifications;
  if (!notifier?.config.kinds.includes("referral")) return [];
  return [
    on("referral.credited", async ({ referrer }, request) => {
      if (!request) return;
      try {
        await sendOnce(deps, notifier, "referral", referrer, request.linkBase);
      } catch (error) {
        console.error("[refboard] the referral notification failed:", error);
      }
    }),
  ];
}

async function sendOnce(deps: NotifyDeps, notifier: Notifier, kind: NotificationKind, wallet: string, linkBase: string): Promise<void> {
  const now = deps.clock();
  const day = utcDay(now);
  const claimed = await deps.store.claimNotification(kind, wallet, day);
  if (!claimed) return;
  const tally = await deliver(notifier.client, messageOf(kind, day, notifier.appName, linkBase), claimed.targets);
  await deps.store.recordNotificationOutcome({ day, ...counts(tally), drop: tally.invalid, reminded: [], now });
}

/**
 * GET /api/cron/checkin-reminders: one bounded run. Takes the next 1,000 subscribers, sends
 * the reminder to those whose check-in is ready and who were not reminded this cooldown, and
 * records what happened. A fid whose tokens were all rate-limited or failed is not marked
 * reminded, so the next round over the subscribers tries it again.
 */
export async function runCheckinReminders(deps: NotifyDeps, linkBase: string): Promise<ReminderRunResponse> {
  const notifier = required(deps);
  if (!notifier.config.kinds.includes("checkin")) {
    return { subscribers: 0, due: 0, sent: 0, failed: 0, invalid: 0, rateLimited: 0, wrapped: true };
  }
  const now = deps.clock();
  const day = utcDay(now);
  const batch = await deps.store.takeReminderBatch(notifier.config.batch);
  const due = batch.candidates.filter((c) => c.wallet !== null && reminderDue(c.checkInLast, c.remindedAt, now));
  const tally = await deliver(notifier.client, messageOf("checkin", day, notifier.appName, linkBase), due.flatMap((c) => c.targets));
  const reminded = due.filter((c) => c.targets.some((t) => tally.delivered.has(t.token))).map((c) => c.fid);
  // A batch with nobody due sent nothing: nothing to record, no second round trip.
  if (due.length > 0) await deps.store.recordNotificationOutcome({ day, ...counts(tally), drop: tally.invalid, reminded, now });
  return { subscribers: batch.candidates.length, due: due.length, ...counts(tally), rateLimited: tally.rateLimited, wrapped: batch.wrapped };
}

interface Tally {
  delivered: Set<string>;
  failed: number;
  rateLimited: number;
  invalid: NotificationTarget[];
}

function counts(tally: Tally) {
  return { sent: tally.delivered.size, failed: tally.failed, invalid: tally.invalid.length };
}

/** Sends `message` to every target, TOKENS_PER_REQUEST per request, a few requests at a time. Never throws. */
async function deliver(client: NotificationClient, message: NotificationMessage, targets: NotificationTarget[]): Promise<Tally> {
  const tally: Tally = { delivered: new Set(), failed: 0, rateLimited: 0, invalid: [] };
  const queue = batchesOf(targets);
  const worker = async () => {
    for (let batch = queue.shift(); batch; batch = queue.shift()) {
      const byToken = new Map(batch.targets.map((t) => [t.token, t]));
      try {
        const reply = await client.send(batch.url, message, [...byToken.keys()]);
        for (const token of reply.successfulTokens) if (byToken.delete(token)) tally.delivered.add(token);
        for (const token of reply.invalidTokens) {
          const target = byToken.get(token);
          if (target && byToken.delete(token)) tally.invalid.push(target);
        }
        let limited = 0;
        for (const token of reply.rateLimitedTokens) if (byToken.delete(token)) limited++;
        tally.rateLimited += limited;
        // Rate-limited tokens and any the client left unanswered were not delivered this time.
        tally.failed += limited + byToken.size;
      } catch (error) {
        console.error(`[refboard] a notification request to ${new URL(batch.url).host} failed:`, error instanceof Error ? error.message : error);
        tally.failed += byToken.size;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_REQUESTS }, worker));
  return tally;
}

/** GET /api/admin/notifications: the period's counts per day, the subscribers and links now. */
export async function getNotificationStats(deps: NotifyDeps, period: Period): Promise<AdminNotificationsResponse> {
  const stats = await deps.store.getNotificationStats(period.fromDay, period.toDay);
  const total = (key: "sent" | "failed" | "invalid") => stats.days.reduce((sum, d) => sum + d[key], 0);
  return {
    period: nameOf(period),
    enabled: deps.notifications !== null,
    kinds: deps.notifications?.config.kinds ?? [],
    subscribers: stats.subscribers,
    linked: stats.linked,
    days: stats.days.map(({ day, sent, failed, invalid }) => ({ date: dayName(day), sent, failed, invalid })),
    totals: { sent: total("sent"), failed: total("failed"), invalid: total("invalid") },
  };
}
