"use client";

/**
 * Inside a Farcaster client: loads the mini-app SDK, calls ready() to hide the
 * splash screen and connects the Farcaster wallet without a modal. Everywhere
 * else the SDK is never downloaded and the app is a plain website.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useWallet } from "@/lib/client/wallet";

type MiniAppSDK = typeof import("@farcaster/miniapp-sdk").sdk;

export type MiniApp =
  | { status: "detecting" | "web"; sdk: null; added: false }
  | { status: "miniapp"; sdk: MiniAppSDK; added: boolean };

interface MiniAppContextValue {
  miniApp: MiniApp;
  /** Connects the Farcaster wallet; only meaningful inside a Farcaster client. */
  connectFarcaster(): Promise<void>;
  connectError: unknown;
  markAdded(): void;
}

const initial: MiniApp = { status: "detecting", sdk: null, added: false };
const MiniAppContext = createContext<MiniAppContextValue>({
  miniApp: initial,
  connectFarcaster: async () => {},
  connectError: null,
  markAdded: () => {},
});

export function useMiniApp(): MiniAppContextValue {
  return useContext(MiniAppContext);
}

/** Farcaster clients load mini apps in an iframe (web) or a React Native WebView (mobile). */
function mightBeMiniApp(): boolean {
  return Boolean((window as { ReactNativeWebView?: unknown }).ReactNativeWebView) || window.parent !== window;
}

export function MiniAppProvider({ children }: { children: ReactNode }) {
  const [miniApp, setMiniApp] = useState<MiniApp>(initial);
  const [connectError, setConnectError] = useState<unknown>(null);
  const { status, connect } = useWallet();
  const statusRef = useRef(status);
  const connectRef = useRef<() => Promise<void>>(async () => {});

  const connectFarcaster = useCallback(async () => {
    setConnectError(null);
    try {
      const { farcasterMiniApp } = await import("@farcaster/miniapp-wagmi-connector");
      await connect(farcasterMiniApp());
    } catch (error) {
      setConnectError(error);
    }
  }, [connect]);

  useEffect(() => {
    statusRef.current = status;
    connectRef.current = connectFarcaster;
  });

  useEffect(() => {
    if (!mightBeMiniApp()) {
      setMiniApp({ status: "web", sdk: null, added: false });
      return;
    }
    let cancelled = false;
    void (async () => {
      const { sdk } = await import("@farcaster/miniapp-sdk");
      if (!(await sdk.isInMiniApp())) {
        if (!cancelled) setMiniApp({ status: "web", sdk: null, added: false });
        return;
      }
      const context = await sdk.context;
      if (cancelled) return;
      setMiniApp({ status: "miniapp", sdk, added: Boolean(context.client.added) });
      await sdk.actions.ready();
      if (statusRef.current !== "connected") await connectRef.current();
    })().catch(() => {
      if (!cancelled) setMiniApp({ status: "web", sdk: null, added: false });
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const markAdded = useCallback(() => setMiniApp((m) => (m.status === "miniapp" ? { ...m, added: true } : m)), []);
  const value = useMemo(
    () => ({ miniApp, connectFarcaster, connectError, markAdded }),
    [miniApp, connectFarcaster, connectError, markAdded],
  );
  return <MiniAppContext.Provider value={value}>{children}</MiniAppContext.Provider>;
}
