/**
 * The floor of framework overhead: every endpoint of the API on bare `node:http`, calling
 * the same service functions with the same zod schemas on the same store as the Next.js
 * route handlers, and nothing else (no routing framework, no Web Request/Response objects).
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
import { MAX_BODY_BYTES, parseInput } from "@/lib/http/handle";
import { publicOrigin } from "@/lib/domain/public-origin";
import {
  codeQuery,
  completeTaskBody,
  recordReferralBody,
  userQuery,
  verifyTaskBody,
  visitBody,
  walletBody,
  walletQuery,
} from "@/lib/contract/schemas";
import { createNftVerifier } from "@/lib/chain/verifier";
import { createWalletActivity } from "@/lib/chain/activity";
import { qualificationOf } from "@/lib/services/qualify";
import { rulebookOf } from "@/lib/domain/rulebook";
import { config, publicOriginsConfig } from "@/lib/config";
import { systemClock } from "@/lib/domain/clock";
import type { Deps } from "@/lib/services/context";
import { countVisit } from "@/lib/services/analytics";
import { getCampaignStats, periodOf } from "@/lib/services/campaign";
import { requireAdmin } from "@/lib/auth/admin";
import { adminStatsQuery } from "@/lib/contract/admin-schemas";
import { getHealth } from "@/lib/services/health";
import { readAround, readLeaderboard, readLeaderboardUser, type BoardRead } from "@/lib/services/leaderboard";
import { conditionalAnswer, knownVersions } from "@/lib/http/conditional";
import { aroundQuery, boardQuery, boardUserQuery } from "@/lib/contract/board-schemas";
import { checkReferral, getReferralLink, getWalletByCode, recordReferral } from "@/lib/services/referrals";
import { completeTask, getProgress, getTaskStatus, verifyTask } from "@/lib/services/tasks";
import { initUser } from "@/lib/services/users";
import { NO_SUBSCRIBERS } from "@/lib/services/events";
import { createStore } from "@/lib/store";
import { createTcpRedisStore } from "@/lib/store/redis/tcp";
import { createUpstashStore } from "@/lib/store/redis/upstash";

interface Input {
  body: unknown;
  query: Record<string, string>;
  /** The link base of referral links, decided as the route handlers decide it. */
  linkBase: string;
  userAgent: string | null;
  /** The request's headers, for the admin check. */
  headers: { get(name: string): string | null };
  /** The request's public origin, as the route handlers decide it. */
  origin: string;
}

interface Reply {
  status?: number;
  headers?: Record<string, string>;
  json: unknown;
}

type Handler = (deps: Deps, input: Input) => Promise<Reply>;

const ok = async (json: Promise<unknown>): Promise<Reply> => ({ json: await json });

/** A conditional read answered as lib/http/conditional.ts answers it (the bench sends no If-None-Match). */
const tagged = async (i: Input, read: Promise<BoardRead<unknown>>): Promise<Reply> => {
  const { etag, body } = conditionalAnswer(i.headers, await read);
  return { status: body === null ? 304 : 200, headers: { etag, "cache-control": "no-cache" }, json: body };
};

/** The route table: one line per route handler of app/api, calling the same service. */
const ROUTES: Record<string, Handler> = {
  "POST /api/user/init": (d, i) => ok(initUser(d, parseInput(walletBody, i.body).wallet, { linkBase: i.linkBase })),
  "POST /api/referral/record": (d, i) => {
    const body = parseInput(recordReferralBody, i.body);
    return ok(recordReferral(d, body.wallet, body.refCode));
  },
  "POST /api/referral/visit": (d, i) =>
    ok(countVisit(d, parseInput(visitBody, i.body), i.userAgent)),
  "GET /api/referral/check": (d, i) => ok(checkReferral(d, parseInput(walletQuery, i.query).wallet)),
  "GET /api/referral/link": (d, i) => ok(getReferralLink(d, parseInput(userQuery, i.query).user, i.linkBase)),
  "GET /api/referral/wallet-by-code": (d, i) => ok(getWalletByCode(d, parseInput(codeQuery, i.query).code)),
  "GET /api/steam/task-status": (d, i) => ok(getTaskStatus(d, parseInput(walletQuery, i.query).wallet)),
  "POST /api/steam/task/complete": (d, i) => {
    const body = parseInput(completeTaskBody, i.body);
    return ok(completeTask(d, body.wallet, body.taskId));
  },
  "POST /api/steam/verify": (d, i) => {
    const body = parseInput(verifyTaskBody, i.body);
    return ok(verifyTask(d, body.wallet, body.taskId));
  },
  "GET /api/steam/progress": (d, i) => ok(getProgress(d, parseInput(walletQuery, i.query).wallet)),
  "GET /api/leaderboard": (d, i) =>
    tagged(i, readLeaderboard(d, config().leaderboardSize, parseInput(boardQuery, i.query).season, knownVersions(i.headers))),
  "GET /api/leaderboard/user": (d, i) => {
    const query = parseInput(boardUserQuery, i.query);
    return tagged(i, readLeaderboardUser(d, query.wallet, query.season));
  },
  "GET /api/leaderboard/around": (d, i) => {
    const query = parseInput(aroundQuery, i.query);
    return tagged(i, readAround(d, query.wallet, query.radius, query.season));
  },
  "GET /api/admin/stats": async (d, i) => {
    await requireAdmin(i.headers, i.origin, async () => d);
    const stats = await getCampaignStats(d, periodOf(parseInput(adminStatsQuery, i.query), d.clock()));
    return { headers: { "cache-control": "no-store" }, json: stats };
  },
  "GET /api/health": async (d) => {
    const health = await getHealth(d);
    return { status: health.ok ? 200 : 503, headers: { "cache-control": "no-store" }, json: health };
  },
};

/** Query fields that may come from a header instead, as in the route handlers. */
const HEADER_FALLBACK: Record<string, [field: string, header: string]> = {
  "GET /api/referral/link": ["user", "x-user-wallet"],
};

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
  const route = `${req.method} ${url.pathname}`;
  if (route === "GET /__bench/round-trips") return send(res, 200, { roundTrips: roundTrips() });
  const handler = ROUTES[route];
  if (!handler) return send(res, 404, { error: "Not found" });
  try {
    const query: Record<string, string> = {};
    for (const [name, value] of url.searchParams) query[name] ??= value;
    const fallback = HEADER_FALLBACK[route];
    if (fallback && query[fallback[0]] === undefined) {
      const value = req.headers[fallback[1]];
      if (typeof value === "string") query[fallback[0]] = value;
    }
    const body = req.method === "POST" ? await readBody(req) : undefined;
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === "string" ? value : null;
    };
    const origin = publicOrigin({ get: header }, publicOriginsConfig());
    const reply = await handler(deps, { body, query, linkBase: origin.linkBase, userAgent: header("user-agent"), headers: { get: header }, origin: origin.origin });
    send(res, reply.status ?? 200, reply.json, reply.headers);
  } catch (error) {
    if (error instanceof ApiError) return send(res, error.status, { error: error.message, ...error.extra }, error.headers);
    console.error(`[bare] ${route} failed:`, error);
    send(res, 500, { error: INTERNAL_ERROR });
  }
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
  const activity = cfg.chain ? createWalletActivity(cfg.chain) : null;
  const chain = cfg.chain ? createNftVerifier(cfg.chain) : null;
  const deps: Deps = { store, clock: systemClock, chain, activity, rules: rulebookOf(cfg.qualify.rule), qualification: qualificationOf(cfg.qualify, activity), socialChecks: null, seasons: cfg.store.seasons ?? null, notifications: null, events: NO_SUBSCRIBERS };
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
