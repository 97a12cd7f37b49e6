/**
 * The client IP a per-IP rate limit counts, read from the header TRUST_PROXY says to trust.
 * IPv6 clients are counted per /64, the block one subscriber usually holds, so rotating
 * addresses inside it buys nothing.
 */
import { isIP } from "node:net";
import type { TrustProxy } from "@/lib/config";

/** The address (or IPv6 /64 prefix) to count, or null when the trusted header holds none. */
export function clientIp(headers: Headers, trust: TrustProxy): string | null {
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  let candidate: string | undefined;
  switch (trust.kind) {
    case "vercel":
      // Vercel overwrites both with the address that connected to its edge.
      candidate = headers.get("x-real-ip")?.trim() || forwarded[0];
      break;
    case "hops":
      // Each of our proxies appends what it saw; the outermost one's view is n from the right.
      candidate = forwarded[forwarded.length - trust.hops];
      break;
    case "none":
      // Next.js fills x-forwarded-for from the socket only when the client sent none.
      candidate = forwarded.at(-1);
      break;
  }
  return candidate ? normaliseIp(candidate) : null;
}

/** A canonical form of an IP: IPv4 as is (also from ::ffff:a.b.c.d), IPv6 cut to its /64. */
export function normaliseIp(text: string): string | null {
  const bare = text.replace(/^\[(.*)\](?::\d+)?$/, "$1").replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/, "$1");
  const version = isIP(bare);
  if (version === 4) return bare;
  if (version !== 6) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped?.[1]) return mapped[1];
  const groups = expandIpv6(bare);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : null;
}

/** The eight 16-bit groups of an IPv6 address, lowercase without leading zeros. */
function expandIpv6(address: string): string[] | null {
  const withoutZone = address.split("%")[0] ?? "";
  const [head = "", tail] = withoutZone.split("::");
  const part = (s: string) => (s === "" ? [] : s.split(":"));
  let left = part(head);
  let right = tail === undefined ? [] : part(tail);
  // An embedded IPv4 tail (::1.2.3.4) is two groups.
  const toGroups = (groups: string[]) =>
    groups.flatMap((g) => {
      if (!g.includes(".")) return [g];
      const [a = 0, b = 0, c = 0, d = 0] = g.split(".").map(Number);
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  left = toGroups(left);
  right = toGroups(right);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((g) => parseInt(g, 16).toString(16));
}
