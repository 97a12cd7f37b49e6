/**
 * The payout API against `next start` on the embedded store, with 7-day seasons of which 1 and 2 have
 * ended and 3 runs: building a plan (each bad input a 400 naming its field), the plan as JSON, CSV and
 * OpenZeppelin's tree dump, and GET /api/claim with proofs that verify. The board is written through
 * the store in the test's process, as the rewards export's tests do.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { claimResponse, createPayoutResponse, payoutPlanSchema } from "@/lib/contract/payout-schemas";
import { rewardsJsonExportSchema } from "@/lib/contract/rewards-export-schemas";
import { createStore } from "@/lib/store";
import type { Store } from "@/lib/store/types";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { client, type Client } from "@/tests/support/http";
import { AT_ONCE } from "@/tests/support/rules";
import { randomWallet } from "@/tests/support/wallets";

const TOKEN = randomBytes(24).toString("hex");
const bearer = { authorization: `Bearer ${TOKEN}` };
const ERC20 = "0x00000000000000000000000000000000000000aa";
const DAY = 86_400;
const today = Math.floor(Date.now() / 1000 / DAY);
const dataDir = mkdtempSync(join(tmpdir(), "refboard-payouts-"));
const env = { DATA_DIR: dataDir, SEASON_LENGTH_DAYS: "7", SEASON_START: new Date((today - 20) * DAY * 1000).toISOString().slice(0, 10) };
const inSeason1 = (today - 19) * DAY;
const deadline = (today + 30) * DAY;

let app: AppServer;
let api: Client;
let store: Store;
const [top, second, farmer] = [randomWallet(), randomWallet(), randomWallet()];

beforeAll(async () => {
  store = await createStore(parseConfig(env).store);
  const refer = async (referrer: string, n: number) => {
    await store.registerWallet(referrer, inSeason1 - 10);
    for (let i = 0; i < n; i++) await store.recordReferral({ referee: randomWallet(), refCode: referrer.slice(-8), selfReferral: false, now: inSeason1 + i, terms: AT_ONCE });
  };
  await refer(top, 3);
  await refer(second, 2);
  await refer(farmer, 5);
  await store.disqualify({ wallet: farmer, reason: "farm", cascade: false, admin: "test", now: inSeason1 + 100 });
  app = await startApp({ ...env, ADMIN_TOKEN: TOKEN });
  api = client(app.baseUrl);
}, 180_000);
afterAll(async () => {
  await app?.stop();
  await store?.close();
});

const build = (body: Record<string, unknown>, headers: Record<string, string> = bearer) => api.post("/api/admin/payouts", body, headers);
const perUnit = (overrides: Record<string, unknown> = {}) => ({ board: "all", token: ERC20, chainId: 8453, mode: "per_unit", unitAmount: "1000000000000000000", deadline, ...overrides });

async function built(body: Record<string, unknown>) {
  const reply = await build(body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return createPayoutResponse.parse(reply.body);
}

describe("POST /api/admin/payouts", () => {
  it("is an admin's: 401 without the token", async () => {
    expect((await build(perUnit(), {})).status).toBe(401);
  });

  it.each([
    [{ token: "0x1234" }, "Invalid token"],
    [{ unitAmount: "0" }, "Invalid unitAmount"],
    [{ unitAmount: "1.5" }, "Invalid unitAmount"],
    [{ unitAmount: 10 }, "Invalid unitAmount"],
    [{ unitAmount: undefined }, "Invalid unitAmount"],
    [{ mode: "pool", unitAmount: undefined, pool: "-1" }, "Invalid pool"],
    [{ pool: "5" }, "Invalid pool"],
    [{ mode: "share" }, "Invalid mode"],
    [{ deadline: Math.floor(Date.now() / 1000) - 60 }, "Invalid deadline: in the past"],
    [{ board: 3 }, "Invalid board: season 3 is still running"],
    [{ board: 9 }, "Invalid board: season 9 is unknown"],
    [{ board: 0 }, "Invalid board"],
    [{ top: 0 }, "Invalid top"],
    [{ minRewards: -1 }, "Invalid minRewards"],
    [{ chainId: "base" }, "Invalid chainId"],
  ])("%j is a 400 naming the field", async (overrides, error) => {
    const reply = await build(perUnit(overrides));
    expect(reply.status).toBe(400);
    expect(reply.body.error).toContain(error);
  });

  it("per unit: every row of the rewards export but none at 0, amounts past 2^53 as strings; the plan reads back as JSON, CSV and tree", async () => {
    const plan = await built(perUnit());
    const exported = rewardsJsonExportSchema.parse((await api.get("/api/admin/rewards?format=json", bearer)).body);
    const expected = exported.rows.filter((row) => row.rewards > 0).map((row) => `${row.wallet},${BigInt(row.rewards) * 10n ** 18n}`);
    expect(exported.rows.map((row) => row.wallet)).not.toContain(farmer);
    expect(plan.count).toBe(expected.length);
    expect(plan.remainder).toBe("0");

    const csv = await fetch(`${app.baseUrl}/api/admin/payouts/${plan.id}?format=csv`, { headers: bearer });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toBe(`wallet,amount\n${expected.join("\n")}\n`);
    expect(createHash("sha256").update(text).digest("hex")).toBe(plan.sha256);

    const tree = StandardMerkleTree.load(await (await fetch(`${app.baseUrl}/api/admin/payouts/${plan.id}?format=tree`, { headers: bearer })).json());
    expect(tree.root).toBe(plan.root);

    const json = payoutPlanSchema.parse((await api.get(`/api/admin/payouts/${plan.id}`, bearer)).body);
    expect(json).toMatchObject({ id: plan.id, root: plan.root, total: plan.total, board: "all", token: ERC20, createdBy: "token", distributor: null });
    expect((await api.get("/api/admin/payouts", bearer)).body.plans.map((p: { id: string }) => p.id)).toContain(plan.id);
    const audit = (await api.get("/api/admin/audit", bearer)).body.entries[0];
    expect(audit).toMatchObject({ action: "payout-plan", admin: "token", reason: `plan ${plan.id} root ${plan.root}` });
  });

  it("pool of an ended season with top: shares rounded down, the remainder stated", async () => {
    const plan = await built(perUnit({ board: 1, mode: "pool", unitAmount: undefined, pool: "1000", top: 2 }));
    expect(plan.count).toBe(2);
    expect(BigInt(plan.total) + BigInt(plan.remainder)).toBe(1000n);
    const text = await (await fetch(`${app.baseUrl}/api/admin/payouts/${plan.id}?format=csv`, { headers: bearer })).text();
    expect(text.split("\n").slice(1, 3).map((line) => line.split(",")[0])).toEqual([top, second]);
  });

  it("an unknown plan is a 404; a bad format a 400", async () => {
    expect((await api.get("/api/admin/payouts/0123456789ab", bearer)).status).toBe(404);
    expect((await api.get("/api/admin/payouts/nope", bearer)).status).toBe(404);
    const plan = await built(perUnit({ top: 1 }));
    expect((await api.get(`/api/admin/payouts/${plan.id}?format=xml`, bearer)).body.error).toBe("Invalid format: json, csv or tree");
  });
});

describe("GET /api/claim", () => {
  it("claims: [] for a wallet with nothing; the claim of each plan with a distributor, with a proof that verifies", async () => {
    const plan = await built(perUnit({ top: 2 }));
    expect((await api.get(`/api/claim?wallet=${top}`)).body.claims.filter((c: { plan: string }) => c.plan === plan.id)).toEqual([]);
    await store.recordPayoutDistributor(plan.id, { address: "0x00000000000000000000000000000000000000dd", chainId: 8453 }, "test", inSeason1);
    const answer = claimResponse.parse((await api.get(`/api/claim?wallet=${top.toUpperCase().replace("0X", "0x")}`)).body);
    expect(answer.wallet).toBe(top);
    const claim = answer.claims.find((c) => c.plan === plan.id)!;
    expect(claim).toMatchObject({ chainId: 8453, token: ERC20, distributor: "0x00000000000000000000000000000000000000dd", deadline });
    expect(StandardMerkleTree.verify(plan.root, ["address", "uint256"], [top, claim.amount], claim.proof)).toBe(true);
    expect((await api.get(`/api/claim?wallet=${randomWallet()}`)).body).toEqual({ wallet: expect.any(String), claims: [] });
    expect((await api.get("/api/claim?wallet=0x12")).status).toBe(400);
  });
});
