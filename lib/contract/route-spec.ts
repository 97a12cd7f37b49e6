/**
 * What one entry of the route registry declares: the inputs handle() validates, the access and
 * rate limits it checks, and what the OpenAPI document says about it. Plain data over the zod
 * schemas: lib/http reads it (handle(), the OpenAPI generator), scripts/bench/bare-server.ts too.
 */
import type { z } from "zod";
import { INTERNAL_ERROR } from "@/lib/contract/errors";
import { errorResponseSchema } from "@/lib/contract/schemas";
import type * as paths from "@/lib/contract/paths";
import type { RoutePath } from "@/lib/contract/paths";

/** The name of an endpoint: its export in lib/contract/paths.ts, its key in the registry. */
export type RouteName = keyof typeof paths;

/** The most a JSON body may hold; a longer one is a 413 before it is parsed. */
export const MAX_BODY_BYTES = 8 * 1024;

/** Names of the configured rate-limit rules (RATE_LIMIT_*) a route may count against. */
export type IpLimit = "writes" | "codeLookups";
export type WalletLimit = "writes";

/** Rate limits a request counts against, each only when configured: `ip` per client IP, `wallet` per the request's validated wallet. */
export interface RateLimitSpec {
  ip?: IpLimit;
  wallet?: WalletLimit;
}

/** A response schema the document lists once under components.schemas, by name, and refers to. */
export class NamedSchema {
  constructor(
    readonly name: string,
    readonly schema: z.ZodType,
  ) {}
}

export const named = (name: string, schema: z.ZodType) => new NamedSchema(name, schema);

/** JSON Schema as written in the document, where a NamedSchema stands for a reference to it. */
export type DocSchema = NamedSchema | { [key: string]: unknown };

export interface ResponseDoc {
  description: string;
  /** Response headers besides x-request-id, by name. */
  headers?: Record<string, { $ref: string }>;
  /** A schema for application/json, or content types with their schemas. */
  json?: DocSchema;
  content?: Record<string, { schema: DocSchema }>;
  /** No body at all (304). */
  empty?: true;
}

export interface Route<B extends z.ZodType | undefined = z.ZodType | undefined, Q extends z.ZodType | undefined = z.ZodType | undefined>
  extends RoutePath {
  body?: B;
  query?: Q;
  /** Query fields that may instead come from a request header; the query wins when both are present. */
  headerFallback?: Record<string, string>;
  /**
   * "admin": an operator endpoint (lib/auth/admin.ts). Needs `Authorization: Bearer <ADMIN_TOKEN>`
   * or the session of an ADMIN_WALLETS wallet (else 401, 403 for another wallet), and does not
   * exist (404) while neither is configured. Checked before anything else is read; the log line
   * names the admin.
   * "wallet": a write naming the wallet in the body's `wallet` field. With WALLET_AUTH=siwe it
   * needs a session for that same wallet (401 without one, 403 for another wallet).
   * "cron": a scheduled job (lib/auth/cron.ts): `Authorization: Bearer <CRON_SECRET>` (else 401),
   * and 404 while no secret is configured. Checked before anything else is read.
   */
  auth?: "admin" | "wallet" | "cron";
  /** 429 with Retry-After past a limit. */
  rateLimit?: RateLimitSpec;
  /** The operation in the OpenAPI document. */
  doc: {
    tag: string;
    summary: string;
    description?: string;
    /** A security scheme the route's own code checks (components.securitySchemes); admin and cron follow from `auth`. */
    security?: Record<string, string[]>[];
    responses: Record<number, ResponseDoc>;
  };
}

/** What handle() checks of a request: the rest of an entry is for the OpenAPI document and the routers. */
export type RouteChecks<B extends z.ZodType | undefined = z.ZodType | undefined, Q extends z.ZodType | undefined = z.ZodType | undefined> = Pick<
  Route<B, Q>,
  "body" | "query" | "headerFallback" | "auth" | "rateLimit"
>;

/** One registry entry, keeping the types of its schemas for handle()'s context. */
export function route<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(spec: Route<B, Q>): Route<B, Q> {
  return spec;
}

/** What every write naming a wallet declares: the wallet's session, write limits per IP and per wallet. */
export const WALLET_WRITE = { auth: "wallet", rateLimit: { ip: "writes", wallet: "writes" } } as const;

export const errorBody = named("Error", errorResponseSchema);
export const error = (description: string): ResponseDoc => ({ description, json: errorBody });
export const internal = error(`Store or RPC failure: \`${INTERNAL_ERROR}\`. The cause is logged, never sent.`);
export const tooLarge = error(`Request body over ${MAX_BODY_BYTES} bytes`);

const signInRequired = error("`Sign-in required`: WALLET_AUTH=siwe and no valid session cookie (see /api/auth/*)");
const walletMismatch = error("`Wallet does not match the signed-in wallet`: WALLET_AUTH=siwe and the session is another wallet's");
export const tooManyRequests: ResponseDoc = {
  description: "`Too many requests`: a configured rate limit (RATE_LIMIT_*) is exceeded; retry after Retry-After seconds",
  json: errorBody,
  headers: { "retry-after": { $ref: "#/components/headers/RetryAfter" } },
};
/** What every write naming a wallet may also answer (WALLET_WRITE). */
export const walletWrite = { 401: signInRequired, 403: walletMismatch, 429: tooManyRequests };
