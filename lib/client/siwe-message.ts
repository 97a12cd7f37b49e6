/**
 * The EIP-4361 message a wallet signs to sign in. Loaded only when the server asks for
 * sign-in (WALLET_AUTH=siwe), so viem's checksum and message code stay off the first paint.
 */
import { getAddress } from "viem";
import { createSiweMessage } from "viem/siwe";

export function signInMessage({ wallet, chainId, nonce }: { wallet: string; chainId: number; nonce: string }): string {
  return createSiweMessage({
    address: getAddress(wallet),
    chainId,
    domain: window.location.host,
    uri: window.location.origin,
    version: "1",
    nonce,
    issuedAt: new Date(),
    statement: "Sign in with your wallet. This proves the wallet is yours; it sends no transaction and costs nothing.",
  });
}
