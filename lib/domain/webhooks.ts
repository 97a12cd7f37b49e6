/**
 * Outbound webhooks (issue #30): which facts a team's endpoint can hear of, what each body holds,
 * and when a failed delivery is tried again. Pure rules: the store keeps the outbox and applies
 * them, lib/webhooks sends.
 *
 * Each fact's event is written to the outbox in the fact's own store step (its Lua script, its SQL
 * transaction), only when some endpoint listens to its type, so no event is sent for a fact that did
 * not happen and no fact loses its event. Delivery is at least once: receivers deduplicate on
 * `webhook-id`, which stays the same on every attempt.
 */

/** Every type an endpoint can subscribe to; `webhook.test` is sent by the console's Test button only. */
export const WEBHOOK_EVENT_TYPES = [
  "referral.recorded",
  "referral.credited",
  "task.completed",
  "quest.completed",
  "wallet.disqualified",
  "wallet.reinstated",
  "payout.created",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_TEST_EVENT = "webhook.test";

/** The `data` of each event type: the wallets, ids and numbers of the fact. */
export interface WebhookEventData {
  /** The referee was bound to the referrer (credited at once, or pending under REFERRAL_QUALIFY). */
  "referral.recorded": { referrer: string; referee: string };
  /** The referral now counts: each side was credited its score (x 20 reward units), by the rulebook's referral points. */
  "referral.credited": { referrer: string; referee: string; points: { referrer: number; referee: number } };
  /** A task of the interface completed with this request (a first completion; a check-in each time it checks in, with the streak it made). */
  "task.completed": { wallet: string; task: string; streak?: number };
  /** A quest of the catalog completed, credited `points` (its points at that moment). */
  "quest.completed": { wallet: string; questId: string; points: number };
  /** The wallets one admin step disqualified, the named one first; `reason` is null for an imported ban list (its rows carry their own). */
  "wallet.disqualified": { wallets: string[]; admin: string; reason: string | null };
  /** The wallets one admin step put back, the named one first. */
  "wallet.reinstated": { wallets: string[]; admin: string };
  /** A payout plan was published: its id, board, token, chain, Merkle root, total (base units, decimal string) and count. */
  "payout.created": { planId: string; board: "all" | number; token: string; chainId: number; root: string; total: string; count: number };
}

/** What an endpoint receives: `timestamp` is the fact's time, ISO 8601 UTC. */
export interface WebhookBody<T extends WebhookEventType | typeof WEBHOOK_TEST_EVENT = WebhookEventType> {
  type: T;
  timestamp: string;
  data: T extends WebhookEventType ? WebhookEventData[T] : { endpointId: string };
}

/**
 * Seconds after a failed attempt before the next one: attempt 1 is right after the fact's response,
 * attempt k+1 follows attempt k's failure by RETRY_DELAYS_SECONDS[k-1]. After the last, the delivery
 * is `failed` (8 attempts over about 28 hours).
 */
export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;

export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** An endpoint whose every attempt failed for this long (since its first failure after a success, or since it was created) is disabled. */
export const DISABLE_AFTER_SECONDS = 3 * 24 * 3600;

/** An attempt waits this long for the answer (a timeout is a failure). */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** Bytes of a response body kept with the delivery. */
export const KEPT_RESPONSE_BYTES = 1024;

/** Deliveries listed per endpoint (the newest). */
export const LISTED_DELIVERIES = 100;

/** While a worker holds a claimed delivery, no other worker gets it; after this it is due again (the worker died). */
export const CLAIM_LEASE_SECONDS = 60;

/** When the delivery that has now failed `attempts` times is tried next; null when it has had its last try. */
export function nextAttemptAt(attempts: number, failedAt: number): number | null {
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`attempts must be a positive integer, got ${attempts}`);
  const delay = RETRY_DELAYS_SECONDS[attempts - 1];
  return delay === undefined ? null : failedAt + delay;
}

/** Whether an endpoint failing since `failingSince` is disabled by a failure at `now` (exactly 3 days disables). */
export function disablesEndpoint(failingSince: number, now: number): boolean {
  return now - failingSince >= DISABLE_AFTER_SECONDS;
}

/** The body's timestamp: ISO 8601 UTC of a Unix-seconds time, e.g. 2026-11-27T17:01:00.000Z. */
export function webhookTimestamp(at: number): string {
  return new Date(at * 1000).toISOString();
}
