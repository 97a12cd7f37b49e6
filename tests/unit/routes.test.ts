/**
 * The route registry (lib/contract/routes.ts) is the one declaration of each endpoint: every route
 * file of app/api serves exactly the registry's entries, each through handle() with its own entry,
 * the bench drives every endpoint (or says why not), and its bare server serves every endpoint the
 * bench measures with a bare twin. A new endpoint cannot be declared twice, nor forgotten on one side.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import * as paths from "@/lib/contract/paths";
import type { RouteName } from "@/lib/contract/route-spec";
import { routes } from "@/lib/contract/routes";
import { BARE_ROUTES } from "@/scripts/bench/bare-routes";
import { NOT_DRIVEN } from "@/scripts/bench/coverage-endpoints";
import { ENDPOINTS } from "@/scripts/bench/endpoints";

const API = join(process.cwd(), "app", "api");

interface RouteFile {
  path: string;
  /** The methods it serves (its handle() exports), not refuseOtherMethods' refusals. */
  methods: string[];
  /** The registry entries it hands to handle(). */
  entries: string[];
}

/** A route folder as the registry writes it: `[id]` is the path parameter `{id}`. */
const segment = (name: string) => name.replace(/^\[(\w+)\]$/, "{$1}");

/** Every app/api/.../route.ts but the catch-all's 404. */
function routeFiles(dir = API): RouteFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry): RouteFile[] => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("[[") ? [] : routeFiles(path);
    if (entry.name !== "route.ts") return [];
    const source = readFileSync(path, "utf8");
    return [
      {
        path: `/api/${relative(API, dir).split(sep).map(segment).join("/")}`.replace(/\/$/, ""),
        methods: [...source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE) = handle\(/g)].map((m) => m[1] as string),
        entries: [...source.matchAll(/handle\(routes\.(\w+)\b/g)].map((m) => m[1] as string),
      },
    ];
  });
}

const entries = Object.entries(routes) as [RouteName, (typeof routes)[RouteName]][];
const key = (method: string, path: string) => `${method} ${path}`;

describe("the route registry", () => {
  it("names each endpoint once, with the method and path of lib/contract/paths.ts", () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(paths).sort());
    for (const [name, route] of entries) expect({ method: route.method, path: route.path }, name).toEqual(paths[name]);
    const keys = entries.map(([, route]) => key(route.method, route.path));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("has a route file for each entry, and an entry for each method a route file serves", () => {
    const served = routeFiles().flatMap((file) => file.methods.map((method) => key(method, file.path)));
    expect(served.sort()).toEqual(entries.map(([, route]) => key(route.method, route.path)).sort());
  });

  it("is what each route file hands to handle(): its own entry, once per method it serves", () => {
    for (const file of routeFiles()) {
      expect(file.entries.length, file.path).toBe(file.methods.length);
      for (const name of file.entries) {
        const route = routes[name as RouteName];
        expect(route, `${file.path} hands handle() routes.${name}, which is not in the registry`).toBeDefined();
        expect(key(route.method, route.path), file.path).toBe(key(route.method, file.path));
        expect(file.methods, file.path).toContain(route.method);
      }
    }
  });

  it("routes every endpoint the bench measures with a bare twin to the bare server's service call", () => {
    const bare = new Set((Object.keys(BARE_ROUTES) as RouteName[]).map((name) => key(routes[name].method, routes[name].path)));
    const twinned = ENDPOINTS.filter((endpoint) => endpoint.bare !== false);
    for (const endpoint of twinned) expect(bare, endpoint.name).toContain(endpoint.name);
    expect(twinned.length).toBeGreaterThan(0);
  });

  it("has a bench row for every endpoint of the registry, or says in NOT_DRIVEN why not", () => {
    // A row's name says each request of its sequence: "POST /api/admin/webhooks, then DELETE /api/admin/webhooks/{id}".
    const named = (text: string) => [...text.matchAll(/(GET|POST|PATCH|DELETE) (\/[^\s,]+)/g)].map((m) => key(m[1]!, m[2]!));
    const benched = new Set([...ENDPOINTS, ...NOT_DRIVEN.map((n) => ({ name: n.route }))].flatMap((e) => named(e.name)));
    for (const route of Object.values(routes)) expect(benched, `${route.method} ${route.path}`).toContain(key(route.method, route.path));
  });
});
