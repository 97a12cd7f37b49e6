/**
 * Response headers: read by proxy.ts on every request, so they are parsed on their own
 * (a store misconfiguration must not take the security headers down with it).
 */
import "server-only";
import { z } from "zod";
import { invalidConfiguration, optional } from "@/lib/config/env";

/** The Farcaster clients that embed mini apps in a frame (the web client, under both its names). */
export const FARCASTER_FRAME_ANCESTORS = [
  "https://farcaster.xyz",
  "https://*.farcaster.xyz",
  "https://warpcast.com",
  "https://*.warpcast.com",
] as const;

/** A CSP source expression for frame-ancestors: 'self', 'none' or scheme://host[:port] (host and port may use *). */
const frameAncestorSource = z
  .string()
  .regex(
    /^(?:'self'|'none'|https?:\/\/(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?:\d{1,5}|\*))?)$/i,
    "each entry must be 'self', 'none' or an origin such as https://farcaster.xyz or https://*.example.com",
  );

/** QUICK_AUTH_ORIGIN: the Quick Auth server Farcaster clients sign users in with (tests run their own), as an origin. */
export const quickAuthOriginVariable = optional
  .default("https://auth.farcaster.xyz")
  .pipe(z.url({ protocol: /^https?$/ }).transform((o) => new URL(o).origin));

const headersEnvSchema = z.object({
  NEYNAR_API_KEY: optional,
  QUICK_AUTH_ORIGIN: quickAuthOriginVariable,
  FRAME_ANCESTORS: optional
    .transform((v) => (v === undefined ? [...FARCASTER_FRAME_ANCESTORS] : v.split(/[\s,]+/).filter(Boolean)))
    .pipe(z.array(frameAncestorSource).min(1)),
  NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: optional,
  NODE_ENV: optional,
});

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

export function parseHeadersConfig(env: Record<string, string | undefined>): HeadersConfig {
  const parsed = headersEnvSchema.safeParse(env);
  if (!parsed.success) throw invalidConfiguration(parsed.error);
  const e = parsed.data;
  const none = e.FRAME_ANCESTORS.includes("'none'");
  return {
    frameAncestors: none ? ["'none'"] : e.FRAME_ANCESTORS,
    walletConnect: e.NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID !== undefined,
    development: e.NODE_ENV === "development",
    quickAuthOrigin: e.NEYNAR_API_KEY ? e.QUICK_AUTH_ORIGIN : null,
  };
}

let cachedHeaders: HeadersConfig | undefined;

/** The header settings, parsed on first use. */
export function headersConfig(): HeadersConfig {
  cachedHeaders ??= parseHeadersConfig(process.env);
  return cachedHeaders;
}
