"use client";

/**
 * openConnect(): one entry point for every "Connect wallet" button. Inside a
 * Farcaster client it connects the Farcaster wallet directly; elsewhere it opens
 * RainbowKit's connect modal, downloaded on first use, so RainbowKit never weighs
 * on the first paint.
 */
import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import { useMiniApp } from "@/components/farcaster/miniapp-provider";
import { useWallet } from "@/components/wallet/wallet-provider";

interface WalletUi {
  openConnect(): void;
  /** Starts downloading the connect modal (on hover or focus of a connect button). */
  preload(): void;
}

const WalletUiContext = createContext<WalletUi>({ openConnect: () => {}, preload: () => {} });

export function useWalletUi(): WalletUi {
  return useContext(WalletUiContext);
}

export function WalletUiProvider({ children }: { children: ReactNode }) {
  const { miniApp, connectFarcaster } = useMiniApp();
  const { openModal, preloadModal } = useWallet();

  const openConnect = useCallback(() => {
    if (miniApp.status === "miniapp") void connectFarcaster();
    else openModal();
  }, [miniApp.status, connectFarcaster, openModal]);

  const value = useMemo(() => ({ openConnect, preload: preloadModal }), [openConnect, preloadModal]);
  return <WalletUiContext.Provider value={value}>{children}</WalletUiContext.Provider>;
}
