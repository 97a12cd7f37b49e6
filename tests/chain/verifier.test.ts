// lib/chain against a real chain: anvil with the contracts of contracts/, deployed fresh for this file.
import { defineChain, type Address, type Chain } from "viem";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { chainFor } from "@/lib/chain/chains";
import { ChainError, createNftVerifier } from "@/lib/chain/verifier";
import { ConfigError, type ChainConfig } from "@/lib/config";
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

let chain: LocalChain;

beforeAll(async () => {
  chain = await startChain();
});

afterAll(async () => {
  await chain?.stop();
});

/** The local chain as a network with a Multicall3, like Base: the address is the one the fixture deployed. */
function withMulticall3(address: Address): Chain {
  return defineChain({
    id: chain.chainId,
    name: "anvil with Multicall3",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    contracts: { multicall3: { address } },
  });
}

const holder = () => holderOf(chain);
const staker = (pool?: "staking" | "altStaking", ids?: bigint[]) => stakerOf(chain, pool, ids);
const chainConfig = (overrides?: Partial<ChainConfig>) => configFor(chain, overrides);

describe("the nft_mint rule, one balanceOf then the stake ids only when needed", () => {
  it("a wallet holding the NFT passes with exactly one RPC call", async () => {
    const wallet = await holder();
    const { verifier, requests } = countingVerifier(chainConfig());
    expect(await verifier.hasNftOrStake(wallet)).toBe(true);
    expect(requests()).toBe(1);
  });

  it("a staker without the NFT passes: balanceOf, then the stake ids, two calls", async () => {
    const wallet = await staker();
    const { verifier, requests } = countingVerifier(chainConfig());
    expect(await verifier.hasNftOrStake(wallet)).toBe(true);
    expect(requests()).toBe(2);
  });

  it("a wallet with neither NFT nor stake fails after two calls", async () => {
    const { verifier, requests } = countingVerifier(chainConfig());
    expect(await verifier.hasNftOrStake(randomWallet())).toBe(false);
    expect(requests()).toBe(2);
  });

  it("only active stakes count: a wallet that unstaked everything fails", async () => {
    const wallet = await staker("staking", [1n, 2n]);
    await setStakes(chain, wallet, []);
    expect(await createNftVerifier(chainConfig()).hasNftOrStake(wallet)).toBe(false);
  });

  it("holding several NFTs still costs one call, whatever the token ids", async () => {
    const wallet = await holder();
    await mintNft(chain, wallet);
    await mintNft(chain, wallet);
    const { verifier, requests } = countingVerifier(chainConfig());
    expect(await verifier.hasNftOrStake(wallet)).toBe(true);
    expect(requests()).toBe(1);
  });

  it("with only NFT_CONTRACT configured, the balance alone decides, in one call", async () => {
    const { verifier, requests } = countingVerifier(chainConfig({ stakingContract: undefined }));
    expect(await verifier.hasNftOrStake(await holder())).toBe(true);
    expect(await verifier.hasNftOrStake(await staker())).toBe(false);
    expect(requests()).toBe(2);
  });

  it("with only STAKING_CONTRACT configured, the stake ids alone decide, in one call", async () => {
    const { verifier, requests } = countingVerifier(chainConfig({ nftContract: undefined }));
    expect(await verifier.hasNftOrStake(await staker())).toBe(true);
    expect(await verifier.hasNftOrStake(await holder())).toBe(false);
    expect(requests()).toBe(2);
  });

  it("the wallet may be given in any letter case", async () => {
    const wallet = await holder();
    const shouting = `0x${wallet.slice(2).toUpperCase()}` as Address;
    expect(await createNftVerifier(chainConfig()).hasNftOrStake(shouting)).toBe(true);
  });
});

describe("STAKE_IDS_FUNCTION: the staking contract's function is configuration", () => {
  const altConfig = () => chainConfig({ stakingContract: chain.altStaking, stakeIdsFunction: ALT_STAKE_IDS_FUNCTION });

  it("a staker of a contract exposing stakesOf(address) passes when that signature is configured", async () => {
    const wallet = await staker("altStaking", [3n]);
    expect(await createNftVerifier(altConfig()).hasNftOrStake(wallet)).toBe(true);
    expect(await createNftVerifier(altConfig()).hasNftOrStake(randomWallet())).toBe(false);
  });

  it("the default signature against that contract is an error, not a silent 'no stake'", async () => {
    const verifier = createNftVerifier(chainConfig({ stakingContract: chain.altStaking }));
    await expect(verifier.hasNftOrStake(randomWallet())).rejects.toThrow(/getUserStakeIds on STAKING_CONTRACT/);
  });

  it("the leading 'function' keyword may be left out", async () => {
    const wallet = await staker("altStaking", [3n]);
    const cfg = chainConfig({
      stakingContract: chain.altStaking,
      stakeIdsFunction: "stakesOf(address) view returns (uint256[])",
    });
    expect(await createNftVerifier(cfg).hasNftOrStake(wallet)).toBe(true);
  });

  it.each([
    ["not a signature", "getUserStakeIds"],
    ["not a function", "event Staked(address user)"],
    ["not view", "function getUserStakeIds(address) returns (uint256[])"],
    ["no address parameter", "function getUserStakeIds(uint256) view returns (uint256[])"],
    ["two parameters", "function getUserStakeIds(address, uint256) view returns (uint256[])"],
    ["not returning an array", "function getUserStakeIds(address) view returns (uint256)"],
    ["a fixed-size array", "function getUserStakeIds(address) view returns (uint256[2])"],
    ["two return values", "function getUserStakeIds(address) view returns (uint256[], uint256)"],
  ])("a signature that is %s is refused at construction with a clear error", (_, stakeIdsFunction) => {
    expect(() => createNftVerifier(chainConfig({ stakeIdsFunction }))).toThrow(ConfigError);
    expect(() => createNftVerifier(chainConfig({ stakeIdsFunction }))).toThrow(
      /STAKE_IDS_FUNCTION .* must be a view function taking one address and returning an array/,
    );
  });

  it("an RPC_URL with neither contract configured is refused at construction", () => {
    expect(() => createNftVerifier(chainConfig({ nftContract: undefined, stakingContract: undefined }))).toThrow(
      /neither NFT_CONTRACT nor STAKING_CONTRACT/,
    );
  });
});

describe("with a Multicall3 on the chain, both reads travel in one call and the rule stays exact", () => {
  it("holder, staker and neither each cost exactly one RPC call", async () => {
    const [nftHolder, stakeHolder] = [await holder(), await staker()];
    const { verifier, requests } = countingVerifier(chainConfig(), { chain: withMulticall3(chain.multicall3) });
    expect(await verifier.hasNftOrStake(nftHolder)).toBe(true);
    expect(requests()).toBe(1);
    expect(await verifier.hasNftOrStake(stakeHolder)).toBe(true);
    expect(requests()).toBe(2);
    expect(await verifier.hasNftOrStake(randomWallet())).toBe(false);
    expect(requests()).toBe(3);
  });

  it("a part that fails inside the multicall is read again alone, so its real error surfaces", async () => {
    // balanceOf on the staking pool reverts: the same ChainError as without a multicall.
    const cfg = chainConfig({ nftContract: chain.staking });
    const direct = createNftVerifier(cfg);
    const batched = createNftVerifier(cfg, { chain: withMulticall3(chain.multicall3) });
    await expect(direct.hasNftOrStake(randomWallet())).rejects.toThrow(/balanceOf on NFT_CONTRACT/);
    await expect(batched.hasNftOrStake(randomWallet())).rejects.toThrow(/balanceOf on NFT_CONTRACT/);
  });

  it.each([
    ["no contract behind the address", () => randomWallet()],
    ["a contract without aggregate3", () => chain.nft],
  ])("a Multicall3 address with %s is tried once, then separate calls give the right answers", async (_, address) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const stakeHolder = await staker();
      const { verifier, requests } = countingVerifier(chainConfig(), { chain: withMulticall3(address()) });
      expect(await verifier.hasNftOrStake(stakeHolder)).toBe(true);
      expect(requests()).toBe(3);
      expect(await verifier.hasNftOrStake(randomWallet())).toBe(false);
      expect(requests()).toBe(5);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("an RPC that fails or hangs makes verification throw, within the time budget", () => {
  it("an unreachable RPC (closed port) rejects with a ChainError at once, not when the time budget runs out", async () => {
    const port = await freePort();
    // A budget longer than the test may run: only the refused connection can end this call in time.
    const verifier = createNftVerifier(chainConfig({ rpcUrl: `http://127.0.0.1:${port}`, timeoutMs: 60_000 }));
    const error = await verifier.hasNftOrStake(randomWallet()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainError);
    expect((error as ChainError).message).toMatch(/balanceOf on NFT_CONTRACT 0x[0-9a-f]{40} failed: HTTP request failed/);
  });

  describe("an RPC that accepts connections and never answers", () => {
    let hanging: HangingRpc;
    let rpcUrl: string;

    beforeAll(async () => {
      hanging = await startHangingRpc();
      rpcUrl = hanging.rpcUrl;
    });

    afterAll(async () => {
      await hanging?.stop();
    });

    afterEach(() => {
      vi.useRealTimers();
    });

    /**
     * Starts a verification with only the timers faked, and returns once its request has reached
     * the hanging RPC for real: from then on the test moves the clock.
     */
    async function verifyOnFakeClock(timeoutMs: number) {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      const verifier = createNftVerifier(chainConfig({ rpcUrl, timeoutMs }));
      const before = hanging.requests();
      let outcome: unknown = "pending";
      const settled = verifier.hasNftOrStake(randomWallet()).then(
        (result) => (outcome = result),
        (error: unknown) => (outcome = error),
      );
      await hanging.received(before + 1);
      return {
        /** Whether the call is still unsettled once every promise reaction due by now has run. */
        pending: async () => (await new Promise((resolve) => setImmediate(resolve)), outcome === "pending"),
        outcome: async () => (await settled, outcome),
        requests: () => hanging.requests() - before,
      };
    }

    it("verification rejects when the timeout has passed on the clock, not before, and does not retry into a second one", async () => {
      const call = await verifyOnFakeClock(800);
      await vi.advanceTimersByTimeAsync(799);
      expect(await call.pending()).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(await call.pending()).toBe(false);
      const error = await call.outcome();
      expect(error).toBeInstanceOf(ChainError);
      expect((error as ChainError).message).toMatch(/no answer from the RPC within 800 ms/);
      expect(call.requests()).toBe(1);
    });

    it("the health ping is bounded the same way", async () => {
      const verifier = createNftVerifier(chainConfig({ rpcUrl, timeoutMs: 500 }));
      await expect(verifier.ping()).rejects.toThrow(/^RPC ping: no answer from the RPC within 500 ms$/);
    });

    it("the in-flight request is aborted, not left hanging on the socket", async () => {
      const call = await verifyOnFakeClock(300);
      await vi.advanceTimersByTimeAsync(300);
      expect(await call.outcome()).toBeInstanceOf(ChainError);
      await hanging.abandoned();
    });
  });
});

describe("CHAIN_ID and the health ping", () => {
  it("the ping passes when the RPC serves the configured chain", async () => {
    await expect(createNftVerifier(chainConfig()).ping()).resolves.toBeUndefined();
  });

  it("the ping fails when the RPC serves another chain than CHAIN_ID", async () => {
    await expect(createNftVerifier(chainConfig({ chainId: 8453 })).ping()).rejects.toThrow(
      /RPC_URL serves chain 31337, but CHAIN_ID is 8453/,
    );
  });

  it("a chain viem knows comes with its Multicall3; an unknown id becomes a custom chain on RPC_URL", () => {
    expect(chainFor(8453, "https://mainnet.base.org")?.contracts?.multicall3?.address).toMatch(/^0x/);
    const custom = chainFor(987_654_321, "http://127.0.0.1:9999");
    expect(custom?.id).toBe(987_654_321);
    expect(custom?.rpcUrls.default.http).toEqual(["http://127.0.0.1:9999"]);
    expect(custom?.contracts?.multicall3).toBeUndefined();
    expect(chainFor(undefined, "http://127.0.0.1:9999")).toBeUndefined();
  });

  it("verification works on a chain id viem does not know", async () => {
    const wallet = await holder();
    // The calls themselves do not depend on the chain definition; only the ping compares ids.
    expect(await createNftVerifier(chainConfig({ chainId: 987_654_321 })).hasNftOrStake(wallet)).toBe(true);
  });
});
