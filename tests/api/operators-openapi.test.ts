/**
 * The OpenAPI document cannot drift: real responses of every endpoint, success and error, from
 * the production build, validate against /api/openapi.json (tests/api/openapi-check.ts), every
 * status they answer with is documented, and every status documented for this file's tags is seen
 * here (the quest and payout endpoints have their own files).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refCodeOf } from "@/lib/domain/wallet";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { freePort } from "@/tests/support/free-port";
import { BROWSER } from "@/tests/support/http";
import { randomCode, randomWallet, walletWithCode } from "@/tests/support/wallets";
import { CHECKED_TAGS, newAdminToken, openApiCheck, operationsOf, oversized } from "@/tests/api/openapi-check";
import { accountOf, cookieOf, keyedWallet, signIn, siweMessage } from "@/tests/api/wallet-session";
import { newAppKey, signedEvent, startFakeHub, startNotificationServer, startQuickAuthServer } from "@/tests/support/farcaster";
import { startNeynarStandIn, type NeynarStandIn } from "@/tests/support/neynar-stand-in";

const TAGS = CHECKED_TAGS["operators-openapi.test.ts"];
const TOKEN = newAdminToken();
const CRON = randomBytes(24).toString("hex");
const ADMIN = keyedWallet();
/** The cast the live server's fc_like_recast and fc_comment are verified against (FARCASTER_CAST_HASH). */
const CAST = "0x" + "c4".repeat(20);

describe("real responses against the OpenAPI document", () => {
  let live: AppServer; // SQLite, admin token and admin wallets, LOG_WALLETS=true, Farcaster notifications, verified fc_comment and fc_like_recast
  let down: AppServer; // store unreachable, admin token, Farcaster notifications
  let off: AppServer; // no ADMIN_TOKEN
  let guarded: AppServer; // WALLET_AUTH=siwe and rate limits, client IP from x-forwarded-for
  let guardedDown: AppServer; // WALLET_AUTH=siwe, store unreachable
  const check = openApiCheck();
  const { call, get, post } = check;

  let hub: Awaited<ReturnType<typeof startFakeHub>>;
  let notify: Awaited<ReturnType<typeof startNotificationServer>>;
  let quickAuth: Awaited<ReturnType<typeof startQuickAuthServer>>;
  let neynar: NeynarStandIn;

  beforeAll(async () => {
    const siwe = { WALLET_AUTH: "siwe", SESSION_SECRET: randomBytes(32).toString("hex") };
    [hub, notify, quickAuth, neynar] = await Promise.all([startFakeHub(), startNotificationServer(), startQuickAuthServer(), startNeynarStandIn({ apiKey: "neynar" })]);
    const farcaster = { NEYNAR_API_KEY: "neynar", NEYNAR_HUB_URL: hub.url, CRON_SECRET: CRON };
    const verified = { FARCASTER_CAST_HASH: CAST, NEYNAR_API_URL: neynar.url };
    [live, down, off, guarded, guardedDown] = await Promise.all([
      startApp({ ADMIN_TOKEN: TOKEN, ADMIN_WALLETS: ADMIN, SESSION_SECRET: siwe.SESSION_SECRET, LOG_WALLETS: "true", ...farcaster, ...verified, QUICK_AUTH_ORIGIN: quickAuth.origin }),
      freePort().then((port) =>
        startApp({ REDIS_URL: `redis://127.0.0.1:${port}`, STORE_TIMEOUT_MS: "300", ADMIN_TOKEN: TOKEN, ...farcaster, QUICK_AUTH_ORIGIN: quickAuth.origin }),
      ),
      startApp({}),
      startApp({
        ...siwe,
        TRUST_PROXY: "1",
        RATE_LIMIT_WRITES_PER_IP: "3/1h",
        RATE_LIMIT_WRITES_PER_WALLET: "2/1h",
        RATE_LIMIT_CODE_LOOKUPS_PER_IP: "1/1h",
      }),
      freePort().then((port) => startApp({ ...siwe, REDIS_URL: `redis://127.0.0.1:${port}`, STORE_TIMEOUT_MS: "300" })),
    ]);
    await check.load(live);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([live?.stop(), down?.stop(), off?.stop(), guarded?.stop(), guardedDown?.stop(), hub?.stop(), notify?.stop(), quickAuth?.stop(), neynar?.stop()]);
  });

  it("users and referrals", async () => {
    const referrer = randomWallet();
    const referee = randomWallet();
    expect((await post(live, "/api/user/init", { wallet: referrer })).status).toBe(200);
    expect((await post(live, "/api/user/init", { wallet: "0x12" })).status).toBe(400);
    expect((await post(live, "/api/user/init", "{not json")).status).toBe(400);
    expect((await post(live, "/api/user/init", oversized)).status).toBe(413);

    expect((await post(live, "/api/referral/record", { wallet: referee, refCode: refCodeOf(referrer) })).body).toEqual({ success: true, referrer });
    expect((await post(live, "/api/referral/record", { wallet: referee, refCode: randomCode() })).body.alreadyRecorded).toBe(true);
    expect((await post(live, "/api/referral/record", { wallet: referrer, refCode: refCodeOf(referrer) })).status).toBe(400);
    expect((await post(live, "/api/referral/record", { wallet: randomWallet(), refCode: "zzzzzzzz" })).status).toBe(404);
    expect((await post(live, "/api/referral/record", { wallet: randomWallet(), refCode: "short" })).status).toBe(400);
    expect((await post(live, "/api/referral/record", oversized)).status).toBe(413);

    expect((await get(live, `/api/referral/check?wallet=${referee}`)).body.hasReferrer).toBe(true);
    expect((await get(live, "/api/referral/check?wallet=nope")).status).toBe(400);

    const code = randomCode();
    await post(live, "/api/user/init", { wallet: walletWithCode(code) });
    const twin = walletWithCode(code);
    expect((await get(live, `/api/referral/link?user=${twin}`)).body.codeConflict).toBe(true);
    expect((await get(live, "/api/referral/link", { "x-user-wallet": referee })).body.bound).toBe(true);
    expect((await get(live, "/api/referral/link")).status).toBe(400);

    expect((await get(live, `/api/referral/wallet-by-code?code=${refCodeOf(referrer)}`)).body.wallet).toBe(referrer);
    expect((await get(live, `/api/referral/wallet-by-code?code=${randomCode()}`)).status).toBe(404);
    expect((await get(live, "/api/referral/wallet-by-code?code=toolongcode")).status).toBe(400);

    const visit = (app: AppServer, body: unknown, headers: Record<string, string> = BROWSER) =>
      call(app, "POST", "/api/referral/visit", { body, headers });
    expect((await visit(live, { refCode: refCodeOf(referrer), visitorId: randomUUID() })).body).toEqual({ counted: true });
    expect((await visit(live, { refCode: randomCode(), visitorId: randomUUID() })).body).toEqual({ counted: false });
    expect((await visit(live, { refCode: refCodeOf(referrer), visitorId: "no" })).status).toBe(400);
    expect((await visit(live, { ...oversized, refCode: refCodeOf(referrer) })).status).toBe(413);
  });

  it("tasks", async () => {
    const wallet = randomWallet();
    expect((await get(live, `/api/steam/task-status?wallet=${wallet}`)).body.fishingCooldown).toBe(0);
    expect((await get(live, "/api/steam/task-status")).status).toBe(400);
    expect((await post(live, "/api/steam/task/complete", { wallet, taskId: "daily_checkin" })).status).toBe(200);
    const cooldown = await post(live, "/api/steam/task/complete", { wallet, taskId: "daily_checkin" });
    expect(cooldown).toMatchObject({ status: 400, body: { error: "Task on cooldown" } });
    expect((await post(live, "/api/steam/task/complete", { wallet, taskId: "fc_follow" })).status).toBe(200);
    expect((await post(live, "/api/steam/task/complete", { wallet, taskId: "fishing" })).status).toBe(400);
    expect((await post(live, "/api/steam/task/complete", oversized)).status).toBe(413);
    expect((await get(live, `/api/steam/task-status?wallet=${wallet}`)).body.tasks.daily_checkin).toBe(true);

    // A Farcaster task with its target set: not verified (no fid linked, then not done), verified, Neynar down.
    // The fid the Farcaster endpoints test below links to its own wallet: its link replaces this one, and its count of links stays 1.
    const fid = 31337;
    expect((await post(live, "/api/steam/task/complete", { wallet, taskId: "fc_comment" })).body).toMatchObject({ success: false, verified: false });
    const token = await quickAuth.token(fid, new URL(live.baseUrl).host);
    expect((await call(live, "POST", "/api/farcaster/link", { body: { wallet }, headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    neynar.set({ casts: [CAST] });
    expect((await post(live, "/api/steam/task/complete", { wallet, taskId: "fc_like_recast" })).body).toMatchObject({ success: false, verified: false });
    neynar.failWith(500);
    expect((await post(live, "/api/steam/task/complete", { wallet, taskId: "fc_comment" })).status).toBe(503);
    neynar.failWith(undefined);
    neynar.set({ casts: [CAST], replies: [{ fid, parentHash: CAST }] });
    expect((await post(live, "/api/steam/task/complete", { wallet, taskId: "fc_comment" })).body).toMatchObject({ success: true, taskId: "fc_comment" });

    expect((await post(live, "/api/steam/verify", { wallet, taskId: "nft_mint" })).body.verified).toBe(false);
    expect((await post(live, "/api/steam/verify", { wallet, taskId: "fc_follow" })).status).toBe(400);
    expect((await post(live, "/api/steam/verify", oversized)).status).toBe(413);

    expect((await get(live, `/api/steam/progress?wallet=${wallet}`)).body.progress.fc_follow).toBe(true);
    expect((await get(live, "/api/steam/progress?wallet=0x")).status).toBe(400);
  });

  it("leaderboard and health", async () => {
    const list = await get(live, "/api/leaderboard");
    expect(list.body.length).toBeGreaterThan(0);
    expect((await get(live, "/api/leaderboard", { "if-none-match": list.headers.get("etag")! })).status).toBe(304);
    expect((await get(live, "/api/leaderboard?season=current")).body).toEqual({ error: "Seasons are not enabled" });
    expect((await get(live, "/api/leaderboard?season=0")).status).toBe(400);
    const wallet = randomWallet();
    const user = await get(live, `/api/leaderboard/user?wallet=${wallet}`);
    expect(user.body.rewards).toBe(0);
    expect((await get(live, `/api/leaderboard/user?wallet=${wallet}`, { "if-none-match": user.headers.get("etag")! })).status).toBe(304);
    expect((await get(live, "/api/leaderboard/user?wallet=x")).status).toBe(400);
    const around = await get(live, `/api/leaderboard/around?wallet=${wallet}&radius=2`);
    expect(around.body.map((e: { wallet: string }) => e.wallet)).toContain(wallet);
    expect((await get(live, `/api/leaderboard/around?wallet=${wallet}&radius=2`, { "if-none-match": around.headers.get("etag")! })).status).toBe(304);
    expect((await get(live, `/api/leaderboard/around?wallet=${wallet}&radius=26`)).status).toBe(400);
    // The stream never ends by itself within a test: its first event, then the client hangs up.
    const stream = await fetch(`${live.baseUrl}/api/leaderboard/stream`);
    expect([stream.status, stream.headers.get("content-type")]).toEqual([200, "text/event-stream; charset=utf-8"]);
    const reader = stream.body!.getReader();
    let text = "";
    while (!text.includes("data: ")) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    expect(text).toMatch(/^retry: \d+\n\n/);
    check.seen.add("get /api/leaderboard/stream 200");
    expect((await get(live, "/api/health")).body.ok).toBe(true);
  });

  it("the admin export: CSV and JSON, bad query, wrong token, and off without ADMIN_TOKEN", async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect((await get(live, "/api/admin/rewards?format=csv", auth)).body).toMatch(/^rank,wallet,score,rewards,referrals_count\n/);
    expect((await get(live, "/api/admin/rewards?format=json&minScore=1", auth)).body.format).toBe("refboard-rewards/1");
    expect((await get(live, "/api/admin/rewards?format=pdf", auth)).status).toBe(400);
    expect((await get(live, "/api/admin/rewards", { authorization: "Bearer wrong" })).status).toBe(401);
    expect((await get(off, "/api/admin/rewards", auth)).status).toBe(404);
  });

  it("the campaign console's endpoints: JSON and CSV, bad input, no access, not an admin, and off", async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    const admin = { cookie: await signIn(live.baseUrl, accountOf(ADMIN)!) };
    const notAdmin = { cookie: await signIn(live.baseUrl, accountOf(keyedWallet())!) };
    const wallet = randomWallet();
    for (const [target, bad] of [
      ["/api/admin/stats", "/api/admin/stats?from=2026-01-02&to=2026-01-01"],
      ["/api/admin/referrers", "/api/admin/referrers?limit=501"],
      [`/api/admin/wallet?wallet=${wallet}`, "/api/admin/wallet?wallet=0x1"],
    ] as const) {
      expect((await get(live, target, auth)).status, target).toBe(200);
      expect((await get(live, `${target}${target.includes("?") ? "&" : "?"}format=csv`, admin)).status, target).toBe(200);
      expect((await get(live, bad, auth)).status, bad).toBe(400);
      expect((await get(live, target)).status, target).toBe(401);
      expect((await get(live, target, notAdmin)).status, target).toBe(403);
      expect((await get(off, target, auth)).status, target).toBe(404);
      expect((await get(down, target, auth)).status, target).toBe(500);
    }
    expect((await get(live, "/api/admin/rewards", notAdmin)).status).toBe(403);
  });

  it("the moderation endpoints: every status they document", async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    const admin = { cookie: await signIn(live.baseUrl, accountOf(ADMIN)!) };
    const notAdmin = { cookie: await signIn(live.baseUrl, accountOf(keyedWallet())!) };
    const wallet = randomWallet();
    const postAs = (app: AppServer, target: string, body: unknown, headers?: Record<string, string>) => call(app, "POST", target, { body, headers });
    for (const [target, body] of [
      ["/api/admin/wallets/disqualify", { wallet, reason: "farm", cascade: true }],
      ["/api/admin/wallets/reinstate", { wallet }],
    ] as const) {
      expect((await postAs(live, target, body, auth)).status, target).toBe(200);
      expect((await postAs(live, target, { ...body, wallet: "0x1" }, admin)).status, target).toBe(400);
      expect((await postAs(live, target, { ...oversized, ...body }, auth)).status, target).toBe(413);
      expect((await postAs(live, target, body)).status, target).toBe(401);
      expect((await postAs(live, target, body, notAdmin)).status, target).toBe(403);
      expect((await postAs(off, target, body, auth)).status, target).toBe(404);
      expect((await postAs(down, target, body, auth)).status, target).toBe(500);
    }
    for (const [target, bad] of [
      ["/api/admin/audit", "/api/admin/audit?limit=0"],
      ["/api/admin/disqualified", "/api/admin/disqualified?format=xml"],
      ["/api/admin/signals", "/api/admin/signals?limit=501"],
      [`/api/admin/signals/wallet?wallet=${wallet}`, "/api/admin/signals/wallet?wallet=0x1"],
    ] as const) {
      const and = target.includes("?") ? "&" : "?";
      expect((await get(live, `${target}${and}format=json`, auth)).status, target).toBe(200);
      if (!target.includes("/signals/")) expect((await get(live, `${target}${and}format=csv`, admin)).status, target).toBe(200);
      expect((await get(live, bad, auth)).status, bad).toBe(400);
      expect((await get(live, target)).status, target).toBe(401);
      expect((await get(live, target, notAdmin)).status, target).toBe(403);
      expect((await get(off, target, auth)).status, target).toBe(404);
      expect((await get(down, target, auth)).status, target).toBe(500);
    }
  });

  it("with the store down: 500 everywhere it is needed, 503 from health", async () => {
    const wallet = randomWallet();
    await post(down, "/api/user/init", { wallet });
    await post(down, "/api/referral/record", { wallet, refCode: randomCode() });
    await call(down, "POST", "/api/referral/visit", { body: { refCode: randomCode(), visitorId: randomUUID() }, headers: BROWSER });
    await get(down, `/api/referral/check?wallet=${wallet}`);
    await get(down, `/api/referral/link?user=${wallet}`);
    await get(down, `/api/referral/wallet-by-code?code=${randomCode()}`);
    await get(down, `/api/steam/task-status?wallet=${wallet}`);
    await post(down, "/api/steam/task/complete", { wallet, taskId: "fc_comment" });
    await post(down, "/api/steam/verify", { wallet, taskId: "nft_mint" });
    await get(down, `/api/steam/progress?wallet=${wallet}`);
    await get(down, "/api/leaderboard");
    await get(down, `/api/leaderboard/user?wallet=${wallet}`);
    await get(down, `/api/leaderboard/around?wallet=${wallet}`);
    await get(down, "/api/admin/rewards", { authorization: `Bearer ${TOKEN}` });
    expect((await get(down, "/api/health")).status).toBe(503);
    // The campaign console's and moderation endpoints have their own tests.
    const console500 = /\/api\/admin\/(stats|referrers|wallet|wallets\/disqualify|wallets\/reinstate|audit|disqualified|signals|signals\/wallet) 500$/;
    expect([...check.seen].filter((s) => s.endsWith(" 500") && !console500.test(s)).length).toBe(14);
  });

  it("wallet sign-in and rate limits: every status they add", async () => {
    let ips = 0;
    const ip = () => ({ "x-forwarded-for": `192.0.2.${++ips}` });
    const postAs = (app: AppServer, target: string, body: unknown, headers: Record<string, string> = ip()) =>
      call(app, "POST", target, { body, headers });
    const getAs = (app: AppServer, target: string, headers: Record<string, string> = ip()) => call(app, "GET", target, { headers });

    // Off (the default): nonce and verify do not exist; session and logout answer anyway.
    expect((await get(off, "/api/auth/nonce")).status).toBe(404);
    expect((await post(off, "/api/auth/verify", { message: "x", signature: "0x00" })).status).toBe(404);
    expect((await get(live, "/api/auth/session")).body.authRequired).toBe(false);
    expect((await post(live, "/api/auth/logout", {})).body).toEqual({ ok: true });

    // Sign in a wallet, then: its writes, another wallet's (403), no session (401), its per-wallet limit (429).
    const wallet = keyedWallet();
    const account = accountOf(wallet)!;
    const signInAs = async () => {
      const { nonce } = (await getAs(guarded, "/api/auth/nonce")).body as { nonce: string };
      const message = siweMessage(guarded.baseUrl, account.address, nonce);
      return { message, signature: await account.signMessage({ message }) };
    };
    const signed = await signInAs();
    const ok = await postAs(guarded, "/api/auth/verify", signed);
    expect(ok.body).toEqual({ ok: true, address: wallet });
    const cookie = { cookie: cookieOf(ok.headers.get("set-cookie")) };
    expect((await postAs(guarded, "/api/auth/verify", signed)).status).toBe(401);
    expect((await postAs(guarded, "/api/auth/verify", { message: 1, signature: "0x" })).status).toBe(400);
    expect((await postAs(guarded, "/api/auth/verify", oversized)).status).toBe(413);
    expect((await getAs(guarded, "/api/auth/session", cookie)).body.address).toBe(wallet);
    expect((await postAs(guarded, "/api/auth/logout", {}, cookie)).status).toBe(200);

    const other = keyedWallet();
    const writes: [string, Record<string, string>][] = [
      ["/api/user/init", {}],
      ["/api/referral/record", { refCode: randomCode() }],
      ["/api/steam/task/complete", { taskId: "fc_follow" }],
      ["/api/steam/verify", { taskId: "nft_mint" }],
      ["/api/farcaster/link", {}],
      ["/api/quests/complete", { questId: "no-such-quest" }],
    ];
    for (const [target, fields] of writes) {
      expect((await postAs(guarded, target, { wallet: other, ...fields })).status, target).toBe(401);
      expect((await postAs(guarded, target, { wallet: other, ...fields }, { ...ip(), ...cookie })).status, target).toBe(403);
    }
    expect((await postAs(guarded, "/api/user/init", { wallet }, { ...ip(), ...cookie })).status).toBe(200);
    expect((await postAs(guarded, "/api/steam/task/complete", { wallet, taskId: "fc_comment" }, { ...ip(), ...cookie })).status).toBe(200);
    for (const [target, fields] of writes) {
      const res = await postAs(guarded, target, { wallet, ...fields }, { ...ip(), ...cookie });
      expect(res.status, target).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }

    // Per IP: three writes from one address, then nonce and verify are 429; one code lookup, then 429.
    const one = ip();
    for (let i = 0; i < 3; i++) await getAs(guarded, "/api/auth/nonce", one);
    expect((await getAs(guarded, "/api/auth/nonce", one)).status).toBe(429);
    expect((await postAs(guarded, "/api/auth/verify", await signInAs(), one)).status).toBe(429);
    const visit = { refCode: randomCode(), visitorId: randomUUID() };
    expect((await postAs(guarded, "/api/referral/visit", visit, { ...one, ...BROWSER })).status).toBe(429);
    expect((await getAs(guarded, `/api/referral/wallet-by-code?code=${randomCode()}`, one)).status).toBe(404);
    expect((await getAs(guarded, `/api/referral/wallet-by-code?code=${randomCode()}`, one)).status).toBe(429);

    // Store down: sign-in answers 500.
    expect((await get(guardedDown, "/api/auth/nonce")).status).toBe(500);
    const message = siweMessage(guardedDown.baseUrl, account.address, "abcdefgh12345678");
    expect((await post(guardedDown, "/api/auth/verify", { message, signature: await account.signMessage({ message }) })).status).toBe(500);
  });

  it("the Farcaster endpoints: every status they document", async () => {
    const key = newAppKey(31337);
    hub.register(key);
    const enabled = signedEvent(key, { event: "notifications_enabled", notificationDetails: { url: notify.url, token: "openapi" } });
    const webhook = (app: AppServer, body: unknown) => call(app, "POST", "/api/farcaster/webhook", { body });
    expect((await webhook(live, enabled)).status).toBe(200);
    expect((await webhook(live, {})).status).toBe(400);
    expect((await webhook(live, { ...enabled, signature: Buffer.alloc(64).toString("base64url") })).status).toBe(401);
    expect((await webhook(live, { ...oversized, ...enabled })).status).toBe(413);
    expect((await webhook(off, enabled)).status).toBe(404);
    expect((await webhook(down, enabled)).status).toBe(500);
    hub.setDown(true);
    try {
      expect((await webhook(live, enabled)).status).toBe(503);
    } finally {
      hub.setDown(false);
    }

    const wallet = randomWallet();
    const link = async (app: AppServer, body: unknown, token?: string) =>
      call(app, "POST", "/api/farcaster/link", { body, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const tokenFor = (app: AppServer) => quickAuth.token(31337, new URL(app.baseUrl).host);
    expect((await link(live, { wallet }, await tokenFor(live))).body).toEqual({ fid: 31337, wallet, notifications: true });
    expect((await link(live, { wallet: "0x1" }, await tokenFor(live))).status).toBe(400);
    expect((await link(live, { wallet })).status).toBe(401);
    expect((await link(live, { ...oversized, wallet })).status).toBe(413);
    expect((await link(off, { wallet }, "x")).status).toBe(404);
    // The down server has not read the Quick Auth keys yet: unreadable, 503; readable, the store is next, and down: 500.
    quickAuth.setDown(true);
    try {
      expect((await link(down, { wallet }, await tokenFor(down))).status).toBe(503);
    } finally {
      quickAuth.setDown(false);
    }
    expect((await link(down, { wallet }, await tokenFor(down))).status).toBe(500);

    const cron = (app: AppServer, secret?: string) => get(app, "/api/cron/checkin-reminders", secret ? { authorization: `Bearer ${secret}` } : {});
    expect((await cron(live, CRON)).status).toBe(200);
    expect((await cron(live)).status).toBe(401);
    expect((await cron(off, CRON)).status).toBe(404);
    expect((await cron(down, CRON)).status).toBe(500);

    const auth = { authorization: `Bearer ${TOKEN}` };
    const notAdmin = { cookie: await signIn(live.baseUrl, accountOf(keyedWallet())!) };
    expect((await get(live, "/api/admin/notifications", auth)).body).toMatchObject({ enabled: true, kinds: ["referral", "checkin"], subscribers: 1, linked: 1 });
    expect((await get(live, "/api/admin/notifications?from=2026-13-01", auth)).status).toBe(400);
    expect((await get(live, "/api/admin/notifications")).status).toBe(401);
    expect((await get(live, "/api/admin/notifications", notAdmin)).status).toBe(403);
    expect((await get(off, "/api/admin/notifications", auth)).status).toBe(404);
    expect((await get(down, "/api/admin/notifications", auth)).status).toBe(500);
  });

  it("every POST answers 415 to a body that is not JSON, before anything else", async () => {
    const every = check.doc.tags.map((tag) => tag.name);
    expect((await check.expectJsonOnly(live, TOKEN, every, guarded)).length).toBeGreaterThan(5);
  });

  it(`every status the document lists for ${TAGS.join(", ")} was seen above, so it describes nothing that does not happen`, () => {
    expect(check.unseen(TAGS)).toEqual([]);
  });

  it("the test files' tags partition the document's: no operation falls between them, none is checked twice", () => {
    const byFile = Object.values(CHECKED_TAGS).flat();
    expect(new Set(byFile).size, "a tag in two files").toBe(byFile.length);
    expect([...byFile].sort()).toEqual(check.doc.tags.map((tag) => tag.name).sort());
    const operations = Object.entries(check.doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    expect(operationsOf(check.doc, byFile).sort()).toEqual(operations.sort());
  });

  it("the per-request log names the wallet when LOG_WALLETS=true", async () => {
    const wallet = randomWallet();
    const res = await get(live, `/api/referral/check?wallet=${wallet}`, { "x-request-id": "openapi-log-1" });
    expect(res.headers.get("x-request-id")).toBe("openapi-log-1");
    await expect.poll(() => live.logs()).toContain('"requestId":"openapi-log-1"');
    const line = live
      .logs()
      .split("\n")
      .find((l) => l.includes('"requestId":"openapi-log-1"'));
    expect(JSON.parse(line!)).toMatchObject({ route: "/api/referral/check", status: 200, wallet });
  });

  it("/docs renders the reference from the same document, with no external resource", async () => {
    const res = await fetch(`${live.baseUrl}/docs`);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const path of Object.keys(check.doc.paths)) expect(html).toContain(path);
    expect(html).toContain("LeaderboardEntry");
    const external = [...html.matchAll(/(?:src|href)="(https?:)?\/\/[^"]*"/g)].map((m) => m[0]);
    expect(external).toEqual([]);
  });
});
