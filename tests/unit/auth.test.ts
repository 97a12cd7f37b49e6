/**
 * Sign-in rules, sessions, client IPs, the CSP and the new configuration, on a fake clock and an
 * in-memory AccessStore: what the HTTP tests cannot reach quickly (expiry by the server clock).
 */
import { describe, expect, it } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { ApiError } from "@/lib/contract/errors";
import { clientIp, normaliseIp } from "@/lib/auth/client-ip";
import { contentSecurityPolicy } from "@/lib/auth/security-headers";
import { readSession, sessionCookieName, startSession } from "@/lib/auth/session";
import { createSignatureVerifier } from "@/lib/auth/signature";
import { issueNonce, signIn, type SignInDeps } from "@/lib/auth/sign-in";
import { ConfigError, parseConfig, parseHeadersConfig } from "@/lib/config";
import type { AccessStore } from "@/lib/store/types";

const T0 = 1_750_000_000;
const SECRET = "s".repeat(32);

/** The nonce half of an AccessStore, in memory, with the same expiry rule as the real ones. */
function memoryStore(): AccessStore {
  const nonces = new Map<string, number>();
  return {
    createNonce: async (nonce, now, ttl) => void nonces.set(nonce, now + ttl),
    consumeNonce: async (nonce, now) => {
      const expiresAt = nonces.get(nonce);
      nonces.delete(nonce);
      return expiresAt !== undefined && now < expiresAt;
    },
    hitRateLimits: async () => ({ allowed: true }),
  };
}

function setup(now = T0) {
  let time = now;
  const deps: SignInDeps = { store: memoryStore(), clock: () => time, verifySignature: createSignatureVerifier({ timeoutMs: 1000 }) };
  const account = privateKeyToAccount(generatePrivateKey());
  const rules = { origin: "https://app.example.com", allowedOrigins: [] as string[], chainId: undefined as number | undefined };
  async function attempt(overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}, signer = account) {
    const nonce = await issueNonce(deps, 300);
    const message = createSiweMessage({
      domain: "app.example.com",
      address: account.address,
      uri: "https://app.example.com/",
      version: "1",
      chainId: 8453,
      nonce,
      issuedAt: new Date(time * 1000),
      ...overrides,
    });
    return { message, signature: await signer.signMessage({ message }) };
  }
  const run = (input: { message: string; signature: `0x${string}` }) => signIn(deps, input, rules);
  return { deps, account, rules, attempt, run, advance: (s: number) => (time += s) };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(401);
  return (error as ApiError).message;
}

describe("sign-in rules", () => {
  it("a message signed by its address signs that wallet in, lowercase", async () => {
    const { attempt, run, account } = setup();
    expect(await run(await attempt())).toBe(account.address.toLowerCase());
  });

  it("the nonce expires after its TTL by the server clock", async () => {
    const { attempt, run, advance } = setup();
    const input = await attempt();
    advance(300);
    expect(await refusal(run(input))).toBe("Unknown, used or expired nonce");
  });

  it("expirationTime and notBefore are judged by the server clock", async () => {
    const { attempt, run, advance } = setup();
    const expiring = await attempt({ expirationTime: new Date((T0 + 60) * 1000) });
    advance(60);
    expect(await refusal(run(expiring))).toBe("Sign-in message has expired");
    const later = await attempt({ notBefore: new Date((T0 + 120) * 1000) });
    expect(await refusal(run(later))).toBe("Sign-in message is not valid yet");
    advance(60);
    expect(await run(later)).toMatch(/^0x/);
  });

  it("CHAIN_ID, when set, is the only chain accepted; unset, any chain is", async () => {
    const { attempt, run, rules } = setup();
    expect(await run(await attempt({ chainId: 10 }))).toMatch(/^0x/);
    rules.chainId = 8453;
    expect(await refusal(run(await attempt({ chainId: 10 })))).toBe("Sign-in message is for another chain");
    expect(await run(await attempt({ chainId: 8453 }))).toMatch(/^0x/);
  });

  it("with allowed origins set, a request to another origin cannot sign in, whatever the message says", async () => {
    const { attempt, run, rules } = setup();
    rules.allowedOrigins = ["https://other.example.com"];
    expect(await refusal(run(await attempt()))).toBe("Sign-in is not available on this domain");
    rules.allowedOrigins = ["https://app.example.com"];
    expect(await run(await attempt())).toMatch(/^0x/);
  });

  it("domain, URI origin and scheme must be the request's", async () => {
    const { attempt, run } = setup();
    expect(await refusal(run(await attempt({ domain: "app.example.com:8443" })))).toBe("Sign-in message is for another domain");
    expect(await refusal(run(await attempt({ uri: "http://app.example.com/" })))).toBe("Sign-in message URI is for another origin");
    expect(await refusal(run(await attempt({ scheme: "http" })))).toBe("Sign-in message is for another scheme");
  });

  it("without RPC_URL a signature by anyone but the address is refused (no smart-contract wallets offline)", async () => {
    const { attempt, run } = setup();
    const stranger = privateKeyToAccount(generatePrivateKey());
    expect(await refusal(run(await attempt({}, stranger)))).toBe("Invalid signature");
  });

  it("a text that is not an EIP-4361 message is refused", async () => {
    const { run } = setup();
    expect(await refusal(run({ message: "Sign in please", signature: "0x00" }))).toMatch(/^Invalid sign-in message/);
  });
});

describe("the session cookie", () => {
  const settings = { secret: SECRET, ttlSeconds: 3600 };
  const wallet = `0x${"ab".repeat(20)}` as const;
  const requestWith = (cookie: string) => new Request("http://localhost/", { headers: { cookie } });
  const pair = (setCookie: string) => setCookie.split(";")[0] ?? "";

  it("round-trips the wallet until it expires by the server clock", async () => {
    const cookie = pair(await startSession(wallet, T0, settings, "http://localhost:3000"));
    expect(await readSession(requestWith(cookie), "http://localhost:3000", settings, T0 + 3599)).toEqual({ address: wallet, expiresAt: T0 + 3600 });
    expect(await readSession(requestWith(cookie), "http://localhost:3000", settings, T0 + 3600)).toBeNull();
  });

  it("is worthless under another secret, tampered with, or under another cookie name", async () => {
    const cookie = pair(await startSession(wallet, T0, settings, "http://localhost:3000"));
    expect(await readSession(requestWith(cookie), "http://localhost:3000", { ...settings, secret: "t".repeat(32) }, T0)).toBeNull();
    expect(await readSession(requestWith(cookie.slice(0, -2) + "xx"), "http://localhost:3000", settings, T0)).toBeNull();
    expect(await readSession(requestWith(cookie), "https://app.example.com", settings, T0)).toBeNull();
  });

  it("is Secure and __Host- prefixed everywhere but loopback hosts", () => {
    expect(sessionCookieName("http://localhost:3000")).toBe("refboard-session");
    expect(sessionCookieName("http://127.0.0.1:3000")).toBe("refboard-session");
    expect(sessionCookieName("http://[::1]:3000")).toBe("refboard-session");
    expect(sessionCookieName("https://app.example.com")).toBe("__Host-refboard-session");
    expect(sessionCookieName("http://192.168.1.5:3000")).toBe("__Host-refboard-session");
  });
});

describe("the client IP", () => {
  const headers = (init: Record<string, string>) => new Headers(init);

  it("on Vercel: x-real-ip, else the first x-forwarded-for hop", () => {
    expect(clientIp(headers({ "x-real-ip": "203.0.113.9", "x-forwarded-for": "198.51.100.1" }), { kind: "vercel" })).toBe("203.0.113.9");
    expect(clientIp(headers({ "x-forwarded-for": "198.51.100.1, 10.0.0.1" }), { kind: "vercel" })).toBe("198.51.100.1");
  });

  it("behind n proxies: the n-th entry from the right, so what a client prepends does not count", () => {
    const h = headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.2" });
    expect(clientIp(h, { kind: "hops", hops: 1 })).toBe("10.0.0.2");
    expect(clientIp(h, { kind: "hops", hops: 2 })).toBe("203.0.113.9");
    expect(clientIp(headers({ "x-forwarded-for": "203.0.113.9" }), { kind: "hops", hops: 2 })).toBeNull();
  });

  it("directly exposed: what Next.js put in x-forwarded-for", () => {
    expect(clientIp(headers({ "x-forwarded-for": "::ffff:127.0.0.1" }), { kind: "none" })).toBe("127.0.0.1");
    expect(clientIp(headers({}), { kind: "none" })).toBeNull();
  });

  it("IPv6 counts per /64; garbage is no address", () => {
    expect(normaliseIp("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(normaliseIp("2001:db8:1:2::7")).toBe("2001:db8:1:2::/64");
    expect(normaliseIp("[2001:db8::1]:443")).toBe("2001:db8:0:0::/64");
    expect(normaliseIp("203.0.113.9:5000")).toBe("203.0.113.9");
    expect(normaliseIp("not-an-ip")).toBeNull();
    expect(normaliseIp("999.1.1.1")).toBeNull();
  });
});

describe("the Content-Security-Policy of pages", () => {
  it("allows scripts only by nonce, framing only by FRAME_ANCESTORS, WalletConnect only when configured", () => {
    const plain = contentSecurityPolicy(parseHeadersConfig({}), "abc");
    expect(plain).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(plain).toContain("frame-ancestors https://farcaster.xyz https://*.farcaster.xyz https://warpcast.com https://*.warpcast.com");
    expect(plain).toContain("connect-src 'self';");
    expect(plain).not.toContain("unsafe-eval");
    const wc = contentSecurityPolicy(parseHeadersConfig({ NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: "p", FRAME_ANCESTORS: "'none'" }), "n");
    expect(wc).toContain("wss://*.walletconnect.org");
    expect(wc).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy(parseHeadersConfig({ NODE_ENV: "development" }), "n")).toContain("'unsafe-eval'");
    // The development test wallets reach the local anvil; a production page never does (plain's connect-src is 'self').
    expect(contentSecurityPolicy(parseHeadersConfig({ NODE_ENV: "development" }), "n")).toContain("connect-src 'self' ws: http://127.0.0.1:8545;");
  });

  it("lets the page reach the Quick Auth server only while Farcaster notifications are on", () => {
    expect(contentSecurityPolicy(parseHeadersConfig({ QUICK_AUTH_ORIGIN: "https://auth.example" }), "n")).toContain("connect-src 'self';");
    expect(contentSecurityPolicy(parseHeadersConfig({ NEYNAR_API_KEY: "k" }), "n")).toContain("connect-src 'self' https://auth.farcaster.xyz;");
    expect(contentSecurityPolicy(parseHeadersConfig({ NEYNAR_API_KEY: "k", QUICK_AUTH_ORIGIN: "http://127.0.0.1:4000/x" }), "n")).toContain(
      "connect-src 'self' http://127.0.0.1:4000;",
    );
  });

  it("FRAME_ANCESTORS takes origins and 'self', nothing that could break out of the header", () => {
    expect(parseHeadersConfig({ FRAME_ANCESTORS: "'self', https://a.example:8443 http://localhost:*" }).frameAncestors).toEqual([
      "'self'",
      "https://a.example:8443",
      "http://localhost:*",
    ]);
    for (const bad of ["https://a.example; script-src *", "*", "javascript:x", "https://a.example/path"]) {
      expect(() => parseHeadersConfig({ FRAME_ANCESTORS: bad }), bad).toThrow(/FRAME_ANCESTORS/);
    }
  });
});

describe("configuration of sign-in and limits", () => {
  it("is off by default: no sign-in, no limits, no trusted proxy", () => {
    const cfg = parseConfig({});
    expect(cfg.auth).toEqual({ mode: "off" });
    expect(cfg.rateLimits).toEqual({});
    expect(cfg.trustProxy).toEqual({ kind: "none" });
    expect(parseConfig({ VERCEL: "1", REDIS_URL: "redis://x" }).trustProxy).toEqual({ kind: "vercel" });
  });

  it("siwe needs SESSION_SECRET of 32+ characters, with a clear start-up error", () => {
    expect(() => parseConfig({ WALLET_AUTH: "siwe" })).toThrow(ConfigError);
    expect(() => parseConfig({ WALLET_AUTH: "siwe" })).toThrow(/SESSION_SECRET/);
    expect(() => parseConfig({ WALLET_AUTH: "siwe", SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET: must be at least 32/);
    expect(() => parseConfig({ WALLET_AUTH: "maybe" })).toThrow(/WALLET_AUTH/);
    expect(parseConfig({ WALLET_AUTH: "siwe", SESSION_SECRET: SECRET, CHAIN_ID: "8453", APP_URL: "https://app.example.com/x" }).auth).toEqual({
      mode: "siwe",
      session: { secret: SECRET, ttlSeconds: 604_800 },
      nonceTtlSeconds: 300,
      origins: ["https://app.example.com"],
      chainId: 8453,
      rpcUrl: undefined,
      rpcTimeoutMs: 5000,
    });
  });

  it("ADMIN_WALLETS turns sign-in on (not the write guard) and needs SESSION_SECRET, said at start-up", () => {
    const admin = "0x" + "Ab".repeat(20);
    expect(() => parseConfig({ ADMIN_WALLETS: admin })).toThrow(/^Invalid configuration: ADMIN_WALLETS needs SESSION_SECRET/);
    expect(() => parseConfig({ ADMIN_WALLETS: "0x1234", SESSION_SECRET: SECRET })).toThrow(/ADMIN_WALLETS\.0: must be a 0x-prefixed 20-byte address/);
    const cfg = parseConfig({ ADMIN_WALLETS: ` ${admin}, ${"0x" + "cd".repeat(20)}`, SESSION_SECRET: SECRET });
    expect(cfg.adminWallets).toEqual([admin.toLowerCase(), "0x" + "cd".repeat(20)]);
    expect(cfg.auth).toEqual({ mode: "off" });
    expect(cfg.signIn).toEqual({ session: { secret: SECRET, ttlSeconds: 604_800 }, nonceTtlSeconds: 300, origins: [], rpcTimeoutMs: 5000 });
    expect(parseConfig({}).signIn).toBeNull();
    expect(parseConfig({}).adminWallets).toEqual([]);
  });

  it("AUTH_ORIGINS lists origins, ahead of APP_URL's; without either, any public origin", () => {
    const siwe = { WALLET_AUTH: "siwe", SESSION_SECRET: SECRET };
    const origins = (env: Record<string, string>) => {
      const auth = parseConfig({ ...siwe, ...env }).auth;
      return auth.mode === "siwe" && auth.origins;
    };
    expect(origins({ APP_URL: "https://a.example,https://b.example/x", AUTH_ORIGINS: "https://b.example/" })).toEqual(["https://b.example"]);
    expect(origins({ APP_URL: "https://a.example/shop,https://b.example,https://a.example" })).toEqual(["https://a.example", "https://b.example"]);
    expect(origins({ AUTH_ORIGINS: "http://localhost:3000" })).toEqual(["http://localhost:3000"]);
    expect(origins({})).toEqual([]);
  });

  it("an AUTH_ORIGINS entry no request can have (not in APP_URL, not loopback without it) is a start-up error", () => {
    const siwe = { WALLET_AUTH: "siwe", SESSION_SECRET: SECRET };
    expect(() => parseConfig({ ...siwe, APP_URL: "https://a.example", AUTH_ORIGINS: "https://b.example" })).toThrow(
      /AUTH_ORIGINS: not a public origin of the app \(see APP_URL\): https:\/\/b\.example$/,
    );
    expect(() => parseConfig({ ...siwe, APP_URL: "https://a.example", AUTH_ORIGINS: "http://localhost:3000" })).toThrow(ConfigError);
    expect(() => parseConfig({ ...siwe, AUTH_ORIGINS: "https://app.example.com" })).toThrow(/AUTH_ORIGINS/);
  });

  it("rate limits read as N (per minute) or N/<window>", () => {
    const cfg = parseConfig({ RATE_LIMIT_WRITES_PER_IP: "30", RATE_LIMIT_WRITES_PER_WALLET: "5/10s", RATE_LIMIT_CODE_LOOKUPS_PER_IP: "1000/1d" });
    expect(cfg.rateLimits).toEqual({
      writesPerIp: { limit: 30, windowSeconds: 60 },
      writesPerWallet: { limit: 5, windowSeconds: 10 },
      codeLookupsPerIp: { limit: 1000, windowSeconds: 86_400 },
    });
    expect(parseConfig({ RATE_LIMIT_WRITES_PER_IP: "20/h" }).rateLimits.writesPerIp).toEqual({ limit: 20, windowSeconds: 3600 });
    for (const bad of ["0", "10/0s", "ten", "10/1w", "10/8d", "-1"]) {
      expect(() => parseConfig({ RATE_LIMIT_WRITES_PER_IP: bad }), bad).toThrow(/RATE_LIMIT_WRITES_PER_IP/);
    }
  });

  it("TRUST_PROXY is none, vercel or a number of proxies", () => {
    expect(parseConfig({ TRUST_PROXY: "2" }).trustProxy).toEqual({ kind: "hops", hops: 2 });
    expect(parseConfig({ TRUST_PROXY: "vercel" }).trustProxy).toEqual({ kind: "vercel" });
    expect(() => parseConfig({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
  });
});
