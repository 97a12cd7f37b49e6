/**
 * Outbound webhooks (issue #30): the team's endpoints and the outbox of their deliveries.
 *
 * The outbox is written by the facts' own steps, never through this port: recordReferral,
 * creditReferral, checkIn, completeSocialTask, markNftMint, creditAction (quests), disqualify,
 * disqualifyMany, reinstate and publishPayoutPlan each append the event of the fact they make, in
 * the same Lua script or SQL transaction, with one delivery per endpoint listening to its type
 * (enabled or not: a disabled endpoint keeps its queue and resumes when enabled again). With no
 * endpoint listening, they write nothing. lib/domain/webhooks.ts says what each body holds.
 *
 * This port manages the endpoints and lets a worker take due deliveries and record what an attempt
 * did. Each method is one round trip on Redis.
 */
import type { WebhookEventType } from "@/lib/domain/webhooks";

export interface WebhookEndpoint {
  /** The store's id, e.g. "wh_3f9a1c2b4d5e6f70" (the service chooses it). */
  id: string;
  url: string;
  /** The event types it listens to, in WEBHOOK_EVENT_TYPES order. */
  events: WebhookEventType[];
  createdAt: number;
  /** false once disabled (3 days of failures, or by an admin); its deliveries wait. */
  enabled: boolean;
  /** When it was disabled; null while enabled. */
  disabledAt: number | null;
  /** Who disabled it: its failures (DISABLE_AFTER_SECONDS of them) or an admin; null while enabled. */
  disabledBy: "failures" | "admin" | null;
  /** The time of its first failed attempt since its last success (or since it was created); null while its last attempt succeeded or none was made. */
  failingSince: number | null;
  /** Its newest attempt, of any delivery; null before the first. */
  lastAttempt: { at: number; eventId: string; status: number | null; ok: boolean } | null;
}

export interface NewWebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEventType[];
  /** The signing secret, "whsec_" + base64; kept for signing, never returned by a read but takeDueDeliveries. */
  secret: string;
  now: number;
}

export type DeliveryState = "pending" | "delivered" | "failed";

export interface WebhookDelivery {
  /** The event's id: the `webhook-id` header, the same on every attempt. */
  eventId: string;
  /** The event's type, or "webhook.test". */
  type: string;
  /** Attempts made so far. */
  attempts: number;
  state: DeliveryState;
  /** The HTTP status of the last attempt; null before any, or when it got no answer (timeout, refused). */
  lastStatus: number | null;
  /** Why the last attempt failed without a status ("timeout", "connection refused", "blocked address", ...); null otherwise. */
  lastError: string | null;
  /** At most KEPT_RESPONSE_BYTES of the last answer's body; null before any. */
  lastResponse: string | null;
  lastAttemptAt: number | null;
  /** When it is due next; null once delivered or failed. */
  nextAttemptAt: number | null;
  /** When its event was written. */
  createdAt: number;
}

/** A delivery a worker took: everything it needs to send it, held for CLAIM_LEASE_SECONDS. */
export interface DueDelivery {
  endpointId: string;
  url: string;
  secret: string;
  eventId: string;
  /** The exact body to send and sign, as written with the fact. */
  body: string;
  /** Attempts before this one. */
  attempts: number;
}

/** What one attempt did. */
export interface AttemptOutcome {
  endpointId: string;
  eventId: string;
  ok: boolean;
  status: number | null;
  error: string | null;
  /** Already cut to KEPT_RESPONSE_BYTES. */
  response: string | null;
  now: number;
  /** The rules the store applies (lib/domain/webhooks.ts: RETRY_DELAYS_SECONDS, DISABLE_AFTER_SECONDS); no literal of them lives in Lua or SQL. */
  schedule: RetrySchedule;
}

export interface RetrySchedule {
  /** The delay after failed attempt k is retryDelaysSeconds[k-1]; after the last, the delivery fails. */
  retryDelaysSeconds: readonly number[];
  disableAfterSeconds: number;
}

export interface WebhookStore {
  /** Adds an endpoint; from this step on, every fact of its types queues a delivery for it. */
  createWebhookEndpoint(endpoint: NewWebhookEndpoint): Promise<WebhookEndpoint>;

  /** Every endpoint, oldest first (no secrets). */
  listWebhookEndpoints(): Promise<WebhookEndpoint[]>;

  /** Removes the endpoint and every delivery of it; false when there was none. */
  deleteWebhookEndpoint(id: string): Promise<boolean>;

  /**
   * Enables or disables the endpoint; enabling clears `failingSince` and `disabledAt` and makes its
   * pending deliveries due at `now`. null when there is no such endpoint.
   */
  setWebhookEndpointEnabled(id: string, enabled: boolean, now: number): Promise<WebhookEndpoint | null>;

  /** Queues one `webhook.test` event for that endpoint alone, due at `now`; null when there is no such endpoint. */
  queueWebhookTest(id: string, eventId: string, body: string, now: number): Promise<{ eventId: string } | null>;

  /**
   * Takes up to `limit` deliveries due at `now` (next attempt <= now) of enabled endpoints, oldest
   * due first, and holds each for `leaseSeconds`: a concurrent call never takes the same one, and a
   * delivery whose worker died is due again when its lease ends.
   */
  takeDueDeliveries(now: number, limit: number, leaseSeconds: number): Promise<DueDelivery[]>;

  /**
   * Records an attempt: a success delivers it and clears the endpoint's failingSince; a failure
   * counts the attempt and schedules the next by lib/domain/webhooks.ts (nextAttemptAt), or fails it
   * after the last, and disables the endpoint when it has failed for DISABLE_AFTER_SECONDS
   * (disablesEndpoint). Returns whether this attempt disabled the endpoint; an attempt of a delivery
   * that is no longer pending (deleted endpoint, already recorded) changes nothing.
   */
  recordWebhookAttempt(outcome: AttemptOutcome): Promise<{ disabled: boolean }>;

  /** The endpoint's newest `limit` deliveries, newest first; null when there is no such endpoint. */
  listWebhookDeliveries(id: string, limit: number): Promise<WebhookDelivery[] | null>;

  /** Whether any endpoint exists (the services skip delivery work when none does). */
  hasWebhookEndpoints(): Promise<boolean>;

  /** Events written to the outbox (not deliveries), counted since the store began: the chaos check compares it with the facts acknowledged. */
  countWebhookEvents(): Promise<number>;
}
