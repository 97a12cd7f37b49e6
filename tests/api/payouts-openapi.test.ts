/**
 * The payout endpoints against the OpenAPI document (tests/api/openapi-check.ts): real answers of
 * the production build validate against /api/openapi.json, and every status the document lists for
 * the Payouts tag is seen here. The distributor is a real one on anvil; the board too big for a
 * request is a real board of MAX_API_ALLOCATIONS + 1 entries; the board that changes while a plan
 * reads it is a real write, made while the app's read waits in front of the store (an Upstash REST
 * stand-in the test holds back).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Address, Hex } from "viem";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { deployDistributor } from "@/lib/chain/payout-distributor";
import { parseConfig } from "@/lib/config";
import { MAX_BODY_BYTES } from "@/lib/contract/route-spec";
import { MAX_API_ALLOCATIONS } from "@/lib/domain/payouts";
import { createStore } from "@/lib/store";
import type { Store, WalletRecord } from "@/lib/store/types";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { freePort } from "@/tests/support/free-port";
import { startPayoutChain, type PayoutChain } from "@/tests/support/payout-chain";
import { AT_ONCE } from "@/tests/support/rules";
import { randomWallet } from "@/tests/support/wallets";
import { CHECKED_TAGS, newAdminToken, openApiCheck, type Method } from "@/tests/api/openapi-check";
import { startHeldStore, type HeldStore } from "@/tests/api/payouts-held-store";
import { accountOf, keyedWallet, signIn } from "@/tests/api/wallet-session";

const TAGS = CHECKED_TAGS["payouts-openapi.test.ts"];
const TOKEN = newAdminToken();
const auth = { authorization: `Bearer ${TOKEN}` };
const dataDir = mkdtempSync(join(tmpdir(), "refboard-payouts-openapi-"));

/** A winner with two referrals: rewards on the board, so a plan has something to pay. */
async function seedBoard(store: Store) {
  const now = Math.floor(Date.now() / 1000);
  const winner = randomWallet();
  await store.registerWallet(winner, now - 60);
  for (let i = 0; i < 2; i++) await store.recordReferral({ referee: randomWallet(), refCode: winner.slice(-8), selfReferral: false, now: now - 50 + i, terms: AT_ONCE });
  return winner;
}

describe("the payout endpoints against the OpenAPI document", () => {
  let chained: AppServer; // SQLite (dataDir), admin token and sessions, RPC_URL on anvil
  let unchained: AppServer; // the same store, no RPC_URL
  let held: AppServer; // Upstash REST through a stand-in the test can hold back, RPC_URL on a closed port
  let down: AppServer; // store unreachable, admin token
  let off: AppServer; // no ADMIN_TOKEN
  let chain: PayoutChain;
  let store: Store;
  let heldStore: HeldStore;
  let token: Address;
  let deadline: number;
  let winner: string;
  const check = openApiCheck();
  const { call, get } = check;
  const admin = (app: AppServer, method: Method, target: string, body?: unknown, headers: Record<string, string> = auth) => call(app, method, target, { body, headers });
  const planBody = (chainId = 31337, overrides: Record<string, unknown> = {}) => ({ board: "all", token, chainId, mode: "per_unit", unitAmount: "1000", deadline, ...overrides });
  const deployed = async (root: string) =>
    (await deployDistributor(chain.deployer, chain.publicClient, { token, root: root as Hex, deadline: BigInt(deadline), owner: chain.deployer.account.address })).address;

  beforeAll(async () => {
    chain = await startPayoutChain();
    token = await chain.deployToken();
    deadline = Number(await chain.now()) + 30 * 86_400;
    store = await createStore(parseConfig({ DATA_DIR: dataDir }).store);
    winner = await seedBoard(store);
    heldStore = await startHeldStore(inject("redisUrl"));
    await seedBoard(heldStore.store);
    const rpc = { RPC_URL: chain.publicClient.transport.url!, NFT_CONTRACT: token };
    const closedRpc = { RPC_URL: `http://127.0.0.1:${await freePort()}`, NFT_CONTRACT: token };
    [chained, unchained, held, down, off] = await Promise.all([
      startApp({ DATA_DIR: dataDir, ADMIN_TOKEN: TOKEN, ADMIN_WALLETS: keyedWallet(), SESSION_SECRET: randomBytes(32).toString("hex"), ...rpc }),
      startApp({ DATA_DIR: dataDir, ADMIN_TOKEN: TOKEN }),
      startApp({ ...heldStore.env, ADMIN_TOKEN: TOKEN, ...closedRpc }),
      freePort().then((port) => startApp({ REDIS_URL: `redis://127.0.0.1:${port}`, STORE_TIMEOUT_MS: "300", ADMIN_TOKEN: TOKEN })),
      startApp({}),
    ]);
    await check.load(chained);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([chained?.stop(), unchained?.stop(), held?.stop(), down?.stop(), off?.stop()]);
    await Promise.all([store?.close(), heldStore?.stop(), chain?.stop()]);
  });

  it("a plan: built, listed, read as JSON, CSV and tree; its distributor recorded once; then the winner's claim", async () => {
    const built = await admin(chained, "POST", "/api/admin/payouts", planBody());
    expect(built.status).toBe(201);
    const id = built.body.id as string;
    expect((await admin(chained, "POST", "/api/admin/payouts", planBody(31337, { token: "0x1234" }))).body.error).toContain("Invalid token");
    expect((await admin(chained, "POST", "/api/admin/payouts", { ...planBody(), pad: "x".repeat(MAX_BODY_BYTES) })).status).toBe(413);
    expect((await admin(chained, "GET", "/api/admin/payouts")).body.plans.map((p: { id: string }) => p.id)).toContain(id);
    expect((await admin(chained, "GET", `/api/admin/payouts/${id}`)).body).toMatchObject({ id, distributor: null });
    expect((await admin(chained, "GET", `/api/admin/payouts/${id}?format=csv`)).body).toMatch(/^wallet,amount\n/);
    expect((await admin(chained, "GET", `/api/admin/payouts/${id}?format=tree`)).body).toMatchObject({ format: "standard-v1", leafEncoding: ["address", "uint256"] });
    expect((await admin(chained, "GET", `/api/admin/payouts/${id}?format=xml`)).body).toEqual({ error: "Invalid format: json, csv or tree" });
    expect((await admin(chained, "GET", "/api/admin/payouts/0123456789ab")).body).toEqual({ error: "Payout plan not found" });

    const distributor = await deployed(built.body.root);
    const record = (app: AppServer, plan: string, body: unknown) => admin(app, "POST", `/api/admin/payouts/${plan}/distributor`, body);
    expect((await record(chained, id, { address: "0x1234" })).status).toBe(400);
    expect((await record(chained, id, { address: distributor, pad: "x".repeat(MAX_BODY_BYTES) })).status).toBe(413);
    expect((await record(chained, "0123456789ab", { address: distributor })).body).toEqual({ error: "Payout plan not found" });
    expect((await record(unchained, id, { address: distributor })).body).toEqual({ error: "The distributor can't be checked: RPC_URL is not set" });
    expect((await record(chained, id, { address: distributor })).body.distributor).toEqual({ address: distributor, chainId: 31337 });
    expect((await record(chained, id, { address: distributor })).body).toEqual({ error: "The plan's distributor is already recorded" });
    const onBase = (await admin(chained, "POST", "/api/admin/payouts", planBody(8453))).body;
    expect((await record(chained, onBase.id, { address: await deployed(onBase.root) })).body.error).toBe(
      "The distributor can't be checked: RPC_URL serves chain 31337, and the plan is on chain 8453",
    );
    const elsewhere = (await admin(held, "POST", "/api/admin/payouts", planBody())).body;
    expect((await record(held, elsewhere.id, { address: distributor })).body).toEqual({ error: "Could not read the chain, please retry" });

    expect((await get(chained, `/api/claim?wallet=${winner}`)).body.claims).toMatchObject([{ plan: id, distributor, amount: "40000" }]);
    expect((await get(chained, "/api/claim?wallet=0x12")).body).toEqual({ error: "Invalid wallet address" });
  });

  it("no access (401), not an admin (403), off (404), the store down (500): on every admin endpoint", async () => {
    const notAdmin = { cookie: await signIn(chained.baseUrl, accountOf(keyedWallet())!) };
    const every: [Method, string, unknown][] = [
      ["POST", "/api/admin/payouts", planBody()],
      ["GET", "/api/admin/payouts", undefined],
      ["GET", "/api/admin/payouts/0123456789ab", undefined],
      ["POST", "/api/admin/payouts/0123456789ab/distributor", { address: token }],
    ];
    for (const [method, target, body] of every) {
      expect((await admin(chained, method, target, body, {})).status, target).toBe(401);
      expect((await admin(chained, method, target, body, notAdmin)).status, target).toBe(403);
      expect((await admin(off, method, target, body)).status, target).toBe(404);
      expect((await admin(down, method, target, body)).status, target).toBe(500);
    }
    expect((await get(down, `/api/claim?wallet=${winner}`)).status).toBe(500);
  });

  it("a board of more rows than a request builds is a 413 naming the CLI", async () => {
    // Written as an import writes a board (OperatorStore.putWallets, in the store's own batches): entries at score 0.
    const now = Math.floor(Date.now() / 1000);
    const social = { add_miniapp: null, fc_follow: null, fc_like_recast: null, fc_comment: null };
    const entry = (): WalletRecord => ({ wallet: randomWallet(), createdAt: now, referrer: null, referredAt: null, referralsCount: 0, entry: { score: 0, reachedAt: now }, checkInLast: null, social, nftMint: false });
    let missing = MAX_API_ALLOCATIONS + 1 - (await store.countLeaderboard());
    while (missing > 0) {
      const batch = Array.from({ length: Math.min(missing, store.putBatchLimit) }, entry);
      await store.putWallets(batch);
      missing -= batch.length;
    }
    expect(await store.countLeaderboard()).toBe(MAX_API_ALLOCATIONS + 1);
    const tooBig = await admin(unchained, "POST", "/api/admin/payouts", planBody());
    expect(tooBig.body).toEqual({ error: `The board has ${MAX_API_ALLOCATIONS + 1} rows to pay, over the ${MAX_API_ALLOCATIONS} a request builds: run npm run payout:plan` });
    // Exactly the limit (its top rows) is built: the rows at 0 get nothing, so the plan pays the seeded wallets.
    expect((await admin(unchained, "POST", "/api/admin/payouts", planBody(31337, { top: MAX_API_ALLOCATIONS }))).status).toBe(201);
  }, 60_000);

  it("a board that changes while the plan reads it is a 409", async () => {
    // The read of the board's first page waits until a new wallet is on the board: the counts before and after differ.
    heldStore.beforeFirstPageRead(() => heldStore.store.getRankOrCreate(randomWallet(), Math.floor(Date.now() / 1000)).then(() => undefined));
    expect((await admin(held, "POST", "/api/admin/payouts", planBody())).body).toEqual({ error: "The leaderboard changed while the plan read it; build it again" });
    expect(heldStore.held()).toBe(1);
  });

  it("every payout POST answers 415 to a body that is not JSON, before anything else", async () => {
    await check.expectJsonOnly(chained, TOKEN, TAGS);
  });

  it(`every status the document lists for ${TAGS.join(", ")} was seen above`, () => {
    expect(check.unseen(TAGS)).toEqual([]);
  });
});
