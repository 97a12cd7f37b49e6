/** What the services need from the chain: one question, answered by lib/chain or a test double. */
export interface NftVerifier {
  /** True when the wallet holds the NFT or has at least one active stake. Throws on RPC failure or timeout. */
  hasNftOrStake(wallet: `0x${string}`): Promise<boolean>;
  /** Cheap reachability probe for /api/health. */
  ping(): Promise<void>;
}
