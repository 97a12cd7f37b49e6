/**
 * Every answer under /api is JSON, whatever the method: a method a route does not serve is 405
 * { error } with the route's Allow, a path no route serves is 404 { error }, and TRACE (which a
 * fetch Request cannot carry, so Next.js failed it with a 500) answers the same way, on pages too.
 * OPTIONS stays Next.js's 204 with Allow and nothing for CORS.
 */
import { readdirSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { sendWithNodeHttp, type NodeAnswer as Answer } from "@/tests/support/node-http";

/** The methods walked on every path: Next.js's seven, TRACE, and one it does not route. */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND"];
const STATIC_HEADERS = ["x-content-type-options", "referrer-policy", "content-security-policy"];

/**
 * Every route under app/api by its path as the document writes it (a folder [id] is {id}); the
 * catch-all ([[...path]]) serves no path of its own.
 */
function apiRoutes(dir = join("app", "api"), path = "/api"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return entry.name === "route.ts" ? [path] : [];
    return entry.name.startsWith("[[") ? [] : apiRoutes(join(dir, entry.name), `${path}/${entry.name.replace(/^\[(\w+)\]$/, "{$1}")}`);
  });
}

/** A path to send to: each {parameter} filled with a sample segment. */
const concrete = (path: string) => path.replace(/\{\w+\}/g, "sample-id");

describe("methods and unknown paths", () => {
  let app: AppServer;
  let served: Record<string, string[]>;
  let usual: Record<string, unknown>;

  const send = (method: string, path: string, headers?: Record<string, string>) => sendWithNodeHttp(app.baseUrl + path, method, headers);

  const pick = (headers: IncomingHttpHeaders) => Object.fromEntries(STATIC_HEADERS.map((name) => [name, headers[name]]));

  function expectJsonError(answer: Answer, method: string, status: number, error: string) {
    expect(answer.status).toBe(status);
    expect(answer.headers["content-type"]).toBe("application/json");
    expect(answer.headers["x-request-id"]).toBeTruthy();
    expect(pick(answer.headers)).toEqual(usual);
    if (method !== "HEAD") expect(JSON.parse(answer.body)).toEqual({ error });
  }

  beforeAll(async () => {
    app = await startApp();
    // The first answer also waits for start-up to finish, which installs the answers to TRACE.
    const doc = JSON.parse((await send("GET", "/api/openapi.json")).body) as { paths: Record<string, Record<string, unknown>> };
    served = Object.fromEntries(Object.entries(doc.paths).map(([path, ops]) => [path, Object.keys(ops).map((m) => m.toUpperCase())]));
    usual = pick((await send("GET", "/api/leaderboard")).headers);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("the routes walked here are exactly the routes under app/api", () => {
    expect(Object.keys(served).sort()).toEqual(apiRoutes().sort());
    expect(Object.keys(served)).toContain("/api/leaderboard");
  });

  it("every route refuses every method it does not serve with 405 { error } and an Allow of what it serves", async () => {
    for (const [path, methods] of Object.entries(served)) {
      const allow = [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"].sort().join(", ");
      for (const method of METHODS) {
        // The stream's GET never ends by itself (tests/api/live-board.test.ts reads it); its other methods are walked.
        if (path === "/api/leaderboard/stream" && method === "GET") continue;
        const answer = await send(method, concrete(path));
        const at = `${method} ${path}`;
        if (method === "OPTIONS") {
          expect({ status: answer.status, allow: answer.headers.allow, body: answer.body }, at).toEqual({ status: 204, allow, body: "" });
        } else if (methods.includes(method) || (method === "HEAD" && methods.includes("GET"))) {
          expect(answer.status, at).not.toBe(405);
        } else {
          expect(answer.headers.allow, at).toBe(allow);
          expectJsonError(answer, method, 405, "Method not allowed");
        }
      }
    }
  });

  it("a cross-origin preflight gets the Allow and no Access-Control-Allow-Origin", async () => {
    const answer = await send("OPTIONS", "/api/referral/record", {
      origin: "https://elsewhere.example",
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type",
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.allow).toBe("OPTIONS, POST");
    expect(Object.keys(answer.headers).filter((name) => name.startsWith("access-control-"))).toEqual([]);
  });

  it("a path under /api that no route serves is 404 { error: Not found } for every method", async () => {
    for (const path of ["/api", "/api/nope", "/api/steam", "/api/steam/task", "/api/leaderboard/user/extra", "/api/nope?wallet=0x1"]) {
      for (const method of METHODS) {
        const answer = await send(method, path);
        expect(answer.headers.allow, `${method} ${path}`).toBeUndefined();
        expectJsonError(answer, method, 404, "Not found");
      }
    }
  });

  it("the Farcaster manifest refuses every other method it is sent with 405 { error } and its Allow", async () => {
    const path = "/.well-known/farcaster.json";
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const answer = await send(method, path);
      expect({ status: answer.status, allow: answer.headers.allow, body: JSON.parse(answer.body) }, method).toEqual({
        status: 405,
        allow: "GET, HEAD, OPTIONS",
        body: { error: "Method not allowed" },
      });
    }
    const options = await send("OPTIONS", path);
    expect({ status: options.status, allow: options.headers.allow, body: options.body }).toEqual({ status: 204, allow: "GET, HEAD, OPTIONS", body: "" });
    expect((await send("HEAD", path)).status).toBe(200);
  });

  it("TRACE on pages, static files and the Farcaster manifest is a 405, not a 500; they still serve GET", async () => {
    for (const path of ["/", "/leaderboard", "/docs", "/.well-known/farcaster.json", "/icon.svg"]) {
      const answer = await send("TRACE", path);
      expect({ status: answer.status, allow: answer.headers.allow, body: JSON.parse(answer.body) }, path).toEqual({
        status: 405,
        allow: "GET, HEAD",
        body: { error: "Method not allowed" },
      });
      expect((await send("GET", path)).status, path).toBe(200);
    }
  });

  it("a method Node's parser does not know is its 400 with the connection closed, before the app", async () => {
    const answer = await send("FOO", "/api/leaderboard");
    expect({ status: answer.status, connection: answer.headers.connection, body: answer.body }).toEqual({ status: 400, connection: "close", body: "" });
  });
});
