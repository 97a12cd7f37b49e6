/**
 * Whether wallets look fresh on the configured chain: no transaction ever sent (nonce 0) and no
 * balance. A farm's referees are typically such wallets, made for the referral and nothing else.
 * A page of wallets is read in ONE batched JSON-RPC request (viem's http batching: every call of
 * the same tick goes out as one JSON array), two calls a wallet, over the RPC the app already uses
 * for nft_mint (RPC_URL), within its RPC_TIMEOUT_MS.
 */
import "server-only";
import { createPublicClient, http, type Address, type Transport } from "viem";
import { chainFor } from "@/lib/chain/chains";
import type { ChainConfig } from "@/lib/config";
import type { AccountActivity } from "@/lib/domain/qualify";

/** Most wallets one freshOf call reads: one batch of 2 calls each stays within common RPC batch limits (1,000). */
export const MAX_ACTIVITY_BATCH = 250;

export interface WalletActivity {
  /** For each wallet, in order: the transactions it has sent and its balance. Throws on RPC failure. */
  accountsOf(wallets: Address[]): Promise<AccountActivity[]>;
  /** For each wallet, in order: true when it has sent no transaction and holds nothing. Throws on RPC failure. */
  freshOf(wallets: Address[]): Promise<boolean[]>;
}

export function createWalletActivity(cfg: ChainConfig, options: { transport?: Transport } = {}): WalletActivity {
  const client = createPublicClient({
    chain: chainFor(cfg.chainId, cfg.rpcUrl),
    transport: options.transport ?? http(cfg.rpcUrl, { batch: { batchSize: 2 * MAX_ACTIVITY_BATCH, wait: 0 }, timeout: cfg.timeoutMs, retryCount: 0 }),
  });
  const accountsOf = async (wallets: Address[]): Promise<AccountActivity[]> => {
    if (wallets.length > MAX_ACTIVITY_BATCH) throw new RangeError(`accountsOf reads at most ${MAX_ACTIVITY_BATCH} wallets, got ${wallets.length}`);
    // Started together, so the transport sends them as one batch.
    const reads = wallets.map((address) =>
      Promise.all([client.getTransactionCount({ address }), client.getBalance({ address })]).then(([sent, balance]) => ({ sent, balance })),
    );
    return Promise.all(reads);
  };
  return {
    accountsOf,
    async freshOf(wallets) {
      return (await accountsOf(wallets)).map(({ sent, balance }) => sent === 0 && balance === 0n);
    },
  };
}
