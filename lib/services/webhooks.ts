/**
 * Outbound webhooks (issue #30): the admin's endpoints, and the delivery of the outbox the store
 * writes with each fact. Delivery runs after the response of a request whose fact emitted an event
 * (while this process knows endpoints exist), after the admin's test and re-enable, and in the
 * cron route; the store's lease keeps concurrent runs from sending one delivery twice at once.
 * After responses, a process runs one pass at a time for any burst of events (deliverSoon).
 */
import { randomBytes } from "node:crypto";
import { ApiError } from "@/lib/contract/errors";
import { WEBHOOK_ID_PATTERN, type CreateWebhookBody, type WebhookEndpointView } from "@/lib/contract/webhook-schemas";
import type { Clock } from "@/lib/domain/clock";
import {
  CLAIM_LEASE_SECONDS,
  DISABLE_AFTER_SECONDS,
  LISTED_DELIVERIES,
  RETRY_DELAYS_SECONDS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  webhookTimestamp,
  type WebhookBody,
} from "@/lib/domain/webhooks";
import type { DomainEventType } from "@/lib/domain/events";
import type { DueDelivery, WebhookDelivery, WebhookEndpoint, WebhookStore } from "@/lib/store/ports/webhooks";
import { on, type Later, type Subscription } from "@/lib/services/events";
import { BlockedTarget, checkTarget } from "@/lib/webhooks/safe-target";
import { sendWebhook, type Outgoing, type SendOptions, type SendResult } from "@/lib/webhooks/send";

/** Deliveries one store call takes. */
export const DELIVERY_BATCH = 20;
/** Attempts sent at once. */
export const SEND_CONCURRENCY = 4;
/** A retry due within this many seconds of a run's end is waited for in the same run: the first retry (5 s) then needs no later request. */
export const WAIT_FOR_RETRY_SECONDS = 6;
/** A run takes no new batch after this long (a cron function has 60 s). */
export const RUN_BUDGET_MS = 45_000;
/** How long a process trusts what it last read of whether endpoints exist (another process may have created one). */
export const ENDPOINTS_FLAG_SECONDS = 60;

/** What one process keeps for delivery: the settings, and whether it knows of endpoints. */
export interface WebhookRuntime {
  allowPrivate: boolean;
  /** Runs a task after the response (next/server's after()). */
  later: Later;
  send: (out: Outgoing, options: SendOptions) => Promise<SendResult>;
  sleep: (ms: number) => Promise<void>;
  /** Whether endpoints exist, as last read at `checkedAt` (null: never read). */
  endpoints: { exist: boolean; checkedAt: number | null };
  /** The store read of `endpoints` under way, shared by every call that found the flag stale meanwhile. */
  endpointsRead: Promise<boolean> | null;
  /** The delivery pass after responses, scheduled or running, and the one queued behind it (deliverSoon). */
  passes: { current: DeliveryPass | null; next: DeliveryPass | null };
}

/** One deliverDue run after responses: `taken` once it has asked the store for due deliveries (a delivery written later may be missed). */
export interface DeliveryPass {
  done: Promise<void>;
  taken: boolean;
}

export function webhookRuntime(allowPrivate: boolean, later: Later): WebhookRuntime {
  return {
    allowPrivate,
    later,
    send: sendWebhook,
    sleep: (ms) => new Promise((done) => setTimeout(done, ms)),
    endpoints: { exist: false, checkedAt: null },
    endpointsRead: null,
    passes: { current: null, next: null },
  };
}

export interface WebhookDeps {
  store: WebhookStore;
  clock: Clock;
  webhooks: WebhookRuntime;
}

export const webhookErrors = {
  notFound: () => new ApiError(404, "Webhook not found"),
  invalidUrl: (reason: string) => new ApiError(400, `Invalid url: ${reason}`),
};

/** The endpoint id of a path /api/admin/webhooks/{id}[/...], `fromEnd` segments from its end; 404 for anything else. */
export function webhookIdOfPath(pathname: string, fromEnd = 1): string {
  const id = pathname.split("/").at(-fromEnd) ?? "";
  if (!WEBHOOK_ID_PATTERN.test(id)) throw webhookErrors.notFound();
  return id;
}

/** A fresh event id: `msg_` and 24 random base64url characters (144 bits), unique across deployments. */
export function newEventId(): string {
  return `msg_${randomBytes(18).toString("base64url")}`;
}

/** POST /api/admin/webhooks: the only answer that carries the secret. */
export async function createWebhook(deps: WebhookDeps, body: CreateWebhookBody) {
  const url = await checkedUrl(deps, body.url);
  const id = `wh_${randomBytes(8).toString("hex")}`;
  const secret = `whsec_${randomBytes(32).toString("base64")}`;
  const now = deps.clock();
  const endpoint = await deps.store.createWebhookEndpoint({ id, url, events: body.events, secret, now });
  deps.webhooks.endpoints = { exist: true, checkedAt: now };
  return { id: endpoint.id, url: endpoint.url, events: endpoint.events, secret };
}

async function checkedUrl(deps: WebhookDeps, text: string): Promise<string> {
  try {
    return (await checkTarget(text, deps.webhooks.allowPrivate)).href;
  } catch (error) {
    if (error instanceof BlockedTarget) throw webhookErrors.invalidUrl(error.reason);
    throw error;
  }
}

export function endpointView(endpoint: WebhookEndpoint): WebhookEndpointView {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    state: endpoint.enabled ? "active" : "disabled",
    createdAt: endpoint.createdAt,
    disabledAt: endpoint.disabledAt,
    disabledBy: endpoint.disabledBy,
    failingSince: endpoint.failingSince,
    lastDelivery: endpoint.lastAttempt,
  };
}

/** GET /api/admin/webhooks */
export async function listWebhooks(deps: Pick<WebhookDeps, "store">): Promise<{ webhooks: WebhookEndpointView[] }> {
  return { webhooks: (await deps.store.listWebhookEndpoints()).map(endpointView) };
}

/** DELETE /api/admin/webhooks/{id}: the endpoint and its deliveries. */
export async function deleteWebhook(deps: WebhookDeps, id: string): Promise<{ deleted: true }> {
  if (!(await deps.store.deleteWebhookEndpoint(id))) throw webhookErrors.notFound();
  // Others may remain: the flag is read again when next needed, after a response, so the delete stays one round trip.
  deps.webhooks.endpoints = { exist: true, checkedAt: null };
  return { deleted: true };
}

/** PATCH /api/admin/webhooks/{id}: enabling makes its waiting deliveries due, and sends them after the response. */
export async function setWebhookEnabled(deps: WebhookDeps, id: string, enabled: boolean): Promise<WebhookEndpointView> {
  const endpoint = await deps.store.setWebhookEndpointEnabled(id, enabled, deps.clock());
  if (!endpoint) throw webhookErrors.notFound();
  if (enabled) deliverLater(deps);
  return endpointView(endpoint);
}

/** POST /api/admin/webhooks/{id}/test: a `webhook.test` event for that endpoint alone, sent after the response. */
export async function testWebhook(deps: WebhookDeps, id: string): Promise<{ eventId: string }> {
  const now = deps.clock();
  const body: WebhookBody<typeof WEBHOOK_TEST_EVENT> = { type: WEBHOOK_TEST_EVENT, timestamp: webhookTimestamp(now), data: { endpointId: id } };
  const queued = await deps.store.queueWebhookTest(id, newEventId(), JSON.stringify(body), now);
  if (!queued) throw webhookErrors.notFound();
  deliverLater(deps);
  return queued;
}

/** GET /api/admin/webhooks/{id}/deliveries: the newest LISTED_DELIVERIES. */
export async function listDeliveries(deps: Pick<WebhookDeps, "store">, id: string): Promise<{ deliveries: WebhookDelivery[] }> {
  const deliveries = await deps.store.listWebhookDeliveries(id, LISTED_DELIVERIES);
  if (!deliveries) throw webhookErrors.notFound();
  return { deliveries };
}

/** What one run of deliverDue did. */
export interface DeliveryRun {
  /** Attempts made. */
  attempts: number;
  delivered: number;
  failed: number;
  /** Endpoints this run's failures disabled. */
  disabled: number;
}

const SCHEDULE = { retryDelaysSeconds: RETRY_DELAYS_SECONDS, disableAfterSeconds: DISABLE_AFTER_SECONDS };

/**
 * Sends every due delivery (GET /api/cron/webhooks runs it whatever this process knows of endpoints): batches of DELIVERY_BATCH taken with a lease (so runs on this or another
 * process never send one delivery at the same time), SEND_CONCURRENCY at a time, each attempt
 * recorded with the retry schedule. Goes on while a batch was full, within RUN_BUDGET_MS; a retry
 * due within WAIT_FOR_RETRY_SECONDS is waited for once. `onTake` hears each take just before it is asked for.
 */
export async function deliverDue(deps: WebhookDeps, onTake?: () => void): Promise<DeliveryRun> {
  const total: DeliveryRun = { attempts: 0, delivered: 0, failed: 0, disabled: 0 };
  const started = performance.now();
  let waited = false;
  for (;;) {
    onTake?.();
    const batch = await deps.store.takeDueDeliveries(deps.clock(), DELIVERY_BATCH, CLAIM_LEASE_SECONDS);
    const outcomes = await inParallel(batch, SEND_CONCURRENCY, (due) => attempt(deps, due));
    let soonestRetry: number | null = null;
    for (const [due, outcome] of outcomes) {
      total.attempts += 1;
      if (outcome.ok) total.delivered += 1;
      else total.failed += 1;
      if (outcome.disabled) total.disabled += 1;
      const delay = outcome.ok || outcome.disabled ? undefined : RETRY_DELAYS_SECONDS[due.attempts];
      if (delay !== undefined && delay <= WAIT_FOR_RETRY_SECONDS) soonestRetry = Math.max(soonestRetry ?? 0, delay);
    }
    if (performance.now() - started > RUN_BUDGET_MS) return total;
    if (batch.length === DELIVERY_BATCH) continue;
    if (soonestRetry === null || waited) return total;
    waited = true;
    await deps.webhooks.sleep(soonestRetry * 1000 + 250);
  }
}

async function attempt(deps: WebhookDeps, due: DueDelivery): Promise<SendResult & { disabled: boolean }> {
  const sent = await deps.webhooks.send(due, { now: deps.clock(), allowPrivate: deps.webhooks.allowPrivate });
  const { disabled } = await deps.store.recordWebhookAttempt({
    endpointId: due.endpointId,
    eventId: due.eventId,
    ...sent,
    now: deps.clock(),
    schedule: SCHEDULE,
  });
  return { ...sent, disabled };
}

/** `run` over `items`, at most `limit` at once, each result beside its item. */
async function inParallel<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<[T, R][]> {
  const results: [T, R][] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      results.push([item, await run(item)]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Delivers after the response (deliverSoon), inside the request's after() task. */
function deliverLater(deps: WebhookDeps): void {
  deps.webhooks.later(() => deliverSoon(deps));
}

/**
 * A delivery pass that will send every delivery written before this call; resolves once it ran,
 * so that each request's after() task covers the pass that sends its events (a serverless
 * function may freeze once those settle). A pass that has not yet taken serves every call made
 * meanwhile (the events of one request, or of a burst, cost one pass); a call made once it has
 * taken queues one more pass behind it, shared by every later call until that one takes. One
 * pass at a time: the queued one starts when the current one ends.
 */
export function deliverSoon(deps: WebhookDeps): Promise<void> {
  const passes = deps.webhooks.passes;
  if (passes.next) return passes.next.done;
  if (passes.current && !passes.current.taken) return passes.current.done;
  // The first pass waits a turn of the event loop: the other after() tasks of the same response start meanwhile and join it.
  const after = passes.current?.done ?? new Promise<void>((turn) => setImmediate(turn));
  const pass: DeliveryPass = { done: after.then(() => runPass(deps, pass)), taken: false };
  if (passes.current) passes.next = pass;
  else passes.current = pass;
  return pass.done;
}

/** deliverDue as `pass`; a failure is logged (the deliveries stay due for the next run). Then the queued pass, if any, becomes the current one. */
async function runPass(deps: WebhookDeps, pass: DeliveryPass): Promise<void> {
  const passes = deps.webhooks.passes;
  try {
    await deliverDue(deps, () => (pass.taken = true));
  } catch (error) {
    console.error("[refboard] webhook delivery failed:", error);
  } finally {
    passes.current = passes.next;
    passes.next = null;
  }
}

/**
 * Whether this process should look for due deliveries: what it last read of the store, read again
 * when older than ENDPOINTS_FLAG_SECONDS. With no endpoint, a request pays no store call for
 * webhooks but this one read a minute at most; calls that find the flag stale while it is being
 * read wait for that read.
 */
export function endpointsExist(deps: WebhookDeps): Promise<boolean> {
  const known = deps.webhooks.endpoints;
  if (known.checkedAt !== null && deps.clock() - known.checkedAt < ENDPOINTS_FLAG_SECONDS) return Promise.resolve(known.exist);
  deps.webhooks.endpointsRead ??= readEndpoints(deps);
  return deps.webhooks.endpointsRead;
}

async function readEndpoints(deps: WebhookDeps): Promise<boolean> {
  const before = deps.webhooks.endpoints;
  const now = deps.clock();
  try {
    const exist = await deps.store.hasWebhookEndpoints();
    // A create or delete of this process during the read told the flag something newer.
    if (deps.webhooks.endpoints === before) deps.webhooks.endpoints = { exist, checkedAt: now };
    return exist;
  } finally {
    deps.webhooks.endpointsRead = null;
  }
}

/** The domain events that write a webhook event with their fact: after each, this process delivers (one pass for a burst) while endpoints exist. */
export const WEBHOOK_FACTS = WEBHOOK_EVENT_TYPES satisfies readonly DomainEventType[];

export function webhookSubscriptions(deps: WebhookDeps): Subscription[] {
  return WEBHOOK_FACTS.map((type) =>
    on(type, async () => {
      if (await endpointsExist(deps)) await deliverSoon(deps);
    }),
  );
}
