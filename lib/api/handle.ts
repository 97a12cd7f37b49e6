/**
 * The one wrapper every route handler goes through: checks the admin token where
 * asked, reads the JSON body under the size limit, validates body and query with
 * zod, checks the wallet session and counts the rate limits the spec declares, runs
 * the handler, maps whatever it throws through errorResponse, tags the response with
 * its request id and writes one JSON log line per request.
 *
 * Order of refusals: 401/404 admin, 413/400 input, 401/403 session, 429 rate limit.
 * Input comes first so that malformed requests answer as interface.md says in both modes.
 */
import "server-only";
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import { ApiError, errorResponse, errors } from "@/lib/api/errors";
import { enforceRateLimits, requireWalletSession, type RateLimitSpec } from "@/lib/auth/guard";
import { config } from "@/lib/config";

export const MAX_BODY_BYTES = 8 * 1024;

type Schema = z.ZodType;

interface Spec<B extends Schema | undefined, Q extends Schema | undefined> {
  body?: B;
  query?: Q;
  /** Query fields that may instead come from a request header; the query wins when both are present. */
  headerFallback?: Record<string, string>;
  /**
   * "admin": an operator endpoint. Needs `Authorization: Bearer <ADMIN_TOKEN>` (else 401), and
   * does not exist (404) while ADMIN_TOKEN is unset. Checked before anything else is read.
   * "wallet": a write naming the wallet in the body's `wallet` field. With WALLET_AUTH=siwe it
   * needs a session for that same wallet (401 without one, 403 for another wallet).
   */
  auth?: "admin" | "wallet";
  /**
   * Rate limits the request counts against, each only when configured: `ip` per client IP,
   * `wallet` per the request's validated wallet. 429 with Retry-After past a limit.
   */
  rateLimit?: RateLimitSpec;
}

/** What every write naming a wallet declares: the wallet's session, write limits per IP and per wallet. */
export const WALLET_WRITE = { auth: "wallet", rateLimit: { ip: "writes", wallet: "writes" } } as const;

type Parsed<S> = S extends Schema ? z.output<S> : undefined;

interface Context<B, Q> {
  body: B;
  query: Q;
  request: Request;
  /** The origin the request came to, e.g. "http://localhost:3000". */
  origin: string;
  /** The caller's x-request-id when well-formed, else a fresh UUID; also sent back as a response header. */
  requestId: string;
}

export const REQUEST_ID_HEADER = "x-request-id";

export function handle<B extends Schema | undefined = undefined, Q extends Schema | undefined = undefined>(
  spec: Spec<B, Q>,
  run: (ctx: Context<Parsed<B>, Parsed<Q>>) => Promise<Response> | Response,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const started = performance.now();
    const url = new URL(request.url);
    const requestId = requestIdOf(request);
    let wallet: unknown;
    let response: Response;
    try {
      if (spec.auth === "admin") authorizeAdmin(request);
      const body = spec.body ? parseInput(spec.body, await readJsonObject(request)) : undefined;
      const query = spec.query ? parseInput(spec.query, queryInput(url, request, spec.headerFallback)) : undefined;
      wallet = walletOf(body) ?? walletOf(query) ?? (query as { user?: unknown } | undefined)?.user;
      const origin = requestOrigin(request, url);
      if (spec.auth === "wallet") await requireWalletSession(request, origin, requiredWallet(body));
      if (spec.rateLimit) await enforceRateLimits(request, spec.rateLimit, wallet);
      const ctx = { body, query, request, origin, requestId };
      response = await run(ctx as Context<Parsed<B>, Parsed<Q>>);
    } catch (error) {
      response = errorResponse(error, `${request.method} ${url.pathname} (request ${requestId})`);
    }
    response = withHeader(response, REQUEST_ID_HEADER, requestId);
    logRequest({
      method: request.method,
      route: url.pathname,
      status: response.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      requestId,
      wallet: typeof wallet === "string" ? wallet : undefined,
    });
    return response;
  };
}

/** What one request log line holds. The query string is never logged: it carries wallets. */
export interface RequestLogLine {
  method: string;
  /** The path of the route (no route of the API has dynamic segments). */
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
}

/** One JSON line on stdout per request: what log drains (Vercel, Docker, journald) collect and parse. */
function logRequest(line: RequestLogLine): void {
  const { wallet, ...rest } = line;
  const entry = {
    level: line.status >= 500 ? "error" : "info",
    msg: "request",
    time: new Date().toISOString(),
    ...rest,
    ...(wallet !== undefined && logWallets() && { wallet }),
  };
  console.log(JSON.stringify(entry));
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

function requestIdOf(request: Request): string {
  const given = request.headers.get(REQUEST_ID_HEADER)?.trim();
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

/** Bearer ADMIN_TOKEN, compared in constant time (digests make the lengths equal). */
function authorizeAdmin(request: Request): void {
  const token = config().adminToken;
  if (!token) throw new ApiError(404, "Not found");
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  const digest = (v: string) => createHash("sha256").update(v).digest();
  if (!match?.[1] || !timingSafeEqual(digest(match[1]), digest(token))) {
    throw new ApiError(401, "Unauthorized", {}, { "www-authenticate": 'Bearer realm="refboard-admin"' });
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

const HOST_PATTERN = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin the client used, so each domain gets links to itself and sign-in messages are
 * checked against it. `next start` rewrites
 * request.url to its own hostname, so the Host header (or a proxy's X-Forwarded-Host) is the truth;
 * a malformed value falls back to request.url rather than ending up inside a link.
 */
function requestOrigin(request: Request, url: URL): string {
  const first = (name: string) => request.headers.get(name)?.split(",")[0]?.trim();
  const host = first("x-forwarded-host") || first("host");
  const proto = first("x-forwarded-proto") || url.protocol.slice(0, -1);
  if (!host || !HOST_PATTERN.test(host) || (proto !== "http" && proto !== "https")) return url.origin;
  // The pattern admits what URL still refuses (port 65536, "[:::]", "1.1.1.999"): links are built with URL.
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return url.origin;
  }
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

/** Reads at most MAX_BODY_BYTES; anything that is not a JSON object is a 400. */
async function readJsonObject(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length"));
  if (declared > MAX_BODY_BYTES) throw errors.bodyTooLarge(MAX_BODY_BYTES);
  const text = await readLimited(request, MAX_BODY_BYTES);
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
    if (size > limit) {
      await reader.cancel();
      throw errors.bodyTooLarge(limit);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
