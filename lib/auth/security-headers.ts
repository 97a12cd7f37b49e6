/**
 * The Content-Security-Policy of the pages, built per request around a fresh nonce (proxy.ts).
 * Scripts: only those carrying the nonce, and what they load ('strict-dynamic'), so an injected
 * <script> runs nowhere; Next.js puts the nonce on its own scripts when it finds it in the
 * request's CSP header, which works because every page renders per request.
 * The wallet connectors need no more than that, except where noted:
 * - injected wallets (EIP-6963 / window.ethereum) talk to their extension by postMessage;
 * - the Farcaster connector talks to its host frame by postMessage; the host must be a frame
 *   ancestor (FRAME_ANCESTORS, the Farcaster clients by default);
 * - WalletConnect (when NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID is set) opens its relay socket and
 *   API calls, frames its verify page, and the wallets offered with it (MetaMask, Rainbow,
 *   Coinbase) talk to their own bridges: those hosts are allowed only then;
 * - with Farcaster notifications on, the page fetches its Quick Auth token from the Quick Auth
 *   server (auth.farcaster.xyz), which proves the user's fid when the app links it to the wallet.
 * API responses get a fixed policy that allows nothing (next.config.mjs).
 */
import type { HeadersConfig } from "@/lib/config";

const WALLETCONNECT_CONNECT = [
  "https://*.walletconnect.com",
  "https://*.walletconnect.org",
  "wss://*.walletconnect.com",
  "wss://*.walletconnect.org",
  "https://*.reown.com",
  "https://*.web3modal.org",
  "https://*.web3modal.com",
  // Coinbase Wallet SDK and MetaMask SDK, offered beside WalletConnect
  "wss://www.walletlink.org",
  "https://*.coinbase.com",
  "wss://*.coinbase.com",
  "https://*.metamask.io",
  "wss://*.metamask.io",
];
const WALLETCONNECT_FRAMES = ["https://verify.walletconnect.com", "https://verify.walletconnect.org"];

export function contentSecurityPolicy(cfg: HeadersConfig, nonce: string): string {
  const wc = cfg.walletConnect;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(cfg.development ? ["'unsafe-eval'"] : [])],
    // Inline style attributes and the <style> tags RainbowKit injects.
    "style-src": ["'self'", "'unsafe-inline'"],
    // Avatars and wallet icons come from anywhere (Farcaster profile pictures, wallet registries).
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": [
      "'self'",
      ...(wc ? WALLETCONNECT_CONNECT : []),
      ...(cfg.quickAuthOrigin ? [cfg.quickAuthOrigin] : []),
      // Development: the test wallets (components/wallet/test-wallet.tsx) answer anvil's chain from the local node.
      ...(cfg.development ? ["ws:", "http://127.0.0.1:8545"] : []),
    ],
    "frame-src": ["'self'", ...(wc ? WALLETCONNECT_FRAMES : [])],
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": cfg.frameAncestors,
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/** A CSP nonce: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
