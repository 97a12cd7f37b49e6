import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/http/openapi";

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }>; requestBody?: { content: Record<string, { schema: unknown }> } }>>;
  components: { schemas: Record<string, unknown> };
};
const doc = openApiDocument() as unknown as Doc;

/** Every app/api/.../route.ts and the methods it exports, e.g. "get /api/leaderboard". */
function routeOperations(dir = join(process.cwd(), "app", "api")): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...routeOperations(path));
    else if (entry.name === "route.ts") {
      // A folder [id] is the path parameter {id}.
      const route = "/" + relative(process.cwd(), dir).split(sep).slice(1).map((s) => s.replace(/^\[(\w+)\]$/, "{$1}")).join("/");
      const source = readFileSync(path, "utf8");
      for (const [, method] of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)) found.push(`${method?.toLowerCase()} /api${route.slice(4)}`);
    }
  }
  return found.sort();
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 and documents exactly the route handlers that exist", () => {
    expect(doc.openapi).toBe("3.1.0");
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m} ${path}`)).sort();
    expect(documented).toEqual(routeOperations());
  });

  it("lists the tag of every operation, so /docs shows each one under its section", () => {
    const listed = (doc as unknown as { tags: { name: string }[] }).tags.map((t) => t.name);
    const used = Object.values(doc.paths).flatMap((methods) => Object.values(methods).flatMap((op) => (op as unknown as { tags: string[] }).tags));
    expect([...new Set(used)].filter((tag) => !listed.includes(tag))).toEqual([]);
  });

  it("every schema in it compiles (JSON Schema 2020-12, strict)", () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    ajv.addSchema({ $id: "doc", $defs: doc.components.schemas });
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const schemas = [
          ...Object.values(op.requestBody?.content ?? {}).map((c) => c.schema),
          ...Object.values(op.responses).flatMap((r) => Object.values(r.content ?? {}).map((c) => c.schema)),
        ];
        for (const schema of schemas) {
          const local = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"doc#/$defs/'));
          expect(() => ajv.compile(local), `${method} ${path}`).not.toThrow();
        }
      }
    }
  });

  it("every operation documents its error responses with the { error } shape", () => {
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        // health reports a down store as 503; the session and logout endpoints read only the cookie, never the store;
        // the stream answers 200 at once and its watcher retries a store that fails (its events pause, the log says why)
        if (["/api/openapi.json", "/api/health", "/api/auth/session", "/api/auth/logout", "/api/leaderboard/stream"].includes(path)) continue;
        expect(Object.keys(op.responses), `${method} ${path}`).toContain("500");
        // A POST without a body (a webhook's test) reads none, so it has nothing to refuse as malformed or too large.
        if (method === "post" && op.requestBody) expect(Object.keys(op.responses), `${method} ${path}`).toEqual(expect.arrayContaining(["400", "413"]));
      }
    }
    expect(doc.components.schemas.Error).toEqual({
      type: "object",
      properties: { error: { type: "string" } },
      required: ["error"],
      additionalProperties: false,
    });
  });
});
