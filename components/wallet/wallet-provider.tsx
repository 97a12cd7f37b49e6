"use client";

/**
 * The connected wallet as the rest of the app sees it, without wagmi on the first paint.
 * The server reads wagmi's cookie, so a returning wallet renders connected at once; wagmi,
 * viem and the connectors (wallet-runtime.tsx) download right after hydration and take
 * over: they report the account here and carry out connect, disconnect and sign. An action
 * asked for before they arrive waits for them.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from "react";
import type { Hex } from "viem";
import type { CreateConnectorFn } from "wagmi";
import { Dialog } from "@/components/ui/dialog";
import type { WalletAccount } from "@/lib/client/wagmi";

/** What the runtime does on the app's behalf, once it has loaded. */
export interface WalletActions {
  connect(connector: CreateConnectorFn): Promise<void>;
  disconnect(): void;
  signMessage(message: string, wallet: string): Promise<Hex>;
}

export interface WalletRuntimeProps {
  cookie: string | undefined;
  appName: string;
  /** Bumped by each "Connect wallet" press outside Farcaster; 0 while no modal was asked for. */
  modalRequest: number;
  onModalClose(): void;
  onAccount(account: WalletAccount): void;
  onReady(actions: WalletActions): void;
}

interface Wallet extends WalletAccount {
  /** A connect() of ours is under way (the modal's own connections show as status "connecting"). */
  connectPending: boolean;
  connect(connector: CreateConnectorFn): Promise<void>;
  disconnect(): Promise<void>;
  signMessage(message: string, wallet: string): Promise<Hex>;
  openModal(): void;
  /** Starts downloading the connect modal (on hover or focus of a connect button). */
  preloadModal(): void;
}

const WalletContext = createContext<Wallet | null>(null);

export function useWallet(): Wallet {
  const value = useContext(WalletContext);
  if (!value) throw new Error("useWallet needs <WalletProvider>");
  return value;
}

// Browser only: `typeof window` is a build-time constant, so the server bundle never even resolves
// RainbowKit (its Node build pulls optional packages that are not installed).
const browserOnly = () => Promise.reject(new Error("Wallet code only loads in the browser"));
const loadRuntime = () => (typeof window === "undefined" ? browserOnly() : import("@/components/wallet/wallet-runtime"));
export const loadModal = () => (typeof window === "undefined" ? browserOnly() : import("@/components/wallet/rainbow-connect"));

class RuntimeLoadError extends Error {
  constructor() {
    super("The wallet code didn't load. Check your connection, then reload the page.");
    this.name = "RuntimeLoadError";
  }
}

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
  const [connectPending, setConnectPending] = useState(false);
  const [actions] = useState(deferred<WalletActions>);

  useEffect(() => {
    let cancelled = false;
    loadRuntime().then(
      (module) => !cancelled && setRuntime(() => module.default),
      () => {
        if (cancelled) return;
        setFailed(true);
        actions.reject(new RuntimeLoadError());
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

  const connect = useCallback(
    async (connector: CreateConnectorFn) => {
      setConnectPending(true);
      try {
        await (await actions.promise).connect(connector);
      } finally {
        setConnectPending(false);
      }
    },
    [actions],
  );
  const disconnect = useCallback(async () => (await actions.promise).disconnect(), [actions]);
  const signMessage = useCallback(
    async (message: string, wallet: string) => (await actions.promise).signMessage(message, wallet),
    [actions],
  );
  const openModal = useCallback(() => setModalRequest((r) => r + 1), []);
  const preloadModal = useCallback(() => void loadModal().catch(() => {}), []);
  const closeModal = useCallback(() => setModalRequest(0), []);

  const value = useMemo(
    () => ({ ...account, connectPending, connect, disconnect, signMessage, openModal, preloadModal }),
    [account, connectPending, connect, disconnect, signMessage, openModal, preloadModal],
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
        The connect window didn&apos;t load. Check your connection, then reload the page and press Connect again.
      </p>
    </Dialog>
  );
}
