"use client";

/**
 * Provides the wallet (lib/client/wallet.ts) without wagmi on the first paint. The server reads
 * wagmi's cookie, so a returning wallet renders connected at once; wagmi, viem and the
 * connectors (wallet-runtime.tsx) download right after hydration and take over: they report the
 * account here and carry out connect, disconnect and sign. RainbowKit's connect modal
 * (rainbow-connect.tsx) downloads on the first Connect press. An action asked for before wagmi
 * arrives waits for it; a download that failed is tried again by the next press, Retry or action.
 */
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState, type ComponentType, type ReactNode } from "react";
import type { CreateConnectorFn } from "wagmi";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import type { WalletAccount } from "@/lib/client/wagmi";
import { WalletContext, type WalletActions } from "@/lib/client/wallet";

export type ConnectModal = typeof import("@/components/wallet/rainbow-connect").default;

export interface WalletRuntimeProps {
  /** The value of wagmi's state cookie, if any. */
  cookie: string | undefined;
  appName: string;
  /** Bumped by each "Connect wallet" press outside Farcaster; 0 while no modal was asked for. */
  modalRequest: number;
  /** RainbowKit's modal, once downloaded. */
  ConnectModal: ConnectModal | undefined;
  onAccount(account: WalletAccount): void;
  onReady(actions: WalletActions): void;
}

// Browser only: `typeof window` is a build-time constant, so the server bundle never even resolves
// RainbowKit (its Node build pulls optional packages that are not installed).
const browserOnly = () => Promise.reject(new Error("Wallet code only loads in the browser"));
// `next dev` loads the runtime with the test wallets; production builds drop that branch, and the module with it.
const loadRuntime = () =>
  typeof window === "undefined"
    ? browserOnly()
    : process.env.NODE_ENV === "development"
      ? import("@/components/wallet/test-wallet")
      : import("@/components/wallet/wallet-runtime");
const loadModal = () => (typeof window === "undefined" ? browserOnly() : import("@/components/wallet/rainbow-connect"));

const LOAD_FAILURE = "The connect window didn't load. Check your connection, then press Retry.";

/**
 * One download of wallet code, kept for the life of the tab. A failure is final until someone asks
 * again (a press, Retry, an action), so the visitor sees it instead of a spinner that never ends.
 */
function walletCode<T>(part: string, load: () => Promise<{ default: T }>) {
  return queryOptions({
    queryKey: ["wallet-code", part],
    queryFn: () =>
      load().then(
        (module) => module.default,
        (cause: unknown) => {
          throw new Error(LOAD_FAILURE, { cause });
        },
      ),
    staleTime: "static",
    retry: false,
    // Offline must fail at once and say so, not wait silently for the browser to report a network.
    networkMode: "always",
  });
}

const runtimeCode = walletCode<ComponentType<WalletRuntimeProps>>("runtime", loadRuntime);
const modalCode = walletCode<ConnectModal>("modal", loadModal);

/** Promise.withResolvers, which wallet in-app browsers on older iOS lack. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
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
  const queryClient = useQueryClient();
  const [account, setAccount] = useState(initialAccount);
  const [modalRequest, setModalRequest] = useState(0);
  const [ready] = useState(deferred<WalletActions>);
  const runtime = useQuery(runtimeCode);
  const modal = useQuery({ ...modalCode, enabled: modalRequest > 0 });

  const onAccount = useCallback((next: WalletAccount) => {
    setAccount((current) =>
      current.address === next.address && current.chainId === next.chainId && current.status === next.status ? current : next,
    );
  }, []);

  // Rejects with the download's failure; resolves once wagmi has mounted and settled the cookie's wallet (reconnected or not).
  const whenReady = useCallback(async () => {
    await queryClient.query(runtimeCode);
    return ready.promise;
  }, [queryClient, ready]);
  const connect = useCallback(async (connector: CreateConnectorFn) => (await whenReady()).connect(connector), [whenReady]);
  const disconnect = useCallback(async () => (await whenReady()).disconnect(), [whenReady]);
  const signMessage = useCallback(
    async (message: string, wallet: string) => (await whenReady()).signMessage(message, wallet),
    [whenReady],
  );
  const provider = useCallback(async () => (await whenReady()).provider(), [whenReady]);

  // Fetches only what is missing: a failed download again, an arrived one never.
  const downloadModal = useCallback(() => void Promise.allSettled([queryClient.query(runtimeCode), queryClient.query(modalCode)]), [queryClient]);
  const openModal = useCallback(() => {
    setModalRequest((r) => r + 1);
    downloadModal();
  }, [downloadModal]);
  const preloadModal = useCallback(() => void queryClient.query(modalCode).catch(() => {}), [queryClient]);
  const closeModal = useCallback(() => setModalRequest(0), []);

  const missing = [runtime, modal].filter((download) => download.data === undefined);
  // A download tried again is "pending" once more; its earlier failure still decides what is shown,
  // so the error stays up, saying it retries, until the code arrives.
  const failed = modalRequest > 0 && missing.some((download) => download.errorUpdateCount > 0);
  const modalLoading = modalRequest > 0 && missing.length > 0 && !failed;

  const value = useMemo(
    () => ({ ...account, connect, disconnect, signMessage, provider, openModal, preloadModal, modalLoading }),
    [account, connect, disconnect, signMessage, provider, openModal, preloadModal, modalLoading],
  );
  const Runtime = runtime.data;
  return (
    <WalletContext.Provider value={value}>
      {children}
      {Runtime && (
        <Runtime
          cookie={cookie}
          appName={appName}
          modalRequest={modalRequest}
          ConnectModal={modal.data}
          onAccount={onAccount}
          onReady={ready.resolve}
        />
      )}
      {failed && <DownloadFailure retrying={missing.some((download) => download.isFetching)} onRetry={downloadModal} onClose={closeModal} />}
    </WalletContext.Provider>
  );
}

/** The wallet code could not be downloaded (offline, a deploy replaced the chunk): say so, and offer to try again. */
function DownloadFailure({ retrying, onRetry, onClose }: { retrying: boolean; onRetry(): void; onClose(): void }) {
  return (
    <Dialog title="Couldn't open the wallet list" onClose={onClose}>
      <p className="text-sm text-zinc-600 dark:text-zinc-400" role="alert">
        {LOAD_FAILURE}
      </p>
      {/* Not disabled while retrying: a disabled button would drop the focus out of the dialog. */}
      <button type="button" onClick={onRetry} aria-busy={retrying} className={buttonClass({ className: "mt-4 w-full" })}>
        {retrying && <Spinner />}
        {retrying ? "Retrying…" : "Retry"}
      </button>
    </Dialog>
  );
}
