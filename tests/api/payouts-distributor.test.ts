/**
 * POST /api/admin/payouts/{id}/distributor against `next start` and anvil: a plan built through the API,
 * its distributor deployed and funded with lib/chain/payout-distributor (as the console and the CLI do),
 * recorded only once the chain shows the plan's token, root and deadline; then GET /api/claim hands out
 * the proof that pays the wallet on chain. Every refusal records nothing.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Address, Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { deployDistributor, fundDistributor } from "@/lib/chain/payout-distributor";
import { claimResponse, createPayoutResponse, payoutPlanSchema } from "@/lib/contract/payout-schemas";
import { createStore } from "@/lib/store";
import type { Store } from "@/lib/store/types";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { client, type Client } from "@/tests/support/http";
import { startPayoutChain, type PayoutChain } from "@/tests/support/payout-chain";
import { AT_ONCE } from "@/tests/support/rules";
import { randomWallet } from "@/tests/support/wallets";

const TOKEN = randomBytes(24).toString("hex");
const bearer = { authorization: `Bearer ${TOKEN}` };
const UNIT = 10n ** 15n;
const dataDir = mkdtempSync(join(tmpdir(), "refboard-payout-distributor-"));

let chain: PayoutChain;
let app: AppServer;
let api: Client;
let store: Store;
let token: Address;
let deadline: number;
const winner = randomWallet() as Address;

beforeAll(async () => {
  chain = await startPayoutChain();
  token = await chain.deployToken();
  deadline = Number(await chain.now()) + 30 * 86_400;
  store = await createStore(parseConfig({ DATA_DIR: dataDir }).store);
  const now = Math.floor(Date.now() / 1000);
  await store.registerWallet(winner, now - 60);
  for (let i = 0; i < 2; i++) await store.recordReferral({ referee: randomWallet(), refCode: winner.slice(-8), selfReferral: false, now: now - 50 + i, terms: AT_ONCE });
  // RPC_URL alone: no NFT or staking contract, so nft_mint stays unverified while payouts read the chain.
  app = await startApp({ DATA_DIR: dataDir, ADMIN_TOKEN: TOKEN, RPC_URL: chain.publicClient.transport.url! });
  api = client(app.baseUrl);
}, 180_000);
afterAll(async () => {
  await app?.stop();
  await store?.close();
  await chain?.stop();
});

async function plan(chainId = 31337) {
  const reply = await api.post("/api/admin/payouts", { board: "all", token, chainId, mode: "per_unit", unitAmount: UNIT.toString(), deadline }, bearer);
  expect(reply.status).toBe(201);
  return createPayoutResponse.parse(reply.body);
}

async function deployed(root: Hex, at = deadline) {
  return (await deployDistributor(chain.deployer, chain.publicClient, { token, root, deadline: BigInt(at), owner: chain.deployer.account.address })).address;
}

const record = (id: string, address: string) => api.post(`/api/admin/payouts/${id}/distributor`, { address }, bearer);

describe("POST /api/admin/payouts/{id}/distributor", () => {
  it("records the distributor the chain shows paying the plan, once; then the winner's proof pays exactly on chain", async () => {
    const built = await plan();
    // The winner: 2 referrals, rewards 40; each referee: +1, rewards 20. At UNIT per reward unit.
    expect(built).toMatchObject({ count: 3, total: (80n * UNIT).toString() });

    const eoa = randomWallet();
    expect(await record(built.id, eoa)).toMatchObject({ status: 400, body: { error: `Invalid address: no contract at ${eoa}` } });
    const otherRoot = await deployed(`0x${"11".repeat(32)}`);
    expect((await record(built.id, otherRoot)).body.error).toMatch(/^Invalid address: the distributor has root 0x1{64}, the plan 0x/);
    const otherDeadline = await deployed(built.root as Hex, deadline + 1);
    expect((await record(built.id, otherDeadline)).body.error).toBe(`Invalid address: the distributor has deadline ${deadline + 1}, the plan ${deadline}`);
    expect((await api.get(`/api/claim?wallet=${winner}`)).body).toEqual({ wallet: winner, claims: [] });

    const distributor = await deployed(built.root as Hex);
    await chain.mint(token, chain.deployer.account.address, 80n * UNIT);
    await fundDistributor(chain.deployer, chain.publicClient, { token, distributor, amount: 80n * UNIT });
    const recorded = await record(built.id, distributor.toUpperCase().replace("0X", "0x"));
    expect(recorded.status).toBe(200);
    expect(payoutPlanSchema.parse(recorded.body).distributor).toEqual({ address: distributor, chainId: 31337 });
    expect(await record(built.id, distributor)).toMatchObject({ status: 409, body: { error: "The plan's distributor is already recorded" } });
    const audit = (await api.get("/api/admin/audit", bearer)).body.entries[0];
    expect(audit).toMatchObject({ action: "payout-distributor", admin: "token" });
    expect(audit.reason).toContain(built.root);

    const { claims } = claimResponse.parse((await api.get(`/api/claim?wallet=${winner}`)).body);
    expect(claims).toEqual([{ plan: built.id, chainId: 31337, token, distributor, amount: (40n * UNIT).toString(), proof: expect.any(Array), deadline }]);
    // Anyone may send the claim; the tokens go to the wallet.
    const receipt = await chain.outsider.send({ to: distributor, data: chain.claimData(winner, 40n * UNIT, claims[0]!.proof as Hex[]) });
    expect(receipt.status).toBe("success");
    expect(await chain.balanceOf(token, winner)).toBe(40n * UNIT);
    expect(await chain.balanceOf(token, distributor)).toBe(40n * UNIT);
    expect(await chain.isClaimed(distributor, winner)).toBe(true);
  });

  it("RPC_URL alone starts the app: nft_mint answers as without a chain, since no NFT or staking contract is set", async () => {
    expect(await api.post("/api/steam/verify", { wallet: randomWallet(), taskId: "nft_mint" })).toMatchObject({
      status: 200,
      body: { success: false, taskId: "nft_mint", verified: false, reason: "On-chain verification is not configured" },
    });
  });

  it("a plan on another chain than RPC_URL's is a 409; an unknown plan a 404; a malformed address a 400; all record nothing", async () => {
    const onBase = await plan(8453);
    const distributor = await deployed(onBase.root as Hex);
    expect(await record(onBase.id, distributor)).toMatchObject({ status: 409, body: { error: "The distributor can't be checked: RPC_URL serves chain 31337, and the plan is on chain 8453" } });
    expect(await record("0123456789ab", distributor)).toMatchObject({ status: 404, body: { error: "Payout plan not found" } });
    expect(await record(onBase.id, "0x1234")).toMatchObject({ status: 400, body: { error: "Invalid address: a contract address (0x and 40 hex characters)" } });
    expect(await api.post(`/api/admin/payouts/${onBase.id}/distributor`, { address: distributor })).toMatchObject({ status: 401 });
    expect(payoutPlanSchema.parse((await api.get(`/api/admin/payouts/${onBase.id}`, bearer)).body).distributor).toBeNull();
  });
});
