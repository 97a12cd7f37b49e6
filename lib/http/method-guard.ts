/**
 * Answers the requests whose method Next.js cannot route, before Next.js sees them. TRACE would
 * be a bare 500 everywhere: the proxy and every route handler start by building a fetch Request,
 * which refuses TRACE. The other methods Node parses (PROPFIND, SEARCH, PURGE...) would be an
 * empty 400 from a route and a page render elsewhere. Each gets what a refused method gets from a
 * route: 405 `{ error }` with the route's Allow on an API path, 404 `{ error }` on a path the API
 * lacks, and 405 with `Allow: GET, HEAD` outside the API; with the headers next.config.mjs gives
 * API responses, a request id and a log line.
 *
 * Installed once per process at start-up (instrumentation.ts), on the Node HTTP server that
 * `next start` runs. What stays Node's: a method its parser does not know is a 400 with the
 * connection closed, and CONNECT closes the socket; both before any JavaScript of ours runs.
 */
import "server-only";
import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import { errorResponse, type ApiError } from "@/lib/contract/errors";
import {
  allowHeader,
  logRequest,
  methodNotAllowed,
  msSince,
  notFound,
  REQUEST_ID_HEADER,
  requestIdFrom,
  ROUTED_METHODS,
} from "@/lib/http/handle";
import { openApiDocument } from "@/lib/http/openapi";
import responseHeaders from "@/lib/http/response-headers.json";

const PAGE_ALLOW = "GET, HEAD";
const INSTALLED = Symbol.for("refboard.methodGuard");
const ROUTED: ReadonlySet<string> = new Set(ROUTED_METHODS);

/** The Allow header of each API path, from the OpenAPI document, which the tests hold to the route exports. */
export function apiAllowByPath(document: { paths: Record<string, Record<string, unknown>> }): ReadonlyMap<string, string> {
  return new Map(Object.entries(document.paths).map(([path, methods]) => [path, allowHeader(Object.keys(methods))]));
}

/** What a request with a method Next.js cannot route gets at this path. */
export function refusalOf(pathname: string, apiAllow: ReadonlyMap<string, string>): ApiError {
  // Next.js redirects a trailing slash away; the route is the same.
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path !== "/api" && !path.startsWith("/api/")) return methodNotAllowed(PAGE_ALLOW);
  const allow = apiAllow.get(path) ?? templatedAllow(path, apiAllow);
  return allow ? methodNotAllowed(allow) : notFound();
}

/** The Allow of the document's path whose {parameter} segments match `path` (/api/admin/quests/{id}). */
function templatedAllow(path: string, apiAllow: ReadonlyMap<string, string>): string | undefined {
  for (const [template, allow] of apiAllow) {
    if (!template.includes("{")) continue;
    const pattern = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+");
    if (new RegExp(`^${pattern}$`).test(path)) return allow;
  }
  return undefined;
}

export function guardUnroutedMethods(): void {
  const prototype = Server.prototype as Server & { [INSTALLED]?: true };
  if (prototype[INSTALLED]) return;
  prototype[INSTALLED] = true;
  const apiAllow = apiAllowByPath(openApiDocument() as { paths: Record<string, Record<string, unknown>> });
  const emit = prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
    const [request, response] = args as [IncomingMessage, ServerResponse];
    if (event !== "request" || ROUTED.has(request.method ?? "")) return emit.call(this, event, ...args);
    answer(request, response, apiAllow).catch((error: unknown) => {
      console.error(`[refboard] ${request.method} ${request.url} failed:`, error);
      response.destroy();
    });
    return true;
  } as Server["emit"];
}

async function answer(request: IncomingMessage, response: ServerResponse, apiAllow: ReadonlyMap<string, string>): Promise<void> {
  const started = performance.now();
  const route = (request.url ?? "/").split("?")[0] ?? "/";
  const idHeader = request.headers[REQUEST_ID_HEADER];
  const requestId = requestIdFrom(typeof idHeader === "string" ? idHeader : undefined);
  const refusal = errorResponse(refusalOf(route, apiAllow), `${request.method} ${route} (request ${requestId})`);
  response.writeHead(refusal.status, {
    ...responseHeaders.everyResponse,
    ...responseHeaders.apiResponse,
    ...Object.fromEntries(refusal.headers),
    [REQUEST_ID_HEADER]: requestId,
  });
  response.end(await refusal.text());
  logRequest({ method: request.method ?? "", route, status: refusal.status, durationMs: msSince(started), requestId });
}
