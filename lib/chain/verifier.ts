/** nft_mint verification over viem: balanceOf(wallet) > 0, else a non-empty stake-ids list. */
import "server-only";
import { createPublicClient, erc721Abi, http, parseAbiItem, type AbiFunction } from "viem";
import type { ChainConfig } from "@/lib/config";
import type { NftVerifier } from "@/lib/chain/types";

export function createNftVerifier(cfg: ChainConfig): NftVerifier {
  const client = createPublicClient({
    transport: http(cfg.rpcUrl, { timeout: cfg.timeoutMs, retryCount: 1 }),
  });
  const stakeIds = parseAbiItem(cfg.stakeIdsFunction) as AbiFunction;
  return {
    async hasNftOrStake(wallet) {
      if (cfg.nftContract) {
        const balance = await client.readContract({
          address: cfg.nftContract,
          abi: erc721Abi,
          functionName: "balanceOf",
          args: [wallet],
        });
        if (balance > 0n) return true;
      }
      if (cfg.stakingContract) {
        const ids: unknown = await client.readContract({
          address: cfg.stakingContract,
          abi: [stakeIds],
          functionName: stakeIds.name,
          args: [wallet],
        });
        return Array.isArray(ids) && ids.length > 0;
      }
      return false;
    },
    async ping() {
      await client.getBlockNumber({ cacheTime: 0 });
    },
  };
}
