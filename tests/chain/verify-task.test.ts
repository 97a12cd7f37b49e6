// The nft_mint rules of docs/api.md through the services (verifyTask, getProgress) on the real
// embedded store, against a real chain: anvil with the contracts of contracts/.
import { NO_QUALIFY_READ } from "@/lib/services/qualify";
import { DEFAULT_RULEBOOK } from "@/lib/domain/rulebook";
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import type { NftVerifier } from "@/lib/chain/types";
import { ChainError, createNftVerifier } from "@/lib/chain/verifier";
import type { ChainConfig } from "@/lib/config";
import type { Deps } from "@/lib/services/context";
import { NO_SUBSCRIBERS } from "@/lib/services/events";
import { getProgress, verifyTask } from "@/lib/services/tasks";
import { checked } from "@/lib/store/checked";
import { openSqliteStore } from "@/lib/store/sqlite";
import type { Store } from "@/lib/store/types";
import {
  chainConfig as configFor,
  countingVerifier,
  holder as holderOf,
  staker as stakerOf,
  startHangingRpc,
  type HangingRpc,
} from "@/tests/chain/support";
import { ALT_STAKE_IDS_FUNCTION, mintNft, setStakes, startChain, type LocalChain } from "@/tests/support/chain-fixture";
import { freePort } from "@/tests/support/free-port";
import { randomWallet } from "@/tests/support/wallets";
import { webhookRuntime } from "@/lib/services/webhooks";

const NOT_VERIFIED = "No NFT or active stake found for this wallet";
const NOT_CONFIGURED = "On-chain verification is not configured";

let chain: LocalChain;
let dataDir: string;
let store: Store;

beforeAll(async () => {
  chain = await startChain();
  dataDir = mkdtempSync(join(tmpdir(), "refboard-chain-"));
  store = checked(openSqliteStore(dataDir, { retentionDays: DEFAULT_RETENTION_DAYS }));
});

afterAll(async () => {
  await store?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await chain?.stop();
});

afterEach(() => {
  vi.restoreAllMocks();
});

function depsWith(verifier: NftVerifier | null): Deps {
  return { store, clock: () => Math.floor(Date.now() / 1000), chain: verifier, activity: null, rules: DEFAULT_RULEBOOK, qualification: NO_QUALIFY_READ, socialChecks: null, seasons: null, notifications: null, events: NO_SUBSCRIBERS, questReads: null, neynar: null, distributorReads: null, webhooks: webhookRuntime(false, () => {}) };
}

/** Deps whose verifier counts every HTTP request it sends to the RPC. */
function countingDeps(cfg: ChainConfig = chainConfig()) {
  const { verifier, requests } = countingVerifier(cfg);
  return { deps: depsWith(verifier), requests };
}

/** Messages of the ChainErrors passed to a console.error spy: what getProgress logged instead of failing. */
function loggedChainErrors(spy: MockInstance<typeof console.error>): string[] {
  return spy.mock.calls.flat().flatMap((arg) => (arg instanceof ChainError ? [arg.message] : []));
}

const holder = () => holderOf(chain);
const staker = (pool?: "staking" | "altStaking") => stakerOf(chain, pool, [11n, 12n]);
const chainConfig = (overrides?: Partial<ChainConfig>) => configFor(chain, overrides);

const verified = { success: true, taskId: "nft_mint", verified: true };

describe("POST /api/steam/verify (verifyTask) for nft_mint", () => {
  it("a wallet holding the NFT is verified, and nft_mint is stored true", async () => {
    const wallet = await holder();
    const { deps } = countingDeps();
    expect(await verifyTask(deps, wallet, "nft_mint")).toEqual(verified);
    expect((await store.getWalletState(wallet)).nftMint).toBe(true);
  });

  it("a staker without the NFT is verified", async () => {
    const wallet = await staker();
    const { deps } = countingDeps();
    expect(await verifyTask(deps, wallet, "nft_mint")).toEqual(verified);
    expect((await store.getWalletState(wallet)).nftMint).toBe(true);
  });

  it("a wallet with neither is not verified, with the reason, and nothing is stored", async () => {
    const wallet = randomWallet();
    const { deps } = countingDeps();
    expect(await verifyTask(deps, wallet, "nft_mint")).toEqual({
      success: false,
      taskId: "nft_mint",
      verified: false,
      reason: NOT_VERIFIED,
    });
    expect((await store.getWalletState(wallet)).nftMint).toBe(false);
  });

  it("a stake-ids function configured under another name verifies that contract's stakers", async () => {
    const wallet = await staker("altStaking");
    const { deps } = countingDeps(
      chainConfig({ stakingContract: chain.altStaking, stakeIdsFunction: ALT_STAKE_IDS_FUNCTION }),
    );
    expect(await verifyTask(deps, wallet, "nft_mint")).toEqual(verified);
  });

  it("without chain configuration the answer is 'not configured', and no RPC is needed", async () => {
    expect(await verifyTask(depsWith(null), randomWallet(), "nft_mint")).toEqual({
      success: false,
      taskId: "nft_mint",
      verified: false,
      reason: NOT_CONFIGURED,
    });
  });

  it("verification may be repeated: a wallet that gets its NFT later is verified then", async () => {
    const wallet = randomWallet();
    const { deps } = countingDeps();
    expect((await verifyTask(deps, wallet, "nft_mint")).verified).toBe(false);
    await mintNft(chain, wallet);
    expect(await verifyTask(deps, wallet, "nft_mint")).toEqual(verified);
  });
});

describe("GET /api/steam/progress (getProgress) verifies nft_mint first", () => {
  it("a holder's first progress already shows nft_mint true, and stores it", async () => {
    const wallet = await holder();
    const { deps } = countingDeps();
    const progress = await getProgress(deps, wallet);
    expect(progress.progress.nft_mint).toBe(true);
    expect((await store.getWalletState(wallet)).nftMint).toBe(true);
  });

  it("a wallet with neither shows nft_mint false", async () => {
    const { deps } = countingDeps();
    expect((await getProgress(deps, randomWallet())).progress.nft_mint).toBe(false);
  });
});

describe("RPC calls per verification (a pass is stored: docs/api.md, nft_mint)", () => {
  it("holder 1, staker 2, neither 2; once verified, verify and progress make zero", async () => {
    const [nftHolder, stakeHolder, nobody] = [await holder(), await staker(), randomWallet()];
    const { deps, requests } = countingDeps();

    await verifyTask(deps, nftHolder, "nft_mint");
    expect(requests()).toBe(1);
    await verifyTask(deps, stakeHolder, "nft_mint");
    expect(requests()).toBe(1 + 2);
    await verifyTask(deps, nobody, "nft_mint");
    expect(requests()).toBe(1 + 2 + 2);

    for (const wallet of [nftHolder, stakeHolder]) {
      for (let i = 0; i < 3; i++) {
        expect(await verifyTask(deps, wallet, "nft_mint")).toEqual(verified);
        expect((await getProgress(deps, wallet)).progress.nft_mint).toBe(true);
      }
    }
    expect(requests()).toBe(5);
  });

  it("after a pass by progress, the following progress and verify calls make zero", async () => {
    const wallet = await holder();
    const { deps, requests } = countingDeps();
    await getProgress(deps, wallet);
    expect(requests()).toBe(1);
    await getProgress(deps, wallet);
    await verifyTask(deps, wallet, "nft_mint");
    expect(requests()).toBe(1);
  });

  it("a stored pass is sticky: unstaking later does not take nft_mint back", async () => {
    const wallet = await staker();
    const { deps } = countingDeps();
    expect(await verifyTask(deps, wallet, "nft_mint")).toEqual(verified);
    await setStakes(chain, wallet, []);
    expect(await verifyTask(deps, wallet, "nft_mint")).toEqual(verified);
    expect((await getProgress(deps, wallet)).progress.nft_mint).toBe(true);
  });
});

describe("RPC failure: verify fails (500), progress answers with the stored state", () => {
  let deadRpc: NftVerifier;

  beforeAll(async () => {
    deadRpc = createNftVerifier(chainConfig({ rpcUrl: `http://127.0.0.1:${await freePort()}` }));
  });

  it("verifyTask rejects with the RPC's ChainError when the RPC is unreachable, so the route answers 500", async () => {
    const error = await verifyTask(depsWith(deadRpc), randomWallet(), "nft_mint").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainError);
    expect((error as ChainError).message).toMatch(/balanceOf on NFT_CONTRACT 0x[0-9a-f]{40} failed: HTTP request failed/);
  });

  it("getProgress resolves with the stored state and logs the RPC error", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const wallet = randomWallet();
    await store.completeSocialTask(wallet, "fc_follow", Math.floor(Date.now() / 1000));
    const progress = await getProgress(depsWith(deadRpc), wallet);
    expect(progress.progress.fc_follow).toBe(true);
    expect(progress.progress.nft_mint).toBe(false);
    expect(loggedChainErrors(errors)).toEqual([expect.stringMatching(/balanceOf on NFT_CONTRACT 0x[0-9a-f]{40} failed/)]);
  });

  it("a wallet verified earlier stays verified while the RPC is down, through verify and progress", async () => {
    const wallet = await holder();
    expect(await verifyTask(countingDeps().deps, wallet, "nft_mint")).toEqual(verified);
    expect(await verifyTask(depsWith(deadRpc), wallet, "nft_mint")).toEqual(verified);
    expect((await getProgress(depsWith(deadRpc), wallet)).progress.nft_mint).toBe(true);
  });

  describe("an RPC that accepts connections and never answers", () => {
    let rpc: HangingRpc;
    let hanging: NftVerifier;
    const timeoutMs = 700;

    beforeAll(async () => {
      rpc = await startHangingRpc();
      hanging = createNftVerifier(chainConfig({ rpcUrl: rpc.rpcUrl, timeoutMs }));
    });

    afterAll(async () => {
      await rpc?.stop();
    });

    it("verifyTask rejects with the timeout's ChainError instead of hanging", async () => {
      const error = await verifyTask(depsWith(hanging), randomWallet(), "nft_mint").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChainError);
      expect((error as ChainError).message).toMatch(/no answer from the RPC within 700 ms/);
    });

    it("getProgress answers with the stored state and logs the timeout instead of hanging", async () => {
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      const wallet = randomWallet();
      await store.completeSocialTask(wallet, "fc_comment", Math.floor(Date.now() / 1000));
      const progress = await getProgress(depsWith(hanging), wallet);
      expect(progress.progress).toMatchObject({ fc_comment: true, nft_mint: false });
      expect(loggedChainErrors(errors)).toEqual([expect.stringMatching(/no answer from the RPC within 700 ms/)]);
    });
  });
});
