"use client";

/**
 * Client-side providers, created once per browser tab: wagmi (with the state the
 * server read from the wagmi cookie, so a returning wallet renders connected on
 * the first paint), TanStack Query, the Farcaster mini-app bridge, the connect
 * modal and the referral flow.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { WagmiProvider, cookieToInitialState } from "wagmi";
import { MiniAppProvider } from "@/components/farcaster/miniapp-provider";
import { ReferralSessionProvider } from "@/components/referral/referral-session";
import { WalletUiProvider } from "@/components/wallet/wallet-ui";
import { ApiRequestError } from "@/lib/client/api";
import { makeWagmiConfig } from "@/lib/client/wagmi";

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

export function Providers({ wagmiCookie, appName, children }: { wagmiCookie?: string; appName: string; children: ReactNode }) {
  const [config] = useState(makeWagmiConfig);
  const [queryClient] = useState(makeQueryClient);
  const [initialState] = useState(() => cookieToInitialState(config, wagmiCookie));
  return (
    <WagmiProvider config={config} initialState={initialState}>
      <QueryClientProvider client={queryClient}>
        <MiniAppProvider>
          <WalletUiProvider appName={appName}>
            <ReferralSessionProvider>{children}</ReferralSessionProvider>
          </WalletUiProvider>
        </MiniAppProvider>
      </QueryClientProvider>
    </WagmiProvider>
  );
}
