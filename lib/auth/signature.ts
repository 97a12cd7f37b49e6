/**
 * Checks that `signature` over `message` (EIP-191 personal_sign) is the wallet's. An ordinary
 * account (EOA) is checked offline by recovering the signer; anything else goes to the chain
 * through the configured RPC: ERC-1271 `isValidSignature` of a deployed smart-contract wallet,
 * or ERC-6492 for one not deployed yet (viem's verifyMessage does both). Without RPC_URL only
 * EOAs can sign in. An RPC failure throws (a 500), a wrong signature is false.
 */
import "server-only";
import { createPublicClient, http, recoverMessageAddress, type Address, type Hex, type PublicClient } from "viem";
import { chainFor } from "@/lib/chain/chains";

export type SignatureVerifier = (input: { address: Address; message: string; signature: Hex }) => Promise<boolean>;

export interface SignatureVerifierConfig {
  rpcUrl?: string;
  chainId?: number;
  timeoutMs: number;
}

export function createSignatureVerifier(cfg: SignatureVerifierConfig, client?: PublicClient): SignatureVerifier {
  const chainClient =
    client ??
    (cfg.rpcUrl
      ? createPublicClient({ chain: chainFor(cfg.chainId, cfg.rpcUrl), transport: http(cfg.rpcUrl, { timeout: cfg.timeoutMs, retryCount: 0 }) })
      : undefined);
  return async ({ address, message, signature }) => {
    if (await signedBy(address, message, signature)) return true;
    if (!chainClient) return false;
    return chainClient.verifyMessage({ address, message, signature });
  };
}

/** Offline: whether the 65-byte ECDSA signature recovers to `address`. */
async function signedBy(address: Address, message: string, signature: Hex): Promise<boolean> {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return false;
  try {
    const signer = await recoverMessageAddress({ message, signature });
    return signer.toLowerCase() === address.toLowerCase();
  } catch {
    return false;
  }
}
