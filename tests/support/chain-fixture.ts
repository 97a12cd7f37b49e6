/**
 * The test contracts on a local chain: deploy, mint an NFT, give stakes. Plain async functions with
 * no test-runner imports, so vitest suites and Playwright's global setup share them.
 * Deploying runs scripts/deploy-local.mjs (which compiles contracts/ when stale): one implementation.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  http,
  parseAbi,
  type Abi,
  type Address,
  type Hex,
} from "viem";
import { nonceManager, privateKeyToAccount } from "viem/accounts";
import { startAnvil } from "@/tests/support/anvil";

/**
 * Anvil's second dev account sends the fixture's transactions; deploy-local.mjs deploys with the first,
 * so the two never race for a nonce. Public knowledge, funded on every fresh anvil, worthless elsewhere.
 */
const SENDER_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

export const ALT_STAKE_IDS_FUNCTION = "function stakesOf(address) view returns (uint256[])";

const fixtureAbi = parseAbi([
  "function mint(address to) returns (uint256)",
  "function setStakes(address user, uint256[] ids)",
]);

export interface ChainContracts {
  chainId: number;
  rpcUrl: string;
  /** RefboardNft: mint(to) by anyone. */
  nft: Address;
  /** StakingPool: getUserStakeIds(address), the default STAKE_IDS_FUNCTION. */
  staking: Address;
  /** AltStakingPool: stakesOf(address), for ALT_STAKE_IDS_FUNCTION. */
  altStaking: Address;
  /** A Multicall3 (aggregate3 only) that viem's definition of the local chain does not know about. */
  multicall3: Address;
}

export interface LocalChain extends ChainContracts {
  stop(): Promise<void>;
}

/** Deploys a fresh set of the test contracts to the chain at rpcUrl. */
export async function deployContracts(rpcUrl: string): Promise<ChainContracts> {
  const script = join(process.cwd(), "scripts", "deploy-local.mjs");
  const { stdout } = await promisify(execFile)(process.execPath, [script, "--rpc-url", rpcUrl, "--json"]);
  const deployed = JSON.parse(stdout.trim().split("\n").pop() ?? "") as ChainContracts;
  for (const key of ["nft", "staking", "altStaking", "multicall3"] as const) {
    if (!/^0x[0-9a-f]{40}$/.test(deployed[key])) throw new Error(`deploy-local.mjs printed no ${key} address: ${stdout}`);
  }
  return deployed;
}

/** A fresh anvil with the test contracts deployed. */
export async function startChain(): Promise<LocalChain> {
  const anvil = await startAnvil();
  try {
    return { ...(await deployContracts(anvil.rpcUrl)), stop: anvil.stop };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/** What the app reads to verify against this chain (lib/config). */
export function chainEnv(contracts: ChainContracts): Record<string, string> {
  return {
    CHAIN_ID: String(contracts.chainId),
    RPC_URL: contracts.rpcUrl,
    NFT_CONTRACT: contracts.nft,
    STAKING_CONTRACT: contracts.staking,
  };
}

const senders = new Map<string, ReturnType<typeof createSender>>();

function createSender(contracts: ChainContracts) {
  const { publicClient, walletClient } = clientsOf(contracts);
  return async (to: Address, data: Hex) => {
    const hash = await walletClient.sendTransaction({ to, data });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`transaction to ${to} reverted`);
  };
}

function clientsOf(contracts: ChainContracts) {
  const chain = defineChain({
    id: contracts.chainId,
    name: "local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [contracts.rpcUrl] } },
  });
  const transport = http(contracts.rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const walletClient = createWalletClient({ chain, transport, account: privateKeyToAccount(SENDER_KEY, { nonceManager }) });
  return { publicClient, walletClient };
}

function sender(contracts: ChainContracts) {
  let send = senders.get(contracts.rpcUrl);
  if (!send) senders.set(contracts.rpcUrl, (send = createSender(contracts)));
  return send;
}

/** Mints one RefboardNft to the wallet. */
export async function mintNft(contracts: ChainContracts, to: Address): Promise<void> {
  await sender(contracts)(contracts.nft, encodeFunctionData({ abi: fixtureAbi, functionName: "mint", args: [to] }));
}

/** Replaces the wallet's active stake ids in a staking pool ([] unstakes everything). */
export async function setStakes(
  contracts: ChainContracts,
  wallet: Address,
  ids: bigint[],
  pool: "staking" | "altStaking" = "staking",
): Promise<void> {
  const data = encodeFunctionData({ abi: fixtureAbi, functionName: "setStakes", args: [wallet, ids] });
  await sender(contracts)(contracts[pool], data);
}

/**
 * Deploys a SmartWallet (contracts/SmartWallet.sol, ERC-1271) owned by `owner`: a signature by the
 * owner's key is valid for the wallet's address. Call after deployContracts, which compiles contracts/.
 */
export async function deploySmartWallet(contracts: ChainContracts, owner: Address): Promise<Address> {
  const artifact = JSON.parse(readFileSync(join(process.cwd(), "contracts", "build", "SmartWallet.json"), "utf8")) as {
    abi: Abi;
    bytecode: Hex;
  };
  const { publicClient, walletClient } = clientsOf(contracts);
  const hash = await walletClient.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args: [owner] });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success" || !receipt.contractAddress) throw new Error("deploying SmartWallet failed");
  return receipt.contractAddress.toLowerCase() as Address;
}
