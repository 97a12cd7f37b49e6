/**
 * Webhook endpoints and the outbox on SQLite (lib/store/ports/webhooks.ts). Owns `webhook_endpoints`,
 * `webhook_routes` (one row per endpoint and type it listens to: what a fact's step reads to know
 * whether anyone listens), `webhook_events` (each body once, as it will be sent), `webhook_deliveries`
 * (one per endpoint and event) and `webhook_totals` (events written since the file began).
 *
 * The facts' modules append through the Outbox inside their own transactions; with no route for a
 * type, the append is one indexed read and writes nothing.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { LISTED_DELIVERIES, WEBHOOK_TEST_EVENT, webhookTimestamp, type WebhookEventData, type WebhookEventType } from "@/lib/domain/webhooks";
import { immediate, required, snapshot, type Db } from "@/lib/store/sqlite/db";
import type { AttemptOutcome, DeliveryState, DueDelivery, NewWebhookEndpoint, WebhookDelivery, WebhookEndpoint, WebhookStore } from "@/lib/store/ports/webhooks";

/** The migration of the webhook tables: appended to MIGRATIONS (migrations.ts) after every earlier one. */
export const WEBHOOK_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE webhook_endpoints (
    id            TEXT PRIMARY KEY,
    url           TEXT NOT NULL,
    events        TEXT NOT NULL,
    secret        TEXT NOT NULL,
    created_at    INTEGER NOT NULL,
    enabled       INTEGER NOT NULL DEFAULT 1,
    disabled_at   INTEGER,
    disabled_by   TEXT CHECK (disabled_by IN ('failures', 'admin')),
    failing_since INTEGER,
    last_at       INTEGER,
    last_event    TEXT,
    last_status   INTEGER,
    last_ok       INTEGER
  ) STRICT;

  CREATE TABLE webhook_routes (
    type        TEXT NOT NULL,
    endpoint_id TEXT NOT NULL,
    PRIMARY KEY (type, endpoint_id)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE webhook_events (
    id         TEXT PRIMARY KEY,
    type       TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE webhook_deliveries (
    seq             INTEGER PRIMARY KEY,
    endpoint_id     TEXT NOT NULL,
    event_id        TEXT NOT NULL,
    state           TEXT NOT NULL DEFAULT 'pending',
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_status     INTEGER,
    last_error      TEXT,
    last_response   TEXT,
    last_attempt_at INTEGER,
    next_attempt_at INTEGER,
    lease_until     INTEGER,
    created_at      INTEGER NOT NULL
  ) STRICT;
  CREATE UNIQUE INDEX webhook_deliveries_event ON webhook_deliveries (endpoint_id, event_id);
  CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, seq) WHERE state = 'pending';
  CREATE INDEX webhook_deliveries_listed ON webhook_deliveries (endpoint_id, seq);

  CREATE TABLE webhook_totals (events INTEGER NOT NULL) STRICT;
  INSERT INTO webhook_totals (events) VALUES (0);
  `,
];

/** Appends a fact's event inside the caller's transaction. */
export interface Outbox {
  append<T extends WebhookEventType>(type: T, now: number, data: WebhookEventData[T]): void;
}

/** `msg_` + 24 random base64url characters (144 bits): unique across deployments without coordination. */
const newEventId = () => `msg_${randomBytes(18).toString("base64url")}`;

/** The body as sent and signed: keys in the order `type, timestamp, data`. */
const bodyOf = (type: string, now: number, data: object) => JSON.stringify({ type, timestamp: webhookTimestamp(now), data });

export function openOutbox(db: Db): Outbox {
  const readRoutes = db.prepare<[string], { endpoint_id: string }>("SELECT endpoint_id FROM webhook_routes WHERE type = ?");
  const insertEvent = prepareInsertEvent(db);
  const insertDelivery = prepareInsertDelivery(db);
  const countEvent = db.prepare<[]>("UPDATE webhook_totals SET events = events + 1");
  return {
    append(type, now, data) {
      const routes = readRoutes.all(type);
      if (routes.length === 0) return;
      const id = newEventId();
      insertEvent.run({ id, type, body: bodyOf(type, now, data), now });
      for (const route of routes) insertDelivery.run({ endpointId: route.endpoint_id, eventId: id, now });
      countEvent.run();
    },
  };
}

const prepareInsertEvent = (db: Db) =>
  db.prepare<[{ id: string; type: string; body: string; now: number }]>("INSERT INTO webhook_events (id, type, body, created_at) VALUES (:id, :type, :body, :now)");

const prepareInsertDelivery = (db: Db) =>
  db.prepare<[{ endpointId: string; eventId: string; now: number }]>(
    "INSERT INTO webhook_deliveries (endpoint_id, event_id, next_attempt_at, created_at) VALUES (:endpointId, :eventId, :now, :now)",
  );

interface EndpointRow {
  id: string;
  url: string;
  events: string;
  created_at: number;
  enabled: number;
  disabled_at: number | null;
  disabled_by: "failures" | "admin" | null;
  failing_since: number | null;
  last_at: number | null;
  last_event: string | null;
  last_status: number | null;
  last_ok: number | null;
}

const ENDPOINT_COLUMNS = "id, url, events, created_at, enabled, disabled_at, disabled_by, failing_since, last_at, last_event, last_status, last_ok";

function endpointOf(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEventType[],
    createdAt: row.created_at,
    enabled: row.enabled === 1,
    disabledAt: row.disabled_at,
    disabledBy: row.disabled_by,
    failingSince: row.failing_since,
    lastAttempt:
      row.last_at === null ? null : { at: row.last_at, eventId: required(row.last_event ?? undefined, "last event"), status: row.last_status, ok: row.last_ok === 1 },
  };
}


export function sqliteWebhooks(db: Db): WebhookStore {
  const insertEndpoint = db.prepare<[{ id: string; url: string; events: string; secret: string; now: number }]>(
    "INSERT INTO webhook_endpoints (id, url, events, secret, created_at) VALUES (:id, :url, :events, :secret, :now)",
  );
  const insertRoute = db.prepare<[string, string]>("INSERT INTO webhook_routes (type, endpoint_id) VALUES (?, ?)");
  const readEndpoint = db.prepare<[string], EndpointRow>(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = ?`);
  const readEndpoints = db.prepare<[], EndpointRow>(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints ORDER BY created_at, rowid`);
  const anyEndpoint = db.prepare<[], { one: number }>("SELECT 1 AS one FROM webhook_endpoints LIMIT 1");
  const deleteEndpoint = db.prepare<[string]>("DELETE FROM webhook_endpoints WHERE id = ?");
  const deleteRoutes = db.prepare<[string]>("DELETE FROM webhook_routes WHERE endpoint_id = ?");
  const deleteDeliveries = db.prepare<[string], { event_id: string }>("DELETE FROM webhook_deliveries WHERE endpoint_id = ? RETURNING event_id");
  const deleteOrphan = db.prepare<[string]>(
    "DELETE FROM webhook_events WHERE id = ? AND NOT EXISTS (SELECT 1 FROM webhook_deliveries WHERE event_id = webhook_events.id)",
  );
  const disable = db.prepare<[{ id: string; now: number; by: "failures" | "admin" }]>(
    "UPDATE webhook_endpoints SET enabled = 0, disabled_at = coalesce(disabled_at, :now), disabled_by = coalesce(disabled_by, :by) WHERE id = :id",
  );
  const enable = db.prepare<[string]>("UPDATE webhook_endpoints SET enabled = 1, disabled_at = NULL, disabled_by = NULL, failing_since = NULL WHERE id = ?");
  const makeDue = db.prepare<[{ id: string; now: number }]>(
    "UPDATE webhook_deliveries SET next_attempt_at = min(next_attempt_at, :now) WHERE endpoint_id = :id AND state = 'pending'",
  );
  const insertEvent = prepareInsertEvent(db);
  const insertDelivery = prepareInsertDelivery(db);
  const readDue = db.prepare<[{ now: number; limit: number }], DueDelivery & { seq: number }>(
    `SELECT d.seq, d.endpoint_id AS endpointId, e.url, e.secret, d.event_id AS eventId, v.body, d.attempts
       FROM webhook_deliveries d
       JOIN webhook_endpoints e ON e.id = d.endpoint_id
       JOIN webhook_events v ON v.id = d.event_id
      WHERE d.state = 'pending' AND d.next_attempt_at <= :now AND (d.lease_until IS NULL OR d.lease_until <= :now) AND e.enabled = 1
      ORDER BY d.next_attempt_at, d.seq
      LIMIT :limit`,
  );
  const lease = db.prepare<[{ seq: number; until: number }]>("UPDATE webhook_deliveries SET lease_until = :until WHERE seq = :seq");
  const readPending = db.prepare<[{ endpointId: string; eventId: string }], { seq: number; attempts: number }>(
    "SELECT seq, attempts FROM webhook_deliveries WHERE endpoint_id = :endpointId AND event_id = :eventId AND state = 'pending'",
  );
  const recordAttempt = db.prepare<
    [{ seq: number; state: DeliveryState; attempts: number; status: number | null; error: string | null; response: string | null; now: number; next: number | null }]
  >(
    `UPDATE webhook_deliveries
        SET state = :state, attempts = :attempts, last_status = :status, last_error = :error, last_response = :response,
            last_attempt_at = :now, next_attempt_at = :next, lease_until = NULL
      WHERE seq = :seq`,
  );
  const recordEndpointAttempt = db.prepare<[{ id: string; now: number; eventId: string; status: number | null; ok: number }], { failing_since: number | null; enabled: number }>(
    `UPDATE webhook_endpoints
        SET last_at = :now, last_event = :eventId, last_status = :status, last_ok = :ok,
            failing_since = CASE WHEN :ok = 1 THEN NULL ELSE coalesce(failing_since, :now) END
      WHERE id = :id
      RETURNING failing_since, enabled`,
  );
  // Only finished deliveries are dropped: a pending one is never lost to the cap.
  const trimFinished = db.prepare<[{ endpointId: string; keep: number }], { event_id: string }>(
    `DELETE FROM webhook_deliveries
      WHERE endpoint_id = :endpointId AND state != 'pending' AND seq NOT IN (
        SELECT seq FROM webhook_deliveries WHERE endpoint_id = :endpointId AND state != 'pending' ORDER BY seq DESC LIMIT :keep)
      RETURNING event_id`,
  );
  const readDeliveries = db.prepare<[{ endpointId: string; limit: number }], WebhookDelivery>(
    `SELECT d.event_id AS eventId, v.type, d.attempts, d.state, d.last_status AS lastStatus, d.last_error AS lastError,
            d.last_response AS lastResponse, d.last_attempt_at AS lastAttemptAt, d.next_attempt_at AS nextAttemptAt, d.created_at AS createdAt
       FROM webhook_deliveries d JOIN webhook_events v ON v.id = d.event_id
      WHERE d.endpoint_id = :endpointId ORDER BY d.seq DESC LIMIT :limit`,
  );
  const readTotal = db.prepare<[], { events: number }>("SELECT events FROM webhook_totals");

  const dropEvents = (rows: { event_id: string }[]) => rows.forEach((row) => deleteOrphan.run(row.event_id));
  const endpoint = (id: string) => {
    const row = readEndpoint.get(id);
    return row ? endpointOf(row) : null;
  };

  return {
    createWebhookEndpoint: immediate(db, ({ id, url, events, secret, now }: NewWebhookEndpoint) => {
      insertEndpoint.run({ id, url, events: JSON.stringify(events), secret, now });
      for (const type of events) insertRoute.run(type, id);
      return required(endpoint(id) ?? undefined, `endpoint ${id} just created`);
    }),

    listWebhookEndpoints: snapshot(db, () => readEndpoints.all().map(endpointOf)),

    deleteWebhookEndpoint: immediate(db, (id: string) => {
      if (deleteEndpoint.run(id).changes === 0) return false;
      deleteRoutes.run(id);
      dropEvents(deleteDeliveries.all(id));
      return true;
    }),

    setWebhookEndpointEnabled: immediate(db, (id: string, enabled: boolean, now: number) => {
      if (!readEndpoint.get(id)) return null;
      if (enabled) {
        enable.run(id);
        makeDue.run({ id, now });
      } else {
        disable.run({ id, now, by: "admin" });
      }
      return endpoint(id);
    }),

    queueWebhookTest: immediate(db, (id: string, eventId: string, body: string, now: number) => {
      if (!readEndpoint.get(id)) return null;
      insertEvent.run({ id: eventId, type: WEBHOOK_TEST_EVENT, body, now });
      insertDelivery.run({ endpointId: id, eventId, now });
      return { eventId };
    }),

    takeDueDeliveries: immediate(db, (now: number, limit: number, leaseSeconds: number) =>
      readDue.all({ now, limit }).map(({ seq, ...due }) => {
        lease.run({ seq, until: now + leaseSeconds });
        return due;
      }),
    ),

    recordWebhookAttempt: immediate(db, ({ endpointId, eventId, ok, status, error, response, now, schedule }: AttemptOutcome) => {
      const delivery = readPending.get({ endpointId, eventId });
      if (!delivery) return { disabled: false };
      const attempts = delivery.attempts + 1;
      const delay = ok ? undefined : schedule.retryDelaysSeconds[attempts - 1];
      const state: DeliveryState = ok ? "delivered" : delay === undefined ? "failed" : "pending";
      recordAttempt.run({ seq: delivery.seq, state, attempts, status, error, response, now, next: delay === undefined ? null : now + delay });
      const after = required(recordEndpointAttempt.get({ id: endpointId, now, eventId, status, ok: ok ? 1 : 0 }), `endpoint ${endpointId}`);
      const disabled = after.enabled === 1 && after.failing_since !== null && now - after.failing_since >= schedule.disableAfterSeconds;
      if (disabled) disable.run({ id: endpointId, now, by: "failures" });
      if (state !== "pending") dropEvents(trimFinished.all({ endpointId, keep: LISTED_DELIVERIES }));
      return { disabled };
    }),

    listWebhookDeliveries: snapshot(db, (id: string, limit: number) => (readEndpoint.get(id) ? readDeliveries.all({ endpointId: id, limit }) : null)),

    hasWebhookEndpoints: async () => anyEndpoint.get() !== undefined,

    countWebhookEvents: async () => required(readTotal.get(), "webhook_totals row").events,
  };
}
