/**
 * The webhooks' outbox under chaos (issue #30): before the load an endpoint listens to every event type, so
 * each fact's script writes its event in the fact's own step; after it, every acknowledged write must have
 * exactly one event in the outbox, with its data, however the Redis kills fell.
 *
 * The endpoint's URL is an address the delivery refuses ("blocked address"), so whatever delivers during
 * the run fails and leaves each delivery pending; the check then takes every pending delivery at a time
 * past any lease or retry (takeDueDeliveries), which no worker of the run can hold.
 * Events of facts whose answer was lost (a 500 during an outage after the step ran) are real facts: they are
 * counted, not failures. Duplicates, and an acknowledged fact without its event, are failures.
 */
import { randomBytes } from "node:crypto";
import { WEBHOOK_EVENT_TYPES } from "@/lib/domain/webhooks";
import type { Store } from "@/lib/store/types";

/** The check takes deliveries at this time: after any lease or retry of the run. */
const FAR_SECONDS = 10 * 365 * 86_400;
const TAKE_BATCH = 1_000;

export interface AcknowledgedFacts {
  /** referee -> referrer (each binding credited at once: the default rule). */
  referrals: ReadonlyMap<string, string>;
  /** `${wallet} ${taskId}` of first completions. */
  socialTasks: Iterable<string>;
  /** Wallets that checked in once. */
  checkIns: Iterable<string>;
  /** Each acknowledged admin action with the wallets its answer named (an event only when there are any). */
  moderations: readonly { action: "disqualify" | "reinstate"; wallets: readonly string[] }[];
}

export interface OutboxCheck {
  /** Events counted by the store (countWebhookEvents). */
  events: number;
  /** Events taken from the outbox, one delivery each. */
  taken: number;
  /** Acknowledged facts checked. */
  expected: number;
  /** Acknowledged facts without their event. */
  missing: string[];
  /** Facts with more than one event, and events counted but not in the outbox (or the other way round). */
  duplicated: string[];
  /** Events of facts whose answer the load never got. */
  unacknowledged: number;
}

/** An endpoint listening to every type, at an address every delivery refuses. */
export async function listenToEverything(store: Store, now: number): Promise<string> {
  const id = `wh_${randomBytes(8).toString("hex")}`;
  const secret = `whsec_${randomBytes(24).toString("base64")}`;
  await store.createWebhookEndpoint({ id, url: "https://127.0.0.1:9/chaos", events: [...WEBHOOK_EVENT_TYPES], secret, now });
  return id;
}

/** The key a fact is known by: its type and the data that names it. */
function factKey(type: string, data: Record<string, unknown>): string {
  switch (type) {
    case "referral.recorded":
    case "referral.credited":
      return `${type} ${String(data.referee)} -> ${String(data.referrer)}`;
    case "task.completed":
      return `${type} ${String(data.wallet)} ${String(data.task)}`;
    case "wallet.disqualified":
    case "wallet.reinstated":
      return `${type} ${(data.wallets as string[]).join(",")}`;
    default:
      return `${type} ${JSON.stringify(data)}`;
  }
}

export async function verifyOutbox(store: Store, now: number, acked: AcknowledgedFacts): Promise<OutboxCheck> {
  const events = await store.countWebhookEvents();
  const found = new Map<string, number>();
  const ids = new Set<string>();
  let taken = 0;
  for (;;) {
    const due = await store.takeDueDeliveries(now + FAR_SECONDS, TAKE_BATCH, FAR_SECONDS);
    if (due.length === 0) break;
    for (const delivery of due) {
      taken++;
      ids.add(delivery.eventId);
      const body = JSON.parse(delivery.body) as { type: string; data: Record<string, unknown> };
      const key = factKey(body.type, body.data);
      found.set(key, (found.get(key) ?? 0) + 1);
    }
  }

  const expected: string[] = [];
  for (const [referee, referrer] of acked.referrals) {
    expected.push(`referral.recorded ${referee} -> ${referrer}`, `referral.credited ${referee} -> ${referrer}`);
  }
  for (const task of acked.socialTasks) expected.push(`task.completed ${task}`);
  for (const wallet of acked.checkIns) expected.push(`task.completed ${wallet} daily_checkin`);
  for (const { action, wallets } of acked.moderations) {
    if (wallets.length > 0) expected.push(`${action === "disqualify" ? "wallet.disqualified" : "wallet.reinstated"} ${wallets.join(",")}`);
  }

  const wanted = new Map<string, number>();
  for (const key of expected) wanted.set(key, (wanted.get(key) ?? 0) + 1);
  const missing: string[] = [];
  const duplicated: string[] = [];
  let unacknowledged = 0;
  for (const [key, count] of wanted) if ((found.get(key) ?? 0) < count) missing.push(key);
  for (const [key, count] of found) {
    // A binding, a first completion, a fresh wallet's check-in happen once: a second event is a duplicate.
    // An admin action may repeat with the same wallets, and one whose answer was lost may have run.
    const once = !key.startsWith("wallet.");
    if (once && count > 1) duplicated.push(`${key} (${count} events)`);
    unacknowledged += Math.max(0, (once ? Math.min(count, 1) : count) - (wanted.get(key) ?? 0));
  }
  if (ids.size !== taken) duplicated.push(`${taken - ids.size} event ids taken twice`);
  if (ids.size !== events) duplicated.push(`the store counts ${events} events, the outbox holds ${ids.size}`);
  return { events, taken, expected: expected.length, missing, duplicated, unacknowledged };
}
