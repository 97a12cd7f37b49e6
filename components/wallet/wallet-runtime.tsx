"use client";

/**
 * wagmi itself, downloaded after the first paint by wallet-provider.tsx: the config, the
 * reconnection of a returning wallet (from the state in wagmi's cookie), the actions the
 * app asks for, and RainbowKit's connect modal once the provider has downloaded it.
 */
import { useEffect, useState } from "react";
import { getAddress, type EIP1193Provider } from "viem";
import { WagmiProvider, useAccount, type CreateConnectorFn } from "wagmi";
import { connect, disconnect, getAccount, signMessage } from "wagmi/actions";
import type { WalletRuntimeProps } from "@/components/wallet/wallet-provider";
import { makeWagmiConfig, stateFromCookie, type WagmiConfig } from "@/lib/client/wagmi";
import type { WalletActions } from "@/lib/client/wallet";

export default function WalletRuntime({
  cookie,
  appName,
  modalRequest,
  ConnectModal,
  onAccount,
  onReady,
  connectors,
}: WalletRuntimeProps & { connectors?: CreateConnectorFn[] }) {
  const [config] = useState(() => makeWagmiConfig(connectors));
  const [initialState] = useState(() => stateFromCookie(cookie));
  // Reconnect only a wallet the cookie says was connected. Without one, wagmi's reconnect would
  // probe every wallet while reporting "connecting", racing a visitor who presses Connect at once
  // (the modal could open and close again) and flashing "Connecting…" in the header.
  return (
    <WagmiProvider config={config} initialState={initialState} reconnectOnMount={Boolean(initialState?.current)}>
      <AccountReporter onAccount={onAccount} />
      <ReadyReporter config={config} onReady={onReady} />
      {modalRequest > 0 && ConnectModal && <ConnectModal request={modalRequest} appName={appName} />}
    </WagmiProvider>
  );
}

function actionsOf(config: WagmiConfig): WalletActions {
  return {
    connect: async (connector: CreateConnectorFn) => void (await connect(config, { connector })),
    disconnect: () => disconnect(config),
    signMessage: (message: string, wallet: string) => signMessage(config, { message, account: getAddress(wallet) }),
    provider: async () => {
      // Until wagmi has reconnected, the connector is the cookie's copy, without methods.
      const { connector, status } = getAccount(config);
      if (!connector || status !== "connected") throw new Error("Connect a wallet first.");
      return (await connector.getProvider()) as EIP1193Provider;
    },
  };
}

/**
 * Hands the actions over once a returning wallet's reconnection has settled. Until then wagmi holds
 * the cookie's copy of the connection, without methods: a Disconnect pressed then would fail, and the
 * reconnection would bring the wallet back a moment later.
 */
function ReadyReporter({ config, onReady }: { config: WagmiConfig; onReady: WalletRuntimeProps["onReady"] }) {
  const settled = useAccount().status !== "reconnecting";
  useEffect(() => {
    if (settled) onReady(actionsOf(config));
  }, [settled, config, onReady]);
  return null;
}

function AccountReporter({ onAccount }: Pick<WalletRuntimeProps, "onAccount">) {
  const { address, chainId, status } = useAccount();
  useEffect(() => onAccount({ address, chainId, status }), [address, chainId, status, onAccount]);
  return null;
}
