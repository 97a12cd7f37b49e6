/**
 * The webhook endpoints' contract (issue #30): managing the team's endpoints, their deliveries, and
 * the bodies an endpoint receives (one schema per event type, documented in the OpenAPI document).
 */
import { z } from "zod";
import { walletSchema } from "@/lib/contract/schemas";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from "@/lib/domain/webhooks";

/** Longest URL an endpoint may have. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

export const WEBHOOK_ID_PATTERN = /^wh_[0-9a-f]{16}$/;

const eventsMessage = `Invalid events: a non-empty list of ${WEBHOOK_EVENT_TYPES.join(", ")}`;

/** POST /api/admin/webhooks. The URL's scheme and address are checked by the service (https, no private address unless WEBHOOKS_ALLOW_PRIVATE=true). */
export const createWebhookBody = z.object({
  url: z
    .string({ error: "Invalid url: an absolute http(s) URL" })
    .max(MAX_WEBHOOK_URL_LENGTH, { error: `Invalid url: at most ${MAX_WEBHOOK_URL_LENGTH} characters` })
    .refine((text) => URL.canParse(text), { error: "Invalid url: an absolute http(s) URL" }),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: eventsMessage }), { error: eventsMessage })
    .min(1, { error: eventsMessage })
    .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type))),
});
export type CreateWebhookBody = z.output<typeof createWebhookBody>;

/** PATCH /api/admin/webhooks/{id}: enable (resumes its deliveries) or disable. */
export const updateWebhookBody = z.object({ enabled: z.boolean({ error: "Invalid enabled: true or false" }) });

const lastDelivery = z
  .object({
    at: z.number().int(),
    eventId: z.string(),
    status: z.number().int().nullable(),
    ok: z.boolean(),
  })
  .nullable();

/** An endpoint as listed: never its secret. `state` is "active", or "disabled" (by 3 days of failures or an admin). */
export const webhookEndpointSchema = z.object({
  id: z.string().regex(WEBHOOK_ID_PATTERN),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  state: z.enum(["active", "disabled"]),
  createdAt: z.number().int(),
  disabledAt: z.number().int().nullable(),
  /** "failures": 3 days of failed attempts; "admin": PATCH { enabled: false }; null while active. */
  disabledBy: z.enum(["failures", "admin"]).nullable(),
  failingSince: z.number().int().nullable(),
  lastDelivery,
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointSchema>;

/** 201 of POST /api/admin/webhooks: the only answer that carries the secret. */
export const createWebhookResponse = z.object({
  id: z.string().regex(WEBHOOK_ID_PATTERN),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  secret: z.string().regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/),
});

export const listWebhooksResponse = z.object({ webhooks: z.array(webhookEndpointSchema) });

export const webhookDeliverySchema = z.object({
  eventId: z.string(),
  type: z.string(),
  attempts: z.number().int().nonnegative(),
  state: z.enum(["pending", "delivered", "failed"]),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastResponse: z.string().nullable(),
  lastAttemptAt: z.number().int().nullable(),
  nextAttemptAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});

export const listDeliveriesResponse = z.object({ deliveries: z.array(webhookDeliverySchema) });

/** 200 of DELETE /api/admin/webhooks/{id}: the endpoint and its deliveries are gone. */
export const deleteWebhookResponse = z.object({ deleted: z.literal(true) });

/** GET /api/cron/webhooks: what one delivery run did. */
export const webhookRunResponse = z.object({
  attempts: z.number().int().nonnegative(),
  delivered: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  disabled: z.number().int().nonnegative(),
});

/** 202 of POST /api/admin/webhooks/{id}/test: the test event is queued and sent after the response. */
export const testWebhookResponse = z.object({ eventId: z.string() });

const timestamp = z.string().describe("The fact's time, ISO 8601 UTC");
const wallet = walletSchema;
const body = <T extends string, D extends z.ZodType>(type: T, data: D) => z.object({ type: z.literal(type), timestamp, data });

/** What an endpoint receives, per event type (lib/domain/webhooks.ts WebhookEventData). */
export const webhookBodySchemas = {
  "referral.recorded": body("referral.recorded", z.object({ referrer: wallet, referee: wallet })),
  "referral.credited": body(
    "referral.credited",
    z.object({ referrer: wallet, referee: wallet, points: z.object({ referrer: z.number().int(), referee: z.number().int() }) }),
  ),
  "task.completed": body("task.completed", z.object({ wallet, task: z.string(), streak: z.number().int().positive().optional() })),
  "quest.completed": body("quest.completed", z.object({ wallet, questId: z.string(), points: z.number().int().nonnegative() })),
  "wallet.disqualified": body("wallet.disqualified", z.object({ wallets: z.array(wallet), admin: z.string(), reason: z.string().nullable() })),
  "wallet.reinstated": body("wallet.reinstated", z.object({ wallets: z.array(wallet), admin: z.string() })),
  "payout.created": body(
    "payout.created",
    z.object({
      planId: z.string(),
      board: z.union([z.literal("all"), z.number().int().positive()]),
      token: z.string(),
      chainId: z.number().int().positive(),
      root: z.string(),
      total: z.string(),
      count: z.number().int().positive(),
    }),
  ),
  [WEBHOOK_TEST_EVENT]: body(WEBHOOK_TEST_EVENT, z.object({ endpointId: z.string().regex(WEBHOOK_ID_PATTERN) })),
} as const;

const s = webhookBodySchemas;
export const webhookBodySchema = z.discriminatedUnion("type", [
  s["referral.recorded"],
  s["referral.credited"],
  s["task.completed"],
  s["quest.completed"],
  s["wallet.disqualified"],
  s["wallet.reinstated"],
  s["payout.created"],
  s[WEBHOOK_TEST_EVENT],
]);
