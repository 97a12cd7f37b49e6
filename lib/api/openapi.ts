/**
 * The OpenAPI 3.1 document of the HTTP API, generated from the same zod schemas the route
 * handlers parse requests with (input side) and the responses are typed with (output side),
 * so the document cannot say something the code does not. tests/api/operators-openapi.test.ts
 * validates real responses of every endpoint against it.
 */
import { z } from "zod";
import * as api from "@/lib/api/schemas";
import { MAX_BODY_BYTES } from "@/lib/api/handle";
import { INTERNAL_ERROR } from "@/lib/api/errors";
import { rewardsExportQuery, rewardsJsonExportSchema } from "@/lib/services/rewards-export";

type JsonSchema = Record<string, unknown>;
type Ref = { $ref: string };

/** zod -> JSON Schema 2020-12 (the dialect of OpenAPI 3.1), without the per-schema $schema line. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
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

const components: Record<string, JsonSchema> = {};

/** Registers a response schema under a name and refers to it. */
function named(name: string, schema: z.ZodType): Ref {
  components[name] ??= jsonSchema(schema, "output");
  return { $ref: `#/components/schemas/${name}` };
}

interface ResponseSpec {
  description: string;
  /** Response headers besides x-request-id, by name. */
  headers?: Record<string, JsonSchema>;
  /** A schema for application/json, or content types with their schemas. */
  json?: Ref | JsonSchema;
  content?: Record<string, { schema: Ref | JsonSchema }>;
}

interface Operation {
  method: "get" | "post";
  path: string;
  tag: string;
  summary: string;
  description?: string;
  query?: z.ZodObject;
  /** Query fields that may come from a header instead (handle's headerFallback). */
  headerFallback?: Record<string, string>;
  body?: z.ZodObject;
  admin?: boolean;
  responses: Record<number, ResponseSpec>;
}

const errorBody = () => named("Error", api.errorResponseSchema);
const error = (description: string): ResponseSpec => ({ description, json: errorBody() });

const signInRequired = error("`Sign-in required`: WALLET_AUTH=siwe and no valid session cookie (see /api/auth/*)");
const walletMismatch = error("`Wallet does not match the signed-in wallet`: WALLET_AUTH=siwe and the session is another wallet's");
const tooManyRequests: ResponseSpec = {
  description: "`Too many requests`: a configured rate limit (RATE_LIMIT_*) is exceeded; retry after Retry-After seconds",
  json: errorBody(),
  headers: { "retry-after": { $ref: "#/components/headers/RetryAfter" } },
};
/** What every write naming a wallet may also answer (handle's WALLET_WRITE). */
const walletWrite = { 401: signInRequired, 403: walletMismatch, 429: tooManyRequests };
const sessionCookie = { "set-cookie": { $ref: "#/components/headers/SessionCookie" } };

const invalidInput = error("Malformed input: `Invalid wallet address`, `Invalid refCode`, `Invalid task id`, `Invalid JSON body`, ...");
const tooLarge = error(`Request body over ${MAX_BODY_BYTES} bytes`);
const internal = error(`Store or RPC failure: \`${INTERNAL_ERROR}\`. The cause is logged, never sent.`);

const OPERATIONS: Operation[] = [
  {
    method: "post",
    path: "/api/user/init",
    tag: "Users",
    summary: "Register a wallet when it connects",
    description: "Makes the wallet known, so its refCode resolves. Idempotent; creates no leaderboard entry.",
    body: api.walletBody,
    responses: {
      200: { description: "Registered (isNew tells whether this call did it)", json: named("InitUserResponse", api.initUserResponse) },
      400: invalidInput,
      413: tooLarge,
      ...walletWrite,
      500: internal,
    },
  },
  {
    method: "post",
    path: "/api/referral/record",
    tag: "Referrals",
    summary: "Bind a referee to a referrer, once",
    description:
      "On the first success both sides get +1 score (+20 rewards) and the referrer's count +1, atomically. " +
      "A wallet that already has a referrer gets 200 with alreadyRecorded and its EXISTING referrer, whatever code was sent.",
    body: api.recordReferralBody,
    responses: {
      200: { description: "Recorded, or already recorded", json: named("RecordReferralResponse", api.recordReferralResponse) },
      400: error("Malformed input, or `Cannot refer yourself`"),
      404: error("`RefCode not found`"),
      413: tooLarge,
      ...walletWrite,
      500: internal,
    },
  },
  {
    method: "get",
    path: "/api/referral/check",
    tag: "Referrals",
    summary: "Whether a wallet already has a referrer",
    query: api.walletQuery,
    responses: { 200: { description: "Read-only answer", json: named("CheckReferralResponse", api.checkReferralResponse) }, 400: invalidInput, 500: internal },
  },
  {
    method: "get",
    path: "/api/referral/link",
    tag: "Referrals",
    summary: "A wallet's own referral link, its referrer and its referral count",
    description: "The wallet comes from `user`, else from header `x-user-wallet`; the query wins. Makes the wallet known.",
    query: api.userQuery,
    headerFallback: { user: "x-user-wallet" },
    responses: { 200: { description: "Link and statistics", json: named("ReferralLinkResponse", api.referralLinkResponse) }, 400: invalidInput, 500: internal },
  },
  {
    method: "get",
    path: "/api/referral/wallet-by-code",
    tag: "Referrals",
    summary: "Which wallet a refCode belongs to",
    query: api.codeQuery,
    responses: {
      200: { description: "The owner of the code", json: named("WalletByCodeResponse", api.walletByCodeResponse) },
      400: invalidInput,
      404: error("`RefCode not found`"),
      429: tooManyRequests,
      500: internal,
    },
  },
  {
    method: "get",
    path: "/api/steam/task-status",
    tag: "Tasks",
    summary: "Task flags and the check-in cooldown of a wallet",
    description: "`tasks.daily_checkin` true means on cooldown; `fishingCooldown` is the whole seconds left (0 = ready).",
    query: api.walletQuery,
    responses: { 200: { description: "Flags and cooldown", json: named("TaskStatusResponse", api.taskStatusResponse) }, 400: invalidInput, 500: internal },
  },
  {
    method: "post",
    path: "/api/steam/task/complete",
    tag: "Tasks",
    summary: "Daily check-in (24 h server-side cooldown) or a social task",
    description: "A repeated social task returns success with its ORIGINAL timestamp. Client timestamps are never used.",
    body: api.completeTaskBody,
    responses: {
      200: { description: "Completed", json: named("CompleteTaskResponse", api.completeTaskResponse) },
      400: {
        description: "`Task on cooldown` with cooldownRemaining (seconds), or malformed input (`Invalid task id`, ...)",
        json: { oneOf: [named("CooldownError", api.cooldownErrorSchema), errorBody()] },
      },
      413: tooLarge,
      ...walletWrite,
      500: internal,
    },
  },
  {
    method: "post",
    path: "/api/steam/verify",
    tag: "Tasks",
    summary: "On-chain verification of nft_mint",
    description: "NFT balance > 0, else a non-empty stake list, on the configured chain. Not verified is a 200 with a reason.",
    body: api.verifyTaskBody,
    responses: {
      200: { description: "Verified, or not with a reason", json: named("VerifyTaskResponse", api.verifyTaskResponse) },
      400: invalidInput,
      413: tooLarge,
      ...walletWrite,
      500: error(`RPC or store failure: \`${INTERNAL_ERROR}\``),
    },
  },
  {
    method: "get",
    path: "/api/steam/progress",
    tag: "Tasks",
    summary: "All 11 task flags and the referral count, after an automatic nft_mint check",
    description: "An RPC failure does not fail this endpoint: it answers with the stored state.",
    query: api.walletQuery,
    responses: { 200: { description: "Progress", json: named("ProgressResponse", api.progressResponse) }, 400: invalidInput, 500: internal },
  },
  {
    method: "get",
    path: "/api/leaderboard",
    tag: "Leaderboard",
    summary: "The top wallets, highest score first",
    description: "LEADERBOARD_SIZE entries (100 by default). Ties: who reached the score first, then wallet ascending. rewards = score x 20.",
    responses: { 200: { description: "Ranked list (empty array when no users exist)", json: named("LeaderboardResponse", api.leaderboardResponse) }, 500: internal },
  },
  {
    method: "get",
    path: "/api/leaderboard/user",
    tag: "Leaderboard",
    summary: "One wallet's rank",
    description: "A missing entry is created with score 0 first; the rank is its real position in the list order.",
    query: api.walletQuery,
    responses: { 200: { description: "The wallet's entry", json: named("LeaderboardEntry", api.leaderboardEntrySchema) }, 400: invalidInput, 500: internal },
  },
  {
    method: "get",
    path: "/api/auth/nonce",
    tag: "Sign-in",
    summary: "A single-use nonce for a Sign-In with Ethereum (EIP-4361) message",
    description: "Expires after NONCE_TTL_SECONDS. Only with WALLET_AUTH=siwe (404 otherwise).",
    responses: {
      200: { description: "A fresh nonce", json: named("NonceResponse", api.nonceResponse) },
      404: error("`Wallet sign-in is not enabled`: WALLET_AUTH is off"),
      429: tooManyRequests,
      500: internal,
    },
  },
  {
    method: "post",
    path: "/api/auth/verify",
    tag: "Sign-in",
    summary: "Sign in: check a signed EIP-4361 message and start the wallet's session",
    description:
      "The message's domain must be the host the request came to and its URI the same origin; its nonce one from " +
      "/api/auth/nonce, unused and unexpired; its chain id CHAIN_ID when configured; expirationTime and notBefore hold. " +
      "EOA signatures are checked offline, smart-contract wallets (ERC-1271, ERC-6492) through RPC_URL. " +
      "Sets an httpOnly, SameSite=Lax session cookie (Secure outside localhost).",
    body: api.signInBody,
    responses: {
      200: { description: "Signed in", json: named("SignInResponse", api.signInResponse), headers: sessionCookie },
      400: error("Malformed input: `Invalid message`, `Invalid signature`, `Invalid JSON body`"),
      401: error("Sign-in refused: bad signature, unknown/used/expired nonce, wrong domain, URI or chain, expired or not yet valid message"),
      404: error("`Wallet sign-in is not enabled`: WALLET_AUTH is off"),
      413: tooLarge,
      429: tooManyRequests,
      500: internal,
    },
  },
  {
    method: "get",
    path: "/api/auth/session",
    tag: "Sign-in",
    summary: "The signed-in wallet, and whether writes need a session",
    description: "`authRequired` is true with WALLET_AUTH=siwe; `chainId` is the chain id sign-in messages must carry (null = any).",
    responses: { 200: { description: "The session, or address null", json: named("SessionResponse", api.sessionResponse) } },
  },
  {
    method: "post",
    path: "/api/auth/logout",
    tag: "Sign-in",
    summary: "End the session (clears its cookie)",
    responses: { 200: { description: "Signed out", json: named("LogoutResponse", api.logoutResponse), headers: sessionCookie } },
  },
  {
    method: "get",
    path: "/api/health",
    tag: "Operations",
    summary: "Store and RPC reachability with latency",
    responses: {
      200: { description: "Everything reachable", json: named("HealthResponse", api.healthResponse) },
      503: { description: "The store or the RPC is unreachable", json: named("HealthResponse", api.healthResponse) },
    },
  },
  {
    method: "get",
    path: "/api/admin/rewards",
    tag: "Operations",
    summary: "Rewards export for token distribution (streamed)",
    description:
      "Every leaderboard entry with score >= minScore in rank order. The last line is a trailer with the row count and " +
      "the sha256 of every byte above it (docs/operators.md); a body without it is incomplete. Needs `Authorization: Bearer <ADMIN_TOKEN>`; " +
      "the endpoint does not exist (404) while ADMIN_TOKEN is unset.",
    query: rewardsExportQuery,
    admin: true,
    responses: {
      200: {
        description: "The export, streamed",
        content: {
          "text/csv": { schema: { type: "string", description: "rank,wallet,score,rewards,referrals_count rows, then `# count=N sha256=HEX`" } },
          "application/json": { schema: named("RewardsExport", rewardsJsonExportSchema) },
        },
      },
      400: error("`Invalid format: csv or json` or `Invalid minScore: ...`"),
      401: error("`Unauthorized`: missing or wrong bearer token"),
      404: error("`Not found`: ADMIN_TOKEN is not set, the endpoint is off"),
      500: internal,
    },
  },
  {
    method: "get",
    path: "/api/openapi.json",
    tag: "Operations",
    summary: "This document",
    responses: { 200: { description: "OpenAPI 3.1 document", json: { type: "object" } } },
  },
];

function parameters(op: Operation): JsonSchema[] {
  const params: JsonSchema[] = [];
  if (op.query) {
    const schema = jsonSchema(op.query, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const fallback = op.headerFallback?.[name];
      params.push({
        name,
        in: "query",
        // A field with a header fallback is required in one of the two places, so in neither alone.
        required: !fallback && (schema.required ?? []).includes(name),
        schema: property,
        ...(fallback && { description: `Or header ${fallback}; the query wins when both are present.` }),
      });
    }
    for (const [name, header] of Object.entries(op.headerFallback ?? {})) {
      params.push({ name: header, in: "header", required: false, schema: schema.properties?.[name] ?? { type: "string" } });
    }
  }
  params.push({ $ref: "#/components/parameters/RequestId" });
  return params;
}

function responses(op: Operation): JsonSchema {
  return Object.fromEntries(
    Object.entries(op.responses).map(([status, spec]) => [
      status,
      {
        description: spec.description,
        headers: { "x-request-id": { $ref: "#/components/headers/RequestId" }, ...spec.headers },
        content: spec.content ?? { "application/json": { schema: spec.json ?? errorBody() } },
      },
    ]),
  );
}

function operationId(op: Operation): string {
  const words = op.path.replace(/^\/api\//, "").replace(/\.json$/, "").split(/[/_-]/);
  return op.method + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
}

let cached: JsonSchema | undefined;

/** The document, built once per process (it only depends on code). */
export function openApiDocument(): JsonSchema {
  cached ??= build();
  return cached;
}

function build(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of OPERATIONS) {
    (paths[op.path] ??= {})[op.method] = {
      operationId: operationId(op),
      tags: [op.tag],
      summary: op.summary,
      ...(op.description && { description: op.description }),
      parameters: parameters(op),
      ...(op.body && {
        requestBody: {
          required: true,
          content: { "application/json": { schema: jsonSchema(op.body, "input") } },
        },
      }),
      ...(op.admin && { security: [{ adminToken: [] }] }),
      responses: responses(op),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "refboard API",
      version: "1",
      description:
        "Referral, task and leaderboard API. Every error body is `{ error: string }` (plus `cooldownRemaining` on the check-in " +
        "cooldown). Every response carries `x-request-id`: the caller's when it sent a well-formed one, else a fresh UUID.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    tags: ["Users", "Referrals", "Tasks", "Leaderboard", "Sign-in", "Operations"].map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      parameters: {
        RequestId: {
          name: "x-request-id",
          in: "header",
          required: false,
          description: "Correlates the request with its log line; echoed back. Up to 128 of A-Z a-z 0-9 . _ ~ : / + = @ -",
          schema: { type: "string", pattern: "^[A-Za-z0-9._~:/+=@-]{1,128}$" },
        },
      },
      headers: {
        RequestId: { description: "The request id of the log line of this request", schema: { type: "string" } },
        RetryAfter: { description: "Whole seconds until the exceeded rate-limit window ends", schema: { type: "string", pattern: "^[1-9][0-9]*$" } },
        SessionCookie: {
          description: "The session cookie (sealed with SESSION_SECRET; `__Host-refboard-session` outside localhost); cleared on logout",
          schema: { type: "string" },
        },
      },
      securitySchemes: {
        adminToken: { type: "http", scheme: "bearer", description: "ADMIN_TOKEN of the server" },
      },
    },
  };
}
