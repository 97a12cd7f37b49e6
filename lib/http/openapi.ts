/**
 * The OpenAPI 3.1 document of the HTTP API, generated from the route registry
 * (lib/contract/routes.ts): the same zod schemas the route handlers parse requests with (input
 * side) and the responses are typed with (output side), so the document cannot say something the
 * code does not. tests/api/operators-openapi.test.ts validates real responses of every endpoint against it.
 */
import { error, errorBody, type ResponseDoc, type Route } from "@/lib/contract/route-spec";
import { routes } from "@/lib/contract/routes";
import { ADMIN_ROUTES } from "@/lib/contract/routes-admin";
import { FARCASTER_ROUTES } from "@/lib/contract/routes-farcaster";
import { WEBHOOK_EVENTS } from "@/lib/contract/routes-webhooks";
import { components, docSchema, jsonSchema, type JsonSchema } from "@/lib/http/openapi-schemas";

/** Every POST answers it, checked before the body is read (handle). */
const notJson = error("`Content-Type must be application/json`: the request's Content-Type is missing or another type");

function parameters(route: Route): JsonSchema[] {
  const params: JsonSchema[] = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: "path", required: true, schema: { type: "string" } }));
  if (route.query) {
    const schema = jsonSchema(route.query, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const fallback = route.headerFallback?.[name];
      params.push({
        name,
        in: "query",
        // A field with a header fallback is required in one of the two places, so in neither alone.
        required: !fallback && (schema.required ?? []).includes(name),
        schema: property,
        ...(fallback && { description: `Or header ${fallback}; the query wins when both are present.` }),
      });
    }
    for (const [name, header] of Object.entries(route.headerFallback ?? {})) {
      params.push({ name: header, in: "header", required: false, schema: schema.properties?.[name] ?? { type: "string" } });
    }
  }
  params.push({ $ref: "#/components/parameters/RequestId" });
  return params;
}

function responses(route: Route): JsonSchema {
  const all: Record<number, ResponseDoc> = route.method === "POST" ? { ...route.doc.responses, 415: notJson } : route.doc.responses;
  return Object.fromEntries(
    Object.entries(all).map(([status, spec]) => [
      status,
      {
        description: spec.description,
        headers: { "x-request-id": { $ref: "#/components/headers/RequestId" }, ...spec.headers },
        ...(!spec.empty && { content: content(spec) }),
      },
    ]),
  );
}

function content(spec: ResponseDoc): JsonSchema {
  const types = spec.content ?? { "application/json": { schema: spec.json ?? errorBody } };
  return Object.fromEntries(Object.entries(types).map(([type, { schema }]) => [type, { schema: docSchema(schema) }]));
}

/** Who may call it, as the document says: admin and cron follow from the route's auth, any other scheme is the route's own. */
function security(route: Route): Record<string, string[]>[] | undefined {
  if (route.auth === "admin") return [{ adminToken: [] }, { adminSession: [] }];
  if (route.auth === "cron") return [{ cronSecret: [] }];
  return route.doc.security;
}

function operationId(route: Route): string {
  const words = route.path.replace(/^\/api\//, "").replace(/\.json$/, "").split(/[/_-]/);
  return route.method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
}

let cached: JsonSchema | undefined;

/** The document, built once per process (it only depends on code). */
export function openApiDocument(): JsonSchema {
  cached ??= build();
  return cached;
}

function build(): JsonSchema {
  // components.schemas keeps the order the document has always had: the error body, the console's and Farcaster's answers, then the rest.
  docSchema(errorBody);
  for (const route of [...Object.values(ADMIN_ROUTES), ...Object.values(FARCASTER_ROUTES)]) responses(route);
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of Object.values(routes) as Route[]) {
    const secured = security(route);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: operationId(route),
      tags: [route.doc.tag],
      summary: route.doc.summary,
      ...(route.doc.description && { description: route.doc.description }),
      parameters: parameters(route),
      ...(route.body && {
        requestBody: {
          required: true,
          content: { "application/json": { schema: jsonSchema(route.body, "input") } },
        },
      }),
      ...(secured && { security: secured }),
      responses: responses(route),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "refboard API",
      version: "1",
      description:
        "Referral, task and leaderboard API. Every error body is `{ error: string }` (plus `cooldownRemaining` on the check-in " +
        "cooldown). Every POST carries `Content-Type: application/json`, body or not (415 otherwise). Every response carries " +
        "`x-request-id`: the caller's when it sent a well-formed one, else a fresh UUID.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    tags: ["Users", "Referrals", "Tasks", "Quests", "Leaderboard", "Sign-in", "Campaign console", "Moderation", "Payouts", "Webhooks", "Farcaster", "Operations"].map((name) => ({ name })),
    paths,
    webhooks: webhookDocs(),
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
        ETag: { description: "The board version this answer was read at, with the board it is of: send it back in If-None-Match", schema: { type: "string", pattern: '^"[0-9]+-(all|s[0-9]+)"$' } },
        RetryAfter: { description: "Whole seconds until the exceeded rate-limit window ends", schema: { type: "string", pattern: "^[1-9][0-9]*$" } },
        SessionCookie: {
          description: "The session cookie (sealed with SESSION_SECRET; `__Host-refboard-session` outside localhost); cleared on logout",
          schema: { type: "string" },
        },
      },
      securitySchemes: {
        adminToken: { type: "http", scheme: "bearer", description: "ADMIN_TOKEN of the server" },
        cronSecret: { type: "http", scheme: "bearer", description: "CRON_SECRET of the server (Vercel Cron sends it)" },
        quickAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "A Farcaster Quick Auth token for the app's domain; its subject is the fid" },
        adminSession: {
          type: "apiKey",
          in: "cookie",
          name: "__Host-refboard-session",
          description: "The session of a wallet in ADMIN_WALLETS, from /api/auth/verify (`refboard-session` on localhost)",
        },
      },
    },
  };
}

/**
 * The requests the app sends to a team's endpoint (issue #30): one per event type, signed as the
 * Standard Webhooks specification says; any 2xx acknowledges it.
 */
function webhookDocs(): Record<string, JsonSchema> {
  const header = (name: string, description: string) => ({ name, in: "header", required: true, description, schema: { type: "string" } });
  const parameters = [
    header("webhook-id", "The event's id (`msg_...`), the same on every attempt: deduplicate on it"),
    header("webhook-timestamp", "The attempt's time, Unix seconds"),
    header("webhook-signature", "`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` with the endpoint's secret"),
  ];
  return Object.fromEntries(
    Object.entries(WEBHOOK_EVENTS).map(([type, event]) => [
      type,
      {
        post: {
          summary: event.summary,
          tags: ["Webhooks"],
          parameters,
          requestBody: { required: true, content: { "application/json": { schema: docSchema(event.body) } } },
          responses: { "200": { description: "Any 2xx acknowledges the event; another status, a redirect or no answer within 10 s is retried" } },
        },
      },
    ]),
  );
}
