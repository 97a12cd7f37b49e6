/**
 * The wagmi config. Only what every visitor needs is here, so the first paint
 * stays light: EIP-6963 wallets are discovered by wagmi itself, while RainbowKit's
 * WalletConnect wallets and the Farcaster connector are added on demand
 * (components/wallet, components/farcaster).
 */
import { cookieStorage, createConfig, createStorage, custom } from "wagmi";
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

export function makeWagmiConfig() {
  return createConfig({
    chains,
    ssr: true,
    storage: createStorage({ storage: cookieStorage }),
    connectors: [],
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

/** Name of the cookie cookieStorage writes the connection state to ("<storage key>.store"). */
export const WAGMI_STATE_COOKIE = "wagmi.store";

declare module "wagmi" {
  interface Register {
    config: WagmiConfig;
  }
}
