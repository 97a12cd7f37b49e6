/** The webhook endpoints in the route registry (issue #30): the admin's endpoints, their deliveries, the cron run, and the bodies sent. */
import * as paths from "@/lib/contract/paths";
import { error, internal, named, route, tooLarge, type NamedSchema } from "@/lib/contract/route-spec";
import { adminAccess } from "@/lib/contract/routes-admin";
import * as webhook from "@/lib/contract/webhook-schemas";
import { LISTED_DELIVERIES, RETRY_DELAYS_SECONDS, WEBHOOK_TEST_EVENT, type WebhookEventType } from "@/lib/domain/webhooks";

const TAG = "Webhooks";
const endpoint = named("WebhookEndpoint", webhook.webhookEndpointSchema);
const notFound = error("`Webhook not found`: no endpoint has that id; or `Not found`: neither ADMIN_TOKEN nor ADMIN_WALLETS is set, the endpoint is off");

const retries = RETRY_DELAYS_SECONDS.map((s) => (s < 60 ? `${s} s` : s < 3600 ? `${s / 60} min` : `${s / 3600} h`)).join(", ");

export const WEBHOOK_ROUTES = {
  createWebhook: route({
    ...paths.createWebhook,
    body: webhook.createWebhookBody,
    auth: "admin",
    doc: {
      tag: TAG,
      summary: "Add an endpoint that receives the events it lists",
      description:
        "From this step on, every fact of the listed types queues a signed delivery for it (Standard Webhooks: `webhook-id`, " +
        "`webhook-timestamp`, `webhook-signature`). The URL must be https and its host must resolve to public addresses only, " +
        "checked now and at every send (WEBHOOKS_ALLOW_PRIVATE=true also allows http and private addresses). The answer is the only " +
        "one that carries the signing `secret`.",
      responses: {
        201: { description: "Created, with its secret", json: named("CreateWebhookResponse", webhook.createWebhookResponse) },
        400: error("`Invalid url: ...` (not an absolute URL, not https, resolves to a private address, does not resolve) or `Invalid events: ...`"),
        ...adminAccess,
        413: tooLarge,
        500: internal,
      },
    },
  }),
  webhooks: route({
    ...paths.webhooks,
    auth: "admin",
    doc: {
      tag: TAG,
      summary: "Every endpoint, oldest first, with its state and last delivery (never its secret)",
      description: "`state` is `disabled` once an admin disabled it or every attempt failed for 3 days (`disabledAt`); its deliveries wait until it is enabled again.",
      responses: { 200: { description: "The endpoints", json: named("WebhookEndpoints", webhook.listWebhooksResponse) }, ...adminAccess, 500: internal },
    },
  }),
  deleteWebhook: route({
    ...paths.deleteWebhook,
    auth: "admin",
    doc: {
      tag: TAG,
      summary: "Remove an endpoint and every delivery of it",
      responses: { 200: { description: "Removed", json: named("DeleteWebhookResponse", webhook.deleteWebhookResponse) }, ...adminAccess, 404: notFound, 500: internal },
    },
  }),
  patchWebhook: route({
    ...paths.patchWebhook,
    body: webhook.updateWebhookBody,
    auth: "admin",
    doc: {
      tag: TAG,
      summary: "Enable or disable an endpoint",
      description: "Enabling clears its failure streak and makes its waiting deliveries due at once; they are sent after the response.",
      responses: {
        200: { description: "The endpoint", json: endpoint },
        400: error("`Invalid enabled: true or false`"),
        ...adminAccess,
        404: notFound,
        413: tooLarge,
        500: internal,
      },
    },
  }),
  testWebhook: route({
    ...paths.testWebhook,
    auth: "admin",
    doc: {
      tag: TAG,
      summary: `Send the endpoint a \`${WEBHOOK_TEST_EVENT}\` event`,
      description: "Queued for that endpoint alone and sent after the response, retried like any event; its delivery is listed with the others.",
      responses: {
        202: { description: "Queued: the event's id (its `webhook-id`)", json: named("TestWebhookResponse", webhook.testWebhookResponse) },
        ...adminAccess,
        404: notFound,
        500: internal,
      },
    },
  }),
  webhookDeliveries: route({
    ...paths.webhookDeliveries,
    auth: "admin",
    doc: {
      tag: TAG,
      summary: `The endpoint's last ${LISTED_DELIVERIES} deliveries, newest first`,
      description:
        `Each with its event id, type, attempts, state (\`pending\`, \`delivered\`, \`failed\` after the last retry), the last attempt's ` +
        `status, error and first 1 kB of the answer, and when it is tried next. Retries follow a failure by ${retries}.`,
      responses: {
        200: { description: "The deliveries", json: named("WebhookDeliveries", webhook.listDeliveriesResponse) },
        ...adminAccess,
        404: notFound,
        500: internal,
      },
    },
  }),
  webhooksCron: route({
    ...paths.webhooksCron,
    doc: {
      tag: TAG,
      summary: "One run of webhook delivery (Vercel Cron)",
      description:
        "Sends every delivery that is due (retries, and events whose after-response delivery never ran), 20 at a time, within about " +
        "45 s. Needs `Authorization: Bearer <CRON_SECRET>`; needs no NEYNAR_API_KEY.",
      security: [{ cronSecret: [] }],
      responses: {
        200: { description: "What the run did", json: named("WebhookRunResponse", webhook.webhookRunResponse) },
        401: error("`Invalid or missing cron secret`"),
        404: error("`Scheduled jobs are not enabled`: CRON_SECRET is not set"),
        500: internal,
      },
    },
  }),
};

const bodies = webhook.webhookBodySchemas;

/** What an endpoint receives, by event type: the OpenAPI document's `webhooks`, each body a named component. */
export const WEBHOOK_EVENTS: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, { summary: string; body: NamedSchema }> = {
  "referral.recorded": {
    summary: "A referee was bound to its referrer (credited at once, or pending under REFERRAL_QUALIFY)",
    body: named("WebhookReferralRecorded", bodies["referral.recorded"]),
  },
  "referral.credited": {
    summary: "A referral counts: `points` each side was credited (at once, or when the referee qualified)",
    body: named("WebhookReferralCredited", bodies["referral.credited"]),
  },
  "task.completed": {
    summary: "A task completed: a check-in (with its `streak`) each time, any other task its first time",
    body: named("WebhookTaskCompleted", bodies["task.completed"]),
  },
  "quest.completed": { summary: "A quest of the catalog completed, credited `points`", body: named("WebhookQuestCompleted", bodies["quest.completed"]) },
  "wallet.disqualified": {
    summary: "The wallets one admin step disqualified; `reason` null for an imported ban list",
    body: named("WebhookWalletDisqualified", bodies["wallet.disqualified"]),
  },
  "wallet.reinstated": { summary: "The wallets one admin step reinstated", body: named("WebhookWalletReinstated", bodies["wallet.reinstated"]) },
  "payout.created": {
    summary: "A payout plan was published: `total` in the token's base units, a decimal string",
    body: named("WebhookPayoutCreated", bodies["payout.created"]),
  },
  [WEBHOOK_TEST_EVENT]: { summary: "Sent by the console's Test button (POST /api/admin/webhooks/{id}/test)", body: named("WebhookTest", bodies[WEBHOOK_TEST_EVENT]) },
};
