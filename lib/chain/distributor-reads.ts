/**
 * Reads a deployed payout distributor over RPC_URL, for POST /api/admin/payouts/{id}/distributor.
 * RPC_URL serves one chain: a plan on another chain cannot be checked through it, and says so.
 */
import { BaseError, createPublicClient, http, type Address } from "viem";
import { chainFor } from "@/lib/chain/chains";
import { DistributorError, readDistributor, type DistributorState } from "@/lib/chain/payout-distributor";
import { ChainError } from "@/lib/chain/verifier";
import type { ChainConfig } from "@/lib/config";

/** The plan is on another chain than the one RPC_URL serves. */
export class ChainMismatchError extends Error {
  constructor(
    readonly served: number,
    readonly wanted: number,
  ) {
    super(`RPC_URL serves chain ${served}, and the plan is on chain ${wanted}`);
    this.name = "ChainMismatchError";
  }
}

/**
 * What the distributor at `address` on chain `chainId` pays. Throws DistributorError when the address
 * holds no distributor, ChainMismatchError for a plan on another chain, ChainError when the RPC fails.
 */
export type DistributorReads = (chainId: number, address: Address) => Promise<DistributorState>;

export function createDistributorReads(cfg: ChainConfig): DistributorReads {
  const client = createPublicClient({
    chain: chainFor(cfg.chainId, cfg.rpcUrl),
    transport: http(cfg.rpcUrl, { timeout: cfg.timeoutMs, retryCount: 0 }),
  });
  return async (chainId, address) => {
    try {
      const served = await client.getChainId();
      if (served !== chainId) throw new ChainMismatchError(served, chainId);
      return await readDistributor(client, address);
    } catch (error) {
      if (error instanceof DistributorError || error instanceof ChainMismatchError) throw error;
      throw new ChainError(error instanceof BaseError ? error.shortMessage : String(error), { cause: error });
    }
  };
}
