/**
 * The quest endpoints against the OpenAPI document (tests/api/openapi-check.ts): real answers of the
 * production build, success and error, validate against /api/openapi.json, and every status the
 * document lists for the Quests tag is seen here.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "@/lib/contract/route-spec";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { freePort } from "@/tests/support/free-port";
import { randomWallet } from "@/tests/support/wallets";
import { CHECKED_TAGS, newAdminToken, openApiCheck, oversized } from "@/tests/api/openapi-check";
import { accountOf, keyedWallet, signIn } from "@/tests/api/wallet-session";
import { startQuickAuthServer } from "@/tests/support/farcaster";
import { startNeynarStandIn, type NeynarStandIn } from "@/tests/support/neynar-stand-in";

const TAGS = CHECKED_TAGS["quests-openapi.test.ts"];
const TOKEN = newAdminToken();

describe("the quest endpoints against the OpenAPI document", () => {
  let live: AppServer; // SQLite, admin token, sessions, Farcaster links (Quick Auth) and follows checked with Neynar
  let down: AppServer; // store unreachable, admin token
  let off: AppServer; // no ADMIN_TOKEN
  let guarded: AppServer; // WALLET_AUTH=siwe, one write per wallet an hour
  let quickAuth: Awaited<ReturnType<typeof startQuickAuthServer>>;
  let neynar: NeynarStandIn;
  const check = openApiCheck();
  const { call, get, post } = check;

  beforeAll(async () => {
    [quickAuth, neynar] = await Promise.all([startQuickAuthServer(), startNeynarStandIn({ apiKey: "neynar" })]);
    const farcaster = { NEYNAR_API_KEY: "neynar", NEYNAR_API_URL: neynar.url, QUICK_AUTH_ORIGIN: quickAuth.origin };
    const sessions = { ADMIN_WALLETS: keyedWallet(), SESSION_SECRET: randomBytes(32).toString("hex") };
    [live, down, off, guarded] = await Promise.all([
      startApp({ ADMIN_TOKEN: TOKEN, ...sessions, ...farcaster }),
      freePort().then((port) => startApp({ REDIS_URL: `redis://127.0.0.1:${port}`, STORE_TIMEOUT_MS: "300", ADMIN_TOKEN: TOKEN })),
      startApp({}),
      startApp({ ...sessions, WALLET_AUTH: "siwe", RATE_LIMIT_WRITES_PER_WALLET: "1/1h" }),
    ]);
    await check.load(live);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([live?.stop(), down?.stop(), off?.stop(), guarded?.stop(), quickAuth?.stop(), neynar?.stop()]);
  });

  it("every status of the quest endpoints", async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    const notAdmin = { cookie: await signIn(live.baseUrl, accountOf(keyedWallet())!) };
    const admin = (app: AppServer, method: "GET" | "POST" | "PATCH", target: string, body?: unknown, headers: Record<string, string> = auth) =>
      call(app, method, target, { body, headers });
    const visitQuest = { id: "openapi-visit", title: "Visit", type: "visit", params: { url: "https://example.com" }, points: 3 };
    const big = { ...visitQuest, description: "x".repeat(70 * 1024) };

    expect((await admin(live, "POST", "/api/admin/quests", visitQuest)).status).toBe(201);
    expect((await admin(live, "POST", "/api/admin/quests", visitQuest)).status).toBe(409);
    expect((await admin(live, "POST", "/api/admin/quests", { ...visitQuest, id: "Bad Id" })).status).toBe(400);
    expect((await admin(live, "POST", "/api/admin/quests", big)).status).toBe(413);
    expect((await admin(live, "GET", "/api/admin/quests")).body.quests).toHaveLength(1);
    expect((await admin(live, "PATCH", "/api/admin/quests/openapi-visit", { points: 4 })).body.quest.points).toBe(4);
    expect((await admin(live, "PATCH", "/api/admin/quests/openapi-visit", { points: -4 })).status).toBe(400);
    expect((await admin(live, "PATCH", "/api/admin/quests/nobody", { points: 4 })).status).toBe(404);
    expect((await admin(live, "PATCH", "/api/admin/quests/openapi-visit", { description: big.description })).status).toBe(413);
    const file = (await admin(live, "GET", "/api/admin/quests/export")).body;
    expect((await admin(live, "POST", "/api/admin/quests/import", file)).body).toEqual({ imported: 1 });
    expect((await admin(live, "POST", "/api/admin/quests/import", { version: 1, quests: [{ id: "x" }] })).status).toBe(400);
    expect((await admin(live, "POST", "/api/admin/quests/import", { version: 1, quests: [], pad: "x".repeat(1024 * 1024) })).status).toBe(413);
    const noTaskPoints = { daily_checkin: 0, add_miniapp: 0, fc_follow: 0, fc_like_recast: 0, fc_comment: 0 };
    expect((await admin(live, "POST", "/api/admin/task-points", { taskPoints: {} })).body).toEqual({ taskPoints: noTaskPoints, streakBonuses: [] });
    expect((await admin(live, "POST", "/api/admin/task-points", { taskPoints: { fc_follow: -1 } })).status).toBe(400);
    expect((await admin(live, "POST", "/api/admin/task-points", { taskPoints: {}, pad: "x".repeat(MAX_BODY_BYTES) })).status).toBe(413);
    const every: ["GET" | "POST" | "PATCH", string, unknown][] = [
      ["POST", "/api/admin/quests", visitQuest],
      ["GET", "/api/admin/quests", undefined],
      ["PATCH", "/api/admin/quests/openapi-visit", { points: 1 }],
      ["GET", "/api/admin/quests/export", undefined],
      ["POST", "/api/admin/quests/import", file],
      ["POST", "/api/admin/task-points", { taskPoints: {} }],
    ];
    for (const [method, target, body] of every) {
      expect((await admin(live, method, target, body, {})).status, target).toBe(401);
      expect((await admin(live, method, target, body, notAdmin)).status, target).toBe(403);
      expect((await admin(off, method, target, body)).status, target).toBe(404);
      expect((await admin(down, method, target, body)).status, target).toBe(500);
    }

    const wallet = randomWallet();
    expect((await get(live, `/api/quests?wallet=${wallet}`)).body.quests).toHaveLength(1);
    expect((await get(live, "/api/quests?wallet=0x1")).status).toBe(400);
    expect((await get(down, `/api/quests?wallet=${wallet}`)).status).toBe(500);
    expect((await post(live, "/api/quests/complete", { wallet, questId: "openapi-visit" })).body).toMatchObject({ success: true, points: 4 });
    expect((await post(live, "/api/quests/complete", { wallet, questId: "openapi-visit" })).body).toMatchObject({ alreadyCompleted: true });
    expect((await post(live, "/api/quests/complete", { wallet, questId: "nobody" })).status).toBe(404);
    expect((await post(live, "/api/quests/complete", { wallet, questId: "Bad Id" })).status).toBe(400);
    expect((await post(live, "/api/quests/complete", { ...oversized, questId: "openapi-visit" })).status).toBe(413);
    expect((await post(down, "/api/quests/complete", { wallet, questId: "openapi-visit" })).status).toBe(500);
    const daily = { ...visitQuest, id: "openapi-daily", recurrence: "daily" };
    expect((await admin(live, "POST", "/api/admin/quests", daily)).status).toBe(201);
    expect((await post(live, "/api/quests/complete", { wallet, questId: daily.id })).status).toBe(200);
    expect((await post(live, "/api/quests/complete", { wallet, questId: daily.id })).body).toMatchObject({ error: "Quest on cooldown" });
    const follow = { id: "openapi-follow", title: "Follow", type: "farcaster_follow", params: { fid: 3 }, points: 1 };
    expect((await admin(live, "POST", "/api/admin/quests", follow)).status).toBe(201);
    expect((await post(live, "/api/quests/complete", { wallet, questId: follow.id })).body).toMatchObject({ success: false, verified: false });
    const linked = randomWallet();
    const token = await quickAuth.token(31338, new URL(live.baseUrl).host);
    expect((await call(live, "POST", "/api/farcaster/link", { body: { wallet: linked }, headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    // Neynar failing: the check cannot be made, 503.
    neynar.failWith(500);
    expect((await post(live, "/api/quests/complete", { wallet: linked, questId: follow.id })).status).toBe(503);
    neynar.failWith(undefined);
  });

  it("with wallet sign-in: no session (401), another wallet (403), past the wallet's write limit (429)", async () => {
    const wallet = keyedWallet();
    const cookie = { cookie: await signIn(guarded.baseUrl, accountOf(wallet)!) };
    const complete = (body: unknown, headers: Record<string, string> = {}) => call(guarded, "POST", "/api/quests/complete", { body, headers });
    expect((await complete({ wallet, questId: "no-such-quest" })).status).toBe(401);
    expect((await complete({ wallet: randomWallet(), questId: "no-such-quest" }, cookie)).status).toBe(403);
    expect((await complete({ wallet, questId: "no-such-quest" }, cookie)).status).toBe(404);
    const limited = await complete({ wallet, questId: "no-such-quest" }, cookie);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("every quest POST answers 415 to a body that is not JSON, before anything else", async () => {
    await check.expectJsonOnly(live, TOKEN, TAGS, guarded);
  });

  it(`every status the document lists for ${TAGS.join(", ")} was seen above`, () => {
    expect(check.unseen(TAGS)).toEqual([]);
  });
});
