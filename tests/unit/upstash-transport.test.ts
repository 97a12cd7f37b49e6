/** The Upstash REST transport (lib/store/redis/upstash.ts) against a scripted HTTP server: what it sends, what it makes of answers, its deadline; and over https. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isNoScriptError } from "@/lib/store/redis/client";
import { createUpstashClient } from "@/lib/store/redis/upstash";

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: unknown;
}

const servers: Server[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A REST server answering each request with `answer`; `seen` lists what arrived, `arrived` resolves on the first. */
async function scripted(answer: (seen: Seen, res: ServerResponse, n: number) => void) {
  const seen: Seen[] = [];
  let first: () => void;
  const arrived = new Promise<void>((resolve) => (first = resolve));
  const server = createServer((req, res) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => {
      const entry = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: JSON.parse(text) as unknown };
      seen.push(entry);
      first();
      answer(entry, res, seen.length);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, arrived };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

describe("Upstash REST transport", () => {
  it("sends one POST of the command's JSON array with the bearer token, asks for no base64, and returns the reply raw", async () => {
    const rest = await scripted((_, res) => json(res, 200, { result: ["0042", "{\"a\":1}"] }));
    const client = createUpstashClient({ url: rest.url, token: "tok", timeoutMs: 5_000 });
    // Raw: neither "0042" nor the JSON text is parsed; the store parses its values itself.
    expect(await client.evalsha("abc123", ["k1", "k2"], ["a1"])).toEqual(["0042", "{\"a\":1}"]);
    expect(rest.seen).toHaveLength(1);
    const [request] = rest.seen;
    expect(request).toMatchObject({ method: "POST", path: "/", body: ["evalsha", "abc123", 2, "k1", "k2", "a1"] });
    expect(request!.headers.authorization).toBe("Bearer tok");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["upstash-encoding"]).toBeUndefined();
  });

  it("keeps a base path of the URL", async () => {
    const rest = await scripted((_, res) => json(res, 200, { result: "PONG" }));
    await createUpstashClient({ url: `${rest.url}/kv/`, token: "tok", timeoutMs: 5_000 }).ping();
    expect(rest.seen.map((s) => s.path)).toEqual(["/kv"]);
  });

  it("read-your-writes: the sync token of an answer goes with the next request", async () => {
    const rest = await scripted((_, res, n) => json(res, 200, { result: "PONG" }, { "upstash-sync-token": `sync-${n}` }));
    const client = createUpstashClient({ url: rest.url, token: "tok", timeoutMs: 5_000 });
    await client.ping();
    await client.ping();
    await client.ping();
    expect(rest.seen.map((s) => s.headers["upstash-sync-token"])).toEqual([undefined, "sync-1", "sync-2"]);
  });

  it("a refused command is an error worded as the client's own, and NOSCRIPT is recognised", async () => {
    const rest = await scripted((_, res) => json(res, 400, { error: "NOSCRIPT No matching script. Please use EVAL." }));
    const client = createUpstashClient({ url: rest.url, token: "tok", timeoutMs: 5_000 });
    const error = await client.evalsha("abc123", [], []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('NOSCRIPT No matching script. Please use EVAL., command was: ["evalsha","abc123",0]');
    expect(isNoScriptError(error)).toBe(true);
  });

  it("an answer that is not JSON is an error, not a result", async () => {
    const rest = await scripted((_, res) => (res.writeHead(200), res.end("<html>bad gateway</html>")));
    const client = createUpstashClient({ url: rest.url, token: "tok", timeoutMs: 5_000 });
    await expect(client.ping()).rejects.toThrow(/<html>bad gateway<\/html>/);
  });

  it("the deadline covers the whole exchange: headers sent, body stalled, the call ends exactly at the budget, one request, no retry", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const rest = await scripted((_, res) => (res.writeHead(200, { "content-type": "application/json" }), res.write('{"result":')));
    const client = createUpstashClient({ url: rest.url, token: "tok", timeoutMs: 300 });
    let outcome: unknown = "pending";
    const call = client.ping().then(
      () => (outcome = "answered"),
      (error: unknown) => (outcome = error),
    );
    await rest.arrived;
    // Let the response's head and first bytes reach the client before the clock moves.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    vi.advanceTimersByTime(299);
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(outcome).toBe("pending");
    vi.advanceTimersByTime(1);
    await call;
    expect(outcome).toMatchObject({ name: "TimeoutError", message: "The operation was aborted due to timeout" });
    expect(rest.seen).toHaveLength(1);
  });
});

describe("Upstash REST transport over https (Vercel KV's only scheme)", () => {
  it("sends the same request over TLS and keeps one connection for consecutive commands", async () => {
    // A self-signed certificate for 127.0.0.1, made for this run; the client is told to accept it through
    // NODE_TLS_REJECT_UNAUTHORIZED, which Node reads on each new TLS connection.
    const dir = mkdtempSync(join(tmpdir(), "upstash-tls-"));
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")], { stdio: "ignore" });
    const seen: unknown[] = [];
    let connections = 0;
    const server = createHttpsServer({ key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) }, (req, res) => {
      let text = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => (text += chunk));
      req.on("end", () => {
        seen.push({ body: JSON.parse(text) as unknown, authorization: req.headers.authorization });
        json(res, 200, { result: seen.length });
      });
    });
    server.on("secureConnection", () => connections++);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const previous = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
    try {
      const client = createUpstashClient({ url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, token: "tok", timeoutMs: 5_000 });
      expect(await client.evalsha("abc", ["k"], [])).toBe(1);
      expect(await client.evalsha("abc", ["k"], [])).toBe(2);
      await client.quit();
    } finally {
      if (previous === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previous;
      rmSync(dir, { recursive: true, force: true });
    }
    expect(seen).toEqual([
      { body: ["evalsha", "abc", 1, "k"], authorization: "Bearer tok" },
      { body: ["evalsha", "abc", 1, "k"], authorization: "Bearer tok" },
    ]);
    expect(connections).toBe(1);
  });
});
