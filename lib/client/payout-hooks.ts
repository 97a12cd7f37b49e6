"use client";

/**
 * Payouts in the browser: a wallet's claims and their state on chain (read through the wallet with
 * lib/client/payout-chain.ts, downloaded with the first read: the dashboard's claim link must not put
 * viem and the distributor's bytecode on the first load), and the console's plans.
 */
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { EIP1193Provider } from "viem";
import { api, queryKeys } from "@/lib/client/api";
import type { TokenInfo } from "@/lib/client/payout-chain";
import { useWallet } from "@/lib/client/wallet";
import type { ClaimResponse } from "@/lib/contract/payout-schemas";

export type Claim = ClaimResponse["claims"][number];

export function useClaims(wallet: string | undefined) {
  return useQuery({ queryKey: queryKeys.claims(wallet ?? ""), queryFn: () => api.claims(wallet ?? ""), enabled: Boolean(wallet) });
}

/** What the chain says of one claim, read through the wallet: on another chain it cannot be read at all. */
export type ClaimOnChain = { network: "wrong"; walletChainId: number } | { network: "right"; token: TokenInfo; claimed: boolean };

const claimOnChainKey = (plan: string, wallet: string) => ["claim-on-chain", plan, wallet] as const;

/** Keyed by the wallet's chain too: a switch reads everything again from the new chain. */
function claimOnChainQuery(claim: Claim, wallet: string, chainId: number | undefined, provider: () => Promise<EIP1193Provider>) {
  return queryOptions({
    queryKey: [...claimOnChainKey(claim.plan, wallet), chainId ?? 0],
    queryFn: async (): Promise<ClaimOnChain> => {
      const { isClaimed, payoutClients, readToken, walletChainId } = await import("@/lib/client/payout-chain");
      const eip1193 = await provider();
      const current = await walletChainId(eip1193);
      if (current !== claim.chainId) return { network: "wrong", walletChainId: current };
      const clients = payoutClients(eip1193, claim.chainId, wallet);
      const [token, claimed] = await Promise.all([readToken(clients, claim.token), isClaimed(clients, claim.distributor, wallet)]);
      return { network: "right", token, claimed };
    },
    // Only the wallet's own calls: a failed read says so instead of retrying against a wallet that refuses.
    retry: false,
  });
}

/** Read once wagmi has the wallet connected: while it reconnects from the cookie there is no provider yet. */
export function useClaimOnChain(claim: Claim, wallet: string) {
  const { chainId, provider, status } = useWallet();
  return useQuery({ ...claimOnChainQuery(claim, wallet, chainId, provider), enabled: status === "connected" });
}

/**
 * Whether the wallet may still claim something: a claim before its deadline that the contract, once read,
 * does not say is claimed. One the wallet cannot read (on another chain, or a read that failed) counts: the
 * claim page tells more. One still being read does not, so a claimed payout never flashes the link.
 */
export function useHasUnclaimed(wallet: string): boolean {
  const { chainId, provider, status } = useWallet();
  const claims = useClaims(wallet);
  const [now] = useState(() => Date.now() / 1000);
  const open = (claims.data?.claims ?? []).filter((claim) => claim.deadline > now);
  const reads = useQueries({ queries: open.map((claim) => ({ ...claimOnChainQuery(claim, wallet, chainId, provider), enabled: status === "connected" })) });
  return reads.some((read) => (read.data ? !(read.data.network === "right" && read.data.claimed) : read.isError));
}

/** Reads the claim on chain again: after its transaction, or after the wallet switched chains (which wagmi may not report for a chain it does not know). */
export function useReadClaimAgain(claim: Claim, wallet: string) {
  const qc = useQueryClient();
  return useCallback(() => qc.invalidateQueries({ queryKey: claimOnChainKey(claim.plan, wallet) }), [qc, claim.plan, wallet]);
}

/** The console's plans, newest first. */
export function usePayoutPlans() {
  return useQuery({ queryKey: queryKeys.payoutPlans, queryFn: api.payoutPlans });
}

/** A change to the plans (a new plan, a recorded distributor): the console's list is read again after it. */
export function usePayoutPlansChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.payoutPlans }),
  });
}
