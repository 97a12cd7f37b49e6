/**
 * A local chain for the payout distributor: a fresh anvil, a QuestToken (OpenZeppelin ERC-20) as the
 * payout token, plans built with OpenZeppelin's StandardMerkleTree, and senders that sign locally with
 * explicit gas, fees and nonce, so one claim costs one eth_sendRawTransaction plus the wait for its
 * receipt, and a reverting transaction is mined, not refused by gas estimation.
 * Plain async functions with no test-runner imports.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  encodeDeployData,
  encodeFunctionData,
  erc20Abi,
  http,
  type Abi,
  type Address,
  type Hex,
  type TransactionReceipt,
} from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { payoutDistributorAbi } from "@/lib/chain/payout-distributor-artifact";
import { compileContracts } from "@/scripts/compile-contracts.mjs";
import { startAnvil, type Anvil } from "@/tests/support/anvil";

/**
 * Anvil's dev accounts 3 to 6 (public knowledge, funded on every fresh anvil, worthless elsewhere). The
 * deployer sends through viem's wallet client (lib/chain/payout-distributor), the others through
 * senders that count their own nonces, so no two race for one.
 */
export const OWNER_KEY: Hex = "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6";
export const OUTSIDER_KEY: Hex = "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a";
export const DEPLOYER_KEY: Hex = "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba";
export const WINNER_KEY: Hex = "0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e";

/** Above what a claim with a 20-level proof, a withdraw or an ERC-20 transfer uses; and any of our deployments. */
const CALL_GAS = 300_000n;
const DEPLOY_GAS = 3_000_000n;
const MAX_FEE_PER_GAS = 10_000_000_000n;

export interface Allocation {
  account: Address;
  amount: bigint;
}

export interface Plan {
  allocations: Allocation[];
  total: bigint;
  root: Hex;
  proof(account: Address): Hex[];
}

/** A plan as the app builds it: StandardMerkleTree, leaves ["address", "uint256"]. */
export function buildPlan(allocations: Allocation[]): Plan {
  const tree = StandardMerkleTree.of(
    allocations.map((a) => [a.account, a.amount.toString()]),
    ["address", "uint256"],
  );
  const index = new Map<string, number>();
  for (const [i, [account]] of tree.entries()) index.set(String(account).toLowerCase(), i);
  return {
    allocations,
    total: allocations.reduce((sum, a) => sum + a.amount, 0n),
    root: tree.root as Hex,
    proof(account) {
      const i = index.get(account.toLowerCase());
      if (i === undefined) throw new Error(`${account} is not in the plan`);
      return tree.getProof(i) as Hex[];
    },
  };
}

export interface Tx {
  /** Absent for a deployment. */
  to?: Address;
  data: Hex;
}

export interface Sender {
  address: Address;
  /** Signs and sends one transaction; resolves with its receipt, reverted or not. */
  send(tx: Tx): Promise<TransactionReceipt>;
  /**
   * Sends the transactions back to back with consecutive nonces, waits for the last one (a sender's
   * transactions are mined in nonce order), then resolves with every receipt, in order.
   */
  sendAll(txs: Tx[]): Promise<TransactionReceipt[]>;
  /** Reads the next nonce from the chain again: after evm_revert, or after sending through another client. */
  resync(): Promise<void>;
}

export type PayoutChain = ReturnType<typeof payoutChain>;

export async function startPayoutChain(): Promise<PayoutChain> {
  const anvil = await startAnvil();
  try {
    return payoutChain(anvil);
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

function payoutChain(anvil: Anvil) {
  compileContracts();
  const chain = defineChain({
    id: 31337,
    name: "anvil",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });
  const transport = http(anvil.rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const testClient = createTestClient({ chain, transport, mode: "anvil" });

  function sender(account: PrivateKeyAccount): Sender {
    let nonce: number | undefined;
    const resync = async () => void (nonce = await publicClient.getTransactionCount({ address: account.address }));

    async function submit({ to, data }: Tx): Promise<Hex> {
      if (nonce === undefined) await resync();
      const serializedTransaction = await account.signTransaction({
        chainId: chain.id,
        type: "eip1559",
        nonce: nonce!++,
        to,
        data,
        gas: to ? CALL_GAS : DEPLOY_GAS,
        maxFeePerGas: MAX_FEE_PER_GAS,
        maxPriorityFeePerGas: 0n,
      });
      return publicClient.sendRawTransaction({ serializedTransaction });
    }

    return {
      address: account.address.toLowerCase() as Address,
      resync,
      async send(tx) {
        return publicClient.waitForTransactionReceipt({ hash: await submit(tx) });
      },
      async sendAll(txs) {
        const hashes: Hex[] = [];
        for (const tx of txs) hashes.push(await submit(tx));
        const last = hashes.at(-1);
        if (last) await publicClient.waitForTransactionReceipt({ hash: last });
        return Promise.all(hashes.map((hash) => publicClient.getTransactionReceipt({ hash })));
      },
    };
  }

  const tokenArtifact = JSON.parse(readFileSync(join(process.cwd(), "contracts", "build", "QuestToken.json"), "utf8")) as {
    abi: Abi;
    bytecode: Hex;
  };
  const owner = sender(privateKeyToAccount(OWNER_KEY));
  const outsider = sender(privateKeyToAccount(OUTSIDER_KEY));
  const deployer = createWalletClient({ chain, transport, account: privateKeyToAccount(DEPLOYER_KEY) });

  async function mined(receipt: TransactionReceipt, what: string) {
    if (receipt.status !== "success") throw new Error(`${what} reverted`);
    return receipt;
  }

  return {
    publicClient,
    owner,
    outsider,
    /** A sender for any key, e.g. a winner claiming for itself. */
    sender: (key: Hex) => sender(privateKeyToAccount(key)),

    /** Deploys and funds distributors with lib/chain/payout-distributor, like the console and the CLI. */
    deployer,

    /** A QuestToken with 18 decimals (QuestToken's mint is open to anyone). */
    async deployToken(): Promise<Address> {
      const data = encodeDeployData({ abi: tokenArtifact.abi, bytecode: tokenArtifact.bytecode, args: [18] });
      const receipt = await mined(await outsider.send({ data }), "deploying QuestToken");
      if (!receipt.contractAddress) throw new Error("deploying QuestToken gave no address");
      return receipt.contractAddress.toLowerCase() as Address;
    },
    async mint(token: Address, to: Address, amount: bigint) {
      const data = encodeFunctionData({ abi: tokenArtifact.abi, functionName: "mint", args: [to, amount] });
      await mined(await outsider.send({ to: token, data }), "mint");
    },
    balanceOf: (token: Address, account: Address) =>
      publicClient.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [account] }),
    isClaimed: (distributor: Address, account: Address) =>
      publicClient.readContract({ address: distributor, abi: payoutDistributorAbi, functionName: "isClaimed", args: [account] }),

    claimData: (account: Address, amount: bigint, proof: Hex[]) =>
      encodeFunctionData({ abi: payoutDistributorAbi, functionName: "claim", args: [account, amount, proof] }),
    withdrawData: () => encodeFunctionData({ abi: payoutDistributorAbi, functionName: "withdraw" }),

    /** The latest block's timestamp, in unix seconds. */
    async now(): Promise<bigint> {
      return (await publicClient.getBlock()).timestamp;
    },
    /** The next transaction is mined in a block with exactly this timestamp. */
    setNextTimestamp: (timestamp: bigint) => testClient.setNextBlockTimestamp({ timestamp }),
    snapshot: () => testClient.snapshot(),
    async revert(id: Hex) {
      await testClient.revert({ id });
      await Promise.all([owner.resync(), outsider.resync()]);
    },
    stop: anvil.stop,
  };
}
