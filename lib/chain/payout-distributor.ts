/**
 * The payout distributor (contracts/PayoutDistributor.sol) over viem: deploy it for a plan, fund it with
 * the plan's total, and read back what a deployed one pays so the app can check it against its plan.
 * No "server-only": the console deploys from the admin's wallet in the browser, the CLI from a key.
 */
import {
  AbiDecodingDataSizeTooSmallError,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  erc20Abi,
  TransactionNotFoundError,
  type Account,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from "viem";
import { payoutDistributorAbi, payoutDistributorBytecode } from "@/lib/chain/payout-distributor-artifact";

/** A wallet client with its chain and account set, as wagmi's useWalletClient and the CLI give it. */
export type DistributorWalletClient = WalletClient<Transport, Chain, Account>;

/** The address holds no distributor, or a transaction of ours reverted: the caller's input is wrong. */
export class DistributorError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DistributorError";
  }
}

export interface DistributorParams {
  token: Address;
  /** The plan's Merkle root (StandardMerkleTree, leaves ["address", "uint256"]). */
  root: Hex;
  /** Unix seconds: claims while block.timestamp < deadline, the owner withdraws from it on. */
  deadline: bigint;
  /** Receives withdraw()'s remainder. */
  owner: Address;
}

export interface DistributorState {
  token: Address;
  root: Hex;
  deadline: bigint;
}

/** Called with each transaction's hash as soon as the wallet sent it, before it is mined. */
export type OnSent = (txHash: Hex) => void;

/** The contract answered, but not as a distributor: reverted, returned nothing, or returned too little. */
function isWrongContract(error: unknown): error is BaseError {
  return (
    error instanceof BaseError &&
    error.walk(
      (e) =>
        e instanceof ContractFunctionRevertedError ||
        e instanceof ContractFunctionZeroDataError ||
        e instanceof AbiDecodingDataSizeTooSmallError,
    ) !== null
  );
}

/**
 * Generic over the chain: a client of a chain with its own formatters (Base's deposit transactions,
 * as wagmi gives it) is not assignable to a plain PublicClient.
 */
type AnyPublicClient<chain extends Chain | undefined> = PublicClient<Transport, chain>;

async function mined<chain extends Chain | undefined>(publicClient: AnyPublicClient<chain>, txHash: Hex, what: string) {
  const receipt = await publicClient.waitForTransactionReceipt({ hash: txHash });
  if (receipt.status !== "success") throw new DistributorError(`${what} reverted (transaction ${txHash})`);
  return receipt;
}

/** Deploys a distributor and waits for it to be mined. The constructor refuses a zero token or root and a past deadline. */
export async function deployDistributor<chain extends Chain | undefined>(
  walletClient: DistributorWalletClient,
  publicClient: AnyPublicClient<chain>,
  params: DistributorParams,
  onSent?: OnSent,
): Promise<{ address: Address; txHash: Hex }> {
  const txHash = await sendDeployment(walletClient, params);
  onSent?.(txHash);
  return { address: await deployedBy(publicClient, txHash), txHash };
}

/** Sends a distributor's deployment; resolves with its hash as soon as the wallet sent it. */
export function sendDeployment(walletClient: DistributorWalletClient, { token, root, deadline, owner }: DistributorParams): Promise<Hex> {
  return walletClient.deployContract({
    abi: payoutDistributorAbi,
    bytecode: payoutDistributorBytecode,
    args: [token, root, deadline, owner],
  });
}

/** The distributor a deploy transaction made, once it is mined (also one sent before a page reload). */
export async function deployedBy<chain extends Chain | undefined>(publicClient: AnyPublicClient<chain>, txHash: Hex): Promise<Address> {
  const receipt = await mined(publicClient, txHash, "deploying the distributor");
  if (!receipt.contractAddress) throw new DistributorError(`deploying the distributor gave no address (transaction ${txHash})`);
  return receipt.contractAddress.toLowerCase() as Address;
}

export interface Funding {
  token: Address;
  distributor: Address;
  amount: bigint;
}

/** Sends `amount` base units of the token from the wallet to the distributor (a plain ERC-20 transfer, no approval needed). */
export async function fundDistributor<chain extends Chain | undefined>(
  walletClient: DistributorWalletClient,
  publicClient: AnyPublicClient<chain>,
  funding: Funding,
  onSent?: OnSent,
): Promise<{ txHash: Hex }> {
  const txHash = await sendFunding(walletClient, funding);
  onSent?.(txHash);
  await fundedBy(publicClient, txHash);
  return { txHash };
}

/** Sends the funding transfer; resolves with its hash as soon as the wallet sent it. A zero or negative amount is refused before anything is sent. */
export async function sendFunding(walletClient: DistributorWalletClient, { token, distributor, amount }: Funding): Promise<Hex> {
  if (amount <= 0n) throw new DistributorError(`amount must be positive, got ${amount}`);
  return walletClient.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: "transfer",
    args: [distributor, amount],
  });
}

/** Waits for a funding transfer to be mined (also one sent before a page reload). */
export async function fundedBy<chain extends Chain | undefined>(publicClient: AnyPublicClient<chain>, txHash: Hex): Promise<void> {
  await mined(publicClient, txHash, "funding the distributor");
}

/**
 * Whether the chain knows a transaction sent earlier, pending or mined. One the wallet dropped or
 * replaced is unknown: waiting for it would wait for nothing.
 */
export async function isKnownTransaction<chain extends Chain | undefined>(publicClient: AnyPublicClient<chain>, txHash: Hex): Promise<boolean> {
  try {
    await publicClient.getTransaction({ hash: txHash });
    return true;
  } catch (error) {
    if (error instanceof TransactionNotFoundError) return false;
    throw error;
  }
}

/** The token's balance of `account`, in base units. */
export function tokenBalance<chain extends Chain | undefined>(publicClient: AnyPublicClient<chain>, token: Address, account: Address): Promise<bigint> {
  return publicClient.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [account] });
}

/**
 * What the distributor at `address` pays: its token, root and deadline. DistributorError when the
 * address holds no code or code without those getters; an unreachable RPC throws viem's own error.
 */
export async function readDistributor<chain extends Chain | undefined>(
  publicClient: AnyPublicClient<chain>,
  address: Address,
): Promise<DistributorState> {
  const code = await publicClient.getCode({ address });
  if (!code || code === "0x") throw new DistributorError(`no contract at ${address}`);
  const read = <F extends "token" | "merkleRoot" | "deadline">(functionName: F) =>
    publicClient.readContract({ address, abi: payoutDistributorAbi, functionName });
  try {
    const [token, root, deadline] = await Promise.all([read("token"), read("merkleRoot"), read("deadline")]);
    return { token: token.toLowerCase() as Address, root, deadline };
  } catch (error) {
    if (isWrongContract(error)) {
      throw new DistributorError(`the contract at ${address} is not a payout distributor: ${error.shortMessage}`, {
        cause: error,
      });
    }
    throw error;
  }
}
