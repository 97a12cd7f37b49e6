import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { config, parseConfig } from "@/lib/config";
import { MAX_BODY_BYTES, handle } from "@/lib/api/handle";
import { recordReferralBody, userQuery } from "@/lib/api/schemas";

// The route wrapper reads LOG_WALLETS and ADMIN_TOKEN through config(); each test sets what it needs.
vi.mock("@/lib/config", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/config")>();
  return { ...actual, config: vi.fn(() => actual.parseConfig({})) };
});

const echo = handle({ body: recordReferralBody }, ({ body }) => Response.json(body));

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return echo(new Request("http://localhost/x", { method: "POST", body, headers }));
}

async function expectError(response: Promise<Response>, status: number, error: string | RegExp) {
  const res = await response;
  expect(res.status).toBe(status);
  const body = (await res.json()) as { error: string };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error).toMatch(error);
}

const wallet = "0x" + "Ab".repeat(20);

describe("the route wrapper", () => {
  it("parses and normalises a valid body", async () => {
    const res = await post(JSON.stringify({ wallet, refCode: "ABCDEF12", extra: 1 }));
    expect(await res.json()).toEqual({ wallet: wallet.toLowerCase(), refCode: "abcdef12" });
  });

  it.each([["not json"], ["[]"], ["null"], ['"a string"'], ["42"], [""]])("a body %j is 400 Invalid JSON body", async (body) => {
    await expectError(post(body), 400, "Invalid JSON body");
  });

  it("validation follows field order: wallet first, then refCode", async () => {
    await expectError(post(JSON.stringify({ wallet: "0x1", refCode: 5 })), 400, "Invalid wallet address");
    await expectError(post(JSON.stringify({ wallet })), 400, "Invalid refCode");
    await expectError(post(JSON.stringify({ wallet, refCode: "abc" })), 400, "Invalid refCode");
    await expectError(post(JSON.stringify({ wallet: 12, refCode: "abcdefgh" })), 400, "Invalid wallet address");
  });

  it("a body over 8 KiB is 413, whether declared or streamed", async () => {
    const big = JSON.stringify({ wallet, refCode: "abcdef12", pad: "x".repeat(MAX_BODY_BYTES) });
    await expectError(post(big), 413, /too large/);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode("x".repeat(1024)));
        controller.close();
      },
    });
    const res = echo(
      new Request("http://localhost/x", { method: "POST", body: stream, duplex: "half" } as RequestInit),
    );
    await expectError(res, 413, /too large/);
  });

  it("a body of exactly 8 KiB is accepted", async () => {
    const base = JSON.stringify({ wallet, refCode: "abcdef12", pad: "" });
    const exact = JSON.stringify({ wallet, refCode: "abcdef12", pad: "x".repeat(MAX_BODY_BYTES - base.length) });
    expect(exact.length).toBe(MAX_BODY_BYTES);
    expect((await post(exact)).status).toBe(200);
  });

  it("a query field may come from a header; the query wins", async () => {
    const route = handle({ query: userQuery, headerFallback: { user: "x-user-wallet" } }, ({ query }) =>
      Response.json(query),
    );
    const other = "0x" + "cd".repeat(20);
    const fromHeader = await route(new Request("http://localhost/x", { headers: { "x-user-wallet": wallet } }));
    expect(await fromHeader.json()).toEqual({ user: wallet.toLowerCase() });
    const both = await route(new Request(`http://localhost/x?user=${other}`, { headers: { "x-user-wallet": wallet } }));
    expect(await both.json()).toEqual({ user: other });
    await expectError(route(new Request("http://localhost/x")), 400, "Invalid wallet address");
  });

  it("an ApiError keeps its status, text and extra fields", async () => {
    const route = handle({}, () => {
      throw new ApiError(400, "Task on cooldown", { cooldownRemaining: 5 });
    });
    const res = await route(new Request("http://localhost/x"));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Task on cooldown", cooldownRemaining: 5 });
  });

  it("any other error is logged and becomes the generic 500, leaking nothing", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const route = handle({}, () => {
      throw new Error("ECONNREFUSED redis://secret-host:6379 key {refboard}:wallet:0x1");
    });
    const res = await route(new Request("http://localhost/x"));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "Internal error, please retry later" });
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});

describe("the origin of referral links", () => {
  const route = handle({}, ({ origin }) => Response.json({ origin }));
  const originOf = async (headers: Record<string, string>) =>
    ((await (await route(new Request("http://localhost:3000/x", { headers }))).json()) as { origin: string }).origin;

  it("is the host the client used", async () => {
    expect(await originOf({ host: "127.0.0.1:3000" })).toBe("http://127.0.0.1:3000");
  });

  it("behind a proxy, the forwarded host and protocol win (first hop)", async () => {
    expect(await originOf({ host: "internal:3000", "x-forwarded-host": "app.example.com, proxy", "x-forwarded-proto": "https" })).toBe(
      "https://app.example.com",
    );
  });

  it("a malformed host never ends up in a link", async () => {
    expect(await originOf({ host: "evil.com/path?x=" })).toBe("http://localhost:3000");
    expect(await originOf({ host: "a.com", "x-forwarded-proto": "javascript" })).toBe("http://localhost:3000");
    for (const host of ["a.aa:65536", "[:::]", "1.1.1.999"]) {
      expect(await originOf({ host })).toBe("http://localhost:3000");
      expect(await originOf({ host: "ok.example", "x-forwarded-host": host })).toBe("http://localhost:3000");
    }
  });
});

describe("request ids and the per-request log line", () => {
  const settings = { logWallets: false, adminToken: undefined as string | undefined };
  beforeEach(() => {
    settings.logWallets = false;
    settings.adminToken = undefined;
    vi.mocked(config).mockImplementation(() => ({ ...parseConfig({}), ...settings }));
  });

  function captureLog() {
    const lines: Record<string, unknown>[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(JSON.parse(String(line))));
    return { lines, restore: () => spy.mockRestore() };
  }

  const route = handle({ body: recordReferralBody }, ({ body, requestId }) => Response.json({ ...body, requestId }));
  const call = (headers: Record<string, string> = {}, body: unknown = { wallet, refCode: "abcdef12" }) =>
    route(new Request("http://localhost/api/referral/record?wallet=0xsecret", { method: "POST", body: JSON.stringify(body), headers }));

  it("an incoming x-request-id is honoured: handler, response header and log line carry it", async () => {
    const log = captureLog();
    const res = await call({ "x-request-id": "iad1::abc-123" });
    log.restore();
    expect(res.headers.get("x-request-id")).toBe("iad1::abc-123");
    expect(((await res.json()) as { requestId: string }).requestId).toBe("iad1::abc-123");
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatchObject({ method: "POST", route: "/api/referral/record", status: 200, requestId: "iad1::abc-123" });
    expect(typeof log.lines[0]?.durationMs).toBe("number");
  });

  it("without one (or with a malformed one) a fresh UUID is generated and returned", async () => {
    const log = captureLog();
    const fresh = await call();
    const malformed = await call({ "x-request-id": "has spaces and \"quotes\"" });
    log.restore();
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(fresh.headers.get("x-request-id")).toMatch(uuid);
    expect(malformed.headers.get("x-request-id")).toMatch(uuid);
    expect(fresh.headers.get("x-request-id")).not.toBe(malformed.headers.get("x-request-id"));
    expect(log.lines.map((l) => l.requestId)).toEqual([fresh.headers.get("x-request-id"), malformed.headers.get("x-request-id")]);
  });

  it("the wallet is logged only with LOG_WALLETS=true, never the query string", async () => {
    const off = captureLog();
    await call();
    off.restore();
    expect(off.lines[0]).not.toHaveProperty("wallet");
    expect(JSON.stringify(off.lines[0])).not.toContain("0xsecret");

    settings.logWallets = true;
    const on = captureLog();
    await call();
    await call({}, { wallet: "0x1", refCode: "abcdef12" });
    on.restore();
    expect(on.lines[0]).toMatchObject({ wallet: wallet.toLowerCase() });
    expect(on.lines[1]).not.toHaveProperty("wallet"); // an invalid wallet is not a wallet
    expect(on.lines[1]).toMatchObject({ status: 400 });
  });

  it("error responses get a request id and a log line too; a 500 is logged at level error with its cause", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const log = captureLog();
    const failing = handle({}, () => {
      throw new Error("boom");
    });
    const res = await failing(new Request("http://localhost/api/x", { headers: { "x-request-id": "req-500" } }));
    log.restore();
    expect(res.status).toBe(500);
    expect(res.headers.get("x-request-id")).toBe("req-500");
    expect(log.lines[0]).toMatchObject({ level: "error", status: 500, requestId: "req-500" });
    expect(String(errors.mock.calls[0]?.[0])).toContain("req-500");
    expect(errors.mock.calls[0]?.[1]).toBeInstanceOf(Error);
    errors.mockRestore();
  });

  it("a response with immutable headers still gets its request id", async () => {
    const log = captureLog();
    const redirect = handle({}, () => Response.redirect("http://localhost/elsewhere", 307));
    const res = await redirect(new Request("http://localhost/x", { headers: { "x-request-id": "r-1" } }));
    log.restore();
    expect(res.status).toBe(307);
    expect(res.headers.get("x-request-id")).toBe("r-1");
    expect(res.headers.get("location")).toBe("http://localhost/elsewhere");
  });
});

describe("admin routes (auth: admin)", () => {
  const TOKEN = "t".repeat(32);
  const admin = handle({ auth: "admin" }, () => Response.json({ ok: true }));
  const get = (headers: Record<string, string> = {}) => admin(new Request("http://localhost/api/admin/x", { headers }));
  let log: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    log = vi.spyOn(console, "log").mockImplementation(() => {});
  });
  afterEach(() => log.mockRestore());

  it("do not exist (404) while ADMIN_TOKEN is unset, whatever the request carries", async () => {
    vi.mocked(config).mockImplementation(() => parseConfig({}));
    await expectError(get(), 404, "Not found");
    await expectError(get({ authorization: `Bearer ${TOKEN}` }), 404, "Not found");
  });

  it("need the bearer token: missing or wrong is 401 with WWW-Authenticate", async () => {
    vi.mocked(config).mockImplementation(() => parseConfig({ ADMIN_TOKEN: TOKEN }));
    const attempts: Record<string, string>[] = [{}, { authorization: "Bearer wrong" }, { authorization: TOKEN }, { authorization: `Basic ${TOKEN}` }];
    for (const headers of attempts) {
      const res = await get(headers);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      await expectError(Promise.resolve(res), 401, "Unauthorized");
    }
    const ok = await get({ authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true });
  });

  it("the token is checked before the query is read", async () => {
    vi.mocked(config).mockImplementation(() => parseConfig({ ADMIN_TOKEN: TOKEN }));
    const withQuery = handle({ auth: "admin", query: userQuery }, () => Response.json({}));
    await expectError(withQuery(new Request("http://localhost/x?user=bad")), 401, "Unauthorized");
  });
});
