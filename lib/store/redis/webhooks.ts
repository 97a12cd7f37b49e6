/**
 * Webhook endpoints and the outbox's deliveries on Redis (issue #30). The facts' own scripts append the
 * events (appendEvent of lib/outbox.lua, with outboxInputs below); this module manages the endpoints,
 * hands due deliveries to a worker under a lease and records what an attempt did. One script per call.
 *
 * Keys: wh:endpoints, wh:e:<id>, wh:routes, wh:events, wh:seq, wh:d:<id>:<event id>, wh:l:<id>, wh:p:<id>, wh:f:<id>,
 * wh:due (keys.ts).
 * Scripts: webhooks/create-webhook-endpoint, list-webhook-endpoints, delete-webhook-endpoint,
 * set-webhook-endpoint-enabled, queue-webhook-test, take-due-deliveries, record-webhook-attempt,
 * list-webhook-deliveries, has-webhook-endpoints, count-webhook-events (and lib/webhooks.lua).
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { LISTED_DELIVERIES, WEBHOOK_EVENT_TYPES, webhookTimestamp, type WebhookEventType } from "@/lib/domain/webhooks";
import type { RedisContext } from "@/lib/store/redis/context";
import { positional, RECORD_WEBHOOK_ATTEMPT } from "@/lib/store/redis/layouts";
import { int, list, optInt, str, UnexpectedReplyError } from "@/lib/store/redis/reply";
import { whole } from "@/lib/store/redis/run";
import type { DeliveryState, DueDelivery, WebhookDelivery, WebhookEndpoint, WebhookStore } from "@/lib/store/ports/webhooks";

/** Random characters of each call's event ids (hex of 12 bytes): unique across deployments, never reused. */
const ID_BASE_BYTES = 12;

/**
 * What every fact's script appends its event with (webhookOutbox of lib/outbox.lua, layouts.ts OUTBOX): the
 * routing, the prefix of the keys it derives, fresh random characters for this call's event ids, and the
 * body's timestamp of `now`.
 */
export function outboxInputs(context: RedisContext, now: number): { keys: string[]; args: string[] } {
  const { keys } = context;
  return { keys: [keys.webhookRoutes], args: [keys.webhookKeyPrefix, randomBytes(ID_BASE_BYTES).toString("hex"), webhookTimestamp(now)] };
}

const DELIVERY_STATES: readonly DeliveryState[] = ["pending", "delivered", "failed"];

function optStr(value: unknown, what: string): string | null {
  return value === null || value === undefined ? null : str(value, what);
}

function disabledByOf(value: unknown): WebhookEndpoint["disabledBy"] {
  if (value === null || value === undefined) return null;
  if (value === "failures" || value === "admin") return value;
  throw new UnexpectedReplyError("webhook disabledBy", value);
}

/** An endpoint as readEndpoint of lib/webhooks.lua returns it. */
function endpointOf(reply: unknown): WebhookEndpoint {
  const [id, url, events, createdAt, enabled, disabledAt, failingSince, lastAt, lastEvent, lastStatus, lastOk, disabledBy] = list(reply, "webhook endpoint", 12);
  const types = str(events, "webhook events").split(" ");
  if (!types.every((type) => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type))) throw new UnexpectedReplyError("webhook events", events);
  const at = optInt(lastAt, "webhook last attempt");
  return {
    id: str(id, "webhook id"),
    url: str(url, "webhook url"),
    events: types as WebhookEventType[],
    createdAt: int(createdAt, "webhook createdAt"),
    enabled: str(enabled, "webhook enabled") === "1",
    disabledAt: optInt(disabledAt, "webhook disabledAt"),
    disabledBy: disabledByOf(disabledBy),
    failingSince: optInt(failingSince, "webhook failingSince"),
    lastAttempt:
      at === null ? null : { at, eventId: str(lastEvent, "webhook last event"), status: optInt(lastStatus, "webhook last status"), ok: lastOk === "1" },
  };
}

/** A delivery as list-webhook-deliveries.lua returns it. */
function deliveryOf(reply: unknown): WebhookDelivery {
  const [eventId, type, attempts, state, lastStatus, lastError, lastResponse, lastAttemptAt, nextAttemptAt, createdAt] = list(reply, "webhook delivery", 10);
  const stateName = str(state, "delivery state");
  if (!(DELIVERY_STATES as readonly string[]).includes(stateName)) throw new UnexpectedReplyError("delivery state", state);
  return {
    eventId: str(eventId, "delivery event id"),
    type: str(type, "delivery type"),
    attempts: int(attempts, "delivery attempts"),
    state: stateName as DeliveryState,
    lastStatus: optInt(lastStatus, "delivery last status"),
    lastError: optStr(lastError, "delivery last error"),
    lastResponse: optStr(lastResponse, "delivery last response"),
    lastAttemptAt: optInt(lastAttemptAt, "delivery last attempt"),
    nextAttemptAt: optInt(nextAttemptAt, "delivery next attempt"),
    createdAt: int(createdAt, "delivery createdAt"),
  };
}

function dueOf(reply: unknown): DueDelivery {
  const [endpointId, url, secret, eventId, body, attempts] = list(reply, "due delivery", 6);
  return {
    endpointId: str(endpointId, "due endpoint"),
    url: str(url, "due url"),
    secret: str(secret, "due secret"),
    eventId: str(eventId, "due event id"),
    body: str(body, "due body"),
    attempts: int(attempts, "due attempts"),
  };
}

export function webhookOperations(context: RedisContext): WebhookStore {
  const { keys, run, runList } = context;
  const endpointKeys = (id: string) => ({
    endpoint: keys.webhookEndpoint(id),
    deliveries: keys.webhookDeliveries(id),
    pending: keys.webhookPending(id),
    finished: keys.webhookFinished(id),
    deliveryPrefix: keys.webhookDelivery(id, ""),
  });
  return {
    async createWebhookEndpoint({ id, url, events, secret, now }) {
      const args = [id, url, events.join(" "), secret, whole(now)];
      return endpointOf(await run("create-webhook-endpoint", [keys.webhookEndpoints, keys.webhookEndpoint(id), keys.webhookRoutes], args));
    },

    async listWebhookEndpoints() {
      return (await runList("list-webhook-endpoints", [keys.webhookEndpoints], [keys.webhookEndpoint("")], 0)).map(endpointOf);
    },

    async deleteWebhookEndpoint(id) {
      const k = endpointKeys(id);
      const scriptKeys = [keys.webhookEndpoints, k.endpoint, keys.webhookRoutes, k.deliveries, k.pending, k.finished, keys.webhookDue];
      return int(await run("delete-webhook-endpoint", scriptKeys, [id, k.deliveryPrefix]), "deleteWebhookEndpoint") === 1;
    },

    async setWebhookEndpointEnabled(id, enabled, now) {
      const k = endpointKeys(id);
      const reply = await run("set-webhook-endpoint-enabled", [k.endpoint, k.pending, keys.webhookDue], [id, enabled ? "1" : "0", whole(now)]);
      return reply === null ? null : endpointOf(reply);
    },

    async queueWebhookTest(id, eventId, body, now) {
      const k = endpointKeys(id);
      const scriptKeys = [k.endpoint, keys.webhookDelivery(id, eventId), k.deliveries, k.pending, keys.webhookDue, keys.webhookSequence];
      const queued = int(await run("queue-webhook-test", scriptKeys, [id, eventId, body, whole(now)]), "queueWebhookTest") === 1;
      return queued ? { eventId } : null;
    },

    async takeDueDeliveries(now, limit, leaseSeconds) {
      const args = [whole(now), whole(limit), whole(leaseSeconds), keys.webhookKeyPrefix];
      return (await runList("take-due-deliveries", [keys.webhookDue], args, 0)).map(dueOf);
    },

    async recordWebhookAttempt({ endpointId, eventId, ok, status, error, response, now, schedule }) {
      const k = endpointKeys(endpointId);
      const inputs = positional(RECORD_WEBHOOK_ATTEMPT, {
        endpointKey: k.endpoint,
        deliveryKey: keys.webhookDelivery(endpointId, eventId),
        deliveriesKey: k.deliveries,
        pendingKey: k.pending,
        finishedKey: k.finished,
        dueKey: keys.webhookDue,
        id: endpointId,
        eventId,
        ok: ok ? "1" : "0",
        status: status === null ? "" : whole(status),
        failure: error ?? "",
        responseGiven: response === null ? "0" : "1",
        response: response ?? "",
        now: whole(now),
        disableAfterSeconds: whole(schedule.disableAfterSeconds),
        kept: whole(LISTED_DELIVERIES),
        deliveryKeyPrefix: k.deliveryPrefix,
      });
      const args = [...inputs.args, ...schedule.retryDelaysSeconds.map(whole)];
      return { disabled: int(await run("record-webhook-attempt", inputs.keys, args), "recordWebhookAttempt") === 1 };
    },

    async listWebhookDeliveries(id, limit) {
      const k = endpointKeys(id);
      const reply = await runList("list-webhook-deliveries", [k.endpoint, k.deliveries], [whole(limit), k.deliveryPrefix], 0);
      return reply.length === 0 ? null : reply.slice(1).map(deliveryOf);
    },

    async hasWebhookEndpoints() {
      return int(await run("has-webhook-endpoints", [keys.webhookEndpoints], []), "hasWebhookEndpoints") === 1;
    },

    async countWebhookEvents() {
      return int(await run("count-webhook-events", [keys.webhookEvents], []), "countWebhookEvents");
    },
  };
}
