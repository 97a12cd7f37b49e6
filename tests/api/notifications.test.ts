/**
 * Farcaster notifications over HTTP, on a real `next start` with the embedded store, against local
 * stand-ins for Farcaster's side (tests/support/farcaster.ts): webhook events signed with a
 * generated Ed25519 app key and verified by the library through a hub that answers as Neynar's
 * does, Quick Auth tokens from a local Quick Auth server, and a client's notification url.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminNotificationsResponse, farcasterLinkResponse, reminderRunResponse, type ReminderRunResponse } from "@/lib/contract/notification-schemas";
import { dayOfName } from "@/lib/domain/analytics";
import { BODY_MAX, messageOf, TITLE_MAX, TOKENS_PER_REQUEST } from "@/lib/domain/notifications";
import { refCodeOf } from "@/lib/domain/wallet";
import { openSqliteStore } from "@/lib/store/sqlite";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { newAppKey, signedEvent, startFakeHub, startNotificationServer, startQuickAuthServer, WARPCAST_FID, type AppKey } from "@/tests/support/farcaster";
import { client, type Client } from "@/tests/support/http";
import { randomWallet } from "@/tests/support/wallets";

const ADMIN = randomBytes(24).toString("hex");
const CRON = randomBytes(24).toString("hex");
const NEYNAR_KEY = "neynar-test-key";
const APP_NAME = "Quest Club";
/** How long a test waits for what the server does after its response (a notification, a count). */
const AFTER_RESPONSE = { timeout: 10_000 };

let app: AppServer;
let api: Client;
let hub: Awaited<ReturnType<typeof startFakeHub>>;
let notify: Awaited<ReturnType<typeof startNotificationServer>>;
let quickAuth: Awaited<ReturnType<typeof startQuickAuthServer>>;
let dataDir: string;
let nextFid = 100;

beforeAll(async () => {
  [hub, notify, quickAuth] = await Promise.all([startFakeHub(), startNotificationServer(), startQuickAuthServer()]);
  dataDir = mkdtempSync(join(tmpdir(), "refboard-notify-"));
  app = await startApp({
    DATA_DIR: dataDir,
    NEYNAR_API_KEY: NEYNAR_KEY,
    NEYNAR_HUB_URL: hub.url,
    QUICK_AUTH_ORIGIN: quickAuth.origin,
    CRON_SECRET: CRON,
    ADMIN_TOKEN: ADMIN,
    NOTIFY_TIMEOUT_MS: "1000",
    APP_NAME,
  });
  api = client(app.baseUrl);
}, 120_000);
afterAll(async () => {
  await Promise.all([app?.stop(), hub?.stop(), notify?.stop(), quickAuth?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

const domain = () => new URL(app.baseUrl).host;
const cron = () => api.get("/api/cron/checkin-reminders", { authorization: `Bearer ${CRON}` });
const stats = async () => adminNotificationsResponse.parse((await api.get("/api/admin/notifications", { authorization: `Bearer ${ADMIN}` })).body);
/** A user whose client holds app key `key`, registered at the hub as a signer of its fid. */
const user = (appFid = WARPCAST_FID): AppKey => {
  const key = newAppKey(nextFid++, appFid);
  hub.register(key);
  return key;
};
const webhook = (body: unknown) => api.post("/api/farcaster/webhook", body);
const enable = (key: AppKey, token = `tok-${key.fid}-${key.appFid}`, url = notify.url) =>
  webhook(signedEvent(key, { event: "notifications_enabled", notificationDetails: { url, token } }));
const link = async (fid: number, wallet: string) =>
  api.post("/api/farcaster/link", { wallet }, { authorization: `Bearer ${await quickAuth.token(fid, domain())}` });
/** The server's day (its admin report ends on it): "today" is the server's, never the test's. */
const serverDay = async () => (await stats()).days.at(-1)!.date;
/**
 * The server's days while `act` runs: the day it starts on and the one it ends on, which differ
 * only when it runs across midnight (UTC). Whatever `act` made the server stamp carries one of them.
 */
const serverDaysOf = async <T>(act: () => Promise<T>): Promise<[T, string[]]> => {
  const first = await serverDay();
  const value = await act();
  return [value, [...new Set([first, await serverDay()])]];
};

describe("the webhook", () => {
  it("keeps a token per (fid, client) from signed events, and forgets it when the client says so", async () => {
    const alice = user();
    const before = (await stats()).subscribers;
    expect((await webhook(signedEvent(alice, { event: "miniapp_added", notificationDetails: { url: notify.url, token: "a1" } }))).body).toEqual({
      success: true,
    });
    expect(hub.apiKeys.at(-1)).toBe(NEYNAR_KEY);
    expect((await stats()).subscribers).toBe(before + 1);
    // The same fid in a second client: a second target of the same subscriber.
    const aliceElsewhere = { ...newAppKey(alice.fid, 777) };
    hub.register(aliceElsewhere);
    expect((await enable(aliceElsewhere, "a2")).status).toBe(200);
    expect((await stats()).subscribers).toBe(before + 1);
    expect((await webhook(signedEvent(alice, { event: "notifications_disabled" }))).status).toBe(200);
    expect((await stats()).subscribers).toBe(before + 1);
    expect((await webhook(signedEvent(aliceElsewhere, { event: "miniapp_removed" }))).status).toBe(200);
    expect((await stats()).subscribers).toBe(before);
    // Added without notifications: nothing to keep, and a 200 all the same (clients retry anything else).
    expect((await webhook(signedEvent(alice, { event: "miniapp_added" }))).status).toBe(200);
    expect((await stats()).subscribers).toBe(before);
  });

  it("answers bad signatures, malformed bodies, unknown events and unknown app keys with 4xx { error }, storing nothing", async () => {
    const bob = user();
    const before = (await stats()).subscribers;
    const good = signedEvent(bob, { event: "notifications_enabled", notificationDetails: { url: notify.url, token: "b1" } });
    const forged = { ...good, payload: Buffer.from(JSON.stringify({ event: "notifications_enabled", notificationDetails: { url: "https://evil.example/n", token: "x" } })).toString("base64url") };
    const stranger = newAppKey(bob.fid); // never registered at the hub
    const cases: [unknown, number][] = [
      [forged, 401],
      [{ ...good, signature: Buffer.alloc(64).toString("base64url") }, 401],
      [{}, 400],
      [{ header: 1, payload: 2, signature: 3 }, 400],
      [{ ...good, header: "not-base64-json" }, 400],
      [signedEvent(bob, { event: "frame_add_rejected" }), 400],
      [signedEvent(bob, { event: "notifications_enabled" }), 400],
      [signedEvent(bob, { event: "notifications_enabled", notificationDetails: { url: "ftp://x.example", token: "b1" } }), 400],
      [signedEvent(stranger, { event: "notifications_enabled", notificationDetails: { url: notify.url, token: "b1" } }), 401],
      ["[1,2]", 400],
    ];
    for (const [body, status] of cases) {
      const reply = await webhook(body);
      expect([JSON.stringify(body).slice(0, 60), reply.status]).toEqual([JSON.stringify(body).slice(0, 60), status]);
      expect(reply.body).toEqual({ error: expect.any(String) });
    }
    expect((await api.raw("POST", "/api/farcaster/webhook", { body: JSON.stringify(good), headers: { "content-type": "text/plain" } })).status).toBe(415);
    expect((await stats()).subscribers).toBe(before);
  });

  it("answers 100 signed events in a row, each verified and stored (times printed, never asserted)", async () => {
    const keys = Array.from({ length: 100 }, () => user());
    const hubCalls = hub.apiKeys.length;
    const before = (await stats()).subscribers;
    const times: number[] = [];
    for (const key of keys) {
      const started = performance.now();
      expect((await enable(key)).status).toBe(200);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(`webhook: 100 signed events (signature, hub check, store), p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
    // One hub check per event, each with the app's key, and every event stored.
    expect(hub.apiKeys.slice(hubCalls)).toEqual(Array.from({ length: 100 }, () => NEYNAR_KEY));
    expect((await stats()).subscribers).toBe(before + 100);
  });

  it("a hub that cannot answer is a 503 the client retries, and nothing is stored", async () => {
    const carol = user();
    const before = (await stats()).subscribers;
    hub.setDown(true);
    try {
      const reply = await enable(carol);
      expect(reply.status).toBe(503);
      expect(reply.body).toEqual({ error: expect.any(String) });
    } finally {
      hub.setDown(false);
    }
    expect((await stats()).subscribers).toBe(before);
    expect((await enable(carol)).status).toBe(200);
  });
});

describe("linking a fid to a wallet", () => {
  it("needs a Quick Auth token for this app's domain, signed by the Quick Auth server", async () => {
    const wallet = randomWallet();
    const dave = user();
    const post = (authorization?: string) => api.post("/api/farcaster/link", { wallet }, authorization ? { authorization } : {});
    expect((await post()).status).toBe(401);
    expect((await post("Bearer not-a-jwt")).status).toBe(401);
    expect((await post(`Bearer ${await quickAuth.token(dave.fid, "other.example.com")}`)).status).toBe(401);
    expect((await post(`Bearer ${await quickAuth.token(dave.fid, domain(), { expiresIn: "-1m" })}`)).status).toBe(401);
    expect((await post(`Bearer ${await quickAuth.token(dave.fid, domain(), { issuer: "https://auth.example" })}`)).status).toBe(401);
    const { privateKey } = await (await import("jose")).generateKeyPair("RS256");
    expect((await post(`Bearer ${await quickAuth.token(dave.fid, domain(), { key: privateKey })}`)).status).toBe(401);
    expect((await api.post("/api/farcaster/link", { wallet: "0x123" }, { authorization: `Bearer ${await quickAuth.token(dave.fid, domain())}` })).status).toBe(400);

    expect(farcasterLinkResponse.parse((await link(dave.fid, wallet)).body)).toEqual({ fid: dave.fid, wallet, notifications: false });
    await enable(dave);
    expect((await link(dave.fid, wallet)).body).toEqual({ fid: dave.fid, wallet, notifications: true });
  });
});

describe("sending", () => {
  it("tells the referrer when a friend joins with the link: after the response, once per day, within the protocol's limits", async () => {
    const [referrer, friend, second] = [randomWallet(), randomWallet(), randomWallet()];
    const erin = user();
    await enable(erin, "erin-token");
    await link(erin.fid, referrer);
    await api.post("/api/user/init", { wallet: referrer });
    // Another referrer, whose notification closes the test: see below.
    const [other, otherFriend] = [randomWallet(), randomWallet()];
    const grace = user();
    await enable(grace, "grace-token");
    await link(grace.fid, other);
    await api.post("/api/user/init", { wallet: other });
    const sentBefore = notify.received.length;

    const [, days] = await serverDaysOf(async () => {
      expect((await api.post("/api/referral/record", { wallet: friend, refCode: refCodeOf(referrer) })).body).toEqual({ success: true, referrer });
      await expect.poll(() => notify.received.length, AFTER_RESPONSE).toBe(sentBefore + 1);
    });
    const [first] = notify.received.slice(sentBefore);
    expect(days.map((day) => ({ ...messageOf("referral", dayOfName(day)!, APP_NAME, app.baseUrl), tokens: ["erin-token"] }))).toContainEqual(first);
    expect(first).toMatchObject({ title: "A friend joined with your link", body: expect.stringContaining("+20"), targetUrl: `${app.baseUrl}/` });
    expect(first!.title.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(first!.body.length).toBeLessThanOrEqual(BODY_MAX);

    // A second friend the same day: the day's notification is out already. What shows that nothing
    // went out for it: the other referrer's notification, asked for after it, arrives, and is the
    // only one. Each goes out right after its response, so a second one to erin would come first.
    const [, laterDays] = await serverDaysOf(async () => {
      expect((await api.post("/api/referral/record", { wallet: second, refCode: refCodeOf(referrer) })).status).toBe(200);
      expect((await api.post("/api/referral/record", { wallet: otherFriend, refCode: refCodeOf(other) })).status).toBe(200);
      await expect.poll(() => notify.received.slice(sentBefore).some((n) => n.tokens.includes("grace-token")), AFTER_RESPONSE).toBe(true);
    });
    const tokens = notify.received.slice(sentBefore).map((n) => n.tokens);
    // Across midnight (UTC) the second friend came on a new day, where a notification is due again.
    const crossedMidnight = new Set([...days, ...laterDays]).size > 1;
    expect(tokens).toEqual(crossedMidnight ? expect.arrayContaining([["erin-token"], ["grace-token"]]) : [["erin-token"], ["grace-token"]]);
  });

  it("a notification url that hangs fails no user request: the send gives up after NOTIFY_TIMEOUT_MS and is counted failed", async () => {
    const hanging = await startNotificationServer(() => "hang");
    const frank = user();
    const referrer = randomWallet();
    try {
      await enable(frank, "frank-token", hanging.url);
      await link(frank.fid, referrer);
      await api.post("/api/user/init", { wallet: referrer });
      const failedBefore = (await stats()).totals.failed;
      const reply = await api.post("/api/referral/record", { wallet: randomWallet(), refCode: refCodeOf(referrer) });
      // The answer did not wait for the send, which nothing has ended yet.
      expect([reply.status, hanging.givenUp()]).toEqual([200, 0]);
      await expect.poll(() => hanging.received.length, AFTER_RESPONSE).toBe(1);
      // The url is still up and holds the request: only the app's timeout (NOTIFY_TIMEOUT_MS=1000) ends it.
      await expect.poll(() => hanging.givenUp(), AFTER_RESPONSE).toBe(1);
      await expect.poll(async () => (await stats()).totals.failed, AFTER_RESPONSE).toBe(failedBefore + 1);
    } finally {
      await hanging.stop();
    }

    const gone = user();
    const other = randomWallet();
    const failedBefore = (await stats()).totals.failed;
    await enable(gone, "gone-token", hanging.url); // its server is stopped now: connection refused
    await link(gone.fid, other);
    await api.post("/api/user/init", { wallet: other });
    expect((await api.post("/api/referral/record", { wallet: randomWallet(), refCode: refCodeOf(other) })).status).toBe(200);
    await expect.poll(async () => (await stats()).totals.failed, AFTER_RESPONSE).toBe(failedBefore + 1);

    // Both remove the app, so that the reminder runs below count only their own subscribers.
    for (const key of [frank, gone]) expect((await webhook(signedEvent(key, { event: "miniapp_removed" }))).status).toBe(200);
  });
});

describe("the check-in reminder runs", () => {
  it("needs CRON_SECRET: without it or with another, 401 { error } and no run", async () => {
    const unauthorized = { status: 401, body: { error: "Invalid or missing cron secret" } };
    const answer = async (headers?: Record<string, string>) => {
      const reply = await api.get("/api/cron/checkin-reminders", headers);
      return { status: reply.status, body: reply.body as unknown };
    };
    expect(await answer()).toEqual(unauthorized);
    expect(await answer({ authorization: `Bearer ${"x".repeat(CRON.length)}` })).toEqual(unauthorized);
    expect(await answer({ authorization: `Bearer ${CRON.slice(0, -1)}` })).toEqual(unauthorized);
    expect(await answer({ authorization: CRON })).toEqual(unauthorized);
    const run = await answer({ authorization: `Bearer ${CRON}` });
    expect(run.status).toBe(200);
    expect(reminderRunResponse.strict().parse(run.body)).toEqual(run.body);
    expect((await api.post("/api/cron/checkin-reminders", {}, { authorization: `Bearer ${CRON}` })).status).toBe(405);
  });

  it("works through 5,000 subscribers in bounded runs: batches of 100 tokens, one id, invalid tokens dropped, rate-limited ones retried later", async () => {
    // One round over whatever the other tests subscribed, so this test's counts are its own and the cursor starts over.
    for (let i = 0; i < 20; i++) if (reminderRunResponse.parse((await cron()).body).wrapped) break;
    // 5,000 subscribers with linked wallets, written straight into the server's store file.
    const store = openSqliteStore(dataDir, { retentionDays: 30 });
    const now = Math.floor(Date.now() / 1000);
    const FIRST = 1_000_000;
    const fids = Array.from({ length: 5_000 }, (_, i) => FIRST + i);
    for (const fid of fids) {
      await store.saveNotificationTarget({ fid, appFid: WARPCAST_FID, url: notify.url, token: `bulk-${fid}` }, now);
      await store.linkFarcaster(fid, randomWallet(), now);
    }
    await store.close();
    const invalid = new Set(fids.filter((fid) => fid % 100 === 7).map((fid) => `bulk-${fid}`));
    const limited = new Set(fids.filter((fid) => fid % 100 === 9).map((fid) => `bulk-${fid}`));
    notify.setPlan((tokens) => ({ invalid: tokens.filter((t) => invalid.has(t)), rateLimited: tokens.filter((t) => limited.has(t)) }));
    const from = notify.received.length;

    const totalsBefore = (await stats()).totals;
    const firstDay = await serverDay();
    const runs: ReminderRunResponse[] = [];
    /** The sizes of each run's requests, largest first. */
    const requestSizes: number[][] = [];
    const times: string[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const sentBefore = notify.received.length;
      const reply = await cron();
      times.push((performance.now() - started).toFixed(0));
      expect(reply.status).toBe(200);
      const run = reminderRunResponse.parse(reply.body);
      runs.push(run);
      requestSizes.push(notify.received.slice(sentBefore).map((r) => r.tokens.length).sort((a, b) => b - a));
      if (run.wrapped && run.subscribers > 0) break;
    }
    console.log(`reminder runs over 5,000 subscribers: ${runs.map((r) => r.subscribers).join(", ")} subscribers, ${times.join(", ")} ms`);
    const requests = notify.received.slice(from);
    const bulk = requests.flatMap((r) => r.tokens).filter((t) => t.startsWith("bulk-"));
    for (const run of runs) expect(run.subscribers).toBeLessThanOrEqual(1_000);
    expect(new Set(bulk).size).toBe(5_000);
    expect(bulk).toHaveLength(5_000);
    const days = [...new Set([firstDay, await serverDay()])];
    const messages = days.map((day) => messageOf("checkin", dayOfName(day)!, APP_NAME, app.baseUrl));
    for (const { tokens, ...message } of requests) {
      expect(tokens.length).toBeGreaterThan(0);
      expect(messages).toContainEqual(message);
    }
    // A run's tokens to one url go in full requests of exactly TOKENS_PER_REQUEST, the rest in one more.
    const packed = (tokens: number) => [...Array.from({ length: Math.floor(tokens / TOKENS_PER_REQUEST) }, () => TOKENS_PER_REQUEST), tokens % TOKENS_PER_REQUEST].filter((n) => n > 0);
    expect(requestSizes).toEqual(requestSizes.map((sizes) => packed(sizes.reduce((a, b) => a + b, 0))));
    const sum = (list: typeof runs) =>
      list.reduce((t, r) => ({ sent: t.sent + r.sent, failed: t.failed + r.failed, invalid: t.invalid + r.invalid, rateLimited: t.rateLimited + r.rateLimited }), {
        sent: 0,
        failed: 0,
        invalid: 0,
        rateLimited: 0,
      });
    // A rate-limited token was not delivered: it counts as failed too.
    expect(sum(runs)).toEqual({ sent: 4_900, failed: 50, invalid: 50, rateLimited: 50 });

    // The next round: only the rate-limited fids are due again (the others were reminded, the invalid ones are gone).
    notify.setPlan(() => ({}));
    const again = notify.received.length;
    for (let i = 0; i < 20; i++) {
      const run = reminderRunResponse.parse((await cron()).body);
      runs.push(run);
      if (run.wrapped) break;
    }
    const retried = notify.received.slice(again).flatMap((r) => r.tokens);
    expect([...retried].sort()).toEqual([...limited].sort());
    // The retry carries the day's id: a client that did deliver the first attempt drops the second.
    const retryIds = new Set(notify.received.slice(again).map((r) => r.notificationId));
    const lastDay = await serverDay();
    expect(retryIds.size).toBeGreaterThan(0);
    expect([...days, lastDay].map((day) => `checkin-${day}`)).toEqual(expect.arrayContaining([...retryIds]));
    // What the runs answered is what the admin report counts.
    const totalsAfter = (await stats()).totals;
    const counted = sum(runs);
    expect({
      sent: totalsAfter.sent - totalsBefore.sent,
      failed: totalsAfter.failed - totalsBefore.failed,
      invalid: totalsAfter.invalid - totalsBefore.invalid,
    }).toEqual({
      sent: counted.sent,
      failed: counted.failed,
      invalid: counted.invalid,
    });
    expect(counted).toEqual({ sent: 4_950, failed: 50, invalid: 50, rateLimited: 50 });
  }, 180_000);
});

describe("with notifications off (no NEYNAR_API_KEY)", () => {
  let plain: AppServer;
  beforeAll(async () => {
    plain = await startApp({ CRON_SECRET: CRON });
  }, 120_000);
  afterAll(async () => plain?.stop());

  it("the webhook, the link and the cron route do not exist, and the manifest names no webhookUrl", async () => {
    const off = client(plain.baseUrl);
    const key = newAppKey(5);
    expect((await off.post("/api/farcaster/webhook", signedEvent(key, { event: "miniapp_removed" }))).status).toBe(404);
    expect((await off.post("/api/farcaster/link", { wallet: randomWallet() }, { authorization: "Bearer x" })).status).toBe(404);
    const cronOff = await off.get("/api/cron/checkin-reminders", { authorization: `Bearer ${CRON}` });
    expect({ status: cronOff.status, body: cronOff.body as unknown }).toEqual({ status: 404, body: { error: "Scheduled jobs are not enabled" } });
    expect((await off.get("/.well-known/farcaster.json")).body.miniapp.webhookUrl).toBeUndefined();
    expect((await api.get("/.well-known/farcaster.json")).body.miniapp.webhookUrl).toBe(`${app.baseUrl}/api/farcaster/webhook`);
  });
});
