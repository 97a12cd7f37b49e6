"use client";

/**
 * Provides the wallet (lib/client/wallet.ts) without wagmi on the first paint. The server reads
 * wagmi's cookie, so a returning wallet renders connected at once; wagmi, viem and the
 * connectors (wallet-runtime.tsx) download right after hydration and take over: they report the
 * account here and carry out connect, disconnect and sign. An action asked for before they
 * arrive waits for them.
 */
import { useCallback, useEffect, useMemo, useState, type ComponentType, type ReactNode } from "react";
import type { CreateConnectorFn } from "wagmi";
import { Dialog } from "@/components/ui/dialog";
import type { WalletAccount } from "@/lib/client/wagmi";
import { WalletContext, type WalletActions } from "@/lib/client/wallet";

export interface WalletRuntimeProps {
  /** The value of wagmi's state cookie, if any. */
  cookie: string | undefined;
  appName: string;
  /** Bumped by each "Connect wallet" press outside Farcaster; 0 while no modal was asked for. */
  modalRequest: number;
  onModalClose(): void;
  onAccount(account: WalletAccount): void;
  onReady(actions: WalletActions): void;
}

// Browser only: `typeof window` is a build-time constant, so the server bundle never even resolves
// RainbowKit (its Node build pulls optional packages that are not installed).
const browserOnly = () => Promise.reject(new Error("Wallet code only loads in the browser"));
const loadRuntime = () => (typeof window === "undefined" ? browserOnly() : import("@/components/wallet/wallet-runtime"));
export const loadModal = () => (typeof window === "undefined" ? browserOnly() : import("@/components/wallet/rainbow-connect"));

const LOAD_FAILURE = "The connect window didn't load. Check your connection, then reload the page and press Connect again.";

/** Promise.withResolvers, which wallet in-app browsers on older iOS lack. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A failure is reported to whoever awaits an action, never as an unhandled rejection.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

export function WalletProvider({
  initialAccount,
  cookie,
  appName,
  children,
}: {
  initialAccount: WalletAccount;
  cookie: string | undefined;
  appName: string;
  children: ReactNode;
}) {
  const [account, setAccount] = useState(initialAccount);
  const [Runtime, setRuntime] = useState<ComponentType<WalletRuntimeProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const [modalRequest, setModalRequest] = useState(0);
  const [actions] = useState(deferred<WalletActions>);

  useEffect(() => {
    let cancelled = false;
    loadRuntime().then(
      (module) => !cancelled && setRuntime(() => module.default),
      () => {
        if (cancelled) return;
        setFailed(true);
        actions.reject(new Error(LOAD_FAILURE));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [actions]);

  const onAccount = useCallback((next: WalletAccount) => {
    setAccount((current) =>
      current.address === next.address && current.chainId === next.chainId && current.status === next.status ? current : next,
    );
  }, []);

  const connect = useCallback(async (connector: CreateConnectorFn) => (await actions.promise).connect(connector), [actions]);
  const disconnect = useCallback(async () => (await actions.promise).disconnect(), [actions]);
  const signMessage = useCallback(
    async (message: string, wallet: string) => (await actions.promise).signMessage(message, wallet),
    [actions],
  );
  const openModal = useCallback(() => setModalRequest((r) => r + 1), []);
  const preloadModal = useCallback(() => void loadModal().catch(() => {}), []);
  const closeModal = useCallback(() => setModalRequest(0), []);

  const value = useMemo(
    () => ({ ...account, connect, disconnect, signMessage, openModal, preloadModal }),
    [account, connect, disconnect, signMessage, openModal, preloadModal],
  );
  return (
    <WalletContext.Provider value={value}>
      {children}
      {Runtime && (
        <Runtime
          cookie={cookie}
          appName={appName}
          modalRequest={modalRequest}
          onModalClose={closeModal}
          onAccount={onAccount}
          onReady={actions.resolve}
        />
      )}
      {failed && modalRequest > 0 && <ModalLoadFailure onClose={closeModal} />}
    </WalletContext.Provider>
  );
}

/** If the wallet code cannot be downloaded (offline, a deploy replaced the chunk), say so instead of doing nothing. */
export function ModalLoadFailure({ onClose }: { onClose(): void }) {
  return (
    <Dialog title="Couldn't open the wallet list" onClose={onClose}>
      <p className="text-sm text-zinc-600 dark:text-zinc-400" role="alert">
        {LOAD_FAILURE}
      </p>
    </Dialog>
  );
}
