/**
 * The public origin of a request: where every absolute URL the app hands out points (referral
 * links, the Farcaster manifest and embed, page metadata), the origin a sign-in message must be
 * for, and the origin the session cookie is named for. Host and X-Forwarded-Host are claims of
 * the client (or of a proxy that copies them), so they only select one of the allowed origins;
 * their text never reaches a response.
 *
 * Allowed: APP_URL's entries when it is set, each with its own scheme and path. Without APP_URL:
 * on Vercel the deployment's URLs (https), and loopback hosts (any port) for local runs. A request
 * on an allowed origin gets that origin; any other request gets the first allowed one.
 */
export interface PublicOriginsConfig {
  /**
   * The allowed public bases (scheme://host[:port], plus APP_URL's path; no trailing slash). The
   * first is where links point for a request on any other host. APP_URL's entries when set; else,
   * on Vercel, the deployment's URLs (https), its own environment's first; else http://localhost:<PORT>.
   */
  bases: string[];
  /** Where `bases` came from. Without APP_URL, loopback hosts (any port) are allowed too: local runs. */
  source: "APP_URL" | "vercel" | "default";
}

export interface PublicOrigin {
  /** The link base: the start of every absolute URL, scheme://host[:port] plus APP_URL's path; no trailing slash. */
  linkBase: string;
  /** scheme://host[:port] of `linkBase`. */
  origin: string;
  /** Whether the request came to this origin; false when its host is not allowed and this is the first allowed one. */
  requested: boolean;
}

/** What a Headers object, Next's headers() and an adapter of node:http's headers all offer. */
export interface HeaderSource {
  get(name: string): string | null;
}

/** The public origin of a request with these headers. */
export function publicOrigin(headers: HeaderSource, origins: PublicOriginsConfig): PublicOrigin {
  // A proxy's header wins over the Host it connected with; only the first hop is the client's.
  const host = firstValue(headers.get("x-forwarded-host")) ?? firstValue(headers.get("host"));
  const https = firstValue(headers.get("x-forwarded-proto"))?.toLowerCase() === "https";
  return (host !== undefined && allowedOrigin(host, https ? "https:" : "http:", origins)) || fallback(origins);
}

/** Whether `origin` (scheme://host[:port]) is one a request can have: how AUTH_ORIGINS is checked at start-up. */
export function isPublicOrigin(origin: string, origins: PublicOriginsConfig): boolean {
  const url = new URL(origin);
  return allowedOrigin(url.host, url.protocol, origins)?.origin === url.origin;
}

/** localhost and its subdomains, 127.0.0.0/8 and [::1]: names only this machine answers to. */
export function isLoopbackHostname(hostname: string): boolean {
  return (
    hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "[::1]" || /^127(?:\.\d{1,3}){3}$/.test(hostname)
  );
}

/** Whether every request gets the same origin, so that a response built from it may sit in a shared cache. */
export function sameForEveryHost(origins: PublicOriginsConfig): boolean {
  return origins.source === "APP_URL" && origins.bases.length === 1;
}

/** The start-up line of a server without APP_URL and not on Vercel: where its links go. */
export function defaultOriginNotice(origins: PublicOriginsConfig): string | null {
  if (origins.source !== "default") return null;
  return (
    `[refboard] APP_URL is not set: links and Farcaster URLs use ${origins.bases[0]} (or the loopback address a request ` +
    "came to); set APP_URL to the public URL of the app, or a comma-separated list of them"
  );
}

/**
 * Strict-Transport-Security for a request on an https origin the operator configured (an https
 * APP_URL entry, Vercel's URLs). The configured scheme is the signal, not X-Forwarded-Proto, which
 * a client can forge wherever no proxy overwrites it; browsers ignore the header over plain http,
 * so it only ever takes effect on an https response. Two years, the span browsers' preload lists
 * ask for. Not includeSubDomains: the app cannot know that every host under the operator's domain
 * serves https. Nothing for loopback, nor for a host that is not allowed (not ours to pin).
 */
export function strictTransportSecurity(origin: PublicOrigin): string | null {
  const url = new URL(origin.origin);
  return origin.requested && url.protocol === "https:" && !isLoopbackHostname(url.hostname) ? "max-age=63072000" : null;
}

/** The allowed origin `host` names: a configured base (with its own scheme), or without APP_URL a loopback host. */
function allowedOrigin(host: string, loopbackScheme: string, origins: PublicOriginsConfig): PublicOrigin | undefined {
  const loopback = origins.source === "APP_URL" ? null : hostUrl(host, loopbackScheme);
  if (loopback && isLoopbackHostname(loopback.hostname)) return { linkBase: loopback.origin, origin: loopback.origin, requested: true };
  for (const base of origins.bases) {
    const url = new URL(base);
    if (hostUrl(host, url.protocol)?.host === url.host) return { linkBase: base, origin: url.origin, requested: true };
  }
  return undefined;
}

function fallback(origins: PublicOriginsConfig): PublicOrigin {
  const linkBase = origins.bases[0]!;
  return { linkBase, origin: new URL(linkBase).origin, requested: false };
}

/** `host` as the URL parser reads it under `scheme` (lowercase, default port dropped), or null when it is more than a host. */
function hostUrl(host: string, scheme: string): URL | null {
  let url: URL;
  try {
    url = new URL(`${scheme}//${host}`);
  } catch {
    return null;
  }
  return url.username || url.password || url.pathname !== "/" || url.search || url.hash ? null : url;
}

function firstValue(header: string | null): string | undefined {
  return header?.split(",")[0]?.trim() || undefined;
}
