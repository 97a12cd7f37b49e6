/**
 * Webhook delivery runs (lib/services/webhooks.ts deliverDue) on the embedded SQLite store with a
 * fake clock, sending to a real local receiver that verifies each signature with standardwebhooks:
 * the retry schedule as a receiver sees it (a failure, the 5 s retry waited for inside the same run,
 * the third attempt only once the clock reaches the 5 min retry, the same webhook-id on each), the
 * per-process "endpoints exist" flag, and batches past the first.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { RETRY_DELAYS_SECONDS } from "@/lib/domain/webhooks";
import { refCodeOf } from "@/lib/domain/wallet";
import { createWebhook, deliverDue, DELIVERY_BATCH, ENDPOINTS_FLAG_SECONDS, endpointsExist, webhookRuntime, type WebhookDeps } from "@/lib/services/webhooks";
import { checked } from "@/lib/store/checked";
import { openSqliteStore } from "@/lib/store/sqlite";
import type { Store } from "@/lib/store/types";
import { AT_ONCE } from "@/tests/support/rules";
import { randomWallet } from "@/tests/support/wallets";

/** The runs span 5 min: starting 150 s ago keeps each attempt's webhook-timestamp within the 5 min standardwebhooks allows of the receiver's real clock. */
const START = Math.floor(Date.now() / 1000) - 150;

describe("webhook delivery runs", () => {
  let server: Server;
  let base: string;
  const statuses: number[] = [];
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  let dir: string;
  let store: Store;
  let now: number;
  let slept: number[];
  let deps: WebhookDeps;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.writeHead(statuses.shift() ?? 200).end();
      });
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "refboard-webhooks-service-"));
    store = checked(openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS }));
    now = START;
    slept = [];
    statuses.length = 0;
    received.length = 0;
    const webhooks = webhookRuntime(true, () => {});
    // The run's wait moves the fake clock: the retry it waits for is then due.
    webhooks.sleep = async (ms) => {
      slept.push(ms);
      now += Math.ceil(ms / 1000);
    };
    deps = { store, clock: () => now, webhooks };
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const refer = async () => {
    const referrer = randomWallet();
    await store.registerWallet(referrer, now);
    await store.recordReferral({ referee: randomWallet(), refCode: refCodeOf(referrer), selfReferral: false, now, terms: AT_ONCE });
    return referrer;
  };

  it("a receiver answering 500 twice gets the event on the third try, the 5 s retry in the same run, the 5 min one when due, one webhook-id", async () => {
    const created = await createWebhook(deps, { url: `${base}/hook`, events: ["referral.recorded"] });
    const referrer = await refer();
    statuses.push(500, 500);

    expect(await deliverDue(deps)).toEqual({ attempts: 2, delivered: 0, failed: 2, disabled: 0 });
    expect(slept).toEqual([RETRY_DELAYS_SECONDS[0] * 1000 + 250]);
    const secondAt = now;
    // One second before the third attempt is due, a run sends nothing.
    now = secondAt + RETRY_DELAYS_SECONDS[1] - 1;
    expect(await deliverDue(deps)).toEqual({ attempts: 0, delivered: 0, failed: 0, disabled: 0 });
    now = secondAt + RETRY_DELAYS_SECONDS[1];
    expect(await deliverDue(deps)).toEqual({ attempts: 1, delivered: 1, failed: 0, disabled: 0 });

    expect(received).toHaveLength(3);
    const ids = new Set(received.map((r) => r.headers["webhook-id"]));
    expect(ids.size).toBe(1);
    for (const r of received) expect(new Webhook(created.secret).verify(r.body, r.headers as Record<string, string>)).toMatchObject({ type: "referral.recorded", data: { referrer } });
    const [delivery] = (await store.listWebhookDeliveries(created.id, 10)) ?? [];
    expect(delivery).toMatchObject({ attempts: 3, state: "delivered", lastStatus: 200, nextAttemptAt: null });
  });

  it("waits for a retry once per run: a second failure's 5 min retry is left to a later run", async () => {
    await createWebhook(deps, { url: `${base}/hook`, events: ["referral.recorded"] });
    await refer();
    statuses.push(500, 500, 500);
    await deliverDue(deps);
    expect(slept).toHaveLength(1);
    expect(received).toHaveLength(2);
  });

  it("goes on past a full batch", async () => {
    await createWebhook(deps, { url: `${base}/hook`, events: ["referral.recorded"] });
    for (let i = 0; i < DELIVERY_BATCH + 1; i++) await refer();
    expect(await deliverDue(deps)).toMatchObject({ attempts: DELIVERY_BATCH + 1, delivered: DELIVERY_BATCH + 1 });
    expect(slept).toEqual([]);
  });

  it("knows of endpoints from the store at most once a minute, and at once from its own create", async () => {
    const reads: number[] = [];
    const has = store.hasWebhookEndpoints.bind(store);
    store.hasWebhookEndpoints = async () => (reads.push(now), has());
    expect(await endpointsExist(deps)).toBe(false);
    now += ENDPOINTS_FLAG_SECONDS - 1;
    expect(await endpointsExist(deps)).toBe(false);
    expect(reads).toEqual([START]);
    now += 1;
    expect(await endpointsExist(deps)).toBe(false);
    expect(reads).toEqual([START, START + ENDPOINTS_FLAG_SECONDS]);
    await createWebhook(deps, { url: `${base}/hook`, events: ["referral.recorded"] });
    expect(await endpointsExist(deps)).toBe(true);
    expect(reads).toHaveLength(2);
  });
});
