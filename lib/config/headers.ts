/**
 * Response headers: read by proxy.ts on every page, from the slices they need only (headers, platform,
 * and the Quick Auth server the page may fetch from), so a store misconfiguration does not take the
 * security headers down with it.
 */
import "server-only";
import { Environment, environment, type EnvSource } from "@/lib/config/environment";

export interface HeadersConfig {
  /** Who may embed the app in a frame: the Farcaster clients unless FRAME_ANCESTORS says otherwise. */
  frameAncestors: string[];
  /** Whether WalletConnect (and the wallets that use it) is offered, so its relay and verify hosts are allowed. */
  walletConnect: boolean;
  /** `next dev`: React's development build needs eval. */
  development: boolean;
  /** With Farcaster notifications on (NEYNAR_API_KEY), the Quick Auth server the page fetches its token from; else null. */
  quickAuthOrigin: string | null;
}

function headersOf(env: Environment): HeadersConfig {
  const { headers, platform, farcaster, testOnly } = env.read("headers", "platform", "farcaster", "testOnly");
  const none = headers.FRAME_ANCESTORS.includes("'none'");
  return {
    frameAncestors: none ? ["'none'"] : headers.FRAME_ANCESTORS,
    walletConnect: headers.NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID !== undefined,
    development: platform.NODE_ENV === "development",
    quickAuthOrigin: farcaster.NEYNAR_API_KEY ? testOnly.QUICK_AUTH_ORIGIN : null,
  };
}

export function parseHeadersConfig(source: EnvSource): HeadersConfig {
  return headersOf(new Environment(source));
}

/** The header settings, built on first use. */
export function headersConfig(): HeadersConfig {
  return environment().view(headersOf);
}
