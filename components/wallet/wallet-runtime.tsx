"use client";

/**
 * wagmi itself, downloaded after the first paint by wallet-provider.tsx: the config, the
 * reconnection of a returning wallet (from the state in wagmi's cookie), the actions the
 * app asks for, and RainbowKit's connect modal, itself downloaded on the first request.
 */
import dynamic from "next/dynamic";
import { Component, useEffect, useRef, useState, type ReactNode } from "react";
import { getAddress } from "viem";
import { WagmiProvider, cookieToInitialState, useAccount, useConnect, useDisconnect, useSignMessage } from "wagmi";
import { ModalLoadFailure, loadModal, type WalletRuntimeProps } from "@/components/wallet/wallet-provider";
import { makeWagmiConfig } from "@/lib/client/wagmi";

const RainbowConnect = dynamic(loadModal, { ssr: false });

export default function WalletRuntime({ cookie, appName, modalRequest, onModalClose, onAccount, onReady }: WalletRuntimeProps) {
  const [config] = useState(makeWagmiConfig);
  const [initialState] = useState(() => cookieToInitialState(config, cookie));
  // Reconnect only a wallet the cookie says was connected. Without one, wagmi's reconnect would
  // probe every wallet while reporting "connecting", racing a visitor who presses Connect at once
  // (the modal could open and close again) and flashing "Connecting…" in the header.
  return (
    <WagmiProvider config={config} initialState={initialState} reconnectOnMount={Boolean(initialState?.current)}>
      <Bridge onAccount={onAccount} onReady={onReady} />
      {modalRequest > 0 && (
        <LoadFailure key={modalRequest} onClose={onModalClose}>
          <RainbowConnect request={modalRequest} appName={appName} />
        </LoadFailure>
      )}
    </WagmiProvider>
  );
}

/** Reports wagmi's account to the provider and hands it the actions, once (they call the latest hooks). */
function Bridge({ onAccount, onReady }: Pick<WalletRuntimeProps, "onAccount" | "onReady">) {
  const { address, chainId, status } = useAccount();
  const { connectAsync } = useConnect();
  const { disconnect } = useDisconnect();
  const { signMessageAsync } = useSignMessage();
  const hooks = useRef({ connectAsync, disconnect, signMessageAsync });
  useEffect(() => {
    hooks.current = { connectAsync, disconnect, signMessageAsync };
  });

  useEffect(() => onAccount({ address, chainId, status }), [address, chainId, status, onAccount]);
  useEffect(
    () =>
      onReady({
        connect: async (connector) => void (await hooks.current.connectAsync({ connector })),
        disconnect: () => hooks.current.disconnect(),
        signMessage: (message, wallet) => hooks.current.signMessageAsync({ message, account: getAddress(wallet) }),
      }),
    [onReady],
  );
  return null;
}

/** If the connect modal cannot be downloaded, say so instead of breaking the page. */
class LoadFailure extends Component<{ children: ReactNode; onClose(): void }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <ModalLoadFailure onClose={this.props.onClose} /> : this.props.children;
  }
}
