/**
 * zod schemas of the Farcaster notification endpoints: the Quick Auth link, the check-in reminder
 * run and the console's counts. The webhook's own body is a JSON Farcaster Signature, which
 * @farcaster/miniapp-node parses and verifies (what it carries to the store: isStorableTarget).
 */
import { z } from "zod";
import { periodName } from "@/lib/contract/admin-schemas";
import { address, walletSchema } from "@/lib/contract/schemas";

/** POST /api/farcaster/link (with `Authorization: Bearer <Quick Auth token>`) */
export const farcasterLinkBody = z.object({ wallet: walletSchema });

export const farcasterLinkResponse = z.object({
  fid: z.number().int().positive(),
  wallet: address,
  /** Whether a Farcaster client holds a notification token of this fid for the app. */
  notifications: z.boolean(),
});

export const webhookResponse = z.object({ success: z.literal(true) });

/** GET /api/cron/checkin-reminders: what one run did. */
export const reminderRunResponse = z.object({
  /** Subscribers this run looked at (at most 1,000). */
  subscribers: z.number().int().nonnegative(),
  /** Of those, the fids whose reminder was due. */
  due: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  invalid: z.number().int().nonnegative(),
  /** Tokens the clients rate-limited: their fids are tried again on a later run. */
  rateLimited: z.number().int().nonnegative(),
  /** True when this run reached the last subscriber: the next one starts from the first. */
  wrapped: z.boolean(),
});

export const notificationDayRow = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  invalid: z.number().int().nonnegative(),
});

/** GET /api/admin/notifications */
export const adminNotificationsResponse = z.object({
  period: periodName,
  /** Whether notifications are configured (NEYNAR_API_KEY) and which kinds are sent. */
  enabled: z.boolean(),
  kinds: z.array(z.string()),
  subscribers: z.number().int().nonnegative(),
  linked: z.number().int().nonnegative(),
  days: z.array(notificationDayRow),
  totals: z.object({ sent: z.number().int(), failed: z.number().int(), invalid: z.number().int() }),
});

export type FarcasterLinkResponse = z.infer<typeof farcasterLinkResponse>;
export type ReminderRunResponse = z.infer<typeof reminderRunResponse>;
export type AdminNotificationsResponse = z.infer<typeof adminNotificationsResponse>;

/** POST /api/farcaster/webhook: a JSON Farcaster Signature; the library checks each part and the signature. */
export const webhookEventBody = z.looseObject({});
