/**
 * The public origin of a request: which origins are allowed (APP_URL's list; without it Vercel's
 * URLs and loopback), what a request on one gets, what any other Host gets, and the headers that
 * follow from it (Strict-Transport-Security, whether a shared cache may keep the answer).
 */
import { describe, expect, it } from "vitest";
import {
  defaultOriginNotice,
  isLoopbackHostname,
  isPublicOrigin,
  publicOrigin,
  sameForEveryHost,
  strictTransportSecurity,
} from "@/lib/domain/public-origin";
import { ConfigError, parsePublicOrigins } from "@/lib/config";

const ATTACKS: Record<string, string>[] = [
  { host: "evil.example" },
  { host: "evil.example:443", "x-forwarded-proto": "https" },
  { host: "app.example.com", "x-forwarded-host": 'evil.example/"><script>', "x-forwarded-proto": "javascript" },
  { host: "evil.example/path?x=" },
  { host: "app.example.com@evil.example" },
  { host: "[:::]" },
  { host: "1.1.1.999" },
  { host: "a.aa:65536" },
  { host: "", "x-forwarded-host": "" },
  {},
];

const originOf = (env: Record<string, string>, headers: Record<string, string>) => publicOrigin(new Headers(headers), parsePublicOrigins(env));

describe("the allowed origins", () => {
  it("APP_URL is one URL or a comma-separated list; trailing slashes go, a path stays", () => {
    expect(parsePublicOrigins({ APP_URL: "https://app.example.com/" })).toEqual({ bases: ["https://app.example.com"], source: "APP_URL" });
    expect(parsePublicOrigins({ APP_URL: " https://a.example , https://b.example/shop/ ,, http://c.example:8080" }).bases).toEqual([
      "https://a.example",
      "https://b.example/shop",
      "http://c.example:8080",
    ]);
  });

  it("an APP_URL entry that is not an http(s) URL of a host is a configuration error naming the variable", () => {
    for (const bad of ["not a url", "ftp://a.example", "javascript:alert(1)", "https://a.example,app.example.com", "https://u:p@a.example", "https://a.example/?x=1", ","]) {
      expect(() => parsePublicOrigins({ APP_URL: bad }), bad).toThrow(ConfigError);
      expect(() => parsePublicOrigins({ APP_URL: bad }), bad).toThrow(/APP_URL/);
    }
  });

  it("on Vercel without APP_URL: the deployment's URLs over https, its own environment's first", () => {
    const vercel = { VERCEL: "1", VERCEL_URL: "app-abc123-team.vercel.app", VERCEL_BRANCH_URL: "app-git-feat-team.vercel.app", VERCEL_PROJECT_PRODUCTION_URL: "app.example.com" };
    expect(parsePublicOrigins({ ...vercel, VERCEL_ENV: "production" })).toEqual({
      bases: ["https://app.example.com", "https://app-abc123-team.vercel.app", "https://app-git-feat-team.vercel.app"],
      source: "vercel",
    });
    expect(parsePublicOrigins({ ...vercel, VERCEL_ENV: "preview" }).bases[0]).toBe("https://app-git-feat-team.vercel.app");
    expect(parsePublicOrigins({ ...vercel, APP_URL: "https://refboard.example" })).toEqual({ bases: ["https://refboard.example"], source: "APP_URL" });
    expect(() => parsePublicOrigins({ ...vercel, VERCEL_URL: "https://app.vercel.app" })).toThrow(/VERCEL_URL/);
  });

  it("Vercel's variables count only on Vercel", () => {
    expect(parsePublicOrigins({ VERCEL_URL: "app.vercel.app" }).source).toBe("default");
  });

  it("with neither: http://localhost on the port the server listens on", () => {
    expect(parsePublicOrigins({})).toEqual({ bases: ["http://localhost:3000"], source: "default" });
    expect(parsePublicOrigins({ PORT: "4100" }).bases).toEqual(["http://localhost:4100"]);
  });
});

describe("the public origin of a request", () => {
  const TWO = { APP_URL: "https://a.example,https://b.example/shop" };

  it("a request on an allowed origin gets that origin, with the configured scheme and path", () => {
    expect(originOf(TWO, { host: "a.example" })).toEqual({ linkBase: "https://a.example", origin: "https://a.example", requested: true });
    expect(originOf(TWO, { host: "B.EXAMPLE:443" })).toEqual({ linkBase: "https://b.example/shop", origin: "https://b.example", requested: true });
    expect(originOf(TWO, { host: "127.0.0.1:3000", "x-forwarded-host": "b.example, proxy.internal", "x-forwarded-proto": "http" }).linkBase).toBe(
      "https://b.example/shop",
    );
  });

  it("any other Host gets the first configured origin, never its own header back", () => {
    for (const headers of ATTACKS) {
      const origin = originOf(TWO, headers);
      expect(origin, JSON.stringify(headers)).toEqual({ linkBase: "https://a.example", origin: "https://a.example", requested: false });
    }
  });

  it("with APP_URL set, loopback is just another host: links stay on APP_URL", () => {
    expect(originOf({ APP_URL: "https://app.example.com" }, { host: "127.0.0.1:3000" })).toMatchObject({ linkBase: "https://app.example.com", requested: false });
  });

  it("without APP_URL, loopback on any port is allowed, over https only when the proxy says so", () => {
    expect(originOf({}, { host: "127.0.0.1:40123" })).toEqual({ linkBase: "http://127.0.0.1:40123", origin: "http://127.0.0.1:40123", requested: true });
    expect(originOf({}, { host: "localhost:3000", "x-forwarded-proto": "https" }).linkBase).toBe("https://localhost:3000");
    expect(originOf({}, { host: "[::1]:8080", "x-forwarded-proto": "javascript" }).linkBase).toBe("http://[::1]:8080");
    expect(originOf({}, { host: "127.1" }).linkBase).toBe("http://127.0.0.1");
    for (const headers of ATTACKS) expect(originOf({}, headers), JSON.stringify(headers)).toMatchObject({ linkBase: "http://localhost:3000", requested: false });
  });

  it("on Vercel: its URLs over https, whatever the forwarded scheme; other hosts get its own environment's URL", () => {
    const env = { VERCEL: "1", VERCEL_ENV: "preview", VERCEL_URL: "app-abc.vercel.app", VERCEL_PROJECT_PRODUCTION_URL: "app.example.com" };
    expect(originOf(env, { host: "app.example.com", "x-forwarded-proto": "http" }).linkBase).toBe("https://app.example.com");
    expect(originOf(env, { host: "evil.example" })).toMatchObject({ linkBase: "https://app-abc.vercel.app", requested: false });
  });

  it("loopback names: localhost and its subdomains, 127.0.0.0/8, [::1]", () => {
    for (const name of ["localhost", "app.localhost", "127.0.0.1", "127.255.0.9", "[::1]"]) expect(isLoopbackHostname(name), name).toBe(true);
    for (const name of ["localhost.example", "128.0.0.1", "[::2]", "evil.example", "0.0.0.0"]) expect(isLoopbackHostname(name), name).toBe(false);
  });

  it("an origin is public when a request can have it: how AUTH_ORIGINS is checked", () => {
    const two = parsePublicOrigins(TWO);
    expect(isPublicOrigin("https://b.example", two)).toBe(true);
    expect(isPublicOrigin("http://a.example", two)).toBe(false);
    expect(isPublicOrigin("http://localhost:3000", two)).toBe(false);
    expect(isPublicOrigin("https://localhost:3000", parsePublicOrigins({}))).toBe(true);
  });
});

describe("what follows from it", () => {
  it("Strict-Transport-Security: two years on a configured https origin, without includeSubDomains", () => {
    const hsts = (env: Record<string, string>, headers: Record<string, string>) => strictTransportSecurity(originOf(env, headers));
    expect(hsts({ APP_URL: "https://app.example.com" }, { host: "app.example.com" })).toBe("max-age=63072000");
    expect(hsts({ VERCEL: "1", VERCEL_URL: "app.vercel.app" }, { host: "app.vercel.app" })).toBe("max-age=63072000");
    expect(hsts({ APP_URL: "http://app.example.com" }, { host: "app.example.com", "x-forwarded-proto": "https" })).toBeNull();
    expect(hsts({ APP_URL: "https://app.example.com" }, { host: "evil.example", "x-forwarded-proto": "https" })).toBeNull();
    expect(hsts({}, { host: "localhost:3000", "x-forwarded-proto": "https" })).toBeNull();
  });

  it("a shared cache may keep an answer built from the origin only when one APP_URL makes it the same for every host", () => {
    expect(sameForEveryHost(parsePublicOrigins({ APP_URL: "https://app.example.com" }))).toBe(true);
    expect(sameForEveryHost(parsePublicOrigins({ APP_URL: "https://a.example,https://b.example" }))).toBe(false);
    expect(sameForEveryHost(parsePublicOrigins({ VERCEL: "1", VERCEL_URL: "app.vercel.app" }))).toBe(false);
    expect(sameForEveryHost(parsePublicOrigins({}))).toBe(false);
  });

  it("start-up says where links go only without APP_URL and off Vercel", () => {
    expect(defaultOriginNotice(parsePublicOrigins({ PORT: "3000" }))).toMatch(/APP_URL is not set: links and Farcaster URLs use http:\/\/localhost:3000/);
    expect(defaultOriginNotice(parsePublicOrigins({ APP_URL: "https://app.example.com" }))).toBeNull();
    expect(defaultOriginNotice(parsePublicOrigins({ VERCEL: "1", VERCEL_URL: "app.vercel.app" }))).toBeNull();
  });
});
