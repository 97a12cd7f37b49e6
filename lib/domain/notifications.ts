/**
 * Farcaster notifications: what is sent, within the protocol's limits, and when a check-in
 * reminder is due. Pure: the sender (lib/services/notifications.ts) does the I/O.
 *
 * Farcaster clients deduplicate on (fid, notificationId) for 24 hours, so one id per kind and UTC
 * day is one notification per (kind, fid, day): a retry of the same day is never a second one,
 * and one id serves every batch of the day (as the protocol allows).
 */
import { dayName } from "@/lib/domain/analytics";
import { CHECKIN_COOLDOWN_SECONDS } from "@/lib/domain/tasks";

export const NOTIFICATION_KINDS = ["referral", "checkin"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The protocol's limits (Farcaster Mini Apps, "Sending notifications"). */
export const TITLE_MAX = 32;
export const BODY_MAX = 128;
export const NOTIFICATION_ID_MAX = 128;
export const TOKENS_PER_REQUEST = 100;

/** Longest notification url and token kept (the protocol caps urls at 1024 characters). */
export const MAX_TARGET_URL = 1_024;
export const MAX_TARGET_TOKEN = 256;

const PRINTABLE = /^[\x21-\x7e]+$/;

/**
 * Whether a client's notification url and token can be kept: an http(s) URL and a token, each of
 * printable characters without spaces (a store may join the two with one) within those lengths.
 */
export function isStorableTarget(details: { url: unknown; token: unknown }): details is { url: string; token: string } {
  const { url, token } = details;
  return (
    typeof url === "string" &&
    url.length <= MAX_TARGET_URL &&
    PRINTABLE.test(url) &&
    /^https?:\/\/./i.test(url) &&
    URL.canParse(url) &&
    typeof token === "string" &&
    token.length <= MAX_TARGET_TOKEN &&
    PRINTABLE.test(token)
  );
}

/** Most subscribers one check-in reminder run works through (each run takes this many). */
export const MAX_REMINDER_BATCH = 1_000;

/** Where a Farcaster client sends a mini app's notifications for one user: kept per (fid, client app fid). */
export interface NotificationTarget {
  fid: number;
  /** The fid of the client app that holds the token (Warpcast's, for example). */
  appFid: number;
  url: string;
  token: string;
}

export interface NotificationMessage {
  notificationId: string;
  title: string;
  body: string;
  targetUrl: string;
}

/** `<kind>-<yyyy-mm-dd>`: stable for a kind and a UTC day. */
export function notificationIdOf(kind: NotificationKind, day: number): string {
  return `${kind}-${dayName(day)}`;
}

const TEXTS: Record<NotificationKind, (appName: string) => { title: string; body: string }> = {
  referral: () => ({
    title: "A friend joined with your link",
    body: "+20 reward units for you, and the same for your friend. Keep sharing your link to climb the leaderboard.",
  }),
  checkin: (appName) => ({
    title: "Your daily check-in is ready",
    body: `Open ${appName} and check in: one tap keeps your quests moving.`,
  }),
};

/** The message of `kind` on `day`, cut to the protocol's limits; `targetUrl` is on the app's own origin. */
export function messageOf(kind: NotificationKind, day: number, appName: string, linkBase: string): NotificationMessage {
  const text = TEXTS[kind](appName);
  return {
    notificationId: notificationIdOf(kind, day),
    title: clip(text.title, TITLE_MAX),
    body: clip(text.body, BODY_MAX),
    targetUrl: new URL("/", linkBase).href,
  };
}

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

/**
 * A check-in reminder is due when the wallet's check-in is ready (never made, or its cooldown is
 * over) and the fid was not reminded during the last cooldown: once per cooldown at most.
 */
export function reminderDue(checkInLast: number | null, remindedAt: number | null, now: number): boolean {
  const ready = checkInLast === null || now - checkInLast >= CHECKIN_COOLDOWN_SECONDS;
  return ready && (remindedAt === null || now - remindedAt >= CHECKIN_COOLDOWN_SECONDS);
}

/** Targets grouped by notification url, in requests of at most TOKENS_PER_REQUEST tokens each. */
export function batchesOf(targets: NotificationTarget[]): { url: string; targets: NotificationTarget[] }[] {
  const byUrl = new Map<string, NotificationTarget[]>();
  for (const target of targets) {
    const group = byUrl.get(target.url);
    if (group) group.push(target);
    else byUrl.set(target.url, [target]);
  }
  const batches: { url: string; targets: NotificationTarget[] }[] = [];
  for (const [url, group] of byUrl) {
    for (let i = 0; i < group.length; i += TOKENS_PER_REQUEST) batches.push({ url, targets: group.slice(i, i + TOKENS_PER_REQUEST) });
  }
  return batches;
}
