/**
 * The one wrapper every route handler goes through: reads the JSON body under
 * the size limit, validates body and query with zod, runs the handler and maps
 * whatever it throws through errorResponse.
 */
import "server-only";
import type { z } from "zod";
import { ApiError, errorResponse, errors } from "@/lib/api/errors";

export const MAX_BODY_BYTES = 8 * 1024;

type Schema = z.ZodType;

interface Spec<B extends Schema | undefined, Q extends Schema | undefined> {
  body?: B;
  query?: Q;
  /** Query fields that may instead come from a request header; the query wins when both are present. */
  headerFallback?: Record<string, string>;
}

type Parsed<S> = S extends Schema ? z.output<S> : undefined;

interface Context<B, Q> {
  body: B;
  query: Q;
  request: Request;
  /** The origin the request came to, e.g. "http://localhost:3000". */
  origin: string;
}

export function handle<B extends Schema | undefined = undefined, Q extends Schema | undefined = undefined>(
  spec: Spec<B, Q>,
  run: (ctx: Context<Parsed<B>, Parsed<Q>>) => Promise<Response> | Response,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    try {
      const body = spec.body ? parse(spec.body, await readJsonObject(request)) : undefined;
      const query = spec.query ? parse(spec.query, queryInput(url, request, spec.headerFallback)) : undefined;
      return await run({ body, query, request, origin: requestOrigin(request, url) } as Context<Parsed<B>, Parsed<Q>>);
    } catch (error) {
      return errorResponse(error, `${request.method} ${url.pathname}`);
    }
  };
}

function parse<S extends Schema>(schema: S, input: unknown): z.output<S> {
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
 * The origin the client used, so each domain gets links to itself. `next start` rewrites
 * request.url to its own hostname, so the Host header (or a proxy's X-Forwarded-Host) is the truth;
 * a malformed value falls back to request.url rather than ending up inside a link.
 */
function requestOrigin(request: Request, url: URL): string {
  const first = (name: string) => request.headers.get(name)?.split(",")[0]?.trim();
  const host = first("x-forwarded-host") || first("host");
  const proto = first("x-forwarded-proto") || url.protocol.slice(0, -1);
  if (!host || !HOST_PATTERN.test(host) || (proto !== "http" && proto !== "https")) return url.origin;
  return `${proto}://${host}`;
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
