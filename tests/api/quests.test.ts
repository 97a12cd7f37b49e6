/**
 * The quest API against `next start` on the embedded store: the admin catalog (who may use it, create,
 * list with completions, PATCH, export and import, each 400 naming its field) and a wallet's quests
 * (GET /api/quests, POST /api/quests/complete in every answer of its documented order). Times are the
 * server's: a schedule is set far from now, never at the boundary of a wall clock.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { questsResponse } from "@/lib/contract/quest-schemas";
import { MAX_QUEST_FILE_BYTES } from "@/lib/contract/routes-quests";
import { RECURRENCE_PERIOD_SECONDS } from "@/lib/domain/quests";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { client, type Client } from "@/tests/support/http";
import { randomWallet } from "@/tests/support/wallets";
import { accountOf, keyedWallet, signIn } from "@/tests/api/wallet-session";

const TOKEN = randomBytes(24).toString("hex");
const bearer = { authorization: `Bearer ${TOKEN}` };
const FAR_FUTURE = "2999-01-01T00:00:00Z";
const LONG_AGO = "2000-01-01T00:00:00Z";

let on: AppServer;
let off: AppServer;
let api: Client;
let otherCookie: string;
let adminCookie: string;
let ids = 0;

beforeAll(async () => {
  const adminWallet = keyedWallet();
  [on, off] = await Promise.all([
    startApp({ ADMIN_TOKEN: TOKEN, ADMIN_WALLETS: adminWallet, SESSION_SECRET: randomBytes(32).toString("hex") }),
    startApp({}),
  ]);
  api = client(on.baseUrl);
  [adminCookie, otherCookie] = await Promise.all([signIn(on.baseUrl, accountOf(adminWallet)!), signIn(on.baseUrl, accountOf(keyedWallet())!)]);
}, 180_000);
afterAll(async () => {
  await Promise.all([on?.stop(), off?.stop()]);
});

const patch = (path: string, body: unknown, headers: Record<string, string> = bearer) =>
  api.raw<any>("PATCH", path, { body: JSON.stringify(body), headers: { "content-type": "application/json", ...headers } });

const freshId = (prefix: string) => `${prefix}-${++ids}-${randomBytes(3).toString("hex")}`;

const visit = (overrides: Record<string, unknown> = {}) => ({
  id: freshId("visit"),
  title: "Read our blog",
  type: "visit",
  params: { url: "https://example.com/blog" },
  points: 5,
  ...overrides,
});

const quiz = (overrides: Record<string, unknown> = {}) => ({
  id: freshId("quiz"),
  title: "Know the protocol",
  type: "quiz",
  params: { question: "Which chain?", options: ["Base", "Solana", "Bitcoin"], answer: 0 },
  points: 10,
  ...overrides,
});

async function created(quest: Record<string, unknown>) {
  const reply = await api.post("/api/admin/quests", quest, bearer);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.quest as { id: string; points: number };
}

const complete = (body: Record<string, unknown>) => api.post("/api/quests/complete", body);
const questsOf = async (wallet: string) => {
  const reply = await api.get(`/api/quests?wallet=${wallet}`);
  expect(reply.status).toBe(200);
  return questsResponse.parse(reply.body);
};

describe("who may edit the catalog", () => {
  const endpoints = [
    ["POST", "/api/admin/quests"],
    ["GET", "/api/admin/quests"],
    ["PATCH", "/api/admin/quests/some-quest"],
    ["GET", "/api/admin/quests/export"],
    ["POST", "/api/admin/quests/import"],
    ["POST", "/api/admin/task-points"],
  ] as const;
  const send = (client: Client, method: string, path: string, headers: Record<string, string>) =>
    client.raw(method, path, method === "GET" ? { headers } : { body: "{}", headers: { "content-type": "application/json", ...headers } });

  it("404 with no admin access configured, 401 without or with a wrong token, 403 to a wallet that is no admin", async () => {
    for (const [method, path] of endpoints) {
      expect(await send(client(off.baseUrl), method, path, bearer), `${method} ${path}`).toMatchObject({ status: 404, body: { error: "Not found" } });
      expect(await send(api, method, path, {}), `${method} ${path}`).toMatchObject({ status: 401, body: { error: "Unauthorized" } });
      expect((await send(api, method, path, { authorization: `Bearer ${TOKEN}x` })).status, `${method} ${path}`).toBe(401);
      expect(await send(api, method, path, { cookie: otherCookie }), `${method} ${path}`).toMatchObject({ status: 403 });
    }
  });

  it("an admin wallet's session may edit it, as the bearer may", async () => {
    const reply = await api.post("/api/admin/quests", visit(), { cookie: adminCookie });
    expect(reply.status).toBe(201);
  });
});

describe("the catalog", () => {
  it("creates with defaults, refuses an id taken (409), lists archived quests with completions, PATCHes any field but id and type", async () => {
    const quest = visit();
    const reply = await api.post("/api/admin/quests", quest, bearer);
    expect(reply).toMatchObject({ status: 201, body: { quest: { ...quest, description: "", recurrence: "once", archived: false } } });
    expect(reply.headers.get("cache-control")).toBe("no-store");
    expect(await api.post("/api/admin/quests", quest, bearer)).toMatchObject({ status: 409, body: { error: `Quest ${quest.id} already exists` } });

    const changed = await patch(`/api/admin/quests/${quest.id}`, { points: 7, endsAt: FAR_FUTURE, description: "New" });
    expect(changed).toMatchObject({ status: 200, body: { quest: { id: quest.id, points: 7, endsAt: FAR_FUTURE, description: "New" } } });
    expect((await patch(`/api/admin/quests/${quest.id}`, { endsAt: null })).body.quest).not.toHaveProperty("endsAt");
    expect(await patch(`/api/admin/quests/${quest.id}`, { archived: true })).toMatchObject({ status: 200, body: { quest: { archived: true } } });

    const list = await api.get("/api/admin/quests", bearer);
    expect(list.status).toBe(200);
    expect(list.body.quests.find((q: { id: string }) => q.id === quest.id)).toMatchObject({ archived: true, points: 7, completions: 0 });
  });

  it("each 400 names its field", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [visit({ id: "Not A Slug" }), /^Invalid id/],
      [visit({ title: "" }), /^Invalid title/],
      [visit({ type: "teleport" }), /^Invalid type/],
      [visit({ params: { url: "ftp://example.com" } }), /^Invalid params\.url/],
      [visit({ points: -1 }), /^Invalid points/],
      [visit({ points: 1.5 }), /^Invalid points/],
      [visit({ recurrence: "hourly" }), /^Invalid recurrence/],
      [visit({ startsAt: "tomorrow" }), /^Invalid startsAt/],
      [visit({ startsAt: FAR_FUTURE, endsAt: LONG_AGO }), /^Invalid endsAt/],
      [quiz({ params: { question: "Q?", options: ["a", "b"], answer: 2 } }), /^Invalid params\.answer/],
      [visit({ type: "erc20_balance", params: { token: "0x12", min: "1" } }), /^Invalid params\.token/],
    ];
    for (const [body, error] of cases) {
      const reply = await api.post("/api/admin/quests", body, bearer);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error, JSON.stringify(body)).toMatch(error);
    }
    const quest = await created(visit());
    expect(await patch(`/api/admin/quests/${quest.id}`, { type: "quiz" })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^Invalid type/) } });
    expect(await patch(`/api/admin/quests/${quest.id}`, { id: "other" })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^Invalid id/) } });
    expect(await patch(`/api/admin/quests/${quest.id}`, { params: { url: 3 } })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^Invalid params\.url/) } });
    expect(await patch("/api/admin/quests/no-such-quest", { points: 1 })).toMatchObject({ status: 404, body: { error: "Quest not found" } });
    expect(await patch("/api/admin/quests/NOT_A_SLUG", { points: 1 })).toMatchObject({ status: 404, body: { error: "Quest not found" } });
  });

  it("exports the catalog and imports it back all or nothing, naming the bad quest", async () => {
    const quest = await created(quiz());
    const exported = await api.get("/api/admin/quests/export", bearer);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toContain("quests.json");
    expect(exported.body.version).toBe(1);
    expect(exported.body.quests.find((q: { id: string }) => q.id === quest.id)).toMatchObject({ params: { answer: 0 } });

    const fresh = visit();
    const bad = { ...visit(), points: -3 };
    const refused = await api.post("/api/admin/quests/import", { version: 1, quests: [fresh, bad] }, bearer);
    expect(refused).toMatchObject({ status: 400, body: { error: `Invalid quests[1] ("${bad.id}"): Invalid points: must be a whole number from 0 to 1000000` } });
    expect((await api.get("/api/admin/quests", bearer)).body.quests.some((q: { id: string }) => q.id === fresh.id)).toBe(false);
    expect((await api.post("/api/admin/quests/import", { version: 2, quests: [] }, bearer)).body.error).toMatch(/^Invalid version/);

    const imported = await api.post("/api/admin/quests/import", { version: 1, quests: [...exported.body.quests, fresh] }, bearer);
    expect(imported).toMatchObject({ status: 200, body: { imported: exported.body.quests.length + 1 } });
    expect((await api.get("/api/admin/quests", bearer)).body.quests.some((q: { id: string }) => q.id === fresh.id)).toBe(true);
  });

  it("an import body may be up to MAX_QUEST_FILE_BYTES, a quest body is held to its own limit", async () => {
    const padding = " ".repeat(MAX_QUEST_FILE_BYTES - 40);
    const atLimit = `{"version":1,"quests":[]${padding}}`.padEnd(MAX_QUEST_FILE_BYTES, " ");
    expect(Buffer.byteLength(atLimit)).toBe(MAX_QUEST_FILE_BYTES);
    expect((await api.post("/api/admin/quests/import", atLimit, bearer)).status).toBe(200);
    expect((await api.post("/api/admin/quests/import", `${atLimit} `, bearer)).status).toBe(413);
  });
});

describe("a wallet's quests", () => {
  it("lists quests that are not archived, with a public view: a quiz without its answer, quest points, status", async () => {
    const shown = await created(quiz());
    const hidden = await created(visit({ archived: true }));
    const wallet = randomWallet();
    const answer = await questsOf(wallet);
    expect(answer).toMatchObject({ wallet, points: 0 });
    const listed = answer.quests.find((q) => q.id === shown.id);
    expect(listed).toMatchObject({ status: "available", cooldownRemaining: 0, completedAt: null, params: { question: "Which chain?", options: ["Base", "Solana", "Bitcoin"] } });
    expect(listed?.params).not.toHaveProperty("answer");
    expect(answer.quests.some((q) => q.id === hidden.id)).toBe(false);
    expect((await api.get("/api/quests?wallet=0x123")).body).toEqual({ error: "Invalid wallet address" });
  });

  it("tells the wallet's check-in streak: 0 before any, 1 after the first check-in, unchanged by a refused one", async () => {
    const wallet = randomWallet();
    expect((await questsOf(wallet)).streak).toBe(0);
    const checkIn = () => api.post("/api/steam/task/complete", { wallet, taskId: "daily_checkin" });
    const done = await checkIn();
    // The interface's answer keeps its exact body: the streak reaches the page through GET /api/quests only.
    expect(done).toMatchObject({ status: 200, body: { success: true, taskId: "daily_checkin", timestamp: expect.any(Number) } });
    expect(Object.keys(done.body).sort()).toEqual(["success", "taskId", "timestamp"]);
    expect((await questsOf(wallet)).streak).toBe(1);
    expect((await checkIn()).status).toBe(400);
    expect(await questsOf(wallet)).toMatchObject({ wallet, points: 0, streak: 1 });
  });

  it("completes a visit once: points credited to the score, then alreadyCompleted with 0 points", async () => {
    const quest = await created(visit({ points: 6 }));
    const wallet = randomWallet();
    const done = await complete({ wallet, questId: quest.id });
    expect(done).toMatchObject({ status: 200, body: { success: true, questId: quest.id, points: 6, timestamp: expect.any(Number) } });
    expect(await complete({ wallet, questId: quest.id })).toMatchObject({ status: 200, body: { success: true, questId: quest.id, points: 0, alreadyCompleted: true } });
    const after = await questsOf(wallet);
    expect(after.points).toBe(6);
    expect(after.quests.find((q) => q.id === quest.id)).toMatchObject({ status: "completed", completedAt: done.body.timestamp });
    expect((await api.get(`/api/leaderboard/user?wallet=${wallet}`)).body).toMatchObject({ rewards: 6 * 20 });
    const admin = await api.get("/api/admin/quests", bearer);
    expect(admin.body.quests.find((q: { id: string }) => q.id === quest.id)).toMatchObject({ completions: 1 });
  });

  it("20 concurrent completions of a once quest credit it once", async () => {
    const quest = await created(visit({ points: 4 }));
    const wallet = randomWallet();
    const replies = await Promise.all(Array.from({ length: 20 }, () => complete({ wallet, questId: quest.id })));
    expect(replies.filter((r) => r.status === 200 && r.body.points === 4)).toHaveLength(1);
    expect(replies.filter((r) => r.body.alreadyCompleted === true)).toHaveLength(19);
    expect((await questsOf(wallet)).points).toBe(4);
  });

  it("a daily quest: 20 concurrent completions credit one, the rest answer 400 Quest on cooldown with what remains", async () => {
    const quest = await created(visit({ points: 2, recurrence: "daily" }));
    const wallet = randomWallet();
    const replies = await Promise.all(Array.from({ length: 20 }, () => complete({ wallet, questId: quest.id })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    const cooldowns = replies.filter((r) => r.status === 400);
    expect(cooldowns).toHaveLength(19);
    for (const reply of cooldowns) {
      expect(reply.body.error).toBe("Quest on cooldown");
      expect(reply.body.cooldownRemaining).toBeGreaterThan(0);
      expect(reply.body.cooldownRemaining).toBeLessThanOrEqual(RECURRENCE_PERIOD_SECONDS.daily);
    }
    const listed = (await questsOf(wallet)).quests.find((q) => q.id === quest.id);
    expect(listed?.status).toBe("cooldown");
    expect(listed?.cooldownRemaining).toBeGreaterThan(0);
  });

  it("404 for an unknown or archived quest; 400 Quest not active before startsAt and from endsAt", async () => {
    const wallet = randomWallet();
    expect(await complete({ wallet, questId: "no-such-quest" })).toMatchObject({ status: 404, body: { error: "Quest not found" } });
    const archived = await created(visit({ archived: true }));
    expect(await complete({ wallet, questId: archived.id })).toMatchObject({ status: 404, body: { error: "Quest not found" } });
    const upcoming = await created(visit({ startsAt: FAR_FUTURE }));
    const ended = await created(visit({ endsAt: LONG_AGO }));
    expect(await complete({ wallet, questId: upcoming.id })).toMatchObject({ status: 400, body: { error: "Quest not active" } });
    expect(await complete({ wallet, questId: ended.id })).toMatchObject({ status: 400, body: { error: "Quest not active" } });
    const statuses = Object.fromEntries((await questsOf(wallet)).quests.map((q) => [q.id, q.status]));
    expect([statuses[upcoming.id], statuses[ended.id]]).toEqual(["upcoming", "ended"]);
  });

  it("a once quest done stays alreadyCompleted after it ended: that answer comes before Quest not active", async () => {
    const quest = await created(visit());
    const wallet = randomWallet();
    expect((await complete({ wallet, questId: quest.id })).status).toBe(200);
    expect((await patch(`/api/admin/quests/${quest.id}`, { endsAt: LONG_AGO, startsAt: "1999-01-01T00:00:00Z" })).status).toBe(200);
    expect(await complete({ wallet, questId: quest.id })).toMatchObject({ status: 200, body: { alreadyCompleted: true, points: 0 } });
    expect(await complete({ wallet: randomWallet(), questId: quest.id })).toMatchObject({ status: 400, body: { error: "Quest not active" } });
  });

  it("a quiz is checked on the server: a wrong answer is 200 not verified and may be tried again; no answer is a 400", async () => {
    const quest = await created(quiz());
    const wallet = randomWallet();
    expect(await complete({ wallet, questId: quest.id, answer: 1 })).toMatchObject({ status: 200, body: { success: false, verified: false, reason: "Wrong answer" } });
    expect(await complete({ wallet, questId: quest.id, answer: 99 })).toMatchObject({ status: 200, body: { success: false, verified: false } });
    expect(await complete({ wallet, questId: quest.id })).toMatchObject({ status: 400, body: { error: "Invalid answer: a quiz needs the index of an option" } });
    expect(await complete({ wallet, questId: quest.id, answer: 0 })).toMatchObject({ status: 200, body: { success: true, points: 10 } });
    expect(await complete({ wallet, questId: quest.id, answer: 1 })).toMatchObject({ status: 200, body: { alreadyCompleted: true } });
  });

  it("points changed after a completion change later completions only", async () => {
    const quest = await created(visit({ points: 3 }));
    const [first, second] = [randomWallet(), randomWallet()];
    expect((await complete({ wallet: first, questId: quest.id })).body.points).toBe(3);
    expect((await patch(`/api/admin/quests/${quest.id}`, { points: 9 })).status).toBe(200);
    expect((await complete({ wallet: second, questId: quest.id })).body.points).toBe(9);
    expect([(await questsOf(first)).points, (await questsOf(second)).points]).toEqual([3, 9]);
  });

  it("each 400 of a completion names its field", async () => {
    const questId = (await created(visit())).id;
    expect(await complete({ wallet: "0x123", questId })).toMatchObject({ status: 400, body: { error: "Invalid wallet address" } });
    expect(await complete({ wallet: randomWallet(), questId: "Bad Id" })).toMatchObject({ status: 400, body: { error: "Invalid questId" } });
    expect(await complete({ wallet: randomWallet(), questId, answer: -1 })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^Invalid answer/) } });
    expect(await complete({ wallet: randomWallet(), questId, answer: "0" })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^Invalid answer/) } });
  });

  it("a Farcaster quest without Neynar configured answers why, and a wallet with no linked fid sees needs_farcaster", async () => {
    const quest = await created(visit({ type: "farcaster_follow", params: { fid: 3 } }));
    const wallet = randomWallet();
    expect((await questsOf(wallet)).quests.find((q) => q.id === quest.id)?.status).toBe("needs_farcaster");
    expect(await complete({ wallet, questId: quest.id })).toMatchObject({ status: 200, body: { success: false, verified: false, reason: "Farcaster verification is not configured" } });
  });

  it("an on-chain quest without RPC_URL answers that on-chain verification is not configured", async () => {
    const quest = await created(visit({ type: "tx_count", params: { min: 1 } }));
    expect(await complete({ wallet: randomWallet(), questId: quest.id })).toMatchObject({
      status: 200,
      body: { success: false, verified: false, reason: "On-chain verification is not configured" },
    });
  });
});
