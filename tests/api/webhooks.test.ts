/**
 * Outbound webhooks over HTTP (issue #30), `next start`, sending to a local
 * receiver that verifies every request with standardwebhooks, on SQLite and on Redis: each event
 * type arrives once with its data, driven through the public and admin API; a receiver answering 500 gets the 5 s retry
 * with the same webhook-id; a server SIGKILLed right after a referral's 200 still delivers its
 * referral.credited after restart, through the cron route and through the next request's after-work
 * (killed with the attempt in flight: the restarted server sends it again with the same webhook-id
 * once the dead worker's lease has run out, which the test moves on in the store's file).
 * The third attempt (due 5 min later) needs a clock the server does not let a test move: it is
 * shown on the fake clock in tests/unit/webhooks-service.test.ts and the store contract suite.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookBodySchema } from "@/lib/contract/webhook-schemas";
import { refCodeOf } from "@/lib/domain/wallet";
import { CLAIM_LEASE_SECONDS, RETRY_DELAYS_SECONDS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/domain/webhooks";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { client, type Client } from "@/tests/support/http";
import { startRedisServer, type RedisServer } from "@/tests/support/redis-server";
import { randomWallet } from "@/tests/support/wallets";
import { startWebhookReceiver, type Received, type WebhookReceiver } from "@/tests/support/webhook-receiver";

const TOKEN = randomBytes(24).toString("hex");
const CRON = randomBytes(24).toString("hex");
const admin = { authorization: `Bearer ${TOKEN}` };
const cron = { authorization: `Bearer ${CRON}` };
const ENV = { ADMIN_TOKEN: TOKEN, CRON_SECRET: CRON, WEBHOOKS_ALLOW_PRIVATE: "true" };

let receiver: WebhookReceiver;
const dirs: string[] = [];
const apps: AppServer[] = [];

async function appOn(dataDir: string, store: Record<string, string> = {}): Promise<{ app: AppServer; api: Client }> {
  const app = await startApp({ ...ENV, DATA_DIR: dataDir, ...store });
  apps.push(app);
  return { app, api: client(app.baseUrl) };
}

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "refboard-webhooks-"));
  dirs.push(dir);
  return dir;
}

async function addEndpoint(api: Client, path: string, events: readonly WebhookEventType[]): Promise<string> {
  const created = await api.post("/api/admin/webhooks", { url: receiver.url(path), events }, admin);
  expect(created.status).toBe(201);
  receiver.secrets.set(path, created.body.secret);
  return created.body.id as string;
}

async function referral(api: Client) {
  const [referrer, referee] = [randomWallet(), randomWallet()];
  expect((await api.post("/api/user/init", { wallet: referrer })).status).toBe(200);
  expect((await api.post("/api/referral/record", { wallet: referee, refCode: refCodeOf(referrer) })).status).toBe(200);
  return { referrer, referee };
}

/** Every request verified, and each event's body as the schema of its type says. */
function expectVerified(requests: Received[]) {
  for (const r of requests) {
    expect(r.event, `${r.path} ${r.body}`).not.toBeNull();
    expect(webhookBodySchema.safeParse(JSON.parse(r.body)).success, r.body).toBe(true);
    expect(r.headers["content-type"]).toBe("application/json");
  }
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.stop()));
  await receiver?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.each(["sqlite", "redis"] as const)("one server on %s", (backend) => {
  let api: Client;
  let redis: RedisServer | undefined;
  beforeAll(async () => {
    if (backend === "redis") redis = await startRedisServer();
    ({ api } = await appOn(newDataDir(), redis ? { REDIS_URL: redis.url } : {}));
  }, 120_000);
  afterAll(async () => {
    await redis?.stop();
  });

  it("each event type arrives once, signed, with the data of its fact", async () => {
    const all = `/all-${backend}`;
    await addEndpoint(api, all, WEBHOOK_EVENT_TYPES);
    const { referrer, referee } = await referral(api);
    expect((await api.post("/api/steam/task/complete", { wallet: referee, taskId: "daily_checkin" })).status).toBe(200);
    expect((await api.post("/api/steam/task/complete", { wallet: referee, taskId: "fc_follow" })).status).toBe(200);
    // A repeat, a cooldown, a refused referral: no fact, no event.
    expect((await api.post("/api/steam/task/complete", { wallet: referee, taskId: "fc_follow" })).status).toBe(200);
    expect((await api.post("/api/steam/task/complete", { wallet: referee, taskId: "daily_checkin" })).status).toBe(400);
    expect((await api.post("/api/referral/record", { wallet: referrer, refCode: refCodeOf(referrer) })).status).toBe(400);
    const quest = { id: "webhook-visit", title: "Visit", type: "visit", params: { url: "https://example.com/" }, points: 5, recurrence: "once" };
    expect((await api.post("/api/admin/quests", quest, admin)).status).toBe(201);
    expect((await api.post("/api/quests/complete", { wallet: referee, questId: quest.id })).status).toBe(200);
    expect((await api.post("/api/admin/wallets/disqualify", { wallet: referee, reason: "sybil ring" }, admin)).status).toBe(200);
    expect((await api.post("/api/admin/wallets/reinstate", { wallet: referee }, admin)).status).toBe(200);
    const token = randomWallet();
    const deadline = Math.floor(Date.now() / 1000) + 30 * 86_400;
    const plan = await api.post("/api/admin/payouts", { board: "all", token, chainId: 8453, mode: "per_unit", unitAmount: "1000", deadline }, admin);
    expect(plan.status).toBe(201);

    const requests = await receiver.waitFor(all, 8);
    // Anything still due would go now: nothing is.
    expect((await api.get("/api/cron/webhooks", cron)).body).toEqual({ attempts: 0, delivered: 0, failed: 0, disabled: 0 });
    expect(receiver.received.filter((r) => r.path === all)).toHaveLength(8);
    expectVerified(requests);
    expect(new Set(requests.map((r) => r.headers["webhook-id"])).size).toBe(8);
    const byType = Object.fromEntries(requests.map((r) => [r.event!.type, r.event!.data]));
    expect(byType).toEqual({
      "referral.recorded": { referrer, referee },
      "referral.credited": { referrer, referee, points: { referrer: 1, referee: 1 } },
      "task.completed": expect.anything(),
      "quest.completed": { wallet: referee, questId: quest.id, points: 5 },
      "wallet.disqualified": { wallets: [referee], admin: "token", reason: "sybil ring" },
      "wallet.reinstated": { wallets: [referee], admin: "token" },
      "payout.created": { planId: plan.body.id, board: "all", token, chainId: 8453, root: plan.body.root, total: plan.body.total, count: plan.body.count },
    });
    const tasks = requests.filter((r) => r.event!.type === "task.completed").map((r) => r.event!.data);
    expect(tasks).toEqual(expect.arrayContaining([{ wallet: referee, task: "daily_checkin", streak: 1 }, { wallet: referee, task: "fc_follow" }]));
    expect(tasks).toHaveLength(2);
  }, 60_000);

  it("a receiver answering 500 gets the 5 s retry in the same run, with the same webhook-id; the next waits 5 min", async () => {
    const flaky = `/flaky-${backend}`;
    const id = await addEndpoint(api, flaky, ["referral.recorded"]);
    receiver.failNext(flaky, 500, 500);
    await referral(api);
    const [first, second] = await receiver.waitFor(flaky, 2, 20_000);
    expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    expectVerified([first!, second!]);
    const gap = Number(second!.headers["webhook-timestamp"]) - Number(first!.headers["webhook-timestamp"]);
    expect(gap).toBeGreaterThanOrEqual(RETRY_DELAYS_SECONDS[0]);

    const { deliveries } = (await api.get(`/api/admin/webhooks/${id}/deliveries`, admin)).body;
    expect(deliveries).toMatchObject([{ eventId: first!.headers["webhook-id"], type: "referral.recorded", attempts: 2, state: "pending", lastStatus: 500, lastResponse: "failing on purpose" }]);
    expect(deliveries[0].nextAttemptAt - deliveries[0].lastAttemptAt).toBe(RETRY_DELAYS_SECONDS[1]);
    expect((await api.get("/api/cron/webhooks", cron)).body.attempts).toBe(0);
    const listed = (await api.get("/api/admin/webhooks", admin)).body.webhooks.find((w: { id: string }) => w.id === id);
    expect(listed).toMatchObject({ state: "active", lastDelivery: { eventId: first!.headers["webhook-id"], status: 500, ok: false } });
    expect(listed.failingSince).toBe(Number(first!.headers["webhook-timestamp"]));
  }, 40_000);
});

describe("a server killed right after a referral's 200", () => {
  /**
   * The endpoint holds its requests while the first server lives, and the server is killed with
   * that attempt in flight: it can never see it succeed, and its lease on the delivery outlives
   * it. Rather than wait out CLAIM_LEASE_SECONDS, the test moves that lease back by as much in the
   * store's file (the lease itself is the contract suite's, on the fake clock); only the restarted
   * server delivers it then.
   */
  async function killedAfterReferral(path: string) {
    const dataDir = newDataDir();
    const first = await appOn(dataDir);
    await addEndpoint(first.api, path, ["referral.credited"]);
    receiver.hold(path, true);
    const { referrer, referee } = await referral(first.api);
    const [inFlight] = await receiver.waitFor(path, 1);
    process.kill(first.app.pid, "SIGKILL");
    await first.app.stop();
    receiver.hold(path, false);
    const db = new Database(join(dataDir, "refboard.sqlite"));
    const expired = db.prepare("UPDATE webhook_deliveries SET lease_until = lease_until - ? WHERE lease_until IS NOT NULL").run(CLAIM_LEASE_SECONDS);
    db.close();
    expect(expired.changes, "the killed server held a lease on the delivery").toBe(1);
    return { dataDir, referrer, referee, webhookId: inFlight!.headers["webhook-id"] };
  }

  const creditOf = (referee: string) => (r: Received) => r.answered === 200 && r.event?.type === "referral.credited" && r.event.data.referee === referee;

  it("the cron route delivers its referral.credited after restart", async () => {
    const { dataDir, referrer, referee, webhookId } = await killedAfterReferral("/after-kill-cron");
    const { api } = await appOn(dataDir);
    const deadline = Date.now() + 30_000;
    while (!receiver.received.some(creditOf(referee)) && Date.now() < deadline) {
      expect((await api.get("/api/cron/webhooks", cron)).status).toBe(200);
      await new Promise((done) => setTimeout(done, 1_000));
    }
    const found = receiver.received.filter(creditOf(referee));
    expect(found).toHaveLength(1);
    expect(found[0]!.event?.data).toEqual({ referrer, referee, points: { referrer: 1, referee: 1 } });
    expect(found[0]!.headers["webhook-id"]).toBe(webhookId);
  }, 60_000);

  it("the next request's after-work delivers it after restart", async () => {
    const { dataDir, referee, webhookId } = await killedAfterReferral("/after-kill-request");
    const { api } = await appOn(dataDir);
    const deadline = Date.now() + 30_000;
    // Any request whose fact emits an event (a first social task of a fresh wallet) runs delivery after its response.
    while (!receiver.received.some(creditOf(referee)) && Date.now() < deadline) {
      expect((await api.post("/api/steam/task/complete", { wallet: randomWallet(), taskId: "fc_follow" })).status).toBe(200);
      await new Promise((done) => setTimeout(done, 1_000));
    }
    const found = receiver.received.filter(creditOf(referee));
    expect(found).toHaveLength(1);
    expect(found[0]!.headers["webhook-id"]).toBe(webhookId);
  }, 60_000);
});
