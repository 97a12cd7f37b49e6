"use client";

/**
 * RainbowKit's connect modal, downloaded the first time someone asks to connect.
 * Lists the wallets the browser announces over EIP-6963; adds RainbowKit's
 * WalletConnect wallets (QR code, mobile deep links) only when a WalletConnect
 * project id was configured at build time, so without one nothing here talks to
 * the network. On phones RainbowKit lists only its own wallets, so there each
 * announced wallet is handed to it as one of its own.
 */
import "@rainbow-me/rainbowkit/styles.css";
import {
  RainbowKitProvider,
  connectorsForWallets,
  darkTheme,
  lightTheme,
  useConnectModal,
  type WalletList,
} from "@rainbow-me/rainbowkit";
import {
  coinbaseWallet,
  injectedWallet,
  metaMaskWallet,
  rainbowWallet,
  walletConnectWallet,
} from "@rainbow-me/rainbowkit/wallets";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { createConnector, useConfig, useConnectors, type Connector } from "wagmi";
import { injected } from "wagmi/connectors";
import { NoWalletDialog } from "@/components/wallet/no-wallet-dialog";
import { isPhone } from "@/components/wallet/phone";
import { walletConnectProjectId, type WagmiConfig } from "@/lib/client/wagmi";

const registered = new WeakSet<object>();

/**
 * Whether the browser announced a wallet over EIP-6963. Asked of the announcements themselves, not of
 * wagmi's connectors: wagmi adds those only once it has hydrated, a moment after it mounts, and this
 * modal can mount in the same moment (both downloaded by one Connect press).
 */
function hasAnnouncedWallet(config: WagmiConfig): boolean {
  return (config._internal.mipd?.getProviders().length ?? 0) > 0;
}

function useHasAnnouncedWallet(config: WagmiConfig): boolean {
  const subscribe = useCallback((onChange: () => void) => config._internal.mipd?.subscribe(onChange) ?? (() => {}), [config]);
  return useSyncExternalStore(subscribe, () => hasAnnouncedWallet(config), () => false);
}

type Announcement = ReturnType<NonNullable<WagmiConfig["_internal"]["mipd"]>["getProviders"]>[number];

/**
 * A wallet announced over EIP-6963 as one of RainbowKit's own, for phones, where its modal lists
 * nothing else (a wallet app's browser announces itself like an extension does). Its id is the
 * rdns, the id of wagmi's own connector for it, which a reload reconnects through.
 */
function announcedWallet({ info, provider }: Announcement): WalletList[number]["wallets"][number] {
  const target = { id: info.rdns, name: info.name, icon: info.icon, provider: provider as never };
  return () => ({
    id: info.rdns,
    rdns: info.rdns,
    name: info.name,
    iconUrl: info.icon,
    iconBackground: "#fff",
    createConnector: (details) => createConnector((config) => ({ ...injected({ target })(config), ...details })),
  });
}

/** Adds RainbowKit's own wallet connectors to the config, once. */
function registerRainbowWallets(config: WagmiConfig, appName: string): void {
  if (registered.has(config)) return;
  registered.add(config);
  const announcements = config._internal.mipd?.getProviders() ?? [];
  const legacyInjected = typeof window !== "undefined" && "ethereum" in window && window.ethereum !== undefined;
  const popular = walletConnectProjectId ? [metaMaskWallet, rainbowWallet, coinbaseWallet, walletConnectWallet] : [];
  const projectId = walletConnectProjectId ?? "";
  // RainbowKit's own MetaMask, Rainbow and Coinbase use the injected wallet inside their apps: not twice.
  const listed = new Set(popular.map((wallet) => wallet({ appName, projectId }).rdns));
  const wallets: WalletList[number]["wallets"] = [];
  if (isPhone()) wallets.push(...announcements.filter(({ info }) => !listed.has(info.rdns)).map(announcedWallet));
  // Wallet in-app browsers that predate EIP-6963 only expose window.ethereum.
  if (announcements.length === 0 && legacyInjected) wallets.push(injectedWallet);
  wallets.push(...popular);
  if (wallets.length === 0) return;
  const connectorFns = connectorsForWallets([{ groupName: walletConnectProjectId ? "Popular" : "Browser", wallets }], {
    appName,
    // Only the WalletConnect wallets read it, and they are listed only when it is set.
    projectId,
  });
  config._internal.connectors.setState((current) => [
    ...current,
    ...connectorFns.map((fn) => config._internal.connectors.setup(fn)),
  ]);
}

const accentColor = "#4f46e5";
const theme = {
  lightMode: lightTheme({ accentColor, borderRadius: "large", fontStack: "system" }),
  darkMode: darkTheme({ accentColor: "#818cf8", accentColorForeground: "#1e1b4b", borderRadius: "large", fontStack: "system" }),
};

export default function RainbowConnect({ request, appName }: { request: number; appName: string }) {
  const config = useConfig();
  useState(() => registerRainbowWallets(config, appName));
  const announced = useHasAnnouncedWallet(config);
  const connectors = useConnectors();
  const hasWallets = announced || connectors.some((c) => "rkDetails" in c && !isTestWallet(c));
  const hasTestWallets = connectors.some(isTestWallet);
  return (
    <RainbowKitProvider theme={theme} appInfo={{ appName }} modalSize="compact">
      <ModalOpener request={request} hasWallets={hasWallets} hasTestWallets={hasTestWallets} />
    </RainbowKitProvider>
  );
}

/**
 * One of the development server's test wallets (components/wallet/test-wallet.tsx). They are not the
 * browser's: without a wallet of its own, "No wallet found" still opens, and offers them. A constant
 * false in production builds, where they do not exist.
 */
function isTestWallet(connector: Connector): boolean {
  return process.env.NODE_ENV === "development" && connector.id.startsWith("test-wallet-");
}

function ModalOpener({ request, hasWallets, hasTestWallets }: { request: number; hasWallets: boolean; hasTestWallets: boolean }) {
  const { openConnectModal } = useConnectModal();
  const handled = useRef(0);
  const [noWalletFor, setNoWalletFor] = useState(0);

  useEffect(() => {
    if (handled.current === request) return;
    if (!hasWallets) {
      handled.current = request;
      setNoWalletFor(request);
    } else if (openConnectModal) {
      // undefined while wagmi is still reconnecting; this effect runs again once it is ready
      handled.current = request;
      openConnectModal();
    }
  }, [request, hasWallets, openConnectModal]);

  const showTestWallets =
    hasTestWallets && openConnectModal
      ? () => {
          setNoWalletFor(0);
          openConnectModal();
        }
      : undefined;
  return noWalletFor === request ? <NoWalletDialog onClose={() => setNoWalletFor(0)} onTestWallets={showTestWallets} /> : null;
}
