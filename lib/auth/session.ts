/**
 * The sign-in session: the wallet and an expiry, sealed (encrypted and authenticated) with
 * SESSION_SECRET by iron-session into an httpOnly cookie. Nothing is stored server-side: a
 * session ends when it expires or when the browser drops the cookie (logout clears it); a
 * leaked cookie stays valid until its expiry, which is why it is httpOnly and short-lived.
 */
import "server-only";
import { sealData, unsealData } from "iron-session";
import { isLoopbackHostname } from "@/lib/domain/public-origin";
import { isWallet, normaliseWallet, type Wallet } from "@/lib/domain/wallet";

export interface Session {
  address: Wallet;
  /** Unix seconds (service clock). */
  expiresAt: number;
}

export interface SessionSettings {
  secret: string;
  ttlSeconds: number;
}

/**
 * Loopback hosts get a plain cookie (browsers treat them as secure contexts, but tests speak http).
 * `origin` is the request's public origin (lib/domain/public-origin.ts), never its Host header.
 */
function isLocalHost(origin: string): boolean {
  return isLoopbackHostname(new URL(origin).hostname);
}

/**
 * Secure outside localhost. `__Host-` makes browsers insist on Secure, Path=/ and no Domain,
 * so no sibling subdomain can plant or shadow the cookie.
 */
export function sessionCookieName(origin: string): string {
  return isLocalHost(origin) ? "refboard-session" : "__Host-refboard-session";
}

function cookieAttributes(origin: string, maxAge: number): string {
  const secure = isLocalHost(origin) ? "" : "; Secure";
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

/** The Set-Cookie value that starts a session for `address`. */
export async function startSession(address: Wallet, now: number, settings: SessionSettings, origin: string): Promise<string> {
  const session: Session = { address, expiresAt: now + settings.ttlSeconds };
  // iron-session's own ttl is a second, clock-independent bound on the seal (plus its 60 s skew).
  const sealed = await sealData(session, { password: settings.secret, ttl: settings.ttlSeconds });
  return `${sessionCookieName(origin)}=${sealed}; ${cookieAttributes(origin, settings.ttlSeconds)}`;
}

/** The Set-Cookie value that ends the session. */
export function endSession(origin: string): string {
  return `${sessionCookieName(origin)}=; ${cookieAttributes(origin, 0)}`;
}

/** The request's session, or null when it has none, or one that is tampered with, sealed with another secret or expired. */
export function readSession(request: Request, origin: string, settings: SessionSettings, now: number): Promise<Session | null> {
  return readSessionCookie(request.headers.get("cookie"), origin, settings, now);
}

/** readSession from a Cookie header's value: what a page has (next/headers), which is not a Request. */
export async function readSessionCookie(cookieHeader: string | null, origin: string, settings: SessionSettings, now: number): Promise<Session | null> {
  const sealed = cookieValue(cookieHeader, sessionCookieName(origin));
  if (!sealed) return null;
  let data: unknown;
  try {
    data = await unsealData(sealed, { password: settings.secret, ttl: settings.ttlSeconds });
  } catch {
    return null; // not a seal at all
  }
  const { address, expiresAt } = (data ?? {}) as Partial<Record<keyof Session, unknown>>;
  if (typeof address !== "string" || !isWallet(address) || typeof expiresAt !== "number") return null;
  if (now >= expiresAt) return null;
  return { address: normaliseWallet(address), expiresAt };
}

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
