/** The viem chain for CHAIN_ID: a chain viem knows (with its Multicall3, if any), else a minimal custom one. */
import "server-only";
import { defineChain, type Chain } from "viem";
import * as knownChains from "viem/chains";

function isChain(value: unknown): value is Chain {
  return typeof value === "object" && value !== null && "id" in value && "rpcUrls" in value;
}

/** Several definitions can share an id (31337: anvil, foundry, hardhat); the one with a Multicall3 wins. */
function findKnownChain(chainId: number): Chain | undefined {
  const all: unknown[] = Object.values(knownChains);
  const matches = all.filter((c): c is Chain => isChain(c) && c.id === chainId);
  return matches.find((c) => c.contracts?.multicall3) ?? matches[0];
}

/** undefined when no CHAIN_ID is configured: calls still work, only Multicall3 and the ping's id check are off. */
export function chainFor(chainId: number | undefined, rpcUrl: string): Chain | undefined {
  if (chainId === undefined) return undefined;
  return (
    findKnownChain(chainId) ??
    defineChain({
      id: chainId,
      name: `Chain ${chainId}`,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    })
  );
}
