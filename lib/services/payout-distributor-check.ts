/**
 * How the server reads a deployed distributor for POST /api/admin/payouts/{id}/distributor: over RPC_URL,
 * only when it serves the plan's chain. recordDistributor (lib/services/payouts.ts) compares what it reads
 * with the plan.
 */
import "server-only";
import { createPublicClient, getAddress, http } from "viem";
import { chainFor } from "@/lib/chain/chains";
import { DistributorError, readDistributor } from "@/lib/chain/payout-distributor";
import type { ChainConfig } from "@/lib/config";
import { ApiError } from "@/lib/contract/errors";
import type { DistributorState } from "@/lib/services/payouts";

export function distributorReader(chain: ChainConfig | undefined): (chainId: number, address: string) => Promise<DistributorState> {
  return async (chainId, address) => {
    if (!chain) throw new ApiError(400, `Invalid address: the server has no RPC_URL to read chain ${chainId} with`);
    const client = createPublicClient({ chain: chainFor(chain.chainId, chain.rpcUrl), transport: http(chain.rpcUrl, { timeout: chain.timeoutMs, retryCount: 0 }) });
    const served = chain.chainId ?? (await client.getChainId());
    if (served !== chainId) throw new ApiError(400, `Invalid address: the server's RPC_URL serves chain ${served}, the plan is on chain ${chainId}`);
    try {
      return await readDistributor(client, getAddress(address));
    } catch (error) {
      if (error instanceof DistributorError) throw new ApiError(400, `Invalid address: ${error.message}`);
      throw error;
    }
  };
}
