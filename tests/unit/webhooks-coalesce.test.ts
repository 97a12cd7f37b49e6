/**
 * Delivery after responses (lib/services/webhooks.ts deliverSoon, endpointsExist) on the embedded
 * SQLite store, sending to a local receiver: the events of one request cost one flag read and one
 * pass, events during a running pass cost one rerun that starts after it, each request's after()
 * task lasts until the pass that sends its events has run, concurrent stale reads of the flag
 * share one store read, and a delete leaves the flag to be read when next needed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import type { DomainEvent } from "@/lib/domain/events";
import { refCodeOf } from "@/lib/domain/wallet";
import { createDispatcher, type EventDispatcher } from "@/lib/services/events";
import { createWebhook, deleteWebhook, deliverSoon, endpointsExist, webhookRuntime, webhookSubscriptions, type WebhookDeps } from "@/lib/services/webhooks";
import { checked } from "@/lib/store/checked";
import { openSqliteStore } from "@/lib/store/sqlite";
import type { Store } from "@/lib/store/types";
import { AT_ONCE } from "@/tests/support/rules";
import { randomWallet } from "@/tests/support/wallets";

const NOW = Math.floor(Date.now() / 1000);

describe("webhook delivery after responses", () => {
  let server: Server;
  let base: string;
  /** Each request the receiver got: its event type, in arrival order. */
  const received: string[] = [];
  /** While set, the receiver holds its answers until `release` is called. */
  let hold: Promise<void> | null;
  let release: () => void;
  let onReceive: (() => void) | null;
  let dir: string;
  let store: Store;
  let reads: number;
  /** Each takeDueDeliveries call: how many attempts the store had recorded when it was asked. */
  let takes: number[];
  let recorded: number;
  /** The after() tasks of the request being made. */
  const queued: (() => Promise<void>)[] = [];
  let events: EventDispatcher;
  let deps: WebhookDeps;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        received.push((JSON.parse(body) as { type: string }).type);
        onReceive?.();
        void (hold ?? Promise.resolve()).then(() => res.writeHead(200).end());
      });
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "refboard-webhooks-coalesce-"));
    const opened = checked(openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS }));
    reads = 0;
    takes = [];
    recorded = 0;
    hold = null;
    onReceive = null;
    received.length = 0;
    const has = opened.hasWebhookEndpoints.bind(opened);
    const take = opened.takeDueDeliveries.bind(opened);
    opened.hasWebhookEndpoints = () => ((reads += 1), has());
    const record = opened.recordWebhookAttempt.bind(opened);
    opened.takeDueDeliveries = (...args) => (takes.push(recorded), take(...args));
    opened.recordWebhookAttempt = async (...args) => {
      const result = await record(...args);
      recorded += 1;
      return result;
    };
    store = opened;
    const later = (task: () => Promise<void>) => void queued.push(task);
    deps = { store, clock: () => NOW, webhooks: webhookRuntime(true, later) };
    events = createDispatcher(later, webhookSubscriptions(deps));
  });
  afterEach(async () => {
    queued.length = 0;
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** An endpoint for every referral event, created as if by another process: this one's flag is stale. */
  const endpointElsewhere = async () => {
    await createWebhook(deps, { url: `${base}/hook`, events: ["referral.recorded", "referral.credited"] });
    deps.webhooks.endpoints = { exist: false, checkedAt: null };
    reads = 0;
  };

  /**
   * A request recording a referral credited at once: its two facts and their two events. Returns
   * the end of its response, which starts its after() tasks all at once (as next/server does).
   */
  const referRequest = async () => {
    const referrer = randomWallet();
    const referee = randomWallet();
    await store.registerWallet(referrer, NOW);
    await store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now: NOW, terms: AT_ONCE });
    const facts: DomainEvent[] = [
      { type: "referral.recorded", referrer, referee, at: NOW },
      { type: "referral.credited", referrer, referee, at: NOW },
    ];
    for (const fact of facts) events.emit(fact);
    const tasks = queued.splice(0);
    return () => Promise.all(tasks.map((task) => task()));
  };

  it("a request emitting two webhook events reads the stale flag once and runs one pass that sends both", async () => {
    await endpointElsewhere();
    const end = await referRequest();
    await end();
    expect(reads).toBe(1);
    expect(takes).toHaveLength(1);
    expect(received.sort()).toEqual(["referral.credited", "referral.recorded"]);
  });

  it("with no endpoint, the two events of a request read the flag once and take nothing", async () => {
    const end = await referRequest();
    await end();
    expect(reads).toBe(1);
    expect(takes).toEqual([]);
  });

  it("events during a running pass make one rerun after it, which sends them; each request's after() lasts until its events are sent", async () => {
    await endpointElsewhere();
    hold = new Promise((done) => (release = done));
    const firstArrived = new Promise<void>((done) => (onReceive = done));
    const first = (await referRequest())();
    await firstArrived;
    onReceive = null;
    expect(takes).toEqual([0]);

    // Three requests while the pass is sending (its receiver holds the answer): 6 more events.
    const later: Promise<void>[] = [];
    for (let i = 0; i < 3; i++) {
      const end = await referRequest();
      later.push(end().then(() => expect(received).toHaveLength(8)));
    }
    release();
    await Promise.all([first, ...later]);

    // One rerun, and only once the running pass recorded its two attempts: never two passes at once.
    expect(takes).toEqual([0, 2]);
    expect(received).toHaveLength(8);
    expect(received.filter((type) => type === "referral.credited")).toHaveLength(4);
  });

  it("calls within one turn of the event loop share one pass, however many awaits apart", async () => {
    await endpointElsewhere();
    await (await referRequest())();
    await referRequest();
    takes = [];
    // next/server starts a response's after() tasks together, but each reaches deliverSoon after its own awaits.
    const first = deliverSoon(deps);
    for (let i = 0; i < 10; i++) await Promise.resolve();
    const second = deliverSoon(deps);
    await Promise.all([first, second]);
    expect(takes).toHaveLength(1);
    expect(received).toHaveLength(4);
  });

  it("five concurrent calls that find the flag stale share one store read", async () => {
    await endpointElsewhere();
    const answers = await Promise.all(Array.from({ length: 5 }, () => endpointsExist(deps)));
    expect(answers).toEqual([true, true, true, true, true]);
    expect(reads).toBe(1);
    // The read's answer is kept: a sixth call within the minute asks nothing.
    expect(await endpointsExist(deps)).toBe(true);
    expect(reads).toBe(1);
  });

  it("a delete is one store call: whether endpoints remain is read after it, when next needed", async () => {
    const { id } = await createWebhook(deps, { url: `${base}/hook`, events: ["referral.recorded"] });
    reads = 0;
    await deleteWebhook(deps, id);
    expect(reads).toBe(0);
    expect(await endpointsExist(deps)).toBe(false);
    expect(reads).toBe(1);
  });
});
