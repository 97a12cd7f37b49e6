/**
 * The check-in's and the social tasks' points over HTTP, against `next start` on the embedded store (its
 * own app: task points are catalog-wide): set in the console's catalog (POST /api/admin/task-points, each
 * 400 naming its task), listed with the quests and carried by the export file (an old file without them
 * still imports); POST /api/steam/task/complete answers as without them while the board moves by them.
 * The check-in's streak bonuses are set, listed, told to wallets and carried the same way (crediting them
 * needs check-ins a day apart: the store contract shows it on the fake clock).
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rewardsOf } from "@/lib/domain/leaderboard";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { client, type Client } from "@/tests/support/http";
import { randomWallet } from "@/tests/support/wallets";

const TOKEN = randomBytes(24).toString("hex");
const bearer = { authorization: `Bearer ${TOKEN}` };
const NONE = { daily_checkin: 0, add_miniapp: 0, fc_follow: 0, fc_like_recast: 0, fc_comment: 0 };

let app: AppServer;
let api: Client;

beforeAll(async () => {
  app = await startApp({ ADMIN_TOKEN: TOKEN });
  api = client(app.baseUrl);
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

const setPoints = (taskPoints: unknown, streakBonuses?: unknown) => api.post("/api/admin/task-points", { taskPoints, streakBonuses }, bearer);
const completeTask = (wallet: string, taskId: string) => api.post("/api/steam/task/complete", { wallet, taskId });
const rewards = async (wallet: string) => (await api.get(`/api/leaderboard/user?wallet=${wallet}`)).body.rewards as number;
/** The answer with its server time taken out: what must not change with task points. */
const shapeOf = (reply: { status: number; body: Record<string, unknown> }) => ({ status: reply.status, body: { ...reply.body, timestamp: typeof reply.body.timestamp } });

describe("task points", () => {
  it("each task is 0 by default, listed with the quests; each 400 names its task", async () => {
    expect((await api.get("/api/admin/quests", bearer)).body).toMatchObject({ taskPoints: NONE });
    expect(await setPoints({ fc_follow: -1 })).toMatchObject({ status: 400, body: { error: "Invalid taskPoints.fc_follow: must be a whole number from 0 to 1000000" } });
    expect(await setPoints({ daily_checkin: 1.5 })).toMatchObject({ status: 400, body: { error: /^Invalid taskPoints\.daily_checkin/ } });
    expect(await setPoints({ fc_comment: 1_000_001 })).toMatchObject({ status: 400, body: { error: /^Invalid taskPoints\.fc_comment/ } });
    expect(await setPoints({ nft_mint: 1 })).toMatchObject({ status: 400, body: { error: "Invalid taskPoints: nft_mint is no completable task" } });
    expect(await setPoints(null)).toMatchObject({ status: 400, body: { error: /^Invalid taskPoints/ } });
    expect((await api.get("/api/admin/quests", bearer)).body.taskPoints).toEqual(NONE);
  });

  it("a check-in and a social task's first completion move the board by their points; the answers stay as they were at 0", async () => {
    const before = randomWallet();
    const atZero = [await completeTask(before, "daily_checkin"), await completeTask(before, "fc_follow"), await completeTask(before, "fc_follow")];
    expect(await rewards(before)).toBe(0);

    expect(await setPoints({ daily_checkin: 3, fc_follow: 2, fc_comment: 1_000_000 })).toMatchObject({
      status: 200,
      body: { taskPoints: { ...NONE, daily_checkin: 3, fc_follow: 2, fc_comment: 1_000_000 } },
    });
    const wallet = randomWallet();
    const checkIn = await completeTask(wallet, "daily_checkin");
    expect(await rewards(wallet)).toBe(rewardsOf(3));
    const refused = await completeTask(wallet, "daily_checkin");
    expect(refused).toMatchObject({ status: 400, body: { error: expect.any(String), cooldownRemaining: expect.any(Number) } });
    const follow = await completeTask(wallet, "fc_follow");
    const again = await completeTask(wallet, "fc_follow");
    expect(await rewards(wallet)).toBe(rewardsOf(3 + 2));
    expect([checkIn, follow, again].map(shapeOf)).toEqual(atZero.map(shapeOf));
    expect(Object.keys(checkIn.body)).toEqual(["success", "taskId", "timestamp"]);
  });

  it("the export file carries them; an import without them keeps them, one with them replaces them", async () => {
    await setPoints({ add_miniapp: 4 });
    const exported = await api.get("/api/admin/quests/export", bearer);
    expect(exported.body).toMatchObject({ version: 1, taskPoints: { ...NONE, add_miniapp: 4 } });
    expect(await api.post("/api/admin/quests/import", { version: 1, quests: [] }, bearer)).toMatchObject({ status: 200 });
    expect((await api.get("/api/admin/quests", bearer)).body.taskPoints).toEqual({ ...NONE, add_miniapp: 4 });
    expect(await api.post("/api/admin/quests/import", { version: 1, quests: [], taskPoints: { fc_like_recast: 6 } }, bearer)).toMatchObject({ status: 200 });
    expect((await api.get("/api/admin/quests", bearer)).body.taskPoints).toEqual({ ...NONE, fc_like_recast: 6 });
    expect(await api.post("/api/admin/quests/import", { version: 1, quests: [], taskPoints: { fc_like_recast: -1 } }, bearer)).toMatchObject({
      status: 400,
      body: { error: /^Invalid taskPoints\.fc_like_recast/ },
    });
  });

  it("streak bonuses: set whole (left out: none), sorted, listed, told to every wallet, carried by the file; each 400 names its field", async () => {
    const bonuses = [
      { streak: 30, points: 200 },
      { streak: 2, points: 1 },
      { streak: 365, points: 1_000_000 },
    ];
    const sorted = [bonuses[1], bonuses[0], bonuses[2]];
    expect(await setPoints({ daily_checkin: 1 }, bonuses)).toMatchObject({ status: 200, body: { taskPoints: { ...NONE, daily_checkin: 1 }, streakBonuses: sorted } });
    expect((await api.get("/api/admin/quests", bearer)).body).toMatchObject({ taskPoints: { ...NONE, daily_checkin: 1 }, streakBonuses: sorted });
    expect((await api.get(`/api/quests?wallet=${randomWallet()}`)).body).toMatchObject({ streak: 0, streakBonuses: sorted });

    const refused = [
      [[{ streak: 1, points: 5 }], "Invalid streakBonuses.streak: must be a whole number from 2 to 365"],
      [[{ streak: 366, points: 5 }], "Invalid streakBonuses.streak: must be a whole number from 2 to 365"],
      [[{ streak: 7, points: 0 }], "Invalid streakBonuses.points: must be a whole number from 1 to 1000000"],
      [[{ streak: 7, points: 1_000_001 }], "Invalid streakBonuses.points: must be a whole number from 1 to 1000000"],
      [[{ streak: 7, points: 1 }, { streak: 7, points: 2 }], "Invalid streakBonuses: two bonuses at a streak of 7"],
      [[{ streak: 7, points: 1, days: 3 }], "Invalid streakBonuses: each must be an object { streak, points }"],
      [{ streak: 7, points: 1 }, "Invalid streakBonuses: must be a list"],
      [Array.from({ length: 11 }, (_, i) => ({ streak: i + 2, points: 1 })), "Invalid streakBonuses: at most 10"],
    ] as const;
    for (const [streakBonuses, error] of refused) expect(await setPoints({}, streakBonuses)).toMatchObject({ status: 400, body: { error } });
    expect(await setPoints({}, Array.from({ length: 10 }, (_, i) => ({ streak: i + 2, points: 1 })))).toMatchObject({ status: 200 });

    await setPoints({ daily_checkin: 1 }, bonuses);
    const exported = (await api.get("/api/admin/quests/export", bearer)).body;
    expect(exported).toMatchObject({ streakBonuses: sorted });
    expect(await setPoints({})).toMatchObject({ status: 200, body: { streakBonuses: [] } });
    expect(await api.post("/api/admin/quests/import", { version: 1, quests: [], streakBonuses: bonuses }, bearer)).toMatchObject({
      status: 400,
      body: { error: "Invalid streakBonuses: a file with streak bonuses has taskPoints too" },
    });
    expect(await api.post("/api/admin/quests/import", exported, bearer)).toMatchObject({ status: 200 });
    expect((await api.get("/api/admin/quests", bearer)).body).toMatchObject({ taskPoints: { ...NONE, daily_checkin: 1 }, streakBonuses: sorted });
    expect(await api.post("/api/admin/quests/import", { version: 1, quests: [], taskPoints: {} }, bearer)).toMatchObject({ status: 200 });
    expect((await api.get("/api/admin/quests", bearer)).body).toMatchObject({ taskPoints: NONE, streakBonuses: [] });
  });
});
