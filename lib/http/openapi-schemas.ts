/**
 * zod schemas as JSON Schema for the OpenAPI document, and the registry of named response schemas
 * (components) that the operations refer to.
 */
import { z } from "zod";
import * as api from "@/lib/contract/schemas";
import { INTERNAL_ERROR } from "@/lib/contract/errors";
import { MAX_BODY_BYTES } from "@/lib/http/handle";
import type { ResponseSpec } from "@/lib/http/openapi-operations";

export type JsonSchema = Record<string, unknown>;
export type Ref = { $ref: string };

/** zod -> JSON Schema 2020-12 (the dialect of OpenAPI 3.1), without the per-schema $schema line. */
export function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    override: ({ zodSchema, jsonSchema: out }) => {
      // The refCode rule lives in a transform, which JSON Schema cannot see: say it here.
      if (zodSchema === api.refCodeSchema) Object.assign(out, { minLength: 8, maxLength: 8, description: "8 characters, any case" });
    },
  });
  return rest;
}

export const components: Record<string, JsonSchema> = {};

/** Registers a response schema under a name and refers to it. */
export function named(name: string, schema: z.ZodType): Ref {
  components[name] ??= jsonSchema(schema, "output");
  return { $ref: `#/components/schemas/${name}` };
}

export const errorBody = () => named("Error", api.errorResponseSchema);
export const error = (description: string): ResponseSpec => ({ description, json: errorBody() });
export const internal = error(`Store or RPC failure: \`${INTERNAL_ERROR}\`. The cause is logged, never sent.`);
export const tooLarge = error(`Request body over ${MAX_BODY_BYTES} bytes`);

const signInRequired = error("`Sign-in required`: WALLET_AUTH=siwe and no valid session cookie (see /api/auth/*)");
const walletMismatch = error("`Wallet does not match the signed-in wallet`: WALLET_AUTH=siwe and the session is another wallet's");
export const tooManyRequests: ResponseSpec = {
  description: "`Too many requests`: a configured rate limit (RATE_LIMIT_*) is exceeded; retry after Retry-After seconds",
  json: errorBody(),
  headers: { "retry-after": { $ref: "#/components/headers/RetryAfter" } },
};
/** What every write naming a wallet may also answer (handle's WALLET_WRITE). */
export const walletWrite = { 401: signInRequired, 403: walletMismatch, 429: tooManyRequests };
