"use client";

/**
 * One entry point for every "Connect wallet" button. Inside a Farcaster client it connects the
 * Farcaster wallet directly; elsewhere it opens RainbowKit's connect modal, downloaded on first
 * use (preloadModal: on hover or focus), so RainbowKit never weighs on the first paint.
 */
import { useCallback, type ReactNode } from "react";
import { useMiniApp } from "@/components/farcaster/miniapp-provider";
import { buttonClass } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useWallet } from "@/lib/client/wallet";

function useConnectWallet() {
  const { miniApp, connectFarcaster } = useMiniApp();
  const { openModal } = useWallet();
  return useCallback(() => {
    if (miniApp.status === "miniapp") void connectFarcaster();
    else openModal();
  }, [miniApp.status, connectFarcaster, openModal]);
}

/**
 * A Connect button that answers every press at once: "Connecting…" while the wallet is asked,
 * "Loading wallet…" while the code behind the modal is still on its way.
 */
export function ConnectButton({
  size,
  className,
  icon,
  children,
}: {
  size: "sm" | "lg";
  className: string;
  /** Shown when idle; a spinner of the same size takes its place while busy. */
  icon: ReactNode;
  children: ReactNode;
}) {
  const openConnect = useConnectWallet();
  const { status, preloadModal, modalLoading } = useWallet();
  const connecting = status === "connecting";
  const busy = connecting || modalLoading;
  return (
    <button
      type="button"
      onClick={openConnect}
      onPointerEnter={preloadModal}
      onFocus={preloadModal}
      disabled={connecting}
      aria-busy={busy}
      className={buttonClass({ size, className })}
    >
      {busy ? <Spinner className={size === "lg" ? "size-5" : "size-4"} /> : icon}
      {connecting ? "Connecting…" : modalLoading ? "Loading wallet…" : children}
    </button>
  );
}
