/**
 * Webhooks on Redis beyond the shared contract (issue #30): with no endpoint a fact's script writes no
 * webhook key and stays one round trip; each fact's body is the exact JSON.stringify of its event, built in
 * Lua; every webhook call is one round trip; the keys left are those keys.ts names, and deleting the
 * endpoint leaves none of its own.
 */
import { describe, expect, it } from "vitest";
import { dayName, utcDay } from "@/lib/domain/analytics";
import { refCodeOf } from "@/lib/domain/wallet";
import { WEBHOOK_EVENT_TYPES, webhookTimestamp } from "@/lib/domain/webhooks";
import { redisKeys } from "@/lib/store/redis/keys";
import { SCRIPT_NAMES, SCRIPTS } from "@/lib/store/redis/run";
import type { Store } from "@/lib/store/types";
import { roundTrips, useRedisHarness } from "@/tests/store/redis-harness";
import { AT_ONCE, CREDIT, termsUnder } from "@/tests/support/rules";
import { randomWallet } from "@/tests/support/wallets";

// Now, not a fixed time: the day's counters of an earlier day would be past their retention, and gone.
const T0 = Math.floor(Date.now() / 1000);
const DAY = 86_400;
const STREAK = 2 * DAY;
const ENDPOINT = "wh_00000000000000a1";
const SCHEDULE = { retryDelaysSeconds: [5, 300], disableAfterSeconds: 1000 };
const { raw, counted } = useRedisHarness();

const webhookKeys = async (prefix: string) => ((await raw.sendCommand(["KEYS", `{${prefix}}:wh:*`])) as string[]).sort();

/** Every fact the outbox hears of, each once, and the refusals that write nothing. */
async function everyFact(store: Store, referrer: string, referee: string): Promise<void> {
  await store.registerWallet(referrer, T0);
  await store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now: T0, terms: AT_ONCE });
  await store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now: T0, terms: AT_ONCE });
  await store.checkIn(referee, T0 + 1, DAY, null, STREAK);
  await store.checkIn(referee, T0 + 2, DAY, null, STREAK);
  await store.completeSocialTask(referee, "fc_follow", T0 + 3);
  await store.completeSocialTask(referee, "fc_follow", T0 + 4);
  await store.markNftMint(referee, T0 + 5, null);
  await store.markNftMint(referee, T0 + 6, null);
  await store.disqualify({ wallet: referee, reason: "a/b \"farm\" ü", cascade: false, admin: "token", now: T0 + 7 });
  await store.disqualify({ wallet: referee, reason: "again", cascade: false, admin: "token", now: T0 + 8 });
  await store.reinstate({ wallet: referee, admin: "token", now: T0 + 9 });
  await store.reinstate({ wallet: referee, admin: "token", now: T0 + 10 });
  await store.disqualifyMany({ rows: [{ wallet: referrer, reason: "list" }], admin: "token", now: T0 + 11 });
  await store.disqualifyMany({ rows: [{ wallet: referrer, reason: "list" }], admin: "token", now: T0 + 12 });
  const quest = { wallet: referee, action: { source: "quest", id: "q1", catalogVersion: 0 }, points: 7, periodSeconds: null } as const;
  await store.creditAction({ ...quest, now: T0 + 13 });
  await store.creditAction({ ...quest, now: T0 + 14 });
  await store.creditAction({ ...quest, action: { ...quest.action, catalogVersion: 1 }, now: T0 + 15 });
  await store.creditAction({ wallet: referee, action: { source: "action", id: "share" }, points: 1, periodSeconds: null, now: T0 + 16 });
}

describe.each(["tcp", "upstash"] as const)("webhooks on Redis (%s)", (backend) => {
  it("with no endpoint, each fact stays one round trip and writes no webhook key", async () => {
    const { store, calls, prefix } = counted(backend);
    const [referrer, referee] = [randomWallet(), randomWallet()];
    for (const name of SCRIPT_NAMES) await raw.sendCommand(["SCRIPT", "LOAD", SCRIPTS[name].text]);
    await store.registerWallet(referrer, T0);
    const facts: [string, () => Promise<unknown>][] = [
      ["recordReferral", () => store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now: T0, terms: termsUnder("checkin") })],
      ["checkIn", () => store.checkIn(referee, T0 + 1, DAY, CREDIT, STREAK)],
      ["completeSocialTask", () => store.completeSocialTask(referee, "fc_follow", T0 + 2)],
      ["markNftMint", () => store.markNftMint(referee, T0 + 3, null)],
      ["disqualify", () => store.disqualify({ wallet: referee, reason: "farm", cascade: false, admin: "token", now: T0 + 4 })],
      ["reinstate", () => store.reinstate({ wallet: referee, admin: "token", now: T0 + 5 })],
      ["disqualifyMany", () => store.disqualifyMany({ rows: [{ wallet: referrer, reason: "list" }], admin: "token", now: T0 + 6 })],
    ];
    for (const [name, op] of facts) expect(await roundTrips(calls, op), name).toEqual(["evalsha"]);
    expect(await webhookKeys(prefix)).toEqual([]);
    expect(await store.countWebhookEvents()).toBe(0);
    expect(await store.hasWebhookEndpoints()).toBe(false);
  });

  it("with an endpoint listening to every type, each fact is still one round trip, its event written in it", async () => {
    const { store, calls } = counted(backend);
    const [referrer, referee] = [randomWallet(), randomWallet()];
    for (const name of SCRIPT_NAMES) await raw.sendCommand(["SCRIPT", "LOAD", SCRIPTS[name].text]);
    await store.createWebhookEndpoint({ id: ENDPOINT, url: "https://example.com/hook", events: [...WEBHOOK_EVENT_TYPES], secret: "whsec_AAAA", now: T0 });
    await store.registerWallet(referrer, T0);
    const facts: [string, () => Promise<unknown>, number][] = [
      ["recordReferral", () => store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now: T0, terms: termsUnder("checkin") }), 1],
      ["checkIn", () => store.checkIn(referee, T0 + 1, DAY, CREDIT, STREAK), 2],
      ["completeSocialTask", () => store.completeSocialTask(referee, "fc_follow", T0 + 2), 1],
      ["markNftMint", () => store.markNftMint(referee, T0 + 3, null), 1],
      ["disqualify", () => store.disqualify({ wallet: referee, reason: "farm", cascade: false, admin: "token", now: T0 + 4 }), 1],
      ["reinstate", () => store.reinstate({ wallet: referee, admin: "token", now: T0 + 5 }), 1],
      ["disqualifyMany", () => store.disqualifyMany({ rows: [{ wallet: referrer, reason: "list" }], admin: "token", now: T0 + 6 }), 1],
    ];
    for (const [name, op, events] of facts) {
      const before = await store.countWebhookEvents();
      expect(await roundTrips(calls, op), name).toEqual(["evalsha"]);
      expect((await store.countWebhookEvents()) - before, name).toBe(events);
    }
  });

  it("writes each fact's body once, as JSON.stringify of { type, timestamp, data } would, and nothing for a refusal", async () => {
    const { store, calls } = counted(backend);
    await store.createWebhookEndpoint({ id: ENDPOINT, url: "https://example.com/hook", events: [...WEBHOOK_EVENT_TYPES], secret: "whsec_AAAA", now: T0 });
    const [referrer, referee] = [randomWallet(), randomWallet()];
    await everyFact(store, referrer, referee);
    const body = (type: string, at: number, data: unknown) => JSON.stringify({ type, timestamp: webhookTimestamp(at), data });
    const expected = [
      body("referral.recorded", T0, { referrer, referee }),
      body("referral.credited", T0, { referrer, referee, points: { referrer: 1, referee: 1 } }),
      body("task.completed", T0 + 1, { wallet: referee, task: "daily_checkin", streak: 1 }),
      body("task.completed", T0 + 3, { wallet: referee, task: "fc_follow" }),
      body("task.completed", T0 + 5, { wallet: referee, task: "nft_mint" }),
      body("wallet.disqualified", T0 + 7, { wallets: [referee], admin: "token", reason: "a/b \"farm\" ü" }),
      body("wallet.reinstated", T0 + 9, { wallets: [referee], admin: "token" }),
      body("wallet.disqualified", T0 + 11, { wallets: [referrer], admin: "token", reason: null }),
      body("quest.completed", T0 + 13, { wallet: referee, questId: "q1", points: 7 }),
    ];
    expect(await store.countWebhookEvents()).toBe(expected.length);
    const due = await store.takeDueDeliveries(T0 + 100, 100, 60);
    expect(due.map((delivery) => delivery.body).sort()).toEqual([...expected].sort());
    expect(new Set(due.map((delivery) => delivery.eventId)).size).toBe(expected.length);
    for (const delivery of due) expect(delivery.eventId).toMatch(/^msg_[0-9a-f]{24}\d+$/);

    const ops: [string, () => Promise<unknown>][] = [
      ["takeDueDeliveries", () => store.takeDueDeliveries(T0 + 200, 10, 60)],
      ["recordWebhookAttempt", () => store.recordWebhookAttempt({ endpointId: ENDPOINT, eventId: due[0]!.eventId, ok: true, status: 200, error: null, response: "", now: T0 + 200, schedule: SCHEDULE })],
      ["listWebhookDeliveries", () => store.listWebhookDeliveries(ENDPOINT, 100)],
      ["listWebhookEndpoints", () => store.listWebhookEndpoints()],
      ["setWebhookEndpointEnabled", () => store.setWebhookEndpointEnabled(ENDPOINT, false, T0 + 200)],
      ["queueWebhookTest", () => store.queueWebhookTest(ENDPOINT, "msg_test", "{}", T0 + 200)],
      ["hasWebhookEndpoints", () => store.hasWebhookEndpoints()],
      ["countWebhookEvents", () => store.countWebhookEvents()],
      ["deleteWebhookEndpoint", () => store.deleteWebhookEndpoint(ENDPOINT)],
    ];
    for (const [name, op] of ops) expect(await roundTrips(calls, op), name).toEqual(["evalsha"]);
  });

  it("leaves only the keys keys.ts names, and deleting the endpoint leaves none of its own", async () => {
    const { store, prefix } = counted(backend);
    const k = redisKeys(prefix);
    await store.createWebhookEndpoint({ id: ENDPOINT, url: "https://example.com/hook", events: ["task.completed"], secret: "whsec_AAAA", now: T0 });
    const wallet = randomWallet();
    await store.checkIn(wallet, T0, DAY, null, STREAK);
    await store.completeSocialTask(wallet, "fc_follow", T0);
    const [first] = await store.takeDueDeliveries(T0, 1, 60);
    await store.recordWebhookAttempt({ endpointId: ENDPOINT, eventId: first!.eventId, ok: true, status: 204, error: null, response: null, now: T0, schedule: SCHEDULE });
    const pending = (await store.listWebhookDeliveries(ENDPOINT, 10))!.find((delivery) => delivery.state === "pending")!;
    expect(await webhookKeys(prefix)).toEqual(
      [
        k.webhookEndpoints,
        k.webhookEndpoint(ENDPOINT),
        k.webhookRoutes,
        k.webhookEvents,
        k.webhookSequence,
        k.webhookDelivery(ENDPOINT, first!.eventId),
        k.webhookDelivery(ENDPOINT, pending.eventId),
        k.webhookDeliveries(ENDPOINT),
        k.webhookPending(ENDPOINT),
        k.webhookFinished(ENDPOINT),
        k.webhookDue,
      ].sort(),
    );
    expect(await store.deleteWebhookEndpoint(ENDPOINT)).toBe(true);
    expect(await webhookKeys(prefix)).toEqual([k.webhookEvents, k.webhookSequence].sort());
    // The facts after it write nothing: its routing went with it.
    await store.checkIn(wallet, T0 + DAY, DAY, null, STREAK);
    expect(await store.countWebhookEvents()).toBe(2);
    expect(await webhookKeys(prefix)).toEqual([k.webhookEvents, k.webhookSequence].sort());
    expect((await raw.sendCommand(["EXISTS", k.facts(dayName(utcDay(T0)))])) as number).toBe(1);
  });
});
