/**
 * Security headers on every response of the production build: the pages' Content-Security-Policy
 * with a fresh nonce that Next.js puts on its scripts, frame-ancestors from FRAME_ANCESTORS (the
 * Farcaster clients by default), the API's deny-all policy, nosniff and Referrer-Policy.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type AppServer } from "@/tests/support/app-server";

/** The directives of a CSP header, by name. */
function directives(policy: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (policy ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe("security headers", () => {
  let app: AppServer; // defaults
  let custom: AppServer; // FRAME_ANCESTORS and WalletConnect set

  beforeAll(async () => {
    [app, custom] = await Promise.all([
      startApp({}),
      startApp({ FRAME_ANCESTORS: "https://client.example https://*.client.example", NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: "test-project" }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([app?.stop(), custom?.stop()]);
  });

  it("pages: a nonce-based CSP whose nonce is on every script of the page, fresh per request", async () => {
    const res = await fetch(app.baseUrl + "/");
    expect(res.status).toBe(200);
    const csp = directives(res.headers.get("content-security-policy"));
    const nonce = csp["script-src"]?.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp["script-src"]).toContain("'strict-dynamic'");
    expect(csp["script-src"]).not.toContain("'unsafe-inline'");
    expect(csp["script-src"]).not.toContain("'unsafe-eval'");
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'self'"]);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);
    const again = directives((await fetch(app.baseUrl + "/")).headers.get("content-security-policy"));
    expect(again["script-src"]).not.toEqual(csp["script-src"]);
  });

  it("pages: only the Farcaster clients may frame the app by default", async () => {
    for (const path of ["/", "/leaderboard", "/docs"]) {
      const csp = directives((await fetch(app.baseUrl + path)).headers.get("content-security-policy"));
      expect(csp["frame-ancestors"], path).toEqual([
        "https://farcaster.xyz",
        "https://*.farcaster.xyz",
        "https://warpcast.com",
        "https://*.warpcast.com",
      ]);
    }
  });

  it("FRAME_ANCESTORS replaces them at run time; WalletConnect's hosts are allowed only when it is configured", async () => {
    const csp = directives((await fetch(custom.baseUrl + "/")).headers.get("content-security-policy"));
    expect(csp["frame-ancestors"]).toEqual(["https://client.example", "https://*.client.example"]);
    expect(csp["connect-src"]).toEqual(expect.arrayContaining(["'self'", "wss://*.walletconnect.com", "https://*.walletconnect.com"]));
    expect(csp["frame-src"]).toEqual(expect.arrayContaining(["https://verify.walletconnect.com"]));
    const plain = directives((await fetch(app.baseUrl + "/")).headers.get("content-security-policy"));
    expect(plain["connect-src"]).toEqual(["'self'"]);
    expect(plain["frame-src"]).toEqual(["'self'"]);
  });

  it("every response: nosniff and Referrer-Policy; the API allows nothing and no framing", async () => {
    for (const path of ["/", "/api/leaderboard", "/api/referral/check?wallet=0x1", "/icon.svg", "/.well-known/farcaster.json"]) {
      const res = await fetch(app.baseUrl + path);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
    }
    for (const path of ["/api/leaderboard", "/api/referral/check?wallet=0x1", "/api/auth/session"]) {
      const res = await fetch(app.baseUrl + path);
      expect(res.headers.get("content-security-policy"), path).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });
});
