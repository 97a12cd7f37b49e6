/**
 * The harness of the OpenAPI status checks (tests/api/*-openapi.test.ts): the app's own
 * /api/openapi.json, and call/get/post, which send a real request and validate its answer against
 * the document (ajv, JSON Schema 2020-12), recording every status seen. Each test file checks the
 * operations of its own tags (the lists below), so every documented status is seen by exactly one.
 */
import { randomBytes } from "node:crypto";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import { expect } from "vitest";
import type { AppServer } from "@/tests/support/app-server";
import { randomWallet } from "@/tests/support/wallets";

/** The tags whose operations each file checks; between them, every tag of the document, each once. */
export const CHECKED_TAGS = {
  "operators-openapi.test.ts": ["Users", "Referrals", "Tasks", "Leaderboard", "Sign-in", "Campaign console", "Moderation", "Farcaster", "Operations"],
  "quests-openapi.test.ts": ["Quests"],
  "payouts-openapi.test.ts": ["Payouts"],
  "webhooks-openapi.test.ts": ["Webhooks"],
} as const;

type Content = Record<string, { schema: unknown }>;
type Operation = { tags: string[]; responses: Record<string, { content?: Content; headers?: Record<string, unknown> }> };
export type Doc = {
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};
export type Method = "GET" | "POST" | "PATCH" | "DELETE";
export type CallInit = { body?: unknown; headers?: Record<string, string> };

/** A JSON body over MAX_BODY_BYTES (8 KiB) with a valid wallet, for the 413s. */
export const oversized = { wallet: randomWallet(), pad: "x".repeat(9000) };

export function newAdminToken(): string {
  return randomBytes(24).toString("hex");
}

/** "<method> <path>" of every operation of `tags`. */
export function operationsOf(doc: Doc, tags: readonly string[]): string[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, op]) => (op.tags.some((tag) => tags.includes(tag)) ? [`${method} ${path}`] : [])),
  );
}

export type OpenApiCheck = ReturnType<typeof openApiCheck>;

/** A check with no document yet: `load` reads the one an app serves; then call/get/post check any app's answers against it. */
export function openApiCheck() {
  let doc: Doc;
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  const validators = new Map<string, ValidateFunction>();
  const seen = new Set<string>();

  async function load(app: AppServer) {
    const res = await fetch(`${app.baseUrl}/api/openapi.json`);
    expect(res.status).toBe(200);
    doc = (await res.json()) as Doc;
    ajv.addSchema({ $id: "doc", $defs: doc.components.schemas });
    seen.add("get /api/openapi.json 200");
  }

  function validator(key: string, schema: unknown): ValidateFunction {
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"doc#/$defs/')));
      validators.set(key, validate);
    }
    return validate;
  }

  /** The document's path of a request's: itself, or the path whose {parameter} segments match it. */
  function documentedPath(pathname: string): string {
    if (doc.paths[pathname]) return pathname;
    const templated = Object.keys(doc.paths).find((path) => new RegExp(`^${path.replace(/\{\w+\}/g, "[^/]+")}$`).test(pathname));
    return templated ?? pathname;
  }

  /** Sends a request and checks the response against the document: status, content type, body, request id. */
  async function call(app: AppServer, method: Method, target: string, init: CallInit = {}) {
    // A fresh connection each time: a kept-alive one can be closed by the server just as a request reuses it, after a long step.
    const headers = { connection: "close", ...(init.body !== undefined && { "content-type": "application/json" }), ...init.headers };
    const body = init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    const res = await fetch(app.baseUrl + target, { method, headers, body });
    const path = documentedPath(new URL(target, "http://x").pathname);
    const op = doc.paths[path]?.[method.toLowerCase()];
    expect(op, `${method} ${path} is documented`).toBeDefined();
    const documented = op!.responses[String(res.status)];
    expect(documented, `${method} ${path} answered ${res.status}, which the document does not list`).toBeDefined();
    if (res.status === 304) {
      // Not modified: no body, and the ETag it names.
      expect(documented!.content, `${method} ${path} 304 documents a body`).toBeUndefined();
      expect(await res.text()).toBe("");
      expect(res.headers.get("etag")).toBe(init.headers?.["if-none-match"]);
      seen.add(`${method.toLowerCase()} ${path} 304`);
      return { status: 304, body: undefined as any, headers: res.headers };
    }
    const type = res.headers.get("content-type")?.split(";")[0] ?? "";
    const content = documented!.content?.[type];
    expect(content, `${method} ${path} ${res.status} answered ${type}, which the document does not list`).toBeDefined();
    const text = await res.text();
    const parsed: unknown = type === "application/json" ? JSON.parse(text) : text;
    const validate = validator(`${method} ${path} ${res.status} ${type}`, content!.schema);
    expect(validate(parsed), `${method} ${path} ${res.status}: ${ajv.errorsText(validate.errors)}\n${text.slice(0, 500)}`).toBe(true);
    expect(res.headers.get("x-request-id")).toBeTruthy();
    seen.add(`${method.toLowerCase()} ${path} ${res.status}`);
    return { status: res.status, body: parsed as any, headers: res.headers };
  }
  const get = (app: AppServer, target: string, headers?: Record<string, string>) => call(app, "GET", target, { headers });
  const post = (app: AppServer, target: string, body: unknown) => call(app, "POST", target, { body });

  /**
   * Every POST of `tags` answers 415 to a body that is not JSON, before anything else. An admin
   * endpoint checks access first: `token` gets it to the 415; without admin access (`guarded`, when
   * given) it is a 404, so only the others are sent there too.
   */
  async function expectJsonOnly(live: AppServer, token: string, tags: readonly string[], guarded?: AppServer) {
    const posts = operationsOf(doc, tags).flatMap((op) => (op.startsWith("post ") ? [op.slice("post ".length)] : []));
    expect(posts.length).toBeGreaterThan(0);
    for (const path of posts) {
      const isAdmin = path.startsWith("/api/admin/");
      const headers = { "content-type": "text/plain", ...(isAdmin && { authorization: `Bearer ${token}` }) };
      const res = await call(live, "POST", path, { body: JSON.stringify({ wallet: randomWallet() }), headers });
      expect(res.body, path).toEqual({ error: "Content-Type must be application/json" });
      if (isAdmin || !guarded) continue;
      expect((await call(guarded, "POST", path, { body: "{}", headers: { "content-type": "application/x-www-form-urlencoded" } })).status, path).toBe(415);
    }
    return posts;
  }

  /** The statuses `tags`' operations document that no call above answered with. */
  function unseen(tags: readonly string[]): string[] {
    const ops = new Set(operationsOf(doc, tags));
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, op]) =>
        ops.has(`${method} ${path}`) ? Object.keys(op.responses).map((status) => `${method} ${path} ${status}`) : [],
      ),
    );
    return documented.filter((d) => !seen.has(d));
  }

  return {
    get doc() {
      return doc;
    },
    seen,
    load,
    call,
    get,
    post,
    expectJsonOnly,
    unseen,
  };
}
