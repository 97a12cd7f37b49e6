/**
 * Safe webhook targets (issue #30): an endpoint must be https and its host must resolve only to
 * public addresses, so that an admin's URL cannot make the server call into its own network
 * (cloud metadata at 169.254.169.254, a database on 10.x, the app itself on 127.0.0.1).
 * WEBHOOKS_ALLOW_PRIVATE=true lifts both rules for local development and tests.
 *
 * The check runs when an endpoint is saved and inside each send's own DNS lookup
 * (lib/webhooks/send.ts), so the address that was checked is the address connected to.
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/** Every range that is not a public unicast address (IANA special-purpose registries). IPv4-mapped IPv6 is matched by BlockList against these. */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128],
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** Whether `address` (an IP literal) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NON_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

export const resolveHost: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/** Why a target was refused: the text after "Invalid url: " and the delivery's lastError. */
export class BlockedTarget extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** The URL's host as a name or an IP literal, without IPv6's brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/**
 * The addresses a send may connect to: every address the host resolves to must be public (one
 * private answer is enough for a rebinding DNS server to aim at), else BlockedTarget. With
 * allowPrivate, any address. A lookup's own failure (ENOTFOUND, ...) is thrown as it is.
 */
export async function safeAddresses(host: string, allowPrivate: boolean, resolve: Resolve = resolveHost): Promise<ResolvedAddress[]> {
  const family = isIP(host);
  let addresses: ResolvedAddress[];
  if (family !== 0) addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
  else addresses = await resolve(host);
  if (addresses.length === 0) throw Object.assign(new Error(`${host} does not resolve`), { code: "ENOTFOUND" });
  if (allowPrivate) return addresses;
  const blocked = addresses.find((a) => !isPublicAddress(a.address));
  if (blocked) throw new BlockedTarget(`${host} resolves to a private or reserved address (${blocked.address})`);
  return addresses;
}

/**
 * Checks an endpoint's URL as it is saved: https (http too with allowPrivate), no credentials in
 * it, and a host that resolves to public addresses only. Throws BlockedTarget with the reason.
 */
export async function checkTarget(text: string, allowPrivate: boolean, resolve: Resolve = resolveHost): Promise<URL> {
  const url = new URL(text);
  const schemes = allowPrivate ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol)) {
    throw new BlockedTarget(allowPrivate ? "must be an http or https URL" : "must be https (WEBHOOKS_ALLOW_PRIVATE=true allows http)");
  }
  if (url.username || url.password) throw new BlockedTarget("must not carry a user name or password");
  try {
    await safeAddresses(hostOf(url), allowPrivate, resolve);
  } catch (error) {
    if (error instanceof BlockedTarget) throw error;
    throw new BlockedTarget(`${hostOf(url)} does not resolve`);
  }
  return url;
}
