/**
 * Notifications without servers: the texts and limits, when a reminder is due, batching, and the
 * services on the real embedded store with a fake clock, an injected app-key check and a fake
 * notification client. Webhook events are signed for real (tests/support/farcaster.ts) and parsed
 * by the library's own verification.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/contract/errors";
import { DEFAULT_RETENTION_DAYS, SECONDS_PER_DAY } from "@/lib/domain/analytics";
import {
  BODY_MAX,
  batchesOf,
  messageOf,
  notificationIdOf,
  reminderDue,
  TITLE_MAX,
  TOKENS_PER_REQUEST,
  type NotificationMessage,
  type NotificationTarget,
} from "@/lib/domain/notifications";
import { CHECKIN_COOLDOWN_SECONDS } from "@/lib/domain/tasks";
import type { NotificationReply } from "@/lib/farcaster/notify-client";
import type { DomainEvent } from "@/lib/domain/events";
import { createDispatcher, on, type EventDispatcher } from "@/lib/services/events";
import { linkFarcasterAccount, notificationSubscriptions, receiveWebhookEvent, runCheckinReminders, type Notifier, type NotifyDeps } from "@/lib/services/notifications";
import { NO_QUALIFY_READ } from "@/lib/services/qualify";
import { DEFAULT_RULEBOOK, rulebookOf, STREAK_WINDOW_SECONDS } from "@/lib/domain/rulebook";
import { recordReferral } from "@/lib/services/referrals";
import { completeTask } from "@/lib/services/tasks";
import { initUser } from "@/lib/services/users";
import { refCodeOf } from "@/lib/domain/wallet";
import { checked } from "@/lib/store/checked";
import { openSqliteStore } from "@/lib/store/sqlite";
import type { Store } from "@/lib/store/types";
import { newAppKey, signedEvent } from "@/tests/support/farcaster";
import { randomWallet } from "@/tests/support/wallets";

const T0 = 1_750_000_000;
const DAY0 = Math.floor(T0 / SECONDS_PER_DAY);
const BASE = "https://refboard.example.com";

describe("notification rules", () => {
  it("every message fits the protocol: title <= 32, body <= 128, an id per kind and day, a target on the app", () => {
    for (const kind of ["referral", "checkin"] as const) {
      const message = messageOf(kind, DAY0, "A very long community name that goes on and on and on and on and on and on", BASE);
      expect([...message.title].length).toBeLessThanOrEqual(TITLE_MAX);
      expect([...message.body].length).toBeLessThanOrEqual(BODY_MAX);
      expect(message.notificationId).toBe(notificationIdOf(kind, DAY0));
      expect(message.targetUrl).toBe(`${BASE}/`);
    }
    expect(notificationIdOf("checkin", DAY0)).toBe("checkin-2025-06-15");
    expect(messageOf("checkin", DAY0, "Quest Club", BASE).body).toContain("Quest Club");
  });

  it("a body of exactly BODY_MAX characters is kept whole; one more and it is cut to BODY_MAX, ending in an ellipsis", () => {
    const around = messageOf("checkin", DAY0, "", BASE).body.length;
    const name = (length: number) => "n".repeat(length - around);
    const exactly = messageOf("checkin", DAY0, name(BODY_MAX), BASE).body;
    expect(exactly).toBe(`Open ${name(BODY_MAX)} and check in: one tap keeps your quests moving.`);
    expect(exactly).toHaveLength(BODY_MAX);
    const over = messageOf("checkin", DAY0, name(BODY_MAX + 1), BASE).body;
    expect(over).toBe(`${`Open ${name(BODY_MAX + 1)} and check in: one tap keeps your quests moving.`.slice(0, BODY_MAX - 1)}…`);
    // Characters, not UTF-16 units: a name of emoji is cut at the same count.
    const emoji = [...messageOf("checkin", DAY0, "🎉".repeat(BODY_MAX + 1 - around), BASE).body];
    expect([emoji.length, emoji.at(-1)]).toEqual([BODY_MAX, "…"]);
  });

  it("a reminder is due once the check-in is ready, at most once per cooldown", () => {
    const now = T0;
    expect(reminderDue(null, null, now)).toBe(true);
    expect(reminderDue(now - CHECKIN_COOLDOWN_SECONDS + 1, null, now)).toBe(false);
    expect(reminderDue(now - CHECKIN_COOLDOWN_SECONDS, null, now)).toBe(true);
    expect(reminderDue(null, now - 60, now)).toBe(false);
    expect(reminderDue(null, now - CHECKIN_COOLDOWN_SECONDS + 1, now)).toBe(false);
    expect(reminderDue(null, now - CHECKIN_COOLDOWN_SECONDS, now)).toBe(true);
  });

  it("batches by url, at most 100 tokens per request", () => {
    const targets = (url: string, n: number): NotificationTarget[] => Array.from({ length: n }, (_, i) => ({ fid: i + 1, appFid: 1, url, token: `${url}-${i}` }));
    expect(batchesOf(targets("https://a.example", TOKENS_PER_REQUEST)).map((b) => b.targets.length)).toEqual([TOKENS_PER_REQUEST]);
    expect(batchesOf(targets("https://a.example", TOKENS_PER_REQUEST + 1)).map((b) => b.targets.length)).toEqual([TOKENS_PER_REQUEST, 1]);
    const batches = batchesOf([...targets("https://a.example", 250), ...targets("https://b.example", 3)]);
    expect(batches.map((b) => [b.url, b.targets.length])).toEqual([
      ["https://a.example", TOKENS_PER_REQUEST],
      ["https://a.example", TOKENS_PER_REQUEST],
      ["https://a.example", 50],
      ["https://b.example", 3],
    ]);
  });
});

describe("notification services", () => {
  let dir: string;
  let now: number;
  let store: Store;
  let sent: { url: string; message: NotificationMessage; tokens: string[] }[];
  let reply: (tokens: string[]) => NotificationReply | Error;
  let pending: Promise<void>[];
  let appKeyCheck: Notifier["verifyAppKey"];
  let deps: NotifyDeps;
  let events: EventDispatcher;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "refboard-notify-unit-"));
    now = T0;
    store = checked(openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS }));
    sent = [];
    pending = [];
    reply = (tokens) => ({ successfulTokens: tokens, invalidTokens: [], rateLimitedTokens: [] });
    appKeyCheck = async () => ({ valid: true, appFid: 9152 });
    const notifier: Notifier = {
      config: { neynarApiKey: "k", hubUrl: "https://hub.example", quickAuthOrigin: "https://auth.example", kinds: ["referral", "checkin"], batch: 2, timeoutMs: 1000 },
      appName: "Quest Club",
      client: {
        async send(url, message, tokens) {
          sent.push({ url, message, tokens });
          const answer = reply(tokens);
          if (answer instanceof Error) throw answer;
          return answer;
        },
      },
      verifyAppKey: (fid, key) => appKeyCheck(fid, key),
      quickAuth: async (token, domain) => (token === "good" && domain === "refboard.example.com" ? 42 : null),
    };
    deps = { store, clock: () => now, notifications: notifier };
    events = dispatcherOf(deps);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const status = async (promise: Promise<unknown>) =>
    promise.then(
      () => 200,
      (e: unknown) => (e instanceof ApiError ? e.status : Promise.reject(e)),
    );
  // The composition root's wiring, with the response's end in the test's hands.
  const dispatcherOf = (d: NotifyDeps) => createDispatcher((task) => void pending.push(task()), notificationSubscriptions(d));
  const credited = (referrer: string, dispatcher = events) => dispatcher.emit({ type: "referral.credited", referrer, referee: randomWallet(), at: now }, { linkBase: BASE });
  const subscribe = async (fid: number, token = `t${fid}`, wallet = randomWallet()) => {
    await receiveWebhookEvent(deps, signedEvent(newAppKey(fid), { event: "notifications_enabled", notificationDetails: { url: "https://client.example/n", token } }));
    await store.linkFarcaster(fid, wallet, now);
    return wallet;
  };

  it("the webhook maps the library's verdicts: bad data 400, bad signature or app key 401, a failing check 503", async () => {
    const key = newAppKey(7);
    const event = { event: "notifications_enabled", notificationDetails: { url: "https://client.example/n", token: "x" } };
    expect(await status(receiveWebhookEvent(deps, signedEvent(key, event)))).toBe(200);
    expect(await status(receiveWebhookEvent(deps, { ...signedEvent(key, event), signature: signedEvent(newAppKey(7), event).signature }))).toBe(401);
    expect(await status(receiveWebhookEvent(deps, { nope: true }))).toBe(400);
    expect(await status(receiveWebhookEvent(deps, signedEvent(key, { event: "something_else" })))).toBe(400);
    appKeyCheck = async () => ({ valid: false });
    expect(await status(receiveWebhookEvent(deps, signedEvent(key, event)))).toBe(401);
    appKeyCheck = async () => {
      throw new Error("hub down");
    };
    expect(await status(receiveWebhookEvent(deps, signedEvent(key, event)))).toBe(503);
    expect(await status(receiveWebhookEvent({ ...deps, notifications: null }, signedEvent(key, event)))).toBe(404);
  });

  it("links only with a token that proves the fid for this domain", async () => {
    const wallet = randomWallet();
    expect(await status(linkFarcasterAccount(deps, null, wallet, "refboard.example.com"))).toBe(401);
    expect(await status(linkFarcasterAccount(deps, "bad", wallet, "refboard.example.com"))).toBe(401);
    expect(await status(linkFarcasterAccount(deps, "good", wallet, "elsewhere.example"))).toBe(401);
    expect(await linkFarcasterAccount(deps, "good", wallet, "refboard.example.com")).toEqual({ fid: 42, wallet, notifications: false });
  });

  it("the referral notification runs after the response, once per day, and a failing client is counted, never thrown", async () => {
    const referrer = await subscribe(11);
    credited(referrer);
    expect(sent).toEqual([]); // nothing until the response is out
    await Promise.all(pending);
    expect(sent).toEqual([{ url: "https://client.example/n", message: messageOf("referral", DAY0, "Quest Club", BASE), tokens: ["t11"] }]);
    credited(referrer);
    await Promise.all(pending);
    expect(sent).toHaveLength(1);

    // The last second of the day is still the same day: nothing more.
    now = (DAY0 + 1) * SECONDS_PER_DAY - 1;
    credited(referrer);
    await Promise.all(pending);
    expect(sent).toHaveLength(1);

    // The next day's first second: a new day, a new notification.
    now = (DAY0 + 1) * SECONDS_PER_DAY;
    reply = () => new Error("connection refused");
    credited(referrer);
    await Promise.all(pending);
    expect(sent.map((s) => s.message.notificationId)).toEqual([notificationIdOf("referral", DAY0), notificationIdOf("referral", DAY0 + 1)]);
    const day = (await store.getNotificationStats(DAY0 + 1, DAY0 + 1)).days[0];
    expect(day).toEqual({ day: DAY0 + 1, sent: 0, failed: 1, invalid: 0 });
  });

  it("under REFERRAL_QUALIFY=checkin the referrer hears of the referral when the referee's check-in credits it, not when it binds", async () => {
    const referrer = await subscribe(13);
    const referee = randomWallet();
    const taskDeps = { ...deps, events, store, chain: null, rules: rulebookOf("checkin"), qualification: NO_QUALIFY_READ, socialChecks: null };
    await initUser(taskDeps, referrer as `0x${string}`, { linkBase: BASE });
    await recordReferral(taskDeps, referee, refCodeOf(referrer), { linkBase: BASE });
    await Promise.all(pending);
    expect(sent).toEqual([]);
    await completeTask(taskDeps, referee, "daily_checkin", { linkBase: BASE });
    await Promise.all(pending);
    expect(sent.map((s) => [s.message.notificationId, s.tokens])).toEqual([[notificationIdOf("referral", DAY0), ["t13"]]]);
  });

  it("a second subscriber (a webhook) hears the same referral.credited by being listed, no use case touched", async () => {
    const referrer = await subscribe(14);
    const referee = randomWallet();
    const webhook: DomainEvent[] = [];
    events = createDispatcher((task) => void pending.push(task()), [
      ...notificationSubscriptions(deps),
      on("referral.credited", async (event) => void webhook.push(event)),
    ]);
    const taskDeps = { ...deps, events, store, chain: null, rules: DEFAULT_RULEBOOK, qualification: NO_QUALIFY_READ, socialChecks: null };
    await initUser(taskDeps, referrer as `0x${string}`, { linkBase: BASE });
    await recordReferral(taskDeps, referee, refCodeOf(referrer), { linkBase: BASE });
    await Promise.all(pending);
    expect(webhook).toEqual([{ type: "referral.credited", referrer, referee, at: now }]);
    expect(sent.map((s) => s.tokens)).toEqual([["t14"]]);
  });

  it("a kind turned off sends nothing", async () => {
    const referrer = await subscribe(12);
    deps.notifications!.config.kinds = ["checkin"];
    credited(referrer, dispatcherOf(deps));
    expect(pending).toEqual([]);
    deps.notifications!.config.kinds = ["referral"];
    expect(await runCheckinReminders(deps, BASE)).toEqual({ subscribers: 0, due: 0, sent: 0, failed: 0, invalid: 0, rateLimited: 0, wrapped: true });
    expect(sent).toEqual([]);
  });

  it("reminder runs: only linked fids whose check-in is ready, invalid tokens dropped, rate-limited and failed ones retried on the next round", async () => {
    await subscribe(21);
    const checkedIn = await subscribe(22);
    await store.checkIn(checkedIn, now - 60, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
    await receiveWebhookEvent(deps, signedEvent(newAppKey(23), { event: "notifications_enabled", notificationDetails: { url: "https://client.example/n", token: "t23" } })); // no wallet
    await subscribe(24);
    await subscribe(25);
    reply = (tokens) => ({ successfulTokens: tokens.filter((t) => t === "t21"), invalidTokens: tokens.filter((t) => t === "t24"), rateLimitedTokens: tokens.filter((t) => t === "t25") });

    const runs = [];
    const tokensPerRun = [];
    for (let i = 0; i < 3; i++) {
      const from = sent.length;
      runs.push(await runCheckinReminders(deps, BASE));
      tokensPerRun.push(sent.slice(from).flatMap((s) => s.tokens));
    }
    // Batches of two subscribers: 21 is due and 22 has checked in; 23 has no wallet and 24 is due; 25 is due.
    expect(tokensPerRun).toEqual([["t21"], ["t24"], ["t25"]]);
    expect(runs).toEqual([
      { subscribers: 2, due: 1, sent: 1, failed: 0, invalid: 0, rateLimited: 0, wrapped: false },
      { subscribers: 2, due: 1, sent: 0, failed: 0, invalid: 1, rateLimited: 0, wrapped: false },
      { subscribers: 1, due: 1, sent: 0, failed: 1, invalid: 0, rateLimited: 1, wrapped: true },
    ]);
    expect(sent.every((s) => s.message.notificationId === notificationIdOf("checkin", DAY0))).toBe(true);

    // The next round: 21 was reminded, 22 has checked in, 23 has no wallet, 24 is gone; 25 is tried again.
    reply = (tokens) => ({ successfulTokens: tokens, invalidTokens: [], rateLimitedTokens: [] });
    sent = [];
    while (!(await runCheckinReminders(deps, BASE)).wrapped);
    expect(sent.flatMap((s) => s.tokens)).toEqual(["t25"]);
    expect((await store.getNotificationStats(DAY0, DAY0)).subscribers).toBe(4);
  });
});
