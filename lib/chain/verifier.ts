/**
 * nft_mint verification over viem: ERC-721 balanceOf(wallet) > 0, else a non-empty stake-ids list.
 * One eth_call when the balance suffices, two otherwise; one in all cases when the chain has a Multicall3.
 * Never a loop over token ids: its cost grows with the collection, one RPC call per token.
 */
import "server-only";
import {
  BaseError,
  createPublicClient,
  decodeFunctionResult,
  encodeFunctionData,
  erc721Abi,
  ExecutionRevertedError,
  hexToNumber,
  http,
  multicall3Abi,
  type Address,
  type Chain,
  type Hex,
  type Transport,
} from "viem";
import { chainFor } from "@/lib/chain/chains";
import { parseStakeIdsFunction } from "@/lib/chain/stake-ids";
import type { NftVerifier } from "@/lib/chain/types";
import { ConfigError, type ChainConfig } from "@/lib/config";

/** One retry, soon: enough for a dropped connection or a 429/5xx blip, never a second full timeout. */
const RETRY_COUNT = 1;
const RETRY_DELAY_MS = 100;

export interface NftVerifierOptions {
  /** Replaces the HTTP transport built from cfg.rpcUrl, e.g. one that counts requests in tests. */
  transport?: Transport;
  /** Replaces the chain derived from cfg.chainId, e.g. a local chain given a Multicall3 in tests. */
  chain?: Chain;
}

/** An RPC failure, timeout or unusable contract answer: verify turns it into a 500, progress logs it. */
export class ChainError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ChainError";
  }
}

function summarise(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage;
  return error instanceof Error ? error.message : String(error);
}

function isRevert(error: unknown): boolean {
  return error instanceof BaseError && error.walk((e) => e instanceof ExecutionRevertedError) !== null;
}

export function createNftVerifier(cfg: ChainConfig, options: NftVerifierOptions = {}): NftVerifier {
  const { nftContract: nft, stakingContract: staking, timeoutMs } = cfg;
  if (!nft && !staking) {
    throw new ConfigError(
      "Invalid configuration: RPC_URL is set but neither NFT_CONTRACT nor STAKING_CONTRACT is; " +
        "set at least one, or unset RPC_URL to turn on-chain verification off",
    );
  }
  const stakeIdsFn = parseStakeIdsFunction(cfg.stakeIdsFunction);
  const stakeIdsAbi = [stakeIdsFn];
  const chain = options.chain ?? chainFor(cfg.chainId, cfg.rpcUrl);
  const client = createPublicClient({
    chain,
    transport:
      options.transport ??
      http(cfg.rpcUrl, { timeout: timeoutMs, retryCount: RETRY_COUNT, retryDelay: RETRY_DELAY_MS }),
  });
  /** Dropped for the process's life once it proves unusable (reverts or answers nothing), so it costs one call at most. */
  let multicall3: Address | undefined = nft && staking ? chain?.contracts?.multicall3?.address : undefined;

  /** Bounds the whole verification, retries and both calls included, by cfg.timeoutMs; aborts what is in flight. */
  async function withinBudget<T>(what: string, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new ChainError(`${what}: no answer from the RPC within ${timeoutMs} ms`);
        controller.abort(error);
        reject(error);
      }, timeoutMs);
    });
    try {
      return await Promise.race([run(controller.signal), expired]);
    } catch (error) {
      if (error instanceof ChainError) throw error;
      throw new ChainError(`${what}: ${summarise(error)}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  async function ethCall(to: Address, data: Hex, signal: AbortSignal): Promise<Hex> {
    const result = await client.call({ to, data, requestOptions: { signal } });
    return result.data ?? "0x";
  }

  const balanceOfData = (wallet: Address) =>
    encodeFunctionData({ abi: erc721Abi, functionName: "balanceOf", args: [wallet] });
  const stakeIdsData = (wallet: Address) =>
    encodeFunctionData({ abi: stakeIdsAbi, functionName: stakeIdsFn.name, args: [wallet] });
  const decodeBalance = (data: Hex) => decodeFunctionResult({ abi: erc721Abi, functionName: "balanceOf", data });
  function decodeStakeCount(data: Hex): number {
    const ids: unknown = decodeFunctionResult({ abi: stakeIdsAbi, functionName: stakeIdsFn.name, data });
    if (!Array.isArray(ids)) throw new ChainError(`${stakeIdsFn.name} did not return an array`);
    return ids.length;
  }

  async function readBalance(wallet: Address, signal: AbortSignal): Promise<bigint> {
    if (!nft) return 0n;
    try {
      return decodeBalance(await ethCall(nft, balanceOfData(wallet), signal));
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ChainError(`balanceOf on NFT_CONTRACT ${nft} failed: ${summarise(error)}`, { cause: error });
    }
  }

  async function readStakeCount(wallet: Address, signal: AbortSignal): Promise<number> {
    if (!staking) return 0;
    try {
      return decodeStakeCount(await ethCall(staking, stakeIdsData(wallet), signal));
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ChainError(`${stakeIdsFn.name} on STAKING_CONTRACT ${staking} failed: ${summarise(error)}`, {
        cause: error,
      });
    }
  }

  async function readSeparately(wallet: Address, signal: AbortSignal): Promise<boolean> {
    if ((await readBalance(wallet, signal)) > 0n) return true;
    return (await readStakeCount(wallet, signal)) > 0;
  }

  /**
   * Both reads in one aggregate3. The rule stays that of readSeparately: the balance decides first, and a
   * part that failed inside the multicall is read again on its own, so its real answer or error counts.
   */
  async function readTogether(multicall: Address, wallet: Address, signal: AbortSignal): Promise<boolean> {
    if (!nft || !staking) return readSeparately(wallet, signal);
    const data = encodeFunctionData({
      abi: multicall3Abi,
      functionName: "aggregate3",
      args: [
        [
          { target: nft, allowFailure: true, callData: balanceOfData(wallet) },
          { target: staking, allowFailure: true, callData: stakeIdsData(wallet) },
        ],
      ],
    });
    let answer: Hex;
    try {
      answer = await ethCall(multicall, data, signal);
    } catch (error) {
      // An RPC failure or timeout is the answer; only a Multicall3 that reverts is given up.
      if (signal.aborted || !isRevert(error)) throw error;
      return dropMulticall(multicall, error, wallet, signal);
    }
    let results;
    try {
      results = decodeFunctionResult({ abi: multicall3Abi, functionName: "aggregate3", data: answer });
    } catch (error) {
      // "0x": no contract at that address on this chain.
      return dropMulticall(multicall, error, wallet, signal);
    }
    const [balancePart, stakesPart] = results;
    const balance = balancePart?.success ? tryDecode(() => decodeBalance(balancePart.returnData)) : undefined;
    if ((balance ?? (await readBalance(wallet, signal))) > 0n) return true;
    const count = stakesPart?.success ? tryDecode(() => decodeStakeCount(stakesPart.returnData)) : undefined;
    return (count ?? (await readStakeCount(wallet, signal))) > 0;
  }

  function dropMulticall(multicall: Address, error: unknown, wallet: Address, signal: AbortSignal): Promise<boolean> {
    console.warn(`[refboard] Multicall3 at ${multicall} is unusable (${summarise(error)}); using separate calls`);
    multicall3 = undefined;
    return readSeparately(wallet, signal);
  }

  return {
    hasNftOrStake(input) {
      // viem rejects mixed case that is not a valid checksum; lowercase is always accepted.
      const wallet = input.toLowerCase() as Address;
      return withinBudget(`nft_mint verification of ${wallet}`, (signal) =>
        multicall3 ? readTogether(multicall3, wallet, signal) : readSeparately(wallet, signal),
      );
    },
    ping() {
      return withinBudget("RPC ping", async (signal) => {
        const served = hexToNumber(await client.request({ method: "eth_chainId" }, { signal }));
        if (chain && served !== chain.id) {
          throw new ChainError(`RPC_URL serves chain ${served}, but CHAIN_ID is ${chain.id}`);
        }
      });
    },
  };
}

function tryDecode<T>(decode: () => T): T | undefined {
  try {
    return decode();
  } catch {
    return undefined;
  }
}
