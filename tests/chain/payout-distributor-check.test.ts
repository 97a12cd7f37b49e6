// How the server reads a deployed distributor before recording it (lib/services/payout-distributor-check.ts):
// over RPC_URL only when it serves the plan's chain (CHAIN_ID, or the node's own answer without it), and
// every address that holds no distributor a 400 naming the address field.
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deployDistributor } from "@/lib/chain/payout-distributor";
import type { ChainConfig } from "@/lib/config";
import { ApiError } from "@/lib/contract/errors";
import { distributorReader } from "@/lib/services/payout-distributor-check";
import { buildPlan, startPayoutChain, type PayoutChain } from "@/tests/support/payout-chain";
import { randomWallet } from "@/tests/support/wallets";

let chain: PayoutChain;
let token: Address;
let distributor: Address;
let config: ChainConfig;
const plan = buildPlan([
  { account: randomWallet(), amount: 5n },
  { account: randomWallet(), amount: 7n },
]);
let deadline: bigint;

beforeAll(async () => {
  chain = await startPayoutChain();
  token = await chain.deployToken();
  deadline = (await chain.now()) + 86_400n;
  ({ address: distributor } = await deployDistributor(chain.deployer, chain.publicClient, { token, root: plan.root, deadline, owner: chain.owner.address }));
  config = { chainId: chain.publicClient.chain.id, rpcUrl: chain.publicClient.chain.rpcUrls.default.http[0], stakeIdsFunction: "", timeoutMs: 5_000 };
}, 120_000);
afterAll(async () => chain?.stop());

async function refusal(read: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await read.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return { status: error.status, message: error.message };
}

describe("distributorReader", () => {
  it("reads the token, root and deadline of a distributor on the chain RPC_URL serves", async () => {
    expect(await distributorReader(config)(31337, distributor)).toEqual({ token, root: plan.root, deadline });
  });

  it("without CHAIN_ID, asks the node which chain it serves", async () => {
    const anyChain = { ...config, chainId: undefined };
    expect((await distributorReader(anyChain)(31337, distributor)).root).toBe(plan.root);
    expect(await refusal(distributorReader(anyChain)(31338, distributor))).toEqual({
      status: 400,
      message: "Invalid address: the server's RPC_URL serves chain 31337, the plan is on chain 31338",
    });
  });

  it("refuses a plan on another chain than RPC_URL's, and a server without RPC_URL", async () => {
    expect(await refusal(distributorReader(config)(8453, distributor))).toEqual({
      status: 400,
      message: "Invalid address: the server's RPC_URL serves chain 31337, the plan is on chain 8453",
    });
    expect(await refusal(distributorReader(undefined)(8453, distributor))).toEqual({
      status: 400,
      message: "Invalid address: the server has no RPC_URL to read chain 8453 with",
    });
  });

  it("refuses an address without code, and a contract that is no distributor (the token)", async () => {
    const empty = randomWallet();
    expect(await refusal(distributorReader(config)(31337, empty))).toMatchObject({ status: 400, message: expect.stringMatching(/^Invalid address: no contract at /) });
    expect(await refusal(distributorReader(config)(31337, token))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Invalid address: the contract at 0x[0-9a-fA-F]{40} is not a payout distributor/),
    });
  });
});
