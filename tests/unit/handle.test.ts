import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { MAX_BODY_BYTES, handle } from "@/lib/api/handle";
import { recordReferralBody, userQuery } from "@/lib/api/schemas";

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
  });
});
