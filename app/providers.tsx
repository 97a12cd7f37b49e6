"use client";

/**
 * Client-side providers, created once per browser tab: TanStack Query, the wallet
 * (rendered from the account the server read from wagmi's cookie, so a returning
 * wallet renders connected on the first paint; wagmi itself loads after hydration),
 * the Farcaster mini-app bridge and the referral flow.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { MiniAppProvider } from "@/components/farcaster/miniapp-provider";
import { ReferralSessionProvider } from "@/components/referral/referral-session";
import { WalletProvider } from "@/components/wallet/wallet-provider";
import { ApiRequestError } from "@/lib/client/api";
import type { WalletAccount } from "@/lib/client/wagmi";

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // Retry what may pass next time (network, 5xx, 429); a 4xx will not change.
        retry: (failures, error) => failures < 2 && (!(error instanceof ApiRequestError) || error.retryable),
      },
    },
  });
}

export function Providers({
  wagmiState,
  initialAccount,
  appName,
  children,
}: {
  /** The value of wagmi's state cookie, if any. */
  wagmiState?: string;
  initialAccount: WalletAccount;
  appName: string;
  children: ReactNode;
}) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <WalletProvider initialAccount={initialAccount} cookie={wagmiState} appName={appName}>
        <MiniAppProvider>
          <ReferralSessionProvider>{children}</ReferralSessionProvider>
        </MiniAppProvider>
      </WalletProvider>
    </QueryClientProvider>
  );
}
