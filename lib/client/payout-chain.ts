/**
 * The payout chain in the browser, through the connected wallet's own EIP-1193 provider (Wallet.provider):
 * a plan may be on any EVM chain, not only wagmi's, and the app's wagmi transports refuse every call on
 * purpose. Reads (eth_call), writes and the wait for their receipts all go to the wallet, which answers
 * them from its own node: the browser never calls a public RPC endpoint.
 */
import {
  BaseError,
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  erc20Abi,
  formatUnits,
  getAddress,
  UserRejectedRequestError,
  type EIP1193Provider,
  type Hex,
} from "viem";
import { payoutDistributorAbi } from "@/lib/chain/payout-distributor-artifact";
import type { DistributorWalletClient } from "@/lib/chain/payout-distributor";

/** The console deploys and funds a plan's distributor with the same helpers as the CLI. */
export { deployedBy, DistributorError, fundedBy, isKnownTransaction, sendDeployment, sendFunding, tokenBalance } from "@/lib/chain/payout-distributor";

/** How often a receipt is asked for while a transaction is pending (viem's default for a custom transport is 4 s). */
const POLLING_MS = 1_000;

/**
 * A chain known only by its id: no RPC URL, since every call goes through the wallet. viem checks the
 * wallet is on it before it sends anything.
 */
function chainOf(chainId: number) {
  return defineChain({
    id: chainId,
    name: `Chain ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [] } },
  });
}

/** The chains a wallet is most often on (lib/client/wagmi.ts's), by name; any other by its id. */
const CHAIN_NAMES: Record<number, string> = { 1: "Ethereum", 8453: "Base", 10: "OP Mainnet", 42161: "Arbitrum One", 137: "Polygon" };
export const chainName = (chainId: number) => CHAIN_NAMES[chainId] ?? `chain ${chainId}`;

/** The clients of one wallet on one chain. */
export function payoutClients(provider: EIP1193Provider, chainId: number, account: string) {
  const chain = chainOf(chainId);
  const transport = custom(provider);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: POLLING_MS });
  const walletClient: DistributorWalletClient = createWalletClient({ chain, transport, account: getAddress(account), pollingInterval: POLLING_MS });
  return { publicClient, walletClient };
}
export type PayoutClients = ReturnType<typeof payoutClients>;

/** The chain the wallet is on now. */
export async function walletChainId(provider: EIP1193Provider): Promise<number> {
  return Number(await provider.request({ method: "eth_chainId" }));
}

/** Asks the wallet to move to the plan's chain; a wallet that does not know it says so (4902). */
export async function switchWalletChain(provider: EIP1193Provider, chainId: number): Promise<void> {
  await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: `0x${chainId.toString(16)}` }] });
}

export interface TokenInfo {
  decimals: number;
  symbol: string;
}

/** The token's decimals and symbol, as the contract answers them. */
export async function readToken({ publicClient }: PayoutClients, token: string): Promise<TokenInfo> {
  const address = getAddress(token);
  const [decimals, symbol] = await Promise.all([
    publicClient.readContract({ address, abi: erc20Abi, functionName: "decimals" }),
    publicClient.readContract({ address, abi: erc20Abi, functionName: "symbol" }),
  ]);
  return { decimals, symbol };
}

export function isClaimed({ publicClient }: PayoutClients, distributor: string, account: string): Promise<boolean> {
  return publicClient.readContract({ address: getAddress(distributor), abi: payoutDistributorAbi, functionName: "isClaimed", args: [getAddress(account)] });
}

export interface ClaimCall {
  distributor: string;
  account: string;
  amount: string;
  proof: string[];
}

/** Sends the claim (one transaction, from the connected wallet for itself) and waits for it to be mined. */
export async function sendClaim({ publicClient, walletClient }: PayoutClients, claim: ClaimCall, onSent: (txHash: Hex) => void): Promise<void> {
  const txHash = await walletClient.writeContract({
    address: getAddress(claim.distributor),
    abi: payoutDistributorAbi,
    functionName: "claim",
    args: [getAddress(claim.account), BigInt(claim.amount), claim.proof as Hex[]],
  });
  onSent(txHash);
  const receipt = await publicClient.waitForTransactionReceipt({ hash: txHash });
  if (receipt.status !== "success") throw new Error(`The claim reverted (transaction ${txHash}).`);
}

/** True when the person said no in their wallet: the page goes back to its button, without an error. */
export function rejectedInWallet(error: unknown): boolean {
  if (error instanceof BaseError) return error.walk((e) => e instanceof UserRejectedRequestError) !== null;
  return typeof error === "object" && error !== null && "code" in error && error.code === 4001;
}

/** A token amount in whole units with the token's decimals, grouped, e.g. 1234.5 -> "1,234.5". */
export function formatTokenAmount(amount: string, decimals: number): string {
  const [whole = "0", fraction] = formatUnits(BigInt(amount), decimals).split(".");
  const grouped = BigInt(whole).toLocaleString("en-US");
  return fraction ? `${grouped}.${fraction}` : grouped;
}
