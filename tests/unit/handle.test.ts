import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/contract/errors";
import { config, parseConfig } from "@/lib/config";
import { MAX_BODY_BYTES, allowHeader, answerNotFound, handle, refuseOtherMethods } from "@/lib/http/handle";
import { recordReferralBody, userQuery } from "@/lib/contract/schemas";

// The route wrapper reads LOG_WALLETS and ADMIN_TOKEN through config(); each test sets what it needs.
vi.mock("@/lib/config", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/config")>();
  return { ...actual, config: vi.fn(() => actual.parseConfig({})) };
});

const echo = handle({ body: recordReferralBody }, ({ body }) => Response.json(body));

const JSON_TYPE = { "content-type": "application/json" };

function post(body: BodyInit, headers: Record<string, string> = JSON_TYPE) {
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
      new Request("http://localhost/x", { method: "POST", body: stream, headers: JSON_TYPE, duplex: "half" } as RequestInit),
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

describe("POST bodies are JSON", () => {
  let log: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    log = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  });
  afterEach(() => log.mockRestore());
  const bodyless = handle({}, () => Response.json({ ok: true }));
  const valid = JSON.stringify({ wallet, refCode: "abcdef12" });

  it.each([["text/plain"], ["application/x-www-form-urlencoded"], ["multipart/form-data; boundary=x"], ["application/jsonx"], ["application/ld+json"]])(
    "Content-Type %s is 415, body or not",
    async (type) => {
      await expectError(post(valid, { "content-type": type }), 415, "Content-Type must be application/json");
      await expectError(bodyless(new Request("http://localhost/x", { method: "POST", headers: { "content-type": type } })), 415, /application\/json/);
    },
  );

  it("a missing Content-Type is 415, before the body is read", async () => {
    const stream = new ReadableStream<Uint8Array>({
      pull() {
        throw new Error("the body was read");
      },
    });
    const unread = new Request("http://localhost/x", { method: "POST", body: stream, duplex: "half" } as RequestInit);
    await expectError(echo(unread), 415, "Content-Type must be application/json");
    await expectError(bodyless(new Request("http://localhost/x", { method: "POST" })), 415, /application\/json/);
  });

  it("application/json in any case, with parameters, is accepted", async () => {
    for (const type of ["application/json", "Application/JSON", "application/json; charset=utf-8", " application/json ;charset=UTF-8"]) {
      expect((await post(valid, { "content-type": type })).status, type).toBe(200);
    }
    expect((await bodyless(new Request("http://localhost/x", { method: "POST", headers: JSON_TYPE }))).status).toBe(200);
  });

  it("a GET is never asked for one", async () => {
    expect((await bodyless(new Request("http://localhost/x", { headers: { "content-type": "text/plain" } }))).status).toBe(200);
  });

  it("a refused method is 405 before its Content-Type is looked at", async () => {
    const res = await refuseOtherMethods({ GET: bodyless }).POST(new Request("http://localhost/x", { method: "POST", body: "x" }));
    expect(res.status).toBe(405);
  });
});

describe("the public origin a handler is given", () => {
  let log: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    log = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  });
  afterEach(() => log.mockRestore());
  const route = handle({}, ({ publicOrigin }) => Response.json(publicOrigin));
  const originOf = async (headers: Record<string, string>) => (await (await route(new Request("http://localhost:3000/x", { headers }))).json()) as unknown;

  it("is the loopback host the client used, with nothing configured", async () => {
    expect(await originOf({ host: "127.0.0.1:3000" })).toEqual({ linkBase: "http://127.0.0.1:3000", origin: "http://127.0.0.1:3000", requested: true });
  });

  it("any other host, forwarded or not, gets the default origin, never itself", async () => {
    const others: Record<string, string>[] = [
      { host: "evil.com/path?x=" },
      { host: "app.example.com", "x-forwarded-proto": "https" },
      { host: "127.0.0.1", "x-forwarded-host": "evil.example" },
    ];
    for (const headers of others) {
      expect(await originOf(headers), JSON.stringify(headers)).toEqual({ linkBase: "http://localhost:3000", origin: "http://localhost:3000", requested: false });
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
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((line: unknown) => (lines.push(JSON.parse(String(line))), true));
    return { lines, restore: () => spy.mockRestore() };
  }

  const route = handle({ body: recordReferralBody }, ({ body, requestId }) => Response.json({ ...body, requestId }));
  const call = (headers: Record<string, string> = {}, body: unknown = { wallet, refCode: "abcdef12" }) =>
    route(new Request("http://localhost/api/referral/record?wallet=0xsecret", { method: "POST", body: JSON.stringify(body), headers: { ...JSON_TYPE, ...headers } }));

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
    log = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
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

describe("methods a route does not serve", () => {
  const served = () => Response.json({ served: true });
  let log: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    log = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  });
  afterEach(() => log.mockRestore());

  it("Allow lists the served methods, HEAD with GET, OPTIONS always, sorted", () => {
    expect(allowHeader(["GET"])).toBe("GET, HEAD, OPTIONS");
    expect(allowHeader(["post"])).toBe("OPTIONS, POST");
    expect(allowHeader(["post", "get"])).toBe("GET, HEAD, OPTIONS, POST");
  });

  it("every other method a route exports is a 405 { error } with Allow and a request id", async () => {
    const others = refuseOtherMethods({ GET: served });
    expect(Object.keys(others).sort()).toEqual(["DELETE", "OPTIONS", "PATCH", "POST", "PUT"]);
    for (const method of ["DELETE", "PATCH", "POST", "PUT"] as const) {
      const res = await others[method](new Request("http://localhost/api/x", { method, headers: { "x-request-id": "r-405" } }));
      expect(res.headers.get("allow"), method).toBe("GET, HEAD, OPTIONS");
      expect(res.headers.get("x-request-id")).toBe("r-405");
      await expectError(Promise.resolve(res), 405, "Method not allowed");
    }
    const postOnly = refuseOtherMethods({ POST: served });
    expect(Object.keys(postOnly).sort()).toEqual(["DELETE", "GET", "OPTIONS", "PATCH", "PUT"]);
    const get = await postOnly.GET(new Request("http://localhost/api/x"));
    expect(get.headers.get("allow")).toBe("OPTIONS, POST");
    await expectError(Promise.resolve(get), 405, "Method not allowed");
  });

  it("OPTIONS answers as Next.js does for the served methods alone: 204 with Allow, nothing for CORS", async () => {
    const res = await refuseOtherMethods({ GET: served }).OPTIONS(
      new Request("http://localhost/api/x", { method: "OPTIONS", headers: { origin: "https://elsewhere.example", "access-control-request-method": "GET" } }),
    );
    expect(res.status).toBe(204);
    expect([...res.headers]).toEqual([["allow", "GET, HEAD, OPTIONS"]]);
    expect(await res.text()).toBe("");
  });

  it("the catch-all answers 404 { error: Not found } to every method it exports", async () => {
    const routes = answerNotFound();
    expect(Object.keys(routes).sort()).toEqual(["DELETE", "GET", "OPTIONS", "PATCH", "POST", "PUT"]);
    for (const [method, route] of Object.entries(routes)) {
      await expectError(Promise.resolve(route(new Request("http://localhost/api/nope", { method }))), 404, "Not found");
    }
  });
});
