/**
 * The one wrapper every route handler goes through, given the route's entry in the registry
 * (lib/contract/routes.ts): checks the admin token where asked, reads the JSON body under the
 * size limit, validates body and query with zod, checks the wallet session and counts the rate
 * limits the entry declares, runs the handler, maps whatever it throws through errorResponse,
 * tags the response with its request id and writes one JSON log line per request. Also the
 * handlers of the methods a route does not serve (refuseOtherMethods) and of the paths the API lacks.
 *
 * Order of refusals: 401/404 admin, 415 a POST that is not JSON, 413/400 input, 401/403 session,
 * 429 rate limit. Input comes first so that malformed requests answer as the interface says in both modes.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { ApiError, errorResponse, errors } from "@/lib/contract/errors";
import { MAX_BODY_BYTES, type RouteChecks } from "@/lib/contract/route-spec";
import { publicOrigin, type PublicOrigin } from "@/lib/domain/public-origin";
import { requireAdmin, type Admin } from "@/lib/auth/admin";
import { requireCron } from "@/lib/auth/cron";
import { enforceRateLimits, requireWalletSession } from "@/lib/auth/guard";
import { config, publicOriginsConfig } from "@/lib/config";
import { deps } from "@/lib/services/context";

export { MAX_BODY_BYTES };

type Schema = z.ZodType;

type Parsed<S> = S extends Schema ? z.output<S> : undefined;

interface Context<B, Q> {
  body: B;
  query: Q;
  request: Request;
  /** Where links point and what sign-in checks (lib/domain/public-origin.ts); never the Host header itself. */
  publicOrigin: PublicOrigin;
  /** The caller's x-request-id when well-formed, else a fresh UUID; also sent back as a response header. */
  requestId: string;
  /** The admin who acts, on an `auth: "admin"` route; undefined elsewhere. */
  admin: Admin | undefined;
}

export const REQUEST_ID_HEADER = "x-request-id";

export type RouteHandler = (request: Request) => Promise<Response> | Response;

export function handle<B extends Schema | undefined = undefined, Q extends Schema | undefined = undefined>(
  route: RouteChecks<B, Q>,
  run: (ctx: Context<Parsed<B>, Parsed<Q>>) => Promise<Response> | Response,
): (request: Request) => Promise<Response> {
  return answered(async (request, url, requestId, logged) => {
    const origin = publicOrigin(request.headers, publicOriginsConfig());
    if (route.auth === "admin") logged.admin = await requireAdmin(request.headers, origin.origin, deps);
    if (route.auth === "cron") requireCron(request.headers);
    // Before the body is read: text/plain and forms are what a browser may send cross-site without a preflight.
    if (request.method === "POST" && !isJson(request.headers.get("content-type"))) throw unsupportedMediaType();
    const body = route.body ? parseInput(route.body, await readJsonObject(request, route.maxBodyBytes ?? MAX_BODY_BYTES)) : undefined;
    const query = route.query ? parseInput(route.query, queryInput(url, request, route.headerFallback)) : undefined;
    const wallet = walletOf(body) ?? walletOf(query) ?? (query as { user?: unknown } | undefined)?.user;
    if (typeof wallet === "string") logged.wallet = wallet;
    if (route.auth === "wallet") await requireWalletSession(request, origin.origin, requiredWallet(body), deps);
    if (route.rateLimit) await enforceRateLimits(request, route.rateLimit, wallet, deps);
    const ctx = { body, query, request, publicOrigin: origin, requestId, admin: logged.admin };
    return run(ctx as Context<Parsed<B>, Parsed<Q>>);
  });
}

/** The admin in an `auth: "admin"` route's context; missing there, it is a bug of the route, not a client error. */
export function adminOf(admin: Admin | undefined): Admin {
  if (admin === undefined) throw new Error('adminOf needs an auth: "admin" route');
  return admin;
}

/** What a route adds to its log line: the request's wallet, and the admin who acted. */
type Logged = Pick<RequestLogLine, "wallet" | "admin">;

/**
 * What every answer of a route shares: the request id, whatever is thrown mapped through
 * errorResponse, and the log line, which names the wallet `answer` puts in `logged`.
 */
function answered(
  answer: (request: Request, url: URL, requestId: string, logged: Logged) => Promise<Response> | Response,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const started = performance.now();
    const url = new URL(request.url);
    const requestId = requestIdFrom(request.headers.get(REQUEST_ID_HEADER));
    const logged: Logged = {};
    let response: Response;
    try {
      response = await answer(request, url, requestId, logged);
    } catch (error) {
      response = errorResponse(error, `${request.method} ${url.pathname} (request ${requestId})`);
    }
    response = withHeader(response, REQUEST_ID_HEADER, requestId);
    logRequest({ method: request.method, route: url.pathname, status: response.status, durationMs: msSince(started), requestId, ...logged });
    return response;
  };
}

/**
 * The methods Next.js hands to a route handler. Any other method never reaches one: Next.js
 * answers it with an empty 400, or fails with a 500 on TRACE, which a fetch Request cannot carry.
 */
export const ROUTED_METHODS = ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"] as const;

/** What a route exports. HEAD is left to Next.js, which answers it with the GET export, served or refused. */
type ExportedMethod = Exclude<(typeof ROUTED_METHODS)[number], "HEAD">;
const EXPORTED_METHODS = ROUTED_METHODS.filter((m): m is ExportedMethod => m !== "HEAD");

/** The Allow header of a resource serving these methods: HEAD with GET, OPTIONS always, sorted as Next.js sorts it. */
export function allowHeader(served: Iterable<string>): string {
  const methods = new Set([...served].map((m) => m.toUpperCase()));
  if (methods.has("GET")) methods.add("HEAD");
  methods.add("OPTIONS");
  return [...methods].sort().join(", ");
}

export const notFound = () => new ApiError(404, "Not found");
export const methodNotAllowed = (allow: string) => new ApiError(405, "Method not allowed", {}, { allow });
export const unsupportedMediaType = () => new ApiError(415, "Content-Type must be application/json");

/** application/json, any case, parameters such as charset allowed. */
function isJson(contentType: string | null): boolean {
  return contentType?.split(";", 1)[0]?.trim().toLowerCase() === "application/json";
}

/**
 * The exports of a route for every method it does not serve: 405 `{ error }` with Allow, and
 * OPTIONS answered as Next.js answers it (204 with Allow, nothing for CORS), since Next.js would
 * otherwise list these refusals in its Allow too. `export const { OPTIONS, POST, ... } =
 * refuseOtherMethods({ GET })`: served methods stay `export const GET = handle(...)` lines.
 */
export function refuseOtherMethods<S extends ExportedMethod>(
  served: Record<S, RouteHandler>,
): Record<Exclude<ExportedMethod, S>, RouteHandler> {
  const allow = allowHeader(Object.keys(served));
  const refuse = answered(() => {
    throw methodNotAllowed(allow);
  });
  const options = () => new Response(null, { status: 204, headers: { allow } });
  const others = EXPORTED_METHODS.filter((m) => !(m in served));
  return Object.fromEntries(others.map((m) => [m, m === "OPTIONS" ? options : refuse])) as Record<Exclude<ExportedMethod, S>, RouteHandler>;
}

/** The exports of the API's catch-all route: 404 `{ error }` for every method, OPTIONS included. */
export function answerNotFound(): Record<ExportedMethod, RouteHandler> {
  const answer = answered(() => {
    throw notFound();
  });
  return Object.fromEntries(EXPORTED_METHODS.map((m) => [m, answer])) as Record<ExportedMethod, RouteHandler>;
}

/** What one request log line holds. The query string is never logged: it carries wallets. */
export interface RequestLogLine {
  method: string;
  /** The path asked for: a route's own path, since the only dynamic route is the catch-all's 404. */
  route: string;
  status: number;
  /**
   * Until the response headers were ready; a streamed body (the rewards export) goes on after
   * the line is written.
   */
  durationMs: number;
  requestId: string;
  /** The validated wallet of the request, only with LOG_WALLETS=true. */
  wallet?: string;
  /** The admin of an /api/admin/* request (its wallet, or "token"), always: every admin action is on record. */
  admin?: Admin;
}

/** Milliseconds since `started` (a performance.now() reading), to a tenth. */
export function msSince(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}

/** One JSON line on stdout per request: what log drains (Vercel, Docker, journald) collect and parse. */
export function logRequest(line: RequestLogLine): void {
  const { wallet, ...rest } = line;
  const entry = {
    level: line.status >= 500 ? "error" : "info",
    msg: "request",
    time: new Date().toISOString(),
    ...rest,
    ...(wallet !== undefined && logWallets() && { wallet }),
  };
  // Written to the stream, not through console.log: Next.js wraps a server's console, and that wrapper
  // with Node's own formatting was about 2% of every request's CPU (docs/benchmarks.md, findings).
  process.stdout.write(`${JSON.stringify(entry)}\n`);
}

function logWallets(): boolean {
  try {
    return config().logWallets;
  } catch {
    return false; // a configuration error is reported by the request itself; the log line must still be written
  }
}

function walletOf(input: unknown): unknown {
  return typeof input === "object" && input !== null ? (input as { wallet?: unknown }).wallet : undefined;
}

/** The validated body's wallet of an `auth: "wallet"` route; a route without one is a bug, not a client error. */
function requiredWallet(body: unknown): string {
  const wallet = walletOf(body);
  if (typeof wallet !== "string") throw new Error('auth: "wallet" needs a body schema with a wallet field');
  return wallet;
}

/** Ids of load balancers and tracing (UUIDs, "iad1::abc-123") pass; anything else is replaced, so logs stay clean. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._~:/+=@-]{1,128}$/;

/** The request id for a request whose x-request-id header was `header`. */
export function requestIdFrom(header: string | null | undefined): string {
  const given = header?.trim();
  return given && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    // immutable headers (Response.redirect, a fetched response): copy into a response we own
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

/** Validates a body or query with its schema; the first issue is the 400. Shared with scripts/bench/bare-server.ts, which must answer as the routes do. */
export function parseInput<S extends Schema>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // Schemas carry the contract's texts (Invalid wallet address, ...); zod's own text otherwise, prefixed with the field.
  const field = issue?.path.join(".");
  const message = issue?.message ?? "Invalid request";
  throw new ApiError(400, message.startsWith("Invalid") || !field ? message : `Invalid ${field}: ${message}`);
}

function queryInput(url: URL, request: Request, fallback: Record<string, string> = {}): Record<string, string> {
  const input: Record<string, string> = {};
  for (const [name, value] of url.searchParams) input[name] ??= value;
  for (const [field, header] of Object.entries(fallback)) {
    const value = request.headers.get(header);
    if (input[field] === undefined && value !== null) input[field] = value;
  }
  return input;
}

/** Reads at most `limit` bytes; anything that is not a JSON object is a 400. */
async function readJsonObject(request: Request, limit: number): Promise<unknown> {
  const declared = Number(request.headers.get("content-length"));
  if (declared > limit) throw errors.bodyTooLarge(limit);
  const text = await readLimited(request, limit);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw errors.invalidJson();
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw errors.invalidJson();
  return value;
}

async function readLimited(request: Request, limit: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) throw refuseBody(reader, limit);
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * The 413 of a body over the limit, whose rest is read and dropped while the answer goes out.
 * Cancelling the body, or leaving its rest unread, stalls the connection once the rest is more
 * than Node holds for a request: Node stops reading the socket, the client's next request on that
 * keep-alive connection is never parsed, and the keep-alive timeout resets it some 6 s later (a
 * failed request, for the client). Node drains a body nobody reads the same way, without a
 * limit; a client that never ends its body is cut off by Node's request timeout (5 minutes).
 */
function refuseBody(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number): ApiError {
  void (async () => {
    try {
      while (!(await reader.read()).done);
    } catch {
      // The client went away: nothing left to read.
    }
  })();
  return errors.bodyTooLarge(limit);
}
