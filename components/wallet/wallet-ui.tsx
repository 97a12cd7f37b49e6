"use client";

/**
 * openConnect(): one entry point for every "Connect wallet" button. Inside a
 * Farcaster client it connects the Farcaster wallet directly; elsewhere it loads
 * RainbowKit's connect modal on first use, so RainbowKit never weighs on the
 * first paint.
 */
import dynamic from "next/dynamic";
import { Component, createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useMiniApp } from "@/components/farcaster/miniapp-provider";
import { Dialog } from "@/components/ui/dialog";

// Browser only: `typeof window` is a build-time constant, so the server bundle never even resolves RainbowKit
// (its Node build pulls optional packages that are not installed).
const loadRainbowConnect = () =>
  typeof window === "undefined"
    ? Promise.reject(new Error("The connect modal only loads in the browser"))
    : import("@/components/wallet/rainbow-connect");
const RainbowConnect = dynamic(loadRainbowConnect, { ssr: false });

interface WalletUi {
  openConnect(): void;
  /** Starts downloading the connect modal (on hover or focus of a connect button). */
  preload(): void;
}

const WalletUiContext = createContext<WalletUi>({ openConnect: () => {}, preload: () => {} });

export function useWalletUi(): WalletUi {
  return useContext(WalletUiContext);
}

export function WalletUiProvider({ appName, children }: { appName: string; children: ReactNode }) {
  const { miniApp, connectFarcaster } = useMiniApp();
  // Each click bumps the request, so the modal opens again after being closed.
  const [request, setRequest] = useState(0);

  const openConnect = useCallback(() => {
    if (miniApp.status === "miniapp") void connectFarcaster();
    else setRequest((r) => r + 1);
  }, [miniApp.status, connectFarcaster]);
  const preload = useCallback(() => void loadRainbowConnect().catch(() => {}), []);

  const value = useMemo(() => ({ openConnect, preload }), [openConnect, preload]);
  return (
    <WalletUiContext.Provider value={value}>
      {children}
      {request > 0 && (
        <LoadFailure key={request} onClose={() => setRequest(0)}>
          <RainbowConnect request={request} appName={appName} />
        </LoadFailure>
      )}
    </WalletUiContext.Provider>
  );
}

/** If the connect modal cannot be downloaded (offline, a deploy replaced the chunk), say so instead of breaking the page. */
class LoadFailure extends Component<{ children: ReactNode; onClose(): void }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Dialog title="Couldn't open the wallet list" onClose={this.props.onClose}>
        <p className="text-sm text-zinc-600 dark:text-zinc-400" role="alert">
          The connect window didn&apos;t load. Check your connection, then reload the page and press Connect again.
        </p>
      </Dialog>
    );
  }
}
