/**
 * Quests checked outside: on-chain quests against anvil (the project's QuestToken ERC-20 and a
 * contract_read of QuestViews), Farcaster quests against the Neynar stand-in for the fid a wallet linked
 * through Quick Auth. A failure of the chain or Neynar is a 503 with nothing credited; a check that says
 * no is 200 { success: false, verified: false, reason }.
 */
import { randomBytes } from "node:crypto";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { chainEnv, startChain, type LocalChain } from "@/tests/support/chain-fixture";
import { startFakeHub, startQuickAuthServer } from "@/tests/support/farcaster";
import { freePort } from "@/tests/support/free-port";
import { client, type Client } from "@/tests/support/http";
import { startNeynarStandIn, type NeynarStandIn } from "@/tests/support/neynar-stand-in";
import { questChain, type QuestChain } from "@/tests/support/quest-chain";
import { randomWallet } from "@/tests/support/wallets";

const TOKEN = randomBytes(24).toString("hex");
const bearer = { authorization: `Bearer ${TOKEN}` };
const CAST = `0x${"ab".repeat(20)}`;

let chain: LocalChain;
let quest: QuestChain;
let neynar: NeynarStandIn;
let hub: Awaited<ReturnType<typeof startFakeHub>>;
let quickAuth: Awaited<ReturnType<typeof startQuickAuthServer>>;
let app: AppServer;
let api: Client;
let token: Address;
let views: Address;
let ids = 0;
let nextFid = 5000;

beforeAll(async () => {
  [chain, neynar, hub, quickAuth] = await Promise.all([startChain(), startNeynarStandIn(), startFakeHub(), startQuickAuthServer()]);
  quest = questChain(chain);
  [token, views] = [await quest.deployToken(6), await quest.deployViews()];
  app = await startApp({
    ...chainEnv(chain),
    ADMIN_TOKEN: TOKEN,
    NEYNAR_API_KEY: neynar.apiKey,
    NEYNAR_API_URL: neynar.url,
    NEYNAR_HUB_URL: hub.url,
    QUICK_AUTH_ORIGIN: quickAuth.origin,
  });
  api = client(app.baseUrl);
}, 180_000);
afterAll(async () => {
  await Promise.all([app?.stop(), chain?.stop(), neynar?.stop(), hub?.stop(), quickAuth?.stop()]);
});

async function created(type: string, params: Record<string, unknown>, points = 10) {
  const id = `${type.replace(/_/g, "-")}-${++ids}`;
  const reply = await api.post("/api/admin/quests", { id, title: `Quest ${id}`, type, params, points }, bearer);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return id;
}

const complete = (wallet: string, questId: string) => api.post("/api/quests/complete", { wallet, questId });
const questPoints = async (wallet: string) => (await api.get(`/api/quests?wallet=${wallet}`)).body.points as number;
const statusOf = async (wallet: string, questId: string) =>
  ((await api.get(`/api/quests?wallet=${wallet}`)).body.quests as { id: string; status: string }[]).find((q) => q.id === questId)?.status;

/** A wallet linked to a fresh fid through Quick Auth, as the mini app links it. */
async function linkedWallet(): Promise<{ wallet: string; fid: number }> {
  const wallet = randomWallet();
  const fid = nextFid++;
  const reply = await api.post("/api/farcaster/link", { wallet }, { authorization: `Bearer ${await quickAuth.token(fid, new URL(app.baseUrl).host)}` });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { wallet, fid };
}

describe("on-chain quests", () => {
  it("erc20_balance: exactly min whole tokens (decimals read from the token) completes, one base unit less is not verified", async () => {
    const id = await created("erc20_balance", { token, min: "5" });
    const [enough, short] = [randomWallet(), randomWallet()];
    await quest.mintToken(token, enough as Address, 5_000_000n);
    await quest.mintToken(token, short as Address, 4_999_999n);
    expect(await complete(short, id)).toMatchObject({ status: 200, body: { success: false, verified: false, reason: expect.stringContaining("needs at least 5") } });
    expect(await questPoints(short)).toBe(0);
    expect(await complete(enough, id)).toMatchObject({ status: 200, body: { success: true, questId: id, points: 10 } });
    expect(await questPoints(enough)).toBe(10);
  });

  it("contract_read with {wallet}: a stake at exactly the value completes, below it does not", async () => {
    const id = await created("contract_read", {
      contract: views,
      signature: "function stakeOf(uint256 poolId, address user) view returns (uint256)",
      args: ["7", "{wallet}"],
      comparator: "gte",
      value: "100",
    });
    const [staker, small] = [randomWallet(), randomWallet()];
    await quest.setStake(views, 7n, staker as Address, 100n);
    await quest.setStake(views, 7n, small as Address, 99n);
    expect(await complete(small, id)).toMatchObject({ status: 200, body: { success: false, verified: false } });
    expect(await complete(staker, id)).toMatchObject({ status: 200, body: { success: true, points: 10 } });
  });

  it("an RPC that does not answer is a 503 with nothing credited", async () => {
    const down = await startApp({ ...chainEnv(chain), RPC_URL: `http://127.0.0.1:${await freePort()}`, RPC_TIMEOUT_MS: "1000", ADMIN_TOKEN: TOKEN });
    try {
      const downApi = client(down.baseUrl);
      const id = "tx-down";
      expect((await downApi.post("/api/admin/quests", { id, title: "Sent one", type: "tx_count", params: { min: 1 }, points: 3 }, bearer)).status).toBe(201);
      const wallet = randomWallet();
      expect(await downApi.post("/api/quests/complete", { wallet, questId: id })).toMatchObject({ status: 503, body: { error: "Could not read the chain, please retry" } });
      expect((await downApi.get(`/api/quests?wallet=${wallet}`)).body.points).toBe(0);
    } finally {
      await down.stop();
    }
  }, 120_000);

  it("tx_count and erc721_balance say why they are not met", async () => {
    const txs = await created("tx_count", { min: 3 });
    const wallet = randomWallet();
    await quest.setNonce(wallet as Address, 2);
    expect(await complete(wallet, txs)).toMatchObject({ status: 200, body: { verified: false, reason: expect.stringContaining("has sent 2 transactions") } });
    await quest.setNonce(wallet as Address, 3);
    expect(await complete(wallet, txs)).toMatchObject({ status: 200, body: { success: true } });
    const nfts = await created("erc721_balance", { contract: chain.nft, min: 1 });
    expect(await complete(wallet, nfts)).toMatchObject({ status: 200, body: { verified: false, reason: expect.stringContaining("holds 0 NFTs") } });
  });
});

describe("Farcaster quests", () => {
  it("a wallet without a linked fid sees needs_farcaster, and its completion says what to do", async () => {
    const id = await created("farcaster_follow", { fid: 3 });
    const wallet = randomWallet();
    expect(await statusOf(wallet, id)).toBe("needs_farcaster");
    expect(await complete(wallet, id)).toMatchObject({ status: 200, body: { success: false, verified: false, reason: expect.stringContaining("No Farcaster account is linked") } });
  });

  it("follow, reaction, reply, channel and score are checked through Neynar for the linked fid", async () => {
    const { wallet, fid } = await linkedWallet();
    const follow = await created("farcaster_follow", { fid: 3 }, 1);
    const like = await created("farcaster_reaction", { castHash: CAST, kind: "like" }, 1);
    const reply = await created("farcaster_reply", { castHash: CAST }, 1);
    const channel = await created("farcaster_channel", { channelId: "base" }, 1);
    const score = await created("farcaster_score", { min: 0.5 }, 1);
    expect(await statusOf(wallet, follow)).toBe("available");
    for (const id of [follow, like, reply, channel, score]) {
      expect(await complete(wallet, id), id).toMatchObject({ status: 200, body: { success: false, verified: false } });
    }
    neynar.set({
      follows: [[fid, 3]],
      casts: [CAST],
      likes: [[fid, CAST]],
      replies: [{ fid, parentHash: CAST }],
      channels: ["base"],
      channelFollowers: [[fid, "base"]],
      // Neynar knows the followed account too (the stand-in knows a user by its score).
      scores: { [fid]: 0.5, 3: 0.9 },
    });
    for (const id of [follow, like, reply, channel, score]) {
      expect(await complete(wallet, id), id).toMatchObject({ status: 200, body: { success: true, points: 1 } });
    }
    expect(await questPoints(wallet)).toBe(5);
    expect(neynar.requests().every((r) => r.headers["x-api-key"] === neynar.apiKey)).toBe(true);
  });

  it("a score just below the minimum is not verified", async () => {
    const { wallet, fid } = await linkedWallet();
    const id = await created("farcaster_score", { min: 0.6 });
    neynar.set({ scores: { [fid]: 0.59 } });
    expect(await complete(wallet, id)).toMatchObject({ status: 200, body: { success: false, verified: false, reason: expect.stringContaining("below 0.6") } });
  });

  it("Neynar failing is a 503 with nothing credited", async () => {
    const { wallet, fid } = await linkedWallet();
    const id = await created("farcaster_follow", { fid: 4 });
    neynar.set({ follows: [[fid, 4]], scores: { 4: 0.9 } });
    neynar.failWith(500);
    try {
      expect(await complete(wallet, id)).toMatchObject({ status: 503, body: { error: "Could not reach Neynar, please retry" } });
    } finally {
      neynar.failWith(undefined);
    }
    expect(await questPoints(wallet)).toBe(0);
    expect(await complete(wallet, id)).toMatchObject({ status: 200, body: { success: true } });
  });
});
