/**
 * The floor of framework overhead: the endpoints the bench measures on bare `node:http`, routed
 * by the route registry (lib/contract/routes.ts) and validated with its schemas, calling the same
 * service functions (scripts/bench/bare-routes.ts) on services built by the app's composition root
 * (buildDeps of lib/services/context.ts), and nothing else (no routing framework, no Web
 * Request/Response objects, no session or rate-limit checks: the bench runs without them).
 *
 * Configured like the server, through lib/config (REDIS_URL, KV_REST_API_*, DATA_DIR, ...),
 * plus --port. On Redis the store's client is wrapped by countingClient, and
 * GET /__bench/round-trips answers how many round trips the store has made so far.
 *
 *   REDIS_URL=redis://127.0.0.1:6379 node --conditions=react-server --import tsx scripts/bench/bare-server.ts --port 4000
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { parseArgs } from "node:util";
import { ApiError, INTERNAL_ERROR, errors } from "@/lib/contract/errors";
import { MAX_BODY_BYTES, type Route, type RouteName } from "@/lib/contract/route-spec";
import { routes } from "@/lib/contract/routes";
import { parseInput } from "@/lib/http/handle";
import { publicOrigin } from "@/lib/domain/public-origin";
import { requireAdmin } from "@/lib/auth/admin";
import { config, publicOriginsConfig } from "@/lib/config";
import { buildDeps, type Deps } from "@/lib/services/context";
import { createStore } from "@/lib/store";
import { createTcpRedisStore } from "@/lib/store/redis/tcp";
import { createUpstashStore } from "@/lib/store/redis/upstash";
import { BARE_ROUTES, type BareInput, type Reply } from "@/scripts/bench/bare-routes";

interface Served {
  route: Route;
  run: (deps: Deps, input: BareInput<RouteName>) => Promise<Reply>;
}

/** "METHOD /path" of each endpoint the bare server serves, with its registry entry and its service call. */
const SERVED = new Map<string, Served>(
  (Object.keys(BARE_ROUTES) as RouteName[]).map((name) => {
    const route: Route = routes[name];
    return [`${route.method} ${route.path}`, { route, run: BARE_ROUTES[name] as Served["run"] }];
  }),
);

function readBody(req: IncomingMessage): Promise<unknown> {
  if (Number(req.headers["content-length"]) > MAX_BODY_BYTES) return Promise.reject(errors.bodyTooLarge(MAX_BODY_BYTES));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.destroy();
        return reject(errors.bodyTooLarge(MAX_BODY_BYTES));
      }
      chunks.push(chunk);
    });
    req.on("error", reject);
    req.on("end", () => {
      let value: unknown;
      try {
        value = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return reject(errors.invalidJson());
      }
      if (typeof value !== "object" || value === null || Array.isArray(value)) return reject(errors.invalidJson());
      resolve(value);
    });
  });
}

function send(res: ServerResponse, status: number, json: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(json);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

async function serve(deps: Deps, roundTrips: () => number, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://bare");
  const key = `${req.method} ${url.pathname}`;
  if (key === "GET /__bench/round-trips") return send(res, 200, { roundTrips: roundTrips() });
  const served = SERVED.get(key);
  if (!served) return send(res, 404, { error: "Not found" });
  const { route, run } = served;
  try {
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === "string" ? value : null;
    };
    const headers = { get: header };
    const origin = publicOrigin(headers, publicOriginsConfig());
    if (route.auth === "admin") await requireAdmin(headers, origin.origin, async () => deps);
    const body = route.body ? parseInput(route.body, await readBody(req)) : undefined;
    const query = route.query ? parseInput(route.query, queryInput(url, header, route.headerFallback)) : undefined;
    const reply = await run(deps, { body, query, publicOrigin: origin, headers } as BareInput<RouteName>);
    send(res, reply.status ?? 200, reply.json, reply.headers);
  } catch (error) {
    if (error instanceof ApiError) return send(res, error.status, { error: error.message, ...error.extra }, error.headers);
    console.error(`[bare] ${key} failed:`, error);
    send(res, 500, { error: INTERNAL_ERROR });
  }
}

/** The query, with the route's header fallbacks where the query lacks a field, as handle() reads it. */
function queryInput(url: URL, header: (name: string) => string | null, fallback: Record<string, string> = {}): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] ??= value;
  for (const [field, name] of Object.entries(fallback)) {
    const value = header(name);
    if (query[field] === undefined && value !== null) query[field] = value;
  }
  return query;
}

async function main(): Promise<void> {
  const cfg = config();
  let roundTrips = 0;
  const onCall = () => void roundTrips++;
  const store: Deps["store"] =
    cfg.store.kind === "redis"
      ? createTcpRedisStore(cfg.store, { onCall })
      : cfg.store.kind === "upstash"
        ? createUpstashStore(cfg.store, { onCall })
        : await createStore(cfg.store);
  // The app's composition root; what the app leaves to Next's after() runs here without holding up the reply.
  const deps = buildDeps(cfg, store, (task) => void task());
  const port = Number(parseArgs({ options: { port: { type: "string", default: "4000" } } }).values.port);
  const server = createServer((req, res) => void serve(deps, () => roundTrips, req, res));
  server.listen(port, "127.0.0.1", () => console.log(`[bare] listening on http://127.0.0.1:${port} (${store.kind})`));
  const stop = () => {
    server.close(() => void store.close().finally(() => process.exit(0)));
    server.closeAllConnections();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

main().catch((error: unknown) => {
  console.error("[bare] failed to start:", error);
  process.exit(1);
});
