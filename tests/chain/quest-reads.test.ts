// lib/chain/quest-reads against anvil: each on-chain requirement at exactly its minimum and one below,
// through Multicall3 and through plain eth_calls, and the count of HTTP requests a check costs.
import { defineChain, type Address, type Chain } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChainError } from "@/lib/chain/verifier";
import {
  createQuestReads,
  InvalidRequirementError,
  prepareContractRead,
  type ContractReadRequirement,
  type OnchainRequirement,
} from "@/lib/chain/quest-reads";
import { chainConfig, startHangingRpc } from "@/tests/chain/support";
import { mintNft, startChain, type LocalChain } from "@/tests/support/chain-fixture";
import { freePort } from "@/tests/support/free-port";
import { questChain, type QuestChain } from "@/tests/support/quest-chain";
import { randomWallet } from "@/tests/support/wallets";

let chain: LocalChain;
let quest: QuestChain;
let token6: Address;
let token18: Address;
let views: Address;

beforeAll(async () => {
  chain = await startChain();
  quest = questChain(chain);
  [token6, token18, views] = [await quest.deployToken(6), await quest.deployToken(18), await quest.deployViews()];
});

afterAll(async () => {
  await chain?.stop();
});

/** The local chain as a network with a Multicall3, like Base: the address is the one the fixture deployed. */
function withMulticall3(): Chain {
  return defineChain({
    id: chain.chainId,
    name: "anvil with Multicall3",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    contracts: { multicall3: { address: chain.multicall3 } },
  });
}

/** A reader whose HTTP requests, and the JSON-RPC calls inside them, are counted. */
function countingReads(multicall: boolean) {
  let requests = 0;
  const calls: string[] = [];
  const reads = createQuestReads(chainConfig(chain), {
    chain: multicall ? withMulticall3() : undefined,
    onFetchRequest: (_request, init) => {
      requests++;
      const body: unknown = JSON.parse(String(init.body));
      for (const call of Array.isArray(body) ? body : [body]) calls.push((call as { method: string }).method);
    },
  });
  return { reads, requests: () => requests, calls: () => calls };
}

const stakeRead = (value: string, comparator: ContractReadRequirement["comparator"] = "gte"): ContractReadRequirement => ({
  type: "contract_read",
  contract: views,
  signature: "function stakeOf(uint256 poolId, address user) view returns (uint256)",
  args: ["7", "{wallet}"],
  comparator,
  value,
});

const votedRead = (value: string): ContractReadRequirement => ({
  type: "contract_read",
  contract: views,
  signature: "function hasVoted(address) view returns (bool)",
  args: ["{wallet}"],
  comparator: "eq",
  value,
});

const revertingRead = (): ContractReadRequirement => ({
  type: "contract_read",
  contract: views,
  signature: "function closedRead(address) view returns (uint256)",
  args: ["{wallet}"],
  comparator: "gte",
  value: "0",
});

async function holderOf(token: Address, amount: bigint): Promise<Address> {
  const wallet = randomWallet();
  await quest.mintToken(token, wallet, amount);
  return wallet;
}

describe.each([
  ["through Multicall3", true],
  ["through separate eth_calls", false],
])("each requirement at its boundary, %s", (_, multicall) => {
  const check = (wallet: Address, req: OnchainRequirement) => countingReads(multicall).reads.check(wallet, [req]);

  it.each([6, 18])("erc20_balance with %i decimals: exactly min whole tokens pass, one base unit less fails", async (decimals) => {
    const token = decimals === 6 ? token6 : token18;
    const unit = 10n ** BigInt(decimals);
    const req: OnchainRequirement = { type: "erc20_balance", token, min: 100 };
    expect(await check(await holderOf(token, 100n * unit), req)).toEqual([{ verified: true, value: "100" }]);
    const [below] = await check(await holderOf(token, 100n * unit - 1n), req);
    expect(below).toMatchObject({ verified: false, value: decimals === 6 ? "99.999999" : "99.999999999999999999" });
    expect(below?.reason).toMatch(/needs at least 100/);
  });

  it("erc721_balance: exactly min NFTs pass, one fewer fails", async () => {
    const wallet = randomWallet();
    const req: OnchainRequirement = { type: "erc721_balance", contract: chain.nft, min: 2 };
    await mintNft(chain, wallet);
    expect(await check(wallet, req)).toMatchObject([{ verified: false, value: "1" }]);
    await mintNft(chain, wallet);
    expect(await check(wallet, req)).toEqual([{ verified: true, value: "2" }]);
  });

  it("tx_count: a nonce of exactly min passes, one less fails", async () => {
    const wallet = randomWallet();
    const req: OnchainRequirement = { type: "tx_count", min: 3 };
    await quest.setNonce(wallet, 2);
    expect(await check(wallet, req)).toMatchObject([{ verified: false, value: "2" }]);
    await quest.setNonce(wallet, 3);
    expect(await check(wallet, req)).toEqual([{ verified: true, value: "3" }]);
  });

  it("contract_read of a staking view with typed arguments: the stake at exactly the value passes gte, one less fails", async () => {
    const [atValue, below] = [randomWallet(), randomWallet()];
    await quest.setStake(views, 7n, atValue, 500n);
    await quest.setStake(views, 7n, below, 499n);
    await quest.setStake(views, 8n, below, 10_000n); // another pool: the poolId argument must be the one sent
    expect(await check(atValue, stakeRead("500"))).toEqual([{ verified: true, value: "500" }]);
    expect(await check(below, stakeRead("500"))).toMatchObject([{ verified: false, value: "499", reason: "stakeOf is 499, needs at least 500" }]);
  });

  it("contract_read of a bool compares it as 1 or 0", async () => {
    const voter = randomWallet();
    await quest.setVoted(views, voter, true);
    expect(await check(voter, votedRead("1"))).toEqual([{ verified: true, value: "1" }]);
    expect(await check(randomWallet(), votedRead("1"))).toMatchObject([{ verified: false, value: "0" }]);
  });

  it("a read that reverts is not verified, with the revert's reason, and the other reads still answer", async () => {
    const wallet = await holderOf(token6, 10n ** 6n);
    const results = await countingReads(multicall).reads.check(wallet, [revertingRead(), { type: "erc20_balance", token: token6, min: 1 }]);
    expect(results).toEqual([
      { verified: false, value: null, reason: "closedRead reverted: QuestViews: closed" },
      { verified: true, value: "1" },
    ]);
  });
});

describe("comparators at the boundary", () => {
  it.each([
    ["gte", "500", true],
    ["gte", "501", false],
    ["gt", "499", true],
    ["gt", "500", false],
    ["eq", "500", true],
    ["eq", "499", false],
    ["lte", "500", true],
    ["lte", "499", false],
    ["lt", "501", true],
    ["lt", "500", false],
  ] as const)("a stake of 500 %s %s: %s", async (comparator, value, verified) => {
    const wallet = randomWallet();
    await quest.setStake(views, 7n, wallet, 500n);
    const [result] = await countingReads(true).reads.check(wallet, [stakeRead(value, comparator)]);
    expect(result?.verified).toBe(verified);
  });
});

describe("batching: one HTTP request for the whole check", () => {
  const everyType = (): OnchainRequirement[] => [
    { type: "erc20_balance", token: token6, min: 1 },
    { type: "erc20_balance", token: token18, min: 1 },
    { type: "erc721_balance", contract: chain.nft, min: 1 },
    { type: "tx_count", min: 0 },
    stakeRead("0"),
    votedRead("0"),
  ];

  it("with a Multicall3: six requirements (seven contract calls and the nonce) cost one request of two JSON-RPC calls", async () => {
    const { reads, requests, calls } = countingReads(true);
    const results = await reads.check(randomWallet(), everyType());
    expect(results.map((r) => r.verified)).toEqual([false, false, false, true, true, true]);
    expect(requests()).toBe(1);
    expect(calls().sort()).toEqual(["eth_call", "eth_getTransactionCount"]);
  });

  it("without one: the same check is still one request, a JSON-RPC batch of eight calls", async () => {
    const { reads, requests, calls } = countingReads(false);
    await reads.check(randomWallet(), everyType());
    expect(requests()).toBe(1);
    expect(calls()).toHaveLength(8);
  });

  it("no requirement reads nothing", async () => {
    const { reads, requests } = countingReads(true);
    expect(await reads.check(randomWallet(), [])).toEqual([]);
    expect(requests()).toBe(0);
  });
});

describe("failures", () => {
  it("an RPC that refuses connections throws ChainError, it does not answer 'not verified'", async () => {
    const reads = createQuestReads({ ...chainConfig(chain), rpcUrl: `http://127.0.0.1:${await freePort()}` });
    await expect(reads.check(randomWallet(), [{ type: "tx_count", min: 1 }])).rejects.toBeInstanceOf(ChainError);
  });

  it("an RPC that never answers throws ChainError once the timeout has passed", async () => {
    const rpc = await startHangingRpc();
    try {
      const reads = createQuestReads({ ...chainConfig(chain), rpcUrl: rpc.rpcUrl, timeoutMs: 200 });
      await expect(reads.check(randomWallet(), [stakeRead("1")])).rejects.toBeInstanceOf(ChainError);
      expect(rpc.requests()).toBe(1);
    } finally {
      await rpc.stop();
    }
  });

  it.each([
    ["a signature that does not parse", { signature: "stakeOf(uint256" }, /does not parse/],
    ["an event instead of a function", { signature: "event Staked(address user)" }, /not a function signature/],
    ["a result that is not a number", { signature: "function name() view returns (string)", args: [] }, /exactly one integer or bool/],
    ["too few arguments", { args: ["7"] }, /takes 2 argument\(s\), 1 given/],
    ["an argument of the wrong type", { args: ["seven", "{wallet}"] }, /poolId: "seven" is not a base-10 integer/],
    ["an address that is not one", { args: ["7", "0x1234"] }, /user: "0x1234" is not an address/],
    ["a value that is not an integer", { value: "1.5" }, /not a base-10 integer/],
    ["a uint that does not fit", { args: ["-1", "{wallet}"] }, /do not encode/],
  ] as const)("a contract_read with %s is refused before any request", (_, change, message) => {
    const req = { ...stakeRead("1"), ...change } as ContractReadRequirement;
    expect(() => prepareContractRead(req, randomWallet())).toThrow(InvalidRequirementError);
    expect(() => prepareContractRead(req, randomWallet())).toThrow(message);
  });

  it("a min that is not a whole number is refused, and nothing is sent", async () => {
    const { reads, requests } = countingReads(true);
    await expect(reads.check(randomWallet(), [{ type: "erc20_balance", token: token6, min: 1.5 }])).rejects.toBeInstanceOf(
      InvalidRequirementError,
    );
    expect(requests()).toBe(0);
  });
});
