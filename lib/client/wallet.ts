"use client";

/**
 * The connected wallet as the app sees it (components/wallet/wallet-provider.tsx provides it):
 * the account, from wagmi's cookie on the first paint and from wagmi once it has loaded, and
 * the actions, which wait for wagmi when asked for earlier.
 */
import { createContext, useContext } from "react";
import type { EIP1193Provider, Hex } from "viem";
import type { CreateConnectorFn } from "wagmi";
import type { WalletAccount } from "@/lib/client/wagmi";

/** What wagmi does on the app's behalf, once it has loaded. */
export interface WalletActions {
  connect(connector: CreateConnectorFn): Promise<void>;
  disconnect(): Promise<void>;
  signMessage(message: string, wallet: string): Promise<Hex>;
  /**
   * The connected wallet's own EIP-1193 provider. Payouts read and write their chain through it (any
   * EVM chain, not only wagmi's): the app's wagmi transports refuse every call, and the browser never
   * talks to a public RPC endpoint.
   */
  provider(): Promise<EIP1193Provider>;
}

export interface Wallet extends WalletAccount, WalletActions {
  openModal(): void;
  /** Starts downloading the connect modal (on hover or focus of a connect button). */
  preloadModal(): void;
  /** From a Connect press until the wallet code it needs has downloaded. */
  modalLoading: boolean;
}

export const WalletContext = createContext<Wallet | null>(null);

export function useWallet(): Wallet {
  const value = useContext(WalletContext);
  if (!value) throw new Error("useWallet needs <WalletProvider>");
  return value;
}
