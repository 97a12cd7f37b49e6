/**
 * The edge of the production build against a hostile client. A Host or X-Forwarded-* header only
 * selects one of the allowed public origins: the attacker's host and scheme appear in no body and
 * no header of the manifest, a page, a referral link or user/init. An answer built from the
 * origin is kept out of shared caches while the origin can differ per request; a second APP_URL
 * origin gets links, sign-in and its cookie on itself; pages on a configured https origin carry
 * HSTS; and every POST whose Content-Type is not JSON is a 415 before its body is read.
 */
import { randomBytes } from "node:crypto";
import { request, type IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refCodeOf } from "@/lib/domain/wallet";
import { accountOf, cookieOf, keyedWallet, siweMessage } from "@/tests/api/wallet-session";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { randomWallet } from "@/tests/support/wallets";

const ATTACK = { "x-forwarded-host": 'evil.example/"><script>alert(1)</script>', "x-forwarded-proto": "javascript" };
const EVIL_HOST = { host: "evil.example" };
const JSON_TYPE = { "content-type": "application/json" };

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request through node:http, which sends a Host header of our choosing (fetch does not). */
function send(app: AppServer, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const length = body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: app.port, method, path, headers: { ...length, ...headers }, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const headerText = (answer: Answer) => JSON.stringify(answer.headers).toLowerCase();

/** Neither the attacker's host nor its scheme, anywhere in the answer. */
function expectNoAttack(answer: Answer, where: string) {
  for (const text of [headerText(answer), answer.body.toLowerCase()]) {
    expect(text, where).not.toContain("evil.example");
    expect(text, where).not.toContain("javascript");
  }
}

/** The URLs of a page's fc:miniapp and fc:frame embeds, read from its meta tags. */
function embedUrls(html: string): Record<string, string[]> {
  const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  const urls = (value: unknown): string[] =>
    typeof value === "string" ? (/^[a-z]+:/i.test(value) ? [value] : []) : value && typeof value === "object" ? Object.values(value).flatMap(urls) : [];
  return Object.fromEntries(
    ["fc:miniapp", "fc:frame"].map((name) => {
      const content = new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1];
      expect(content, `${name} meta tag`).toBeDefined();
      return [name, urls(JSON.parse(decode(content!)))];
    }),
  );
}

/** Every URL of the manifest, and the embeds of the page, start with `base` (and there are some). */
function expectAllOn(urls: string[], base: string, where: string) {
  expect(urls.length, where).toBeGreaterThan(2);
  for (const url of urls) expect(url === base || url.startsWith(`${base}/`), `${where}: ${url}`).toBe(true);
}

const manifestUrls = (body: string) => Object.values((JSON.parse(body) as { miniapp: Record<string, unknown> }).miniapp).filter((v): v is string => typeof v === "string" && /^https?:/.test(v));

const A = "https://a.example";
const B = "https://b.example";
let plain: AppServer; // nothing configured: loopback only
let two: AppServer; // APP_URL lists A and B; wallet sign-in on

beforeAll(async () => {
  [plain, two] = await Promise.all([
    startApp(),
    startApp({ APP_URL: `${A}, ${B}/`, WALLET_AUTH: "siwe", SESSION_SECRET: randomBytes(32).toString("hex") }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.stop(), two?.stop()]);
});

describe("the public origin, with nothing configured (loopback only)", () => {
  let app: AppServer;
  let fallback: string;

  beforeAll(() => {
    app = plain;
    fallback = `http://localhost:${app.port}`;
  });

  it("start-up says in one line which origin links use", async () => {
    await send(app, "GET", "/api/health"); // start-up finishes with the first request
    const notices = () => app.logs().split("\n").filter((l) => l.includes("APP_URL is not set"));
    await expect.poll(notices).toEqual([expect.stringContaining(`links and Farcaster URLs use ${fallback}`)]);
  });

  it("the manifest: a forged X-Forwarded-Host and -Proto, or Host, appear nowhere; its URLs are on the default origin", async () => {
    for (const headers of [ATTACK, EVIL_HOST, { ...EVIL_HOST, "x-forwarded-proto": "javascript" }]) {
      const answer = await send(app, "GET", "/.well-known/farcaster.json", headers);
      expect(answer.status).toBe(200);
      expectNoAttack(answer, JSON.stringify(headers));
      expectAllOn(manifestUrls(answer.body), fallback, JSON.stringify(headers));
    }
  });

  it("the manifest depends on the Host here (loopback on any port), so no shared cache may keep it", async () => {
    expect((await send(app, "GET", "/.well-known/farcaster.json")).headers["cache-control"]).toBe("private, max-age=300");
  });

  it("a page: its fc:miniapp and fc:frame meta tags ignore the forged headers, which appear nowhere", async () => {
    for (const path of ["/", "/leaderboard"]) {
      const answer = await send(app, "GET", path, ATTACK);
      expect(answer.status, path).toBe(200);
      expect(headerText(answer), path).not.toMatch(/evil\.example|javascript/);
      expect(answer.body, path).not.toContain("evil.example");
      for (const [name, urls] of Object.entries(embedUrls(answer.body))) expectAllOn(urls, fallback, `${path} ${name}`);
      expect(answer.headers["cache-control"], path).toMatch(/^private/);
    }
  });

  it("GET /api/referral/link and POST /api/user/init with Host: evil.example link to the default origin", async () => {
    const wallet = randomWallet();
    for (const headers of [EVIL_HOST, ATTACK]) {
      const init = await send(app, "POST", "/api/user/init", { ...headers, ...JSON_TYPE }, JSON.stringify({ wallet }));
      expect(init.status).toBe(200);
      expectNoAttack(init, `init ${JSON.stringify(headers)}`);
      expect(JSON.parse(init.body).link).toBe(`${fallback}?ref=${refCodeOf(wallet)}`);

      const link = await send(app, "GET", `/api/referral/link?user=${wallet}`, headers);
      expect(link.status).toBe(200);
      expectNoAttack(link, `link ${JSON.stringify(headers)}`);
      expect(JSON.parse(link.body).link).toBe(`${fallback}?ref=${refCodeOf(wallet)}`);
      expect(link.headers["cache-control"]).toBe("no-store");
    }
  });

  it("a request on a loopback host keeps its own origin, as the interface says", async () => {
    const wallet = randomWallet();
    expect(JSON.parse((await send(app, "GET", `/api/referral/link?user=${wallet}`)).body).link).toBe(`${app.baseUrl}?ref=${refCodeOf(wallet)}`);
    expect(JSON.parse((await send(app, "GET", `/api/referral/link?user=${wallet}`, { host: "127.0.0.2:8080" })).body).link).toBe(
      `http://127.0.0.2:8080?ref=${refCodeOf(wallet)}`,
    );
  });

  it("no Strict-Transport-Security on loopback, even when a proxy says https", async () => {
    expect((await send(app, "GET", "/", { "x-forwarded-proto": "https" })).headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("POST bodies are JSON", () => {
  let app: AppServer;
  let posts: string[];

  beforeAll(async () => {
    app = plain;
    const doc = JSON.parse((await send(app, "GET", "/api/openapi.json")).body) as { paths: Record<string, Record<string, unknown>> };
    // Admin endpoints check access first (404 here, where none is configured); their 415 is in operators-openapi.test.ts.
    posts = Object.entries(doc.paths)
      .filter(([path, ops]) => "post" in ops && !path.startsWith("/api/admin/"))
      .map(([path]) => path);
  });

  it("every POST endpoint answers 415 { error } to text/plain, a form or no Content-Type, and reads nothing", async () => {
    expect(posts).toEqual(expect.arrayContaining(["/api/user/init", "/api/referral/record", "/api/auth/logout"]));
    for (const path of posts) {
      const wallet = randomWallet();
      const body = JSON.stringify({ wallet, refCode: refCodeOf(randomWallet()), taskId: "fc_follow", message: "x", signature: "0x00" });
      for (const type of ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", undefined]) {
        const answer = await send(app, "POST", path, type === undefined ? {} : { "content-type": type }, body);
        const at = `${path} with ${type ?? "no Content-Type"}`;
        expect(answer.status, at).toBe(415);
        expect(answer.headers["content-type"], at).toBe("application/json");
        expect(JSON.parse(answer.body), at).toEqual({ error: "Content-Type must be application/json" });
      }
      // Nothing was read, so nothing was written: the wallet is still unknown.
      expect((await send(app, "GET", `/api/referral/wallet-by-code?code=${refCodeOf(wallet)}`)).status, path).toBe(404);
    }
  });

  it("the check comes before the size limit: an oversized text/plain body is 415, not 413", async () => {
    const answer = await send(app, "POST", "/api/referral/record", { "content-type": "text/plain" }, "x".repeat(20_000));
    expect(answer.status).toBe(415);
  });

  it("application/json with a charset, in any case, is served", async () => {
    const answer = await send(app, "POST", "/api/user/init", { "content-type": "Application/JSON; charset=utf-8" }, JSON.stringify({ wallet: randomWallet() }));
    expect(answer.status).toBe(200);
  });
});

describe("two public origins (APP_URL list) with wallet sign-in", () => {
  let app: AppServer;

  beforeAll(() => {
    app = two;
  });

  it("says nothing at start-up: links go where APP_URL says", async () => {
    await send(app, "GET", "/api/health");
    expect(app.logs()).not.toContain("APP_URL is not set");
  });

  it("a request on the second origin gets links on it; the first origin, loopback and any other host get the first", async () => {
    const wallet = randomWallet();
    const linkFor = async (headers: Record<string, string>) => JSON.parse((await send(app, "GET", `/api/referral/link?user=${wallet}`, headers)).body).link as string;
    expect(await linkFor({ host: "b.example" })).toBe(`${B}?ref=${refCodeOf(wallet)}`);
    expect(await linkFor({ host: "127.0.0.1", "x-forwarded-host": "b.example", "x-forwarded-proto": "https" })).toBe(`${B}?ref=${refCodeOf(wallet)}`);
    for (const headers of [{ host: "a.example" }, {}, EVIL_HOST, ATTACK]) expect(await linkFor(headers), JSON.stringify(headers)).toBe(`${A}?ref=${refCodeOf(wallet)}`);
  });

  it("the manifest and a page's embeds follow the origin; the manifest stays out of shared caches", async () => {
    const manifest = await send(app, "GET", "/.well-known/farcaster.json", { host: "b.example" });
    expectAllOn(manifestUrls(manifest.body), B, "manifest on b.example");
    expect(manifest.headers["cache-control"]).toBe("private, max-age=300");
    const attacked = await send(app, "GET", "/.well-known/farcaster.json", ATTACK);
    expectNoAttack(attacked, "manifest attacked");
    expectAllOn(manifestUrls(attacked.body), A, "manifest attacked");
    for (const [name, urls] of Object.entries(embedUrls((await send(app, "GET", "/", { host: "b.example" })).body))) expectAllOn(urls, B, name);
  });

  it("pages on a configured https origin send two years of HSTS, without includeSubDomains; other hosts none", async () => {
    for (const host of ["a.example", "b.example"]) {
      expect((await send(app, "GET", "/", { host })).headers["strict-transport-security"], host).toBe("max-age=63072000");
    }
    for (const headers of [EVIL_HOST, {}, { ...EVIL_HOST, "x-forwarded-proto": "https" }]) {
      expect((await send(app, "GET", "/leaderboard", headers)).headers["strict-transport-security"], JSON.stringify(headers)).toBeUndefined();
    }
  });

  it("sign-in on the second origin: its domain is the one checked, the cookie is __Host- and Secure, and init links there", async () => {
    const wallet = keyedWallet();
    const account = accountOf(wallet)!;
    const signInOn = async (host: string, messageFor: string) => {
      const { nonce } = JSON.parse((await send(app, "GET", "/api/auth/nonce", { host })).body) as { nonce: string };
      const message = siweMessage(messageFor, account.address, nonce);
      const body = JSON.stringify({ message, signature: await account.signMessage({ message }) });
      return send(app, "POST", "/api/auth/verify", { host, ...JSON_TYPE }, body);
    };
    // A phishing host relaying a message signed for itself, and loopback (not a public origin once APP_URL is set).
    const evil = await signInOn("evil.example", "https://evil.example");
    expect({ status: evil.status, body: JSON.parse(evil.body) }).toEqual({ status: 401, body: { error: "Sign-in message is for another domain" } });
    expectNoAttack(evil, "sign-in on evil.example");
    expect((await signInOn(`127.0.0.1:${app.port}`, app.baseUrl)).status).toBe(401);

    const ok = await signInOn("b.example", B);
    expect(ok.status).toBe(200);
    expect(ok.headers["set-cookie"]?.[0]).toMatch(/^__Host-refboard-session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    const cookie = cookieOf(ok.headers["set-cookie"]![0]!);
    const init = await send(app, "POST", "/api/user/init", { host: "b.example", cookie, ...JSON_TYPE }, JSON.stringify({ wallet }));
    expect({ status: init.status, link: JSON.parse(init.body).link }).toEqual({ status: 200, link: `${B}?ref=${refCodeOf(wallet)}` });
  });
});
