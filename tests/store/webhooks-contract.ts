/**
 * Webhooks (lib/store/ports/webhooks.ts) on every backend, behind the validating wrapper, each test on a
 * fresh store with explicit times: the endpoints; the outbox written by each fact's own step, with its
 * exact body, and only then (a refusal, a duplicate, a cooldown, a repeat write nothing; no listener,
 * nothing at all); deliveries claimed once under concurrency, held for the lease, due exactly at their
 * time; the retry schedule and the disabling applied as the caller passes them; the listing and its cap.
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { Quest } from "@/lib/contract/quest-schemas";
import { allocate } from "@/lib/domain/payouts";
import { STREAK_WINDOW_SECONDS } from "@/lib/domain/rulebook";
import { CHECKIN_COOLDOWN_SECONDS } from "@/lib/domain/tasks";
import { refCodeOf } from "@/lib/domain/wallet";
import { LISTED_DELIVERIES, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, webhookTimestamp, type WebhookEventData, type WebhookEventType } from "@/lib/domain/webhooks";
import { storePlan } from "@/lib/payouts/store-plan";
import { buildPlanTree } from "@/lib/payouts/tree";
import { checked } from "@/lib/store/checked";
import type { DueDelivery, PayoutPlan, RetrySchedule, Store } from "@/lib/store/types";
import { AT_ONCE, CREDIT, termsUnder } from "@/tests/support/rules";
import { randomWallet } from "@/tests/support/wallets";

export type OpenWebhookStore = () => Promise<Store>;

const NOW = 1_900_000_000;
/** Later than anything a test schedules: every pending delivery is due. */
const FAR = NOW + 10 * 365 * 86_400;
const LEASE = 60;
const ADMIN = "0x00000000000000000000000000000000000000ad";
/** Numbers no default holds, so a backend that used the domain's literals instead would fail. */
const CUSTOM: RetrySchedule = { retryDelaysSeconds: [99, 1], disableAfterSeconds: 1000 };
const EVENT_ID = /^msg_[A-Za-z0-9_-]{24,}$/;

const endpointId = () => `wh_${randomBytes(8).toString("hex")}`;
const secret = () => `whsec_${randomBytes(24).toString("base64")}`;
const visit = (id: string, points: number): Quest => ({
  id,
  title: `Visit ${id}`,
  description: "",
  type: "visit",
  params: { url: "https://example.com/" },
  points,
  recurrence: "once",
  archived: false,
});
/** By body, then endpoint, in code-unit order (as Array.prototype.sort() without a comparator). */
const byBody = (a: { body: string; endpointId: string }, b: { body: string; endpointId: string }) => {
  const [x, y] = [`${a.body}\n${a.endpointId}`, `${b.body}\n${b.endpointId}`];
  return x < y ? -1 : x > y ? 1 : 0;
};
const bodyOf = <T extends WebhookEventType>(type: T, at: number, data: WebhookEventData[T]) => JSON.stringify({ type, timestamp: webhookTimestamp(at), data });

export function describeWebhooksContract(name: string, open: OpenWebhookStore) {
  describe(`webhooks contract: ${name}`, () => {
    const opened: Store[] = [];
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });
    const fresh = async () => {
      const store = checked(await open());
      opened.push(store);
      return store;
    };
    const listen = (store: Store, events: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES, now = NOW) =>
      store.createWebhookEndpoint({ id: endpointId(), url: "https://hooks.example.com/in", events: [...events], secret: secret(), now });
    const known = async (store: Store) => {
      const wallet = randomWallet();
      await store.registerWallet(wallet, NOW - 100);
      return wallet;
    };
    const refer = (store: Store, referee: string, referrer: string, terms = AT_ONCE, now = NOW) =>
      store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now, terms });
    const attempt = (store: Store, due: Pick<DueDelivery, "endpointId" | "eventId">, now: number, ok: boolean, schedule = CUSTOM) =>
      store.recordWebhookAttempt({ ...due, ok, status: ok ? 200 : 500, error: null, response: ok ? "ok" : "boom", now, schedule });
    /** Every due delivery, delivered: the bodies sent since the last drain, each with its endpoint, in type order. */
    const drain = async (store: Store) => {
      const due = await store.takeDueDeliveries(FAR, 1000, LEASE);
      for (const delivery of due) await attempt(store, delivery, FAR, true);
      return due.sort(byBody);
    };
    const bodies = async (store: Store) => (await drain(store)).map((due) => due.body);
    /** Whether `step` wrote no event at all. */
    const writesNothing = async (store: Store, step: () => Promise<unknown>) => {
      const before = await store.countWebhookEvents();
      await step();
      expect(await store.countWebhookEvents()).toBe(before);
      expect(await drain(store)).toEqual([]);
    };

    it("creates, lists (oldest first), disables, enables and deletes endpoints", async () => {
      const store = await fresh();
      expect(await store.hasWebhookEndpoints()).toBe(false);
      const first = await listen(store, ["referral.recorded", "payout.created"]);
      expect(first).toEqual({
        id: first.id,
        url: "https://hooks.example.com/in",
        events: ["referral.recorded", "payout.created"],
        createdAt: NOW,
        enabled: true,
        disabledAt: null,
        disabledBy: null,
        failingSince: null,
        lastAttempt: null,
      });
      const second = await listen(store, ["task.completed"], NOW + 1);
      expect(await store.hasWebhookEndpoints()).toBe(true);
      expect(await store.listWebhookEndpoints()).toEqual([first, second]);
      expect(await store.setWebhookEndpointEnabled(first.id, false, NOW + 5)).toEqual({ ...first, enabled: false, disabledAt: NOW + 5, disabledBy: "admin" });
      expect(await store.setWebhookEndpointEnabled(first.id, true, NOW + 6)).toEqual(first);
      expect(await store.setWebhookEndpointEnabled(endpointId(), true, NOW)).toBeNull();
      expect(await store.listWebhookDeliveries(endpointId(), 10)).toBeNull();
      expect(await store.queueWebhookTest(endpointId(), "msg_test000000000000000000000", "{}", NOW)).toBeNull();
      expect(await store.deleteWebhookEndpoint(first.id)).toBe(true);
      expect(await store.deleteWebhookEndpoint(first.id)).toBe(false);
      expect(await store.listWebhookEndpoints()).toEqual([second]);
      expect(await store.deleteWebhookEndpoint(second.id)).toBe(true);
      expect(await store.hasWebhookEndpoints()).toBe(false);
    });

    it("with no endpoint, or none listening to the type, a fact writes no event", async () => {
      const store = await fresh();
      const referrer = await known(store);
      await writesNothing(store, () => refer(store, randomWallet(), referrer));
      await listen(store, ["payout.created", "quest.completed"]);
      await writesNothing(store, () => refer(store, randomWallet(), referrer));
      await writesNothing(store, () => store.checkIn(referrer, NOW, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS));
      expect(await store.countWebhookEvents()).toBe(0);
    });

    it("a referral credited at once writes referral.recorded and referral.credited, with their exact bodies, once per endpoint", async () => {
      const store = await fresh();
      const [a, b] = [await listen(store, ["referral.recorded", "referral.credited"]), await listen(store, ["referral.recorded"])];
      const referrer = await known(store);
      const referee = randomWallet();
      expect(await refer(store, referee, referrer)).toEqual({ outcome: "recorded", referrer, credited: true });
      expect(await store.countWebhookEvents()).toBe(2);
      const due = await drain(store);
      const points = AT_ONCE.credit.points;
      const recorded = bodyOf("referral.recorded", NOW, { referrer, referee });
      const credited = bodyOf("referral.credited", NOW, { referrer, referee, points: { referrer: points.referrer, referee: points.referee } });
      expect(due.map(({ endpointId, body }) => ({ endpointId, body }))).toEqual(
        [
          { endpointId: a.id, body: credited },
          { endpointId: a.id, body: recorded },
          { endpointId: b.id, body: recorded },
        ].sort(byBody),
      );
      // Both endpoints got the one referral.recorded event: the same id, the webhook-id of every attempt.
      const ids = due.map((delivery) => delivery.eventId);
      ids.forEach((id) => expect(id).toMatch(EVENT_ID));
      expect(new Set(ids).size).toBe(2);
      expect(due.filter((delivery) => delivery.body === recorded).map((delivery) => delivery.eventId)).toEqual([ids[1], ids[1]]);
      expect(due.every((delivery) => delivery.attempts === 0 && delivery.url === "https://hooks.example.com/in" && delivery.secret.startsWith("whsec_"))).toBe(true);
    });

    it("a refused referral, a duplicate, a cooldown, a repeat and a change of nothing write no event", async () => {
      const store = await fresh();
      await listen(store);
      const referrer = await known(store);
      const referee = randomWallet();
      await refer(store, referee, referrer);
      const wallet = await known(store);
      await store.checkIn(wallet, NOW, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      await store.completeSocialTask(wallet, "fc_follow", NOW);
      await store.markNftMint(wallet, NOW, null);
      const { version } = await store.createQuest(visit("once", 5));
      const quest = { wallet, action: { source: "quest" as const, id: "once", catalogVersion: version }, points: 5, periodSeconds: null };
      expect((await store.creditAction({ ...quest, now: NOW })).outcome).toBe("credited");
      await store.disqualify({ wallet, reason: "farm", cascade: false, admin: ADMIN, now: NOW });
      await drain(store);

      await writesNothing(store, () => store.recordReferral({ referee: referrer, refCode: refCodeOf(referrer), selfReferral: true, now: NOW, terms: AT_ONCE }));
      await writesNothing(store, () => refer(store, randomWallet(), randomWallet()));
      await writesNothing(store, () => refer(store, referee, wallet));
      await writesNothing(store, () => store.completeSocialTask(wallet, "fc_follow", NOW + 1));
      await writesNothing(store, () => store.checkIn(wallet, NOW + CHECKIN_COOLDOWN_SECONDS - 1, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS));
      await writesNothing(store, () => store.markNftMint(wallet, NOW + 1, null));
      await writesNothing(store, async () => expect((await store.creditAction({ ...quest, now: NOW + 1 })).outcome).toBe("already"));
      await writesNothing(store, () => store.creditAction({ wallet, action: { source: "action", id: "share" }, points: 3, periodSeconds: null, now: NOW }));
      await writesNothing(store, () => store.creditReferral(referee, NOW + 1, CREDIT));
      await writesNothing(store, () => store.disqualify({ wallet, reason: "again", cascade: false, admin: ADMIN, now: NOW + 1 }));
      await writesNothing(store, () => store.disqualifyMany({ rows: [{ wallet, reason: "list" }], admin: ADMIN, now: NOW + 1 }));
      await writesNothing(store, () => store.reinstate({ wallet: referrer, admin: ADMIN, now: NOW + 1 }));
    });

    it("each task, quest and admin fact writes its event once, with its data", async () => {
      const store = await fresh();
      await listen(store, ["task.completed", "quest.completed", "wallet.disqualified", "wallet.reinstated"]);
      const wallet = await known(store);
      await store.checkIn(wallet, NOW, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      await store.checkIn(wallet, NOW + CHECKIN_COOLDOWN_SECONDS, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      expect(await bodies(store)).toEqual([
        bodyOf("task.completed", NOW, { wallet, task: "daily_checkin", streak: 1 }),
        bodyOf("task.completed", NOW + CHECKIN_COOLDOWN_SECONDS, { wallet, task: "daily_checkin", streak: 2 }),
      ]);
      await store.completeSocialTask(wallet, "add_miniapp", NOW);
      expect(await bodies(store)).toEqual([bodyOf("task.completed", NOW, { wallet, task: "add_miniapp" })]);
      await store.markNftMint(wallet, NOW + 2, null);
      expect(await bodies(store)).toEqual([bodyOf("task.completed", NOW + 2, { wallet, task: "nft_mint" })]);
      const { version } = await store.createQuest(visit("q1", 7));
      await store.creditAction({ wallet, action: { source: "quest", id: "q1", catalogVersion: version }, points: 7, periodSeconds: null, now: NOW + 3 });
      expect(await bodies(store)).toEqual([bodyOf("quest.completed", NOW + 3, { wallet, questId: "q1", points: 7 })]);

      const referrer = await known(store);
      const referee = randomWallet();
      await refer(store, referee, referrer);
      await store.disqualify({ wallet: referrer, reason: "farm", cascade: true, admin: ADMIN, now: NOW + 4 });
      expect(await bodies(store)).toEqual([bodyOf("wallet.disqualified", NOW + 4, { wallets: [referrer, referee], admin: ADMIN, reason: "farm" })]);
      await store.reinstate({ wallet: referrer, admin: ADMIN, now: NOW + 5 });
      expect(await bodies(store)).toEqual([bodyOf("wallet.reinstated", NOW + 5, { wallets: [referrer, referee], admin: ADMIN })]);
      const banned = randomWallet();
      await store.disqualifyMany({ rows: [{ wallet: banned, reason: "list" }], admin: ADMIN, now: NOW + 6 });
      expect(await bodies(store)).toEqual([bodyOf("wallet.disqualified", NOW + 6, { wallets: [banned], admin: ADMIN, reason: null })]);
      expect(await store.countWebhookEvents()).toBe(8);
    });

    it("a referral waiting for its rule writes referral.recorded, and referral.credited from the step that credits it", async () => {
      const store = await fresh();
      await listen(store, ["referral.recorded", "referral.credited", "task.completed"]);
      const referrer = await known(store);
      const points = { referrer: CREDIT.points.referrer, referee: CREDIT.points.referee };
      const [byCheckIn, byMint, byChain] = [randomWallet(), randomWallet(), randomWallet()];
      await refer(store, byCheckIn, referrer, termsUnder("checkin"));
      await refer(store, byMint, referrer, termsUnder("nft_mint"));
      await refer(store, byChain, referrer, termsUnder("onchain"));
      expect(await bodies(store)).toEqual(
        [byCheckIn, byMint, byChain].map((referee) => bodyOf("referral.recorded", NOW, { referrer, referee })).sort(),
      );
      await store.checkIn(byCheckIn, NOW + 1, CHECKIN_COOLDOWN_SECONDS, CREDIT, STREAK_WINDOW_SECONDS);
      await store.markNftMint(byMint, NOW + 2, CREDIT);
      await store.creditReferral(byChain, NOW + 3, CREDIT);
      expect(await bodies(store)).toEqual(
        [
          bodyOf("task.completed", NOW + 1, { wallet: byCheckIn, task: "daily_checkin", streak: 1 }),
          bodyOf("referral.credited", NOW + 1, { referrer, referee: byCheckIn, points }),
          bodyOf("task.completed", NOW + 2, { wallet: byMint, task: "nft_mint" }),
          bodyOf("referral.credited", NOW + 2, { referrer, referee: byMint, points }),
          bodyOf("referral.credited", NOW + 3, { referrer, referee: byChain, points }),
        ].sort(),
      );
      // A referee that checked in before it was bound qualifies at binding: that step credits it, and says so.
      const early = await known(store);
      await store.checkIn(early, NOW + 4, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      await refer(store, early, referrer, termsUnder("checkin"), NOW + 5);
      const atBinding = [bodyOf("referral.recorded", NOW + 5, { referrer, referee: early }), bodyOf("referral.credited", NOW + 5, { referrer, referee: early, points })];
      expect(await bodies(store)).toEqual([bodyOf("task.completed", NOW + 4, { wallet: early, task: "daily_checkin", streak: 1 }), ...atBinding].sort());
    });

    it("a published payout plan writes payout.created", async () => {
      const store = await fresh();
      await listen(store, ["payout.created"]);
      const rows = [randomWallet(), randomWallet()].map((wallet, i) => ({ rank: i + 1, wallet, rewards: 40 - 20 * i }));
      const result = allocate(rows, { mode: "pool", pool: 1000n }, {});
      const tree = buildPlanTree(result.allocations);
      const token = "0x00000000000000000000000000000000000000aa";
      const plan: PayoutPlan = {
        id: "0000000000b1", board: "all", token, chainId: 8453, mode: "pool", unitAmount: null, pool: "1000", top: null, minRewards: null,
        deadline: NOW + 86_400, root: tree.root, total: result.total.toString(), remainder: result.remainder.toString(), count: tree.allocations.length,
        sha256: tree.sha256, createdAt: NOW, createdBy: ADMIN, distributor: null,
      };
      await storePlan(store, plan, tree, NOW + 7);
      const data = { planId: plan.id, board: "all" as const, token, chainId: 8453, root: tree.root, total: plan.total, count: 2 };
      expect(await bodies(store)).toEqual([bodyOf("payout.created", NOW + 7, data)]);
    });

    it("10 concurrent takers share 5 due deliveries: each taken exactly once, held for the lease, due again exactly when it ends", async () => {
      const store = await fresh();
      await listen(store, ["task.completed"]);
      for (let i = 0; i < 5; i++) await store.checkIn(randomWallet(), NOW + i, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      const at = NOW + 10;
      const taken = (await Promise.all(Array.from({ length: 10 }, () => store.takeDueDeliveries(at, 2, LEASE)))).flat();
      expect(taken).toHaveLength(5);
      const ids = taken.map((due) => due.eventId).sort();
      expect(new Set(ids).size).toBe(5);
      expect(await store.takeDueDeliveries(at + LEASE - 1, 10, LEASE)).toEqual([]);
      // The worker died: its lease ends and they are due again, the same events.
      const again = (await Promise.all(Array.from({ length: 10 }, () => store.takeDueDeliveries(at + LEASE, 10, LEASE)))).flat();
      expect(again.map((due) => due.eventId).sort()).toEqual(ids);
    });

    it("takes oldest due first, up to the limit, and nothing before its time", async () => {
      const store = await fresh();
      const { id } = await listen(store, ["task.completed"]);
      const [early, late] = [await known(store), await known(store)];
      await store.checkIn(late, NOW + 5, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      await store.checkIn(early, NOW, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      expect(await store.takeDueDeliveries(NOW - 1, 10, LEASE)).toEqual([]);
      const [first] = await store.takeDueDeliveries(FAR, 1, LEASE);
      expect(first!.body).toBe(bodyOf("task.completed", NOW, { wallet: early, task: "daily_checkin", streak: 1 }));
      // Failed at T: due again at exactly T + 99 (CUSTOM's first delay), not a second before.
      await attempt(store, first!, NOW + 1000, false);
      expect((await store.listWebhookDeliveries(id, 10))!.find((delivery) => delivery.eventId === first!.eventId)).toMatchObject({ eventId: first!.eventId, attempts: 1, state: "pending", nextAttemptAt: NOW + 1099 });
      const second = await store.takeDueDeliveries(NOW + 1098, 10, LEASE);
      expect(second.map((due) => due.body)).toEqual([bodyOf("task.completed", NOW + 5, { wallet: late, task: "daily_checkin", streak: 1 })]);
      expect(await store.takeDueDeliveries(NOW + 1098, 10, LEASE)).toEqual([]);
      expect(await store.takeDueDeliveries(NOW + 1099, 10, LEASE)).toEqual([{ ...first!, attempts: 1 }]);
    });

    it("applies the schedule it is given: retries after each delay, fails after the last, records every attempt", async () => {
      const store = await fresh();
      const { id } = await listen(store, ["task.completed"]);
      await store.checkIn(randomWallet(), NOW, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      const [due] = await store.takeDueDeliveries(NOW, 1, LEASE);
      expect(await attempt(store, due!, NOW, false)).toEqual({ disabled: false });
      expect(await store.recordWebhookAttempt({ ...due!, ok: false, status: null, error: "timeout", response: null, now: NOW + 99, schedule: CUSTOM })).toEqual({ disabled: false });
      const [pending] = (await store.listWebhookDeliveries(id, 10))!;
      expect(pending).toEqual({
        eventId: due!.eventId,
        type: "task.completed",
        attempts: 2,
        state: "pending",
        lastStatus: null,
        lastError: "timeout",
        lastResponse: null,
        lastAttemptAt: NOW + 99,
        nextAttemptAt: NOW + 100,
        createdAt: NOW,
      });
      // The third attempt follows the last delay: it fails the delivery for good.
      await attempt(store, due!, NOW + 100, false);
      const failed = { ...pending!, attempts: 3, state: "failed", lastStatus: 500, lastError: null, lastResponse: "boom", lastAttemptAt: NOW + 100, nextAttemptAt: null };
      expect(await store.listWebhookDeliveries(id, 10)).toEqual([failed]);
      expect(await store.takeDueDeliveries(FAR, 10, LEASE)).toEqual([]);
      // An attempt of a delivery no longer pending changes nothing.
      expect(await attempt(store, due!, NOW + 101, true)).toEqual({ disabled: false });
      expect(await store.listWebhookDeliveries(id, 10)).toEqual([failed]);
      const [endpoint] = await store.listWebhookEndpoints();
      expect(endpoint).toMatchObject({ enabled: true, failingSince: NOW, lastAttempt: { at: NOW + 100, eventId: due!.eventId, status: 500, ok: false } });
    });

    it("a success clears failingSince; failing exactly disableAfterSeconds disables the endpoint, whose deliveries wait until it is enabled", async () => {
      const store = await fresh();
      const { id } = await listen(store, ["task.completed"]);
      const checkIn = (now: number) => store.checkIn(randomWallet(), now, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      await checkIn(NOW);
      const [first] = await store.takeDueDeliveries(NOW, 1, LEASE);
      await attempt(store, first!, NOW, false);
      expect((await store.listWebhookEndpoints())[0]!.failingSince).toBe(NOW);
      await attempt(store, first!, NOW + 99, true);
      expect((await store.listWebhookEndpoints())[0]).toMatchObject({ failingSince: null, lastAttempt: { ok: true, status: 200, at: NOW + 99 } });

      // Failing since T: a failure at T + 999 keeps it enabled, one at exactly T + 1000 (CUSTOM) disables it.
      const T = NOW + 1000;
      await checkIn(T);
      await checkIn(T + 500);
      const [due, waiting] = await store.takeDueDeliveries(T + 999, 10, LEASE);
      expect(await attempt(store, due!, T, false)).toEqual({ disabled: false });
      expect(await attempt(store, waiting!, T + 999, false)).toEqual({ disabled: false });
      expect(await attempt(store, due!, T + 999, false)).toEqual({ disabled: false });
      expect((await store.listWebhookEndpoints())[0]).toMatchObject({ enabled: true, failingSince: T });
      expect(await attempt(store, due!, T + 1000, false)).toEqual({ disabled: true });
      expect((await store.listWebhookEndpoints())[0]).toMatchObject({ enabled: false, disabledAt: T + 1000, disabledBy: "failures", failingSince: T });
      expect(await store.takeDueDeliveries(FAR, 10, LEASE)).toEqual([]);

      // Enabled again before `waiting`'s next attempt (T + 1098): due at once.
      expect(await store.setWebhookEndpointEnabled(id, true, T + 1050)).toMatchObject({ enabled: true, disabledAt: null, disabledBy: null, failingSince: null });
      expect((await store.takeDueDeliveries(T + 1050, 10, LEASE)).map((delivery) => delivery.eventId)).toEqual([waiting!.eventId]);
    });

    it("queues a test event for one endpoint, lists deliveries newest first, keeps the newest finished ones, and a delete drops them all", async () => {
      const store = await fresh();
      const { id } = await listen(store, ["task.completed"]);
      const other = await listen(store, ["task.completed"]);
      const before = await store.countWebhookEvents();
      const body = JSON.stringify({ type: WEBHOOK_TEST_EVENT, timestamp: webhookTimestamp(NOW), data: { endpointId: id } });
      expect(await store.queueWebhookTest(id, "msg_firsttest000000000000000", body, NOW)).toEqual({ eventId: "msg_firsttest000000000000000" });
      expect(await store.countWebhookEvents()).toBe(before);
      expect(await store.takeDueDeliveries(NOW, 10, LEASE)).toEqual([expect.objectContaining({ endpointId: id, eventId: "msg_firsttest000000000000000", body, attempts: 0 })]);
      await store.checkIn(randomWallet(), NOW + 1, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      for (let i = 0; i <= LISTED_DELIVERIES; i++) {
        const eventId = `msg_${String(i).padStart(24, "0")}`;
        await store.queueWebhookTest(id, eventId, body, NOW + 2 + i);
        await attempt(store, { endpointId: id, eventId }, NOW + 2 + i, true);
      }
      const listed = (await store.listWebhookDeliveries(id, 1000))!;
      // The first test event (held) and the check-in's delivery are pending: never dropped for the cap; the oldest finished one is.
      expect(listed.map((delivery) => delivery.type).slice(-2)).toEqual(["task.completed", WEBHOOK_TEST_EVENT]);
      expect(listed).toHaveLength(LISTED_DELIVERIES + 2);
      expect(listed[0]).toMatchObject({ eventId: `msg_${String(LISTED_DELIVERIES).padStart(24, "0")}`, state: "delivered" });
      expect(listed[LISTED_DELIVERIES - 1]).toMatchObject({ eventId: `msg_${String(1).padStart(24, "0")}` });
      expect((await store.listWebhookDeliveries(id, 2))!.map((delivery) => delivery.eventId)).toEqual(listed.slice(0, 2).map((delivery) => delivery.eventId));

      expect(await store.deleteWebhookEndpoint(id)).toBe(true);
      expect(await store.listWebhookDeliveries(id, 10)).toBeNull();
      expect((await store.takeDueDeliveries(FAR, 10, LEASE)).map((due) => due.endpointId)).toEqual([other.id]);
      await store.checkIn(randomWallet(), NOW + 500, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      expect((await store.takeDueDeliveries(FAR + LEASE, 10, LEASE)).map((due) => due.endpointId)).toEqual([other.id, other.id]);
      // Nothing of it is left behind: an endpoint made again under its id starts empty and hears only its own types.
      await store.createWebhookEndpoint({ id, url: "https://hooks.example.com/again", events: ["payout.created"], secret: secret(), now: NOW + 600 });
      await store.checkIn(randomWallet(), NOW + 601, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      expect(await store.listWebhookDeliveries(id, 1000)).toEqual([]);
    });
  });
}
