// REFERRAL_QUALIFY=onchain and nft_mint against a real chain (anvil): the referee's own requests
// credit its referral once its account has sent a transaction or holds enough, or once its NFT is
// verified; until then it waits.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Address } from "viem";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createWalletActivity } from "@/lib/chain/activity";
import { createNftVerifier } from "@/lib/chain/verifier";
import type { QualifyConfig } from "@/lib/config";
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { refCodeOf } from "@/lib/domain/wallet";
import type { Deps } from "@/lib/services/context";
import { NO_SUBSCRIBERS } from "@/lib/services/events";
import { qualificationOf } from "@/lib/services/qualify";
import { rulebookOf } from "@/lib/domain/rulebook";
import { getReferralLink, recordReferral } from "@/lib/services/referrals";
import { completeTask, getProgress, REASON_NOT_VERIFIED, verifyTask } from "@/lib/services/tasks";
import { initUser } from "@/lib/services/users";
import { checked } from "@/lib/store/checked";
import { openSqliteStore } from "@/lib/store/sqlite";
import type { Store } from "@/lib/store/types";
import { chainConfig } from "@/tests/chain/support";
import { boardRows } from "@/tests/support/board";
import { mintNft, startChain, type LocalChain } from "@/tests/support/chain-fixture";
import { freePort } from "@/tests/support/free-port";
import { randomWallet } from "@/tests/support/wallets";
import { webhookRuntime } from "@/lib/services/webhooks";

const BASE = "https://app.example.com";

let chain: LocalChain;
beforeAll(async () => {
  chain = await startChain();
});
afterAll(async () => {
  await chain?.stop();
});

const opened: Store[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

async function rpc<T = unknown>(method: string, params: unknown[]): Promise<T> {
  const res = await fetch(chain.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: unknown };
  if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result as T;
}

/** The wallet sends a real transaction (anvil lets the test sign as any account). */
async function sendTransaction(from: Address): Promise<void> {
  await rpc("anvil_setBalance", [from, "0xde0b6b3a7640000"]);
  await rpc("anvil_impersonateAccount", [from]);
  await rpc("eth_sendTransaction", [{ from, to: randomWallet(), value: "0x1" }]);
  await rpc("anvil_stopImpersonatingAccount", [from]);
}

function depsFor(qualify: QualifyConfig, rpcUrl = chain.rpcUrl): Deps {
  const store = checked(openSqliteStore(mkdtempSync(join(tmpdir(), "refboard-qualify-")), { retentionDays: DEFAULT_RETENTION_DAYS }));
  opened.push(store);
  const cfg = chainConfig(chain, { rpcUrl, timeoutMs: 2_000 });
  const activity = createWalletActivity(cfg);
  return { store, clock: () => Math.floor(Date.now() / 1000), chain: createNftVerifier(cfg), activity, rules: rulebookOf(qualify.rule), qualification: qualificationOf(qualify, activity), socialChecks: null, seasons: null, notifications: null, events: NO_SUBSCRIBERS, questReads: null, neynar: null, distributorReads: null, webhooks: webhookRuntime(false, () => {}) };
}

/** A referrer and a referee bound to it, the referee's referral pending. */
async function bound(deps: Deps) {
  const referrer = randomWallet();
  const referee = randomWallet();
  await initUser(deps, referrer, { linkBase: BASE });
  await initUser(deps, referee, { linkBase: BASE });
  expect(await recordReferral(deps, referee, refCodeOf(referrer))).toEqual({ success: true, referrer });
  return { referrer, referee };
}

/** The store methods `run` called, in order: a rule the store decides credits in the step that records the fact. */
async function storeCalls(deps: Deps, run: (deps: Deps) => Promise<unknown>): Promise<string[]> {
  const calls: string[] = [];
  const store = new Proxy(deps.store, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => (calls.push(String(name)), value.apply(target, args));
    },
  });
  await run({ ...deps, store });
  return calls;
}

const ONE_TX: QualifyConfig = { rule: "onchain", onchain: { minTx: 1, minBalanceWei: null }, minNeynarScore: 0.5 };

describe("REFERRAL_QUALIFY=onchain on anvil", () => {
  it("a fresh wallet stays pending through every request; once it has sent a transaction, its next request credits both sides", async () => {
    const deps = depsFor(ONE_TX);
    const { referrer, referee } = await bound(deps);

    await initUser(deps, referee, { linkBase: BASE });
    await getProgress(deps, referee);
    await completeTask(deps, referee, "daily_checkin");
    await verifyTask(deps, referee, "nft_mint");
    expect(await getReferralLink(deps, referee, BASE)).toMatchObject({ bound: true, referrer, referralPending: true, pendingReferrals: 0 });
    expect(await getReferralLink(deps, referrer, BASE)).toMatchObject({ referralsCount: 0, pendingReferrals: 1 });
    expect(await boardRows(deps.store, 10)).toEqual([]);
    expect((await getProgress(deps, referrer)).progress.referral).toBe(false);

    await sendTransaction(referee as Address);
    expect(await getProgress(deps, referee)).toMatchObject({ referralCount: 0 });
    const link = await getReferralLink(deps, referee, BASE);
    expect(link.referralPending).toBeUndefined();
    expect(await getReferralLink(deps, referrer, BASE)).toMatchObject({ referralsCount: 1, pendingReferrals: 0 });
    expect((await getProgress(deps, referrer)).progress.referral).toBe(true);
    expect(await deps.store.getWalletState(referee)).toMatchObject({ score: 1, referralPending: false });

    // Credited once: more requests change nothing.
    await initUser(deps, referee, { linkBase: BASE });
    expect(await deps.store.getWalletState(referrer)).toMatchObject({ referralsCount: 1, score: 1 });
  });

  it("POST /api/user/init credits a referee whose account already qualifies", async () => {
    const deps = depsFor(ONE_TX);
    const { referrer, referee } = await bound(deps);
    await sendTransaction(referee as Address);
    await initUser(deps, referee, { linkBase: BASE });
    expect(await deps.store.getWalletState(referrer)).toMatchObject({ referralsCount: 1, pendingReferrals: 0 });
  });

  it("with QUALIFY_MIN_BALANCE_WEI a balance qualifies too; below it the referee waits", async () => {
    const deps = depsFor({ rule: "onchain", onchain: { minTx: 5, minBalanceWei: 1000n }, minNeynarScore: 0.5 });
    const { referrer, referee } = await bound(deps);
    await rpc("anvil_setBalance", [referee, "0x3e7"]);
    await getProgress(deps, referee);
    expect(await deps.store.getWalletState(referrer)).toMatchObject({ referralsCount: 0, pendingReferrals: 1 });
    await rpc("anvil_setBalance", [referee, "0x3e8"]);
    await getProgress(deps, referee);
    expect(await deps.store.getWalletState(referrer)).toMatchObject({ referralsCount: 1, pendingReferrals: 0 });
  });

  it("an unreachable RPC fails no request: the referral stays pending", async () => {
    const deps = depsFor(ONE_TX, `http://127.0.0.1:${await freePort()}`);
    const { referrer, referee } = await bound(deps);
    expect(await initUser(deps, referee, { linkBase: BASE })).toMatchObject({ success: true, isNew: false });
    expect(await completeTask(deps, referee, "daily_checkin")).toMatchObject({ success: true });
    expect(await getProgress(deps, referee)).toMatchObject({ referralCount: 0 });
    expect(await deps.store.getWalletState(referrer)).toMatchObject({ referralsCount: 0, pendingReferrals: 1 });
  });
});

describe("REFERRAL_QUALIFY=nft_mint on anvil", () => {
  const NFT_MINT: QualifyConfig = { rule: "nft_mint", onchain: { minTx: 1, minBalanceWei: null }, minNeynarScore: 0.5 };
  const expectPending = async (deps: Deps, referrer: string, referee: string) => {
    expect(await deps.store.getWalletState(referrer)).toMatchObject({ referralsCount: 0, score: 0, pendingReferrals: 1 });
    expect(await deps.store.getWalletState(referee)).toMatchObject({ referralPending: true, score: 0 });
  };
  const expectCredited = async (deps: Deps, referrer: string, referee: string) => {
    expect(await deps.store.getWalletState(referrer)).toMatchObject({ referralsCount: 1, score: 1, pendingReferrals: 0 });
    expect(await deps.store.getWalletState(referee)).toMatchObject({ referralPending: false, score: 1 });
  };

  it("POST /api/steam/verify of nft_mint credits a pending referee once its NFT is there, in the step that records it", async () => {
    const deps = depsFor(NFT_MINT);
    const { referrer, referee } = await bound(deps);
    // A transaction or a check-in is not what this rule asks for.
    await sendTransaction(referee as Address);
    await completeTask(deps, referee, "daily_checkin");
    expect(await verifyTask(deps, referee, "nft_mint")).toEqual({ success: false, taskId: "nft_mint", verified: false, reason: REASON_NOT_VERIFIED });
    await expectPending(deps, referrer, referee);

    await mintNft(chain, referee as Address);
    const calls = await storeCalls(deps, async (d) => {
      expect(await verifyTask(d, referee, "nft_mint")).toEqual({ success: true, taskId: "nft_mint", verified: true });
    });
    expect(calls).toEqual(["getWalletState", "markNftMint"]);
    await expectCredited(deps, referrer, referee);
    expect((await getProgress(deps, referrer)).progress.referral).toBe(true);
  });

  it("GET /api/steam/progress finding nft_mint credits a pending referee in the step that records it", async () => {
    const deps = depsFor(NFT_MINT);
    const { referrer, referee } = await bound(deps);
    expect(await getProgress(deps, referee)).toMatchObject({ progress: { nft_mint: false }, referralCount: 0 });
    await expectPending(deps, referrer, referee);

    await mintNft(chain, referee as Address);
    const calls = await storeCalls(deps, async (d) => {
      expect((await getProgress(d, referee)).progress.nft_mint).toBe(true);
    });
    expect(calls).toEqual(["getWalletState", "markNftMint"]);
    await expectCredited(deps, referrer, referee);
    // Credited once: more requests change nothing.
    await getProgress(deps, referee);
    await verifyTask(deps, referee, "nft_mint");
    expect(await deps.store.getWalletState(referrer)).toMatchObject({ referralsCount: 1, score: 1 });
  });
});
