import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiAllowByPath, guardUnroutedMethods, refusalOf } from "@/lib/http/method-guard";
import { openApiDocument } from "@/lib/http/openapi";
import responseHeaders from "@/lib/http/response-headers.json";
import { sendWithNodeHttp } from "@/tests/support/node-http";

const apiAllow = apiAllowByPath(openApiDocument() as { paths: Record<string, Record<string, unknown>> });

describe("requests with a method Next.js cannot route", () => {
  it("an API path answers 405 with its route's Allow, trailing slash or not", () => {
    for (const [path, allow] of [
      ["/api/leaderboard", "GET, HEAD, OPTIONS"],
      ["/api/user/init", "OPTIONS, POST"],
      ["/api/user/init/", "OPTIONS, POST"],
      ["/api/admin/quests/some-quest", "OPTIONS, PATCH"],
    ]) {
      const refusal = refusalOf(path!, apiAllow);
      expect({ status: refusal.status, message: refusal.message, allow: refusal.headers.allow }, path).toEqual({
        status: 405,
        message: "Method not allowed",
        allow,
      });
    }
  });

  it("a path the API lacks, /api itself included, answers 404", () => {
    for (const path of ["/api", "/api/", "/api/nope", "/api/steam/task", "/api/leaderboard/user/x", "/api/admin/quests/a/b"]) {
      expect(refusalOf(path, apiAllow), path).toMatchObject({ status: 404, message: "Not found" });
    }
  });

  it("outside the API: 405 with Allow GET, HEAD", () => {
    for (const path of ["/", "/leaderboard", "/apis", "/.well-known/farcaster.json", "/icon.svg"]) {
      expect(refusalOf(path, apiAllow), path).toMatchObject({ status: 405, headers: { allow: "GET, HEAD" } });
    }
  });
});

describe("the guard on a Node HTTP server", () => {
  let server: Server;
  let port: number;
  const seen: string[] = [];
  let log: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    log = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    guardUnroutedMethods();
    guardUnroutedMethods(); // a second start-up hook in the same process changes nothing
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.end("the app");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    log.mockRestore();
    await new Promise((resolve) => server.close(resolve));
  });

  const send = (method: string, path: string, headers?: Record<string, string>) =>
    sendWithNodeHttp(`http://127.0.0.1:${port}${path}`, method, headers);

  it("answers TRACE and PROPFIND itself, as JSON with the API's headers, a request id and a log line", async () => {
    const trace = await send("TRACE", "/api/leaderboard?wallet=0xsecret", { "x-request-id": "trace-1" });
    expect(trace.status).toBe(405);
    expect(JSON.parse(trace.body)).toEqual({ error: "Method not allowed" });
    expect(trace.headers).toMatchObject({ allow: "GET, HEAD, OPTIONS", "content-type": "application/json", "x-request-id": "trace-1" });
    for (const [name, value] of Object.entries({ ...responseHeaders.everyResponse, ...responseHeaders.apiResponse })) {
      expect(trace.headers[name.toLowerCase()], name).toBe(value);
    }
    const line = JSON.parse(String(log.mock.calls.at(-1)?.[0]));
    expect(line).toMatchObject({ msg: "request", method: "TRACE", route: "/api/leaderboard", status: 405, requestId: "trace-1" });
    const propfind = await send("PROPFIND", "/api/nope");
    expect({ status: propfind.status, body: JSON.parse(propfind.body) }).toEqual({ status: 404, body: { error: "Not found" } });
    expect(seen).toEqual([]);
  });

  it("passes every method Next.js routes to the app untouched", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      expect(await send(method, "/api/leaderboard"), method).toMatchObject({ status: 200, body: "the app" });
    }
    expect((await send("HEAD", "/api/leaderboard")).status).toBe(200);
    expect(seen).toHaveLength(7);
  });
});
