/**
 * Outbound webhooks' sending (issue #30) against real local sockets: the safe-target check (which
 * addresses are public, which URLs are refused and why, the check inside the socket's own lookup),
 * and one attempt (signed as Standard Webhooks verifies it, a timeout, a redirect not followed, the
 * answer cut at 1 kB, a refused connection).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { KEPT_RESPONSE_BYTES } from "@/lib/domain/webhooks";
import { checkTarget, isPublicAddress, type Resolve } from "@/lib/webhooks/safe-target";
import { sendWebhook } from "@/lib/webhooks/send";

const SECRET = `whsec_${Buffer.from("a".repeat(32)).toString("base64")}`;

describe("public addresses", () => {
  it.each([
    ["8.8.8.8", true],
    ["9.255.255.255", true],
    ["10.0.0.0", false],
    ["10.255.255.255", false],
    ["11.0.0.0", true],
    ["100.63.255.255", true],
    ["100.64.0.0", false],
    ["100.127.255.255", false],
    ["100.128.0.0", true],
    ["127.0.0.1", false],
    ["169.254.169.254", false],
    ["172.15.255.255", true],
    ["172.16.0.0", false],
    ["172.31.255.255", false],
    ["172.32.0.0", true],
    ["192.168.0.1", false],
    ["0.0.0.0", false],
    ["224.0.0.1", false],
    ["255.255.255.255", false],
    ["::", false],
    ["::1", false],
    ["fe80::1", false],
    ["fc00::1", false],
    ["fdff:ffff::1", false],
    ["ff02::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:7f00:1", false],
    ["::ffff:10.1.2.3", false],
    ["::ffff:8.8.8.8", true],
    ["2606:4700:4700::1111", true],
    ["not an address", false],
  ])("%s is public: %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe("checking a URL as it is saved", () => {
  const resolving =
    (...addresses: string[]): Resolve =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }) as const);

  it("takes https to a host that resolves to public addresses only", async () => {
    expect((await checkTarget("https://hooks.example/in", false, resolving("93.184.216.34"))).href).toBe("https://hooks.example/in");
  });

  it.each([
    ["http://hooks.example/", "must be https (WEBHOOKS_ALLOW_PRIVATE=true allows http)"],
    ["ftp://hooks.example/", "must be https (WEBHOOKS_ALLOW_PRIVATE=true allows http)"],
    ["https://127.0.0.1/", "127.0.0.1 resolves to a private or reserved address (127.0.0.1)"],
    ["https://10.1.2.3/", "10.1.2.3 resolves to a private or reserved address (10.1.2.3)"],
    ["https://169.254.169.254/latest/meta-data", "169.254.169.254 resolves to a private or reserved address (169.254.169.254)"],
    ["https://[::1]/", "::1 resolves to a private or reserved address (::1)"],
    ["https://[::ffff:127.0.0.1]/", "::ffff:7f00:1 resolves to a private or reserved address (::ffff:7f00:1)"],
    ["https://2130706433/", "127.0.0.1 resolves to a private or reserved address (127.0.0.1)"],
    ["https://user:pw@hooks.example/", "must not carry a user name or password"],
  ])("refuses %s: %s", async (url, reason) => {
    await expect(checkTarget(url, false, resolving("93.184.216.34"))).rejects.toMatchObject({ reason });
  });

  it("refuses a name when any of its addresses is private, and a name that does not resolve", async () => {
    await expect(checkTarget("https://hooks.example/", false, resolving("93.184.216.34", "10.0.0.7"))).rejects.toMatchObject({
      reason: "hooks.example resolves to a private or reserved address (10.0.0.7)",
    });
    const nowhere: Resolve = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    await expect(checkTarget("https://nowhere.example/", false, nowhere)).rejects.toMatchObject({ reason: "nowhere.example does not resolve" });
  });

  it("refuses localhost through the system's resolver", async () => {
    await expect(checkTarget("https://localhost/", false)).rejects.toMatchObject({ reason: expect.stringMatching(/^localhost resolves to a private/) });
  });

  it("with WEBHOOKS_ALLOW_PRIVATE takes http and private addresses, but no other scheme", async () => {
    expect((await checkTarget("http://127.0.0.1:8080/hook", true)).href).toBe("http://127.0.0.1:8080/hook");
    expect((await checkTarget("http://localhost:8080/hook", true)).host).toBe("localhost:8080");
    await expect(checkTarget("ftp://127.0.0.1/", true)).rejects.toMatchObject({ reason: "must be an http or https URL" });
  });
});

describe("one attempt", () => {
  let server: Server;
  let base: string;
  let handler: (req: IncomingMessage, res: ServerResponse, body: string) => void;
  const received: { url: string; headers: IncomingMessage["headers"]; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => (body += chunk));
      req.on("end", () => {
        received.push({ url: req.url ?? "", headers: req.headers, body });
        handler(req, res, body);
      });
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    received.length = 0;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });

  const out = (path = "/hook", body = '{"type":"webhook.test","timestamp":"2026-11-27T17:01:00.000Z","data":{"endpointId":"wh_0123456789abcdef"}}') => ({
    url: `${base}${path}`,
    secret: SECRET,
    eventId: "msg_abcdefghijklmnopqrstuvwx",
    body,
  });
  const now = () => Math.floor(Date.now() / 1000);

  it("POSTs the exact body, signed so that standardwebhooks verifies it, and keeps the answer", async () => {
    handler = (_req, res) => res.writeHead(204).end();
    const sent = out();
    const at = now();
    expect(await sendWebhook(sent, { now: at, allowPrivate: true })).toEqual({ ok: true, status: 204, error: null, response: "" });
    const [request] = received;
    expect(request?.body).toBe(sent.body);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["webhook-id"]).toBe(sent.eventId);
    expect(request?.headers["webhook-timestamp"]).toBe(String(at));
    expect(new Webhook(SECRET).verify(request?.body ?? "", request?.headers as Record<string, string>)).toEqual(JSON.parse(sent.body));
    expect(() => new Webhook(`whsec_${Buffer.from("b".repeat(32)).toString("base64")}`).verify(request?.body ?? "", request?.headers as Record<string, string>)).toThrow();
  });

  it("a non-2xx is a failure with its status and answer", async () => {
    handler = (_req, res) => res.writeHead(500).end("down");
    expect(await sendWebhook(out(), { now: now(), allowPrivate: true })).toEqual({ ok: false, status: 500, error: null, response: "down" });
  });

  it("does not follow a redirect: a 3xx is a failure", async () => {
    handler = (req, res) => (req.url === "/hook" ? res.writeHead(302, { location: `${base}/elsewhere` }).end() : res.writeHead(200).end("followed"));
    expect(await sendWebhook(out(), { now: now(), allowPrivate: true })).toMatchObject({ ok: false, status: 302, error: null });
    expect(received.map((r) => r.url)).toEqual(["/hook"]);
  });

  it("keeps the first 1 kB of the answer: exactly 1024 bytes whole, more cut, a character the cut splits left out", async () => {
    handler = (req, res) => res.writeHead(200).end(req.url === "/exact" ? "x".repeat(KEPT_RESPONSE_BYTES) : `${"y".repeat(KEPT_RESPONSE_BYTES - 1)}é${"z".repeat(50_000)}`);
    expect((await sendWebhook(out("/exact"), { now: now(), allowPrivate: true })).response).toBe("x".repeat(KEPT_RESPONSE_BYTES));
    const cut = await sendWebhook(out("/long"), { now: now(), allowPrivate: true });
    expect(cut).toMatchObject({ ok: true, status: 200 });
    expect(cut.response).toBe("y".repeat(KEPT_RESPONSE_BYTES - 1));
  });

  it("an answer slower than the timeout is a failure named timeout", async () => {
    handler = () => {}; // never answers
    const started = performance.now();
    expect(await sendWebhook(out(), { now: now(), allowPrivate: true, timeoutMs: 300 })).toEqual({ ok: false, status: null, error: "timeout", response: null });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("a closed port is a refused connection", async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    const result = await sendWebhook({ ...out(), url: `http://127.0.0.1:${port}/` }, { now: now(), allowPrivate: true });
    expect(result).toEqual({ ok: false, status: null, error: "connection refused", response: null });
  });

  it("without WEBHOOKS_ALLOW_PRIVATE, a private address is blocked before any byte is sent: a literal, and a name at its own lookup", async () => {
    handler = (_req, res) => res.writeHead(200).end();
    const blocked = { ok: false, status: null, error: "blocked address", response: null };
    expect(await sendWebhook(out(), { now: now(), allowPrivate: false })).toEqual(blocked);
    const port = new URL(base).port;
    expect(await sendWebhook({ ...out(), url: `http://localhost:${port}/hook` }, { now: now(), allowPrivate: false })).toEqual(blocked);
    expect(received).toEqual([]);
  });

  it("connects to the address its lookup checked, not to another answer of the DNS", async () => {
    handler = (_req, res) => res.writeHead(200).end("here");
    const port = new URL(base).port;
    const pinned: Resolve = async () => [{ address: "127.0.0.1", family: 4 }];
    // A name no real resolver knows: only the checked answer can have reached the local server.
    const result = await sendWebhook({ ...out(), url: `http://hooks.invalid:${port}/hook` }, { now: now(), allowPrivate: true, resolve: pinned });
    expect(result).toEqual({ ok: true, status: 200, error: null, response: "here" });
    expect(received[0]?.headers.host).toBe(`hooks.invalid:${port}`);
  });
});
