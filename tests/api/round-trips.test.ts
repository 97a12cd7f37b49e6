/**
 * One API request costs ONE Redis round trip, on every endpoint: counted on a dedicated
 * redis-server with MONITOR, which sees every command a client sends (commands run inside
 * a Lua script are marked "lua" and are not round trips). Not counted: a process's read of
 * whether webhook endpoints exist, made after the response of a request that made an event, at
 * most once a minute (lib/services/webhooks.ts ENDPOINTS_FLAG_SECONDS): background work of an
 * earlier request that may land inside any later request's count; its cadence is tested in
 * tests/unit/webhooks-service.test.ts.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "redis";
import { parseConfig } from "@/lib/config";
import { refCodeOf } from "@/lib/domain/wallet";
import { storePlan } from "@/lib/payouts/store-plan";
import { buildPlanTree } from "@/lib/payouts/tree";
import { createStore } from "@/lib/store";
import { SCRIPTS } from "@/lib/store/redis/run";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { BROWSER, client, type Client } from "@/tests/support/http";
import { startRedisServer, type RedisServer } from "@/tests/support/redis-server";
import { randomCode, randomWallet } from "@/tests/support/wallets";
import { keyedWallet, sessionClient } from "@/tests/api/wallet-session";
import { newAppKey, signedEvent, startFakeHub, startNotificationServer, startQuickAuthServer } from "@/tests/support/farcaster";
import { startNeynarStandIn } from "@/tests/support/neynar-stand-in";

const TOKEN = "round-trips-admin-token";
const ENDPOINTS_FLAG_READ = SCRIPTS["has-webhook-endpoints"].sha;
/** A command the app sent for a request, not inside a script, and not the webhook flag's read. */
const isRoundTrip = (line: string) => !/\[\d+ lua\]/.test(line) && !line.includes(ENDPOINTS_FLAG_READ);
const admin = { authorization: `Bearer ${TOKEN}` };
const NINETY_DAYS = "from=2026-01-01&to=2026-03-31";

describe("Redis round trips per API request", () => {
  let redis: RedisServer;
  let app: AppServer;
  let api: Client;
  let monitor: ReturnType<typeof createClient>;
  const lines: string[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    app = await startApp({ REDIS_URL: redis.url, ADMIN_TOKEN: TOKEN });
    api = client(app.baseUrl);
    monitor = createClient({ url: redis.url, RESP: 2 });
    await monitor.connect();
    await monitor.monitor((line) => lines.push(line));
  });
  afterAll(async () => {
    await monitor?.destroy();
    await app?.stop();
    await redis?.stop();
  });

  /** Round trips the app made while `request` ran (MONITOR lines arrive asynchronously: wait for a marker). */
  async function roundTrips(request: () => Promise<{ status: number }>, status = 200): Promise<number> {
    const marker = `m${Math.random().toString(36).slice(2)}`;
    const sender = createClient({ url: redis.url, RESP: 2 });
    await sender.connect();
    const from = lines.length;
    expect((await request()).status).toBe(status);
    await sender.sendCommand(["ECHO", marker]);
    while (!lines.slice(from).some((l) => l.includes(marker))) await new Promise((r) => setTimeout(r, 10));
    await sender.destroy();
    const seen = lines.slice(from);
    const end = seen.findIndex((l) => l.includes(marker));
    return seen.slice(0, end).filter(isRoundTrip).length;
  }

  it("every endpoint, after its script is loaded, costs exactly one round trip", async () => {
    const referrer = randomWallet();
    const wallet = randomWallet();
    // Warm-up: each script's first use may need EVAL after NOSCRIPT.
    const warm = randomWallet();
    await api.post("/api/user/init", { wallet: referrer });
    await api.post("/api/referral/record", { wallet: warm, refCode: refCodeOf(referrer) });
    await api.post("/api/referral/record", { wallet: warm, refCode: randomCode() });
    await api.get(`/api/referral/wallet-by-code?code=${randomCode()}`);
    for (const taskId of ["daily_checkin", "fc_follow"]) await api.post("/api/steam/task/complete", { wallet: warm, taskId });
    await api.get(`/api/referral/link?user=${warm}`);
    await api.get(`/api/referral/check?wallet=${warm}`);
    await api.get(`/api/steam/task-status?wallet=${warm}`);
    await api.get(`/api/steam/progress?wallet=${warm}`);
    await api.post("/api/steam/verify", { wallet: warm, taskId: "nft_mint" });
    await api.get("/api/leaderboard");
    await api.get(`/api/leaderboard/user?wallet=${warm}`);
    await api.get(`/api/leaderboard/around?wallet=${warm}`);
    await api.post("/api/referral/visit", { refCode: refCodeOf(referrer), visitorId: randomUUID() }, BROWSER);
    await api.get(`/api/admin/stats?${NINETY_DAYS}`, admin);
    await api.get(`/api/admin/referrers?${NINETY_DAYS}`, admin);
    await api.get(`/api/admin/wallet?wallet=${referrer}`, admin);
    const farmer = randomWallet();
    await api.post("/api/admin/wallets/disqualify", { wallet: warm, reason: "warm-up", cascade: true }, admin);
    await api.post("/api/admin/wallets/reinstate", { wallet: warm }, admin);
    await api.get("/api/admin/audit", admin);
    await api.get("/api/admin/disqualified", admin);
    await api.get("/api/admin/signals", admin);
    await api.get(`/api/admin/signals/wallet?wallet=${referrer}`, admin);

    const measured: Record<string, number> = {
      "POST /api/user/init": await roundTrips(() => api.post("/api/user/init", { wallet })),
      "POST /api/referral/record": await roundTrips(() =>
        api.post("/api/referral/record", { wallet, refCode: refCodeOf(referrer) }),
      ),
      "POST /api/referral/record (duplicate)": await roundTrips(() =>
        api.post("/api/referral/record", { wallet, refCode: refCodeOf(referrer) }),
      ),
      "POST /api/referral/record (unknown code)": await roundTrips(
        () => api.post("/api/referral/record", { wallet: randomWallet(), refCode: randomCode() }),
        404,
      ),
      "GET /api/referral/check": await roundTrips(() => api.get(`/api/referral/check?wallet=${wallet}`)),
      "GET /api/referral/link": await roundTrips(() => api.get(`/api/referral/link?user=${wallet}`)),
      "GET /api/referral/wallet-by-code": await roundTrips(() =>
        api.get(`/api/referral/wallet-by-code?code=${refCodeOf(referrer)}`),
      ),
      "GET /api/referral/wallet-by-code (unknown)": await roundTrips(
        () => api.get(`/api/referral/wallet-by-code?code=${randomCode()}`),
        404,
      ),
      "POST /api/referral/visit": await roundTrips(() =>
        api.post("/api/referral/visit", { refCode: refCodeOf(referrer), visitorId: randomUUID() }, BROWSER),
      ),
      "POST /api/referral/visit (unknown code)": await roundTrips(() =>
        api.post("/api/referral/visit", { refCode: randomCode(), visitorId: randomUUID() }, BROWSER),
      ),
      "GET /api/steam/task-status": await roundTrips(() => api.get(`/api/steam/task-status?wallet=${wallet}`)),
      "POST /api/steam/task/complete (daily_checkin)": await roundTrips(() =>
        api.post("/api/steam/task/complete", { wallet, taskId: "daily_checkin" }),
      ),
      "POST /api/steam/task/complete (cooldown)": await roundTrips(
        () => api.post("/api/steam/task/complete", { wallet, taskId: "daily_checkin" }),
        400,
      ),
      "POST /api/steam/task/complete (social)": await roundTrips(() =>
        api.post("/api/steam/task/complete", { wallet, taskId: "fc_follow" }),
      ),
      "POST /api/steam/verify": await roundTrips(() => api.post("/api/steam/verify", { wallet, taskId: "nft_mint" })),
      "GET /api/steam/progress": await roundTrips(() => api.get(`/api/steam/progress?wallet=${wallet}`)),
      "GET /api/leaderboard": await roundTrips(() => api.get("/api/leaderboard")),
      "GET /api/leaderboard/user": await roundTrips(() => api.get(`/api/leaderboard/user?wallet=${wallet}`)),
      "GET /api/leaderboard (304)": await (async () => {
        const etag = (await fetch(`${app.baseUrl}/api/leaderboard`)).headers.get("etag")!;
        return roundTrips(() => api.get("/api/leaderboard", { "if-none-match": etag }), 304);
      })(),
      "GET /api/leaderboard/around": await roundTrips(() => api.get(`/api/leaderboard/around?wallet=${wallet}&radius=25`)),
      "GET /api/leaderboard/user (new entry)": await roundTrips(() =>
        api.get(`/api/leaderboard/user?wallet=${randomWallet()}`),
      ),
      "GET /api/admin/stats (90 days and the 90 before)": await roundTrips(() => api.get(`/api/admin/stats?${NINETY_DAYS}`, admin)),
      "GET /api/admin/stats (today)": await roundTrips(() => api.get("/api/admin/stats", admin)),
      "GET /api/admin/referrers": await roundTrips(() => api.get(`/api/admin/referrers?${NINETY_DAYS}&limit=500`, admin)),
      "GET /api/admin/wallet": await roundTrips(() => api.get(`/api/admin/wallet?wallet=${referrer}`, admin)),
      "POST /api/admin/wallets/disqualify (cascade)": await roundTrips(() =>
        api.post("/api/admin/wallets/disqualify", { wallet: referrer, reason: "farm", cascade: true }, admin),
      ),
      "POST /api/admin/wallets/reinstate": await roundTrips(() => api.post("/api/admin/wallets/reinstate", { wallet: referrer }, admin)),
      "POST /api/admin/wallets/disqualify (unknown wallet)": await roundTrips(() =>
        api.post("/api/admin/wallets/disqualify", { wallet: farmer, reason: "ahead" }, admin),
      ),
      "GET /api/admin/audit": await roundTrips(() => api.get("/api/admin/audit?limit=100", admin)),
      // Streamed a page of 1,000 wallets per round trip, like the rewards export: a short list is one.
      "GET /api/admin/disqualified": await roundTrips(() => api.get("/api/admin/disqualified", admin)),
      "GET /api/admin/signals": await roundTrips(() => api.get("/api/admin/signals?limit=500", admin)),
      "GET /api/admin/signals/wallet": await roundTrips(() => api.get(`/api/admin/signals/wallet?wallet=${referrer}`, admin)),
      "GET /api/leaderboard/user (disqualified)": await roundTrips(() => api.get(`/api/leaderboard/user?wallet=${farmer}`)),
    };
    console.log("Redis round trips per request:", measured);
    for (const [endpoint, count] of Object.entries(measured)) expect(count, endpoint).toBe(1);
  });

  it("quests: a read one round trip, a visit or a quiz completion one, a Neynar-checked completion (a quest or a verified social task) two", async () => {
    const [hub, quickAuth, neynar] = await Promise.all([startFakeHub(), startQuickAuthServer(), startNeynarStandIn()]);
    const questing = await startApp({
      REDIS_URL: redis.url,
      STORE_PREFIX: "quests",
      ADMIN_TOKEN: TOKEN,
      NEYNAR_API_KEY: neynar.apiKey,
      NEYNAR_API_URL: neynar.url,
      NEYNAR_HUB_URL: hub.url,
      QUICK_AUTH_ORIGIN: quickAuth.origin,
      FARCASTER_FOLLOW_FID: "3",
    });
    try {
      const api = client(questing.baseUrl);
      const quest = (id: string, type: string, params: Record<string, unknown>, recurrence = "once") =>
        api.post("/api/admin/quests", { id, title: id, type, params, points: 2, recurrence }, admin);
      await quest("visit", "visit", { url: "https://example.com" });
      await quest("visit-daily", "visit", { url: "https://example.com" }, "daily");
      await quest("quiz", "quiz", { question: "Q?", options: ["a", "b"], answer: 1 });
      await quest("follow", "farcaster_follow", { fid: 3 });
      const [wallet, linked, warm] = [randomWallet(), randomWallet(), randomWallet()];
      const fid = 777;
      neynar.set({ follows: [[fid, 3]], scores: { 3: 0.9 } });
      await api.post("/api/farcaster/link", { wallet: linked }, { authorization: `Bearer ${await quickAuth.token(fid, new URL(questing.baseUrl).host)}` });
      // Warm-up: each script's first use may need EVAL after NOSCRIPT, and the process reads the catalog once.
      await api.get(`/api/quests?wallet=${warm}`);
      await api.post("/api/quests/complete", { wallet: warm, questId: "visit" });
      await api.post("/api/quests/complete", { wallet: warm, questId: "follow" });
      await api.post("/api/steam/task/complete", { wallet: warm, taskId: "fc_follow" });
      await api.post("/api/steam/task/complete", { wallet: warm, taskId: "fc_comment" });
      await api.get(`/api/admin/wallet?wallet=${warm}`, admin);
      const complete = (body: Record<string, unknown>, status = 200) => roundTrips(() => api.post("/api/quests/complete", body), status);
      const edit = (patch: object) => api.raw("PATCH", "/api/admin/quests/visit", { body: JSON.stringify(patch), headers: { "content-type": "application/json", ...admin } });
      const hook = { url: "https://1.1.1.1/hook", events: ["payout.created"] };
      const hookIds = async () => ((await api.get("/api/admin/webhooks", admin)).body as { webhooks: { id: string }[] }).webhooks.map((w) => w.id);
      await api.get("/api/admin/quests", admin);
      await edit({ title: "Visit" });
      await api.post("/api/admin/webhooks", hook, admin);
      for (const id of await hookIds()) await api.raw("DELETE", `/api/admin/webhooks/${id}`, { headers: admin });
      const measured = {
        "GET /api/quests": await roundTrips(() => api.get(`/api/quests?wallet=${wallet}`)),
        "POST /api/quests/complete (visit)": await complete({ wallet, questId: "visit" }),
        "POST /api/quests/complete (visit, done)": await complete({ wallet, questId: "visit" }),
        "POST /api/quests/complete (daily visit)": await complete({ wallet, questId: "visit-daily" }),
        "POST /api/quests/complete (daily visit, cooldown)": await complete({ wallet, questId: "visit-daily" }, 400),
        "POST /api/quests/complete (quiz, right)": await complete({ wallet, questId: "quiz", answer: 1 }),
        "POST /api/quests/complete (quiz, wrong)": await complete({ wallet: randomWallet(), questId: "quiz", answer: 0 }),
        "POST /api/quests/complete (farcaster_follow, checked)": await complete({ wallet: linked, questId: "follow" }),
        // The wallet state carries the linked fid: read, Neynar, write.
        "POST /api/steam/task/complete (fc_follow, checked)": await roundTrips(() => api.post("/api/steam/task/complete", { wallet: linked, taskId: "fc_follow" })),
        "POST /api/steam/task/complete (fc_follow, no linked fid)": await roundTrips(() => api.post("/api/steam/task/complete", { wallet, taskId: "fc_follow" })),
        // The console's lookup reads the ledger in the report's own step.
        "GET /api/admin/wallet (with its ledger)": await roundTrips(() => api.get(`/api/admin/wallet?wallet=${wallet}`, admin)),
        // The console's edit applies the patch to the catalog the process holds; the store refuses it if the catalog moved on.
        "GET /api/admin/quests": await roundTrips(() => api.get("/api/admin/quests", admin)),
        "PATCH /api/admin/quests/{id}": await roundTrips(() => edit({ title: "Visit us" })),
        "PATCH /api/admin/quests/{id} (the next edit)": await roundTrips(() => edit({ title: "Visit our site" })),
        // Last: with an endpoint, every later fact's response would also run a delivery pass.
        "POST /api/admin/webhooks": await roundTrips(() => api.post("/api/admin/webhooks", hook, admin), 201),
        // The delete's own flag refresh would be the excluded read: tests/unit/webhooks-coalesce.test.ts counts it.
        "DELETE /api/admin/webhooks/{id}": await roundTrips(async () => api.raw("DELETE", `/api/admin/webhooks/${(await hookIds())[0]}`, { headers: admin })) - 1,
      };
      console.log("Redis round trips per quest request:", measured);
      expect(Object.values(measured)).toEqual([1, 1, 1, 1, 1, 1, 1, 2, 2, 1, 1, 1, 1, 1, 1, 1]);
      expect((await api.get(`/api/admin/wallet?wallet=${wallet}`, admin)).body.questLedger).toMatchObject({ points: 6, total: 3 });
      expect((await api.get(`/api/quests?wallet=${linked}`)).body.points).toBe(2);
    } finally {
      await Promise.all([questing.stop(), hub.stop(), quickAuth.stop(), neynar.stop()]);
    }
  });

  it("payouts: GET /api/claim is one round trip over every plan with a distributor, and for a wallet with nothing", async () => {
    const env = { REDIS_URL: redis.url, STORE_PREFIX: "payouts" };
    const store = await createStore(parseConfig(env).store);
    const paying = await startApp(env);
    try {
      const api = client(paying.baseUrl);
      const shared = randomWallet();
      for (const [i, id] of ["a0a0a0a0a0a0", "b0b0b0b0b0b0", "c0c0c0c0c0c0"].entries()) {
        const allocations = [shared, ...Array.from({ length: 50 * (i + 1) }, () => randomWallet())].map((wallet) => ({ wallet, amount: 10n ** 20n }));
        const tree = buildPlanTree(allocations);
        const plan = { id, board: "all" as const, token: shared, chainId: 8453, mode: "pool" as const, unitAmount: null, pool: "1", top: null, minRewards: null,
          deadline: 2_000_000_000, root: tree.root, total: "1", remainder: "0", count: tree.allocations.length, sha256: tree.sha256, createdAt: i, createdBy: "test", distributor: null };
        await storePlan(store, plan, tree, i);
        await store.recordPayoutDistributor(id, { address: shared, chainId: 8453 }, "test", i);
      }
      await api.get(`/api/claim?wallet=${randomWallet()}`);
      const measured = {
        "GET /api/claim (3 plans)": await roundTrips(() => api.get(`/api/claim?wallet=${shared}`)),
        "GET /api/claim (nothing)": await roundTrips(() => api.get(`/api/claim?wallet=${randomWallet()}`)),
      };
      console.log("Redis round trips per claims request:", measured);
      expect(Object.values(measured)).toEqual([1, 1]);
      expect((await api.get(`/api/claim?wallet=${shared}`)).body.claims).toHaveLength(3);
    } finally {
      await paying.stop();
      await store.close();
    }
  });

  it("with REFERRAL_QUALIFY=checkin, the binding and the check-in that credits it are still one round trip each", async () => {
    const qualifying = await startApp({ REDIS_URL: redis.url, STORE_PREFIX: "qualify", REFERRAL_QUALIFY: "checkin" });
    try {
      const api = client(qualifying.baseUrl);
      const [referrer, warm, referee] = [randomWallet(), randomWallet(), randomWallet()];
      await api.post("/api/user/init", { wallet: referrer });
      await api.post("/api/referral/record", { wallet: warm, refCode: refCodeOf(referrer) });
      await api.post("/api/steam/task/complete", { wallet: warm, taskId: "daily_checkin" });
      await api.get(`/api/referral/link?user=${warm}`);
      await api.get(`/api/steam/progress?wallet=${warm}`);
      const measured = {
        "POST /api/referral/record (pending)": await roundTrips(() => api.post("/api/referral/record", { wallet: referee, refCode: refCodeOf(referrer) })),
        "POST /api/user/init (pending)": await roundTrips(() => api.post("/api/user/init", { wallet: referee })),
        "GET /api/referral/link (pending)": await roundTrips(() => api.get(`/api/referral/link?user=${referee}`)),
        "GET /api/steam/progress (pending)": await roundTrips(() => api.get(`/api/steam/progress?wallet=${referee}`)),
        "POST /api/steam/task/complete (daily_checkin, credits)": await roundTrips(() =>
          api.post("/api/steam/task/complete", { wallet: referee, taskId: "daily_checkin" }),
        ),
      };
      console.log("Redis round trips per request with REFERRAL_QUALIFY=checkin:", measured);
      expect(Object.values(measured)).toEqual([1, 1, 1, 1, 1]);
      expect((await api.get(`/api/referral/link?user=${referrer}`)).body).toMatchObject({ referralsCount: 2, pendingReferrals: 0 });
    } finally {
      await qualifying.stop();
    }
  });

  it("with Farcaster notifications on: the webhook, the link and the console's counts one each, a reminder run two (one with nobody due); a referral's notification goes after the response", async () => {
    const [hub, notify, quickAuth] = await Promise.all([startFakeHub(), startNotificationServer(), startQuickAuthServer()]);
    const cron = { authorization: "Bearer round-trips-cron-secret" };
    const notifying = await startApp({
      REDIS_URL: redis.url,
      STORE_PREFIX: "farcaster",
      ADMIN_TOKEN: TOKEN,
      NEYNAR_API_KEY: "neynar",
      NEYNAR_HUB_URL: hub.url,
      QUICK_AUTH_ORIGIN: quickAuth.origin,
      CRON_SECRET: "round-trips-cron-secret",
    });
    try {
      const api = client(notifying.baseUrl);
      const domain = new URL(notifying.baseUrl).host;
      const [warmKey, key] = [newAppKey(70), newAppKey(71)];
      hub.register(warmKey);
      hub.register(key);
      const enable = (k: typeof key) => api.post("/api/farcaster/webhook", signedEvent(k, { event: "notifications_enabled", notificationDetails: { url: notify.url, token: `t${k.fid}` } }));
      const [warm, referrer] = [randomWallet(), randomWallet()];
      const link = async (fid: number, wallet: string) =>
        api.post("/api/farcaster/link", { wallet }, { authorization: `Bearer ${await quickAuth.token(fid, domain)}` });
      await enable(warmKey);
      await link(70, warm);
      await api.get("/api/admin/notifications", admin);
      await api.get("/api/cron/checkin-reminders", cron);
      await api.post("/api/user/init", { wallet: warm });
      await api.post("/api/referral/record", { wallet: randomWallet(), refCode: refCodeOf(warm) });
      await expect.poll(() => notify.received.length).toBeGreaterThan(1);

      const measured = {
        "POST /api/farcaster/webhook": await roundTrips(() => enable(key)),
        "POST /api/farcaster/link": await roundTrips(() => link(71, referrer)),
        "GET /api/admin/notifications": await roundTrips(() => api.get("/api/admin/notifications", admin)),
        "GET /api/cron/checkin-reminders": await roundTrips(() => api.get("/api/cron/checkin-reminders", cron)),
        // Both fids were reminded just now: the next run finds nobody due and writes nothing.
        "GET /api/cron/checkin-reminders (nobody due)": await roundTrips(() => api.get("/api/cron/checkin-reminders", cron)),
      };
      console.log("Redis round trips per request with Farcaster notifications on:", measured);
      expect(Object.values(measured)).toEqual([1, 1, 1, 2, 1]);

      // A credited referral: its one round trip answers; after the response, the day's claim and, once sent, the counts.
      await api.post("/api/user/init", { wallet: referrer });
      const from = lines.length;
      const sent = notify.received.length;
      expect((await api.post("/api/referral/record", { wallet: randomWallet(), refCode: refCodeOf(referrer) })).status).toBe(200);
      await expect.poll(() => notify.received.length).toBe(sent + 1);
      const appCommands = (since: number) => lines.slice(since).filter(isRoundTrip).length;
      await expect.poll(() => appCommands(from)).toBe(3);

      // A referrer with no linked fid: the record, then the claim that finds nobody to notify.
      const unlinked = randomWallet();
      await api.post("/api/user/init", { wallet: unlinked });
      const before = lines.length;
      expect((await api.post("/api/referral/record", { wallet: randomWallet(), refCode: refCodeOf(unlinked) })).status).toBe(200);
      await expect.poll(() => appCommands(before)).toBe(2);
    } finally {
      await Promise.all([notifying.stop(), hub.stop(), notify.stop(), quickAuth.stop()]);
    }
  });

  it("with rate limits on, a limited request costs one more round trip (every counter of the request in one script)", async () => {
    const limited = await startApp({
      REDIS_URL: redis.url,
      STORE_PREFIX: "limited",
      WALLET_AUTH: "siwe",
      SESSION_SECRET: "x".repeat(32),
      RATE_LIMIT_WRITES_PER_IP: "1000/1m",
      RATE_LIMIT_WRITES_PER_WALLET: "1000/1m",
      RATE_LIMIT_CODE_LOOKUPS_PER_IP: "1000/1m",
    });
    try {
      const api = sessionClient(limited.baseUrl, { signIn: true });
      const [warm, wallet] = [keyedWallet(), keyedWallet()];
      await api.post("/api/user/init", { wallet: warm }); // loads the scripts: sign-in, limits, init
      await api.get(`/api/referral/wallet-by-code?code=${randomCode()}`);
      await api.post("/api/user/init", { wallet }); // signs `wallet` in
      const measured = {
        "POST /api/user/init (IP + wallet limits, then the write)": await roundTrips(() => api.post("/api/user/init", { wallet })),
        "GET /api/referral/wallet-by-code (IP limit, then the lookup)": await roundTrips(
          () => api.get(`/api/referral/wallet-by-code?code=${randomCode()}`),
          404,
        ),
        "GET /api/auth/nonce (IP limit, then the nonce)": await roundTrips(() => api.get("/api/auth/nonce")),
        "GET /api/referral/check (not limited)": await roundTrips(() => api.get(`/api/referral/check?wallet=${wallet}`)),
        "GET /api/auth/session (no store at all)": await roundTrips(() => api.get("/api/auth/session")),
      };
      console.log("Redis round trips per request with rate limits and sign-in on:", measured);
      expect(Object.values(measured)).toEqual([2, 2, 2, 1, 0]);
    } finally {
      await limited.stop();
    }
  });
});
