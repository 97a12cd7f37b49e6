/**
 * The wagmi config. It never weighs on the first paint: the server reads the cookie
 * (accountFromCookie) and the browser loads wagmi after hydration
 * (components/wallet/wallet-runtime.tsx). EIP-6963 wallets are discovered by wagmi
 * itself; RainbowKit's WalletConnect wallets and the Farcaster connector are added on
 * demand (components/wallet, components/farcaster).
 */
import { cookieStorage, createConfig, createStorage, custom, deserialize, type CreateConnectorFn, type State } from "wagmi";
import { arbitrum, base, mainnet, optimism, polygon } from "wagmi/chains";

/** Build-time public setting: WalletConnect (and the wallets that use it) is offered only when set. */
export const walletConnectProjectId: string | undefined = process.env.NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID || undefined;

/**
 * The app only reads the account; it never sends a transaction. These chains are
 * the ones wallets are most often on, so connecting rarely asks to switch.
 * Base first: Farcaster's wallet lives there.
 */
export const chains = [base, mainnet, optimism, arbitrum, polygon] as const;

/**
 * The browser never reads the chain: verification happens on the server. A
 * transport that refuses every call keeps libraries (RainbowKit's ENS lookup,
 * say) from calling public RPC endpoints with the visitor's address.
 */
const noChainReads = custom({
  async request({ method }: { method: string }) {
    throw new Error(`${method} is not available: this app reads no chain data in the browser`);
  },
});

/** `connectors`: besides the EIP-6963 wallets wagmi finds itself (the development server's test wallets). */
export function makeWagmiConfig(connectors: CreateConnectorFn[] = []) {
  return createConfig({
    chains,
    ssr: true,
    storage: createStorage({ storage: cookieStorage }),
    connectors,
    transports: {
      [base.id]: noChainReads,
      [mainnet.id]: noChainReads,
      [optimism.id]: noChainReads,
      [arbitrum.id]: noChainReads,
      [polygon.id]: noChainReads,
    },
  });
}

export type WagmiConfig = ReturnType<typeof makeWagmiConfig>;

/** The account as the app reads it (wagmi's useAccount, narrowed to what the app uses). */
export interface WalletAccount {
  address: `0x${string}` | undefined;
  chainId: number | undefined;
  status: "connecting" | "reconnecting" | "connected" | "disconnected";
}

/**
 * The state wagmi persisted in its cookie (the cookie's value), or undefined when there is none
 * or it cannot be read: a truncated or edited cookie must not break the page.
 */
export function stateFromCookie(value: string | undefined): State | undefined {
  if (!value) return undefined;
  try {
    return deserialize<{ state: State }>(value).state;
  } catch {
    return undefined;
  }
}

/**
 * The account wagmi's cookie says was connected, for the server-rendered first paint:
 * "reconnecting" until wagmi, in the browser, confirms it with the wallet.
 */
export function accountFromCookie(value: string | undefined): WalletAccount {
  const state = stateFromCookie(value);
  const connection = state?.current ? state.connections.get(state.current) : undefined;
  const address = connection?.accounts[0];
  return address
    ? { address, chainId: connection.chainId, status: "reconnecting" }
    : { address: undefined, chainId: undefined, status: "disconnected" };
}

/** Name of the cookie cookieStorage writes the connection state to ("<storage key>.store", wagmi's default key). */
export const WAGMI_STATE_COOKIE = "wagmi.store";

declare module "wagmi" {
  interface Register {
    config: WagmiConfig;
  }
}
