/**
 * The console's wallet lookup (GET /api/admin/wallet) and the quest engine, against `next start` on the
 * embedded store: without any quest the answer is the one it was before quests existed, byte for byte; once
 * the catalog holds a quest it carries the wallet's quest points and ledger, newest first.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { adminWalletResponse, type AdminWallet } from "@/lib/contract/admin-schemas";
import { refCodeOf } from "@/lib/domain/wallet";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { client, type Client } from "@/tests/support/http";
import { randomWallet } from "@/tests/support/wallets";

const TOKEN = randomBytes(24).toString("hex");
const bearer = { authorization: `Bearer ${TOKEN}` };

let app: AppServer;
let api: Client;

beforeAll(async () => {
  app = await startApp({ ADMIN_TOKEN: TOKEN });
  api = client(app.baseUrl);
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

const lookupText = async (wallet: string) => {
  const res = await fetch(`${app.baseUrl}/api/admin/wallet?wallet=${wallet}`, { headers: bearer });
  expect(res.status).toBe(200);
  return res.text();
};
const lookup = async (wallet: string) => adminWalletResponse.parse(JSON.parse(await lookupText(wallet)));

const visit = (id: string, points: number, recurrence = "once") => ({
  id,
  title: `Visit ${id}`,
  type: "visit",
  params: { url: "https://example.com/" },
  points,
  recurrence,
});

// In file order: the catalog is empty until the second test creates the first quest.
it("without any quest, the lookup answers exactly as before the quest engine: no questLedger, the same bytes", async () => {
  const [referrer, referee] = [randomWallet(), randomWallet()];
  await api.post("/api/user/init", { wallet: referrer });
  const recorded = await api.post("/api/referral/record", { wallet: referee, refCode: refCodeOf(referrer) });
  expect(recorded.status).toBe(200);
  const text = await lookupText(referrer);
  const answer = JSON.parse(text) as AdminWallet;
  expect(answer.rank).toBeGreaterThan(0);
  // Every field the lookup answered before quests, in its order, and nothing else.
  const before = {
    wallet: referrer,
    refCode: refCodeOf(referrer),
    known: true,
    referrer: null,
    referralsCount: 1,
    score: 1,
    rewards: 20,
    rank: answer.rank,
    checkInLast: null,
    nftMint: false,
    socialTasks: { add_miniapp: null, fc_follow: null, fc_like_recast: null, fc_comment: null },
    referees: { total: 1, offset: 0, limit: 100, items: [{ wallet: referee, referredAt: answer.referees.items[0]!.referredAt }] },
    disqualification: null,
    freshReferees: null,
  };
  expect(text).toBe(JSON.stringify(before));
  expect(text).not.toContain("questLedger");
});

it("once the catalog holds a quest, the lookup carries the wallet's quest points and ledger, newest first", async () => {
  const wallet = randomWallet();
  expect((await api.post("/api/admin/quests", visit("lookup-once", 5), bearer)).status).toBe(201);
  // A catalog with a quest, a wallet with none done: the ledger is there, empty.
  expect((await lookup(wallet)).questLedger).toEqual({ points: 0, total: 0, entries: [] });

  expect((await api.post("/api/admin/quests", visit("lookup-daily", 3, "daily"), bearer)).status).toBe(201);
  const first = await api.post("/api/quests/complete", { wallet, questId: "lookup-once" });
  const second = await api.post("/api/quests/complete", { wallet, questId: "lookup-daily" });
  expect([first.body.points, second.body.points]).toEqual([5, 3]);
  // Done again: nothing credited, nothing added to the ledger.
  expect((await api.post("/api/quests/complete", { wallet, questId: "lookup-once" })).body).toMatchObject({ alreadyCompleted: true });

  const report = await lookup(wallet);
  expect(report.questLedger).toEqual({
    points: 8,
    total: 2,
    entries: [
      { source: "quest", questId: "lookup-daily", points: 3, at: second.body.timestamp },
      { source: "quest", questId: "lookup-once", points: 5, at: first.body.timestamp },
    ],
  });
  expect(report).toMatchObject({ score: 8, rewards: 160, known: true });
});

it("an archived quest still counts as a catalog: the ledger stays in the lookup", async () => {
  expect((await api.raw("PATCH", "/api/admin/quests/lookup-once", { body: JSON.stringify({ archived: true }), headers: { "content-type": "application/json", ...bearer } })).status).toBe(200);
  expect((await lookup(randomWallet())).questLedger).toEqual({ points: 0, total: 0, entries: [] });
});
