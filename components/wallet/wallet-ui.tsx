"use client";

/**
 * One entry point for every "Connect wallet" button. Inside a Farcaster client it connects the
 * Farcaster wallet directly; elsewhere it opens RainbowKit's connect modal, downloaded on first
 * use (preloadModal: on hover or focus), so RainbowKit never weighs on the first paint.
 */
import { useCallback } from "react";
import { useMiniApp } from "@/components/farcaster/miniapp-provider";
import { useWallet } from "@/lib/client/wallet";

export function useConnectWallet() {
  const { miniApp, connectFarcaster } = useMiniApp();
  const { openModal, preloadModal } = useWallet();
  const openConnect = useCallback(() => {
    if (miniApp.status === "miniapp") void connectFarcaster();
    else openModal();
  }, [miniApp.status, connectFarcaster, openModal]);
  return { openConnect, preloadModal };
}
