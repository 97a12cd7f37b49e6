/** The Farcaster notification endpoints in the route registry: the webhook, the Quick Auth link, the reminder run and the console's counts. */
import * as admin from "@/lib/contract/admin-schemas";
import * as farcaster from "@/lib/contract/notification-schemas";
import * as paths from "@/lib/contract/paths";
import { adminAccess } from "@/lib/contract/routes-admin";
import { error, internal, named, route, tooLarge, walletWrite, WALLET_WRITE } from "@/lib/contract/route-spec";
import { MAX_ANALYTICS_DAYS } from "@/lib/domain/analytics";

const off = error("`Farcaster notifications are not enabled`: NEYNAR_API_KEY is not set");

export const FARCASTER_ROUTES = {
  farcasterWebhook: route({
    ...paths.farcasterWebhook,
    body: farcaster.webhookEventBody,
    doc: {
      tag: "Farcaster",
      summary: "A Farcaster client's event: the app added or removed, notifications on or off",
      description:
        "The manifest's `webhookUrl`. The body is a JSON Farcaster Signature `{ header, payload, signature }` (base64url); the " +
        "signature is checked, then the signing app key against the fid's on-chain signers through Neynar's hub. " +
        "`miniapp_added` (with notificationDetails) and `notifications_enabled` keep the notification url and token per " +
        "(fid, client app); `miniapp_removed` and `notifications_disabled` forget them.",
      responses: {
        200: { description: "Stored", json: named("WebhookResponse", farcaster.webhookResponse) },
        400: error("`Malformed event: ...`, `Unknown or malformed event payload` or `Invalid notification details: ...`"),
        401: error("`Invalid event signature`, or `The event's app key is not a signer of its fid`"),
        404: off,
        413: tooLarge,
        500: internal,
        503: error("`Could not check the event's app key, please retry`: the hub did not answer; the client sends the event again"),
      },
    },
  }),
  linkFarcaster: route({
    ...paths.linkFarcaster,
    body: farcaster.farcasterLinkBody,
    ...WALLET_WRITE,
    doc: {
      tag: "Farcaster",
      summary: "Link the fid of a Quick Auth token to a wallet",
      description:
        "`Authorization: Bearer <Quick Auth token>` proves the fid (a token for this app's domain, from the Quick Auth server); the " +
        "wallet is the request's (its session under WALLET_AUTH=siwe). A fid is linked to one wallet and a wallet to one fid; a new " +
        "link replaces the old. Notifications for the wallet (a referral credited) go to the linked fid.",
      security: [{ quickAuth: [] }],
      responses: {
        200: { description: "Linked; `notifications` tells whether a client holds a token for the fid", json: named("FarcasterLinkResponse", farcaster.farcasterLinkResponse) },
        400: error("Malformed input: `Invalid wallet address`, `Invalid JSON body`"),
        ...walletWrite,
        401: error("`Quick Auth token required: ...`, `Invalid Quick Auth token`, or (WALLET_AUTH=siwe) `Sign-in required`"),
        404: off,
        413: tooLarge,
        500: internal,
        503: error("`Could not check the Quick Auth token, please retry`: the Quick Auth server's keys could not be read"),
      },
    },
  }),
  checkinReminders: route({
    ...paths.checkinReminders,
    auth: "cron",
    doc: {
      tag: "Farcaster",
      summary: "One run of the daily check-in reminders (Vercel Cron)",
      description:
        "Takes the next 1,000 subscribers (fids with a notification token) after the previous run's and sends \"Your daily " +
        "check-in is ready\" to those linked to a wallet whose check-in is ready and who were not reminded within the cooldown, 100 " +
        "tokens per request. Invalid tokens are deleted; a fid whose tokens were rate-limited or failed is tried again on the next round.",
      responses: {
        200: { description: "What the run did", json: named("ReminderRunResponse", farcaster.reminderRunResponse) },
        401: error("`Invalid or missing cron secret`"),
        404: error("`Scheduled jobs are not enabled`: CRON_SECRET or NEYNAR_API_KEY is not set"),
        500: internal,
      },
    },
  }),
  adminNotifications: route({
    ...paths.adminNotifications,
    query: admin.adminRangeQuery,
    auth: "admin",
    doc: {
      tag: "Campaign console",
      summary: "Farcaster notifications sent, failed and invalid per day",
      description:
        `\`from\` and \`to\` are UTC dates (YYYY-MM-DD), both included, at most ${MAX_ANALYTICS_DAYS} days; \`to\` defaults to today and ` +
        "`from` to 30 days ending at `to`. Counted per token; with the subscribers and linked fids now.",
      responses: {
        200: { description: "The counts", json: named("AdminNotifications", farcaster.adminNotificationsResponse) },
        400: error("`Invalid from: ...` or `Invalid to: ...`"),
        ...adminAccess,
        500: internal,
      },
    },
  }),
};
