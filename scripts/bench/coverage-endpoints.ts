/**
 * The coverage rows: every endpoint a team or a visitor calls beside the public ones the bench
 * follows against N (endpoints.ts), measured at each backend's largest stage only, on `next start`
 * alone (no bare twin). What each one cannot be driven with here is in NOT_DRIVEN, which the doc lists.
 * Writes come after every read of the stage and leave the store usable for the rows after them:
 * the webhook each create makes is deleted, a disqualified wallet is reinstated, the catalog
 * imported is the one exported.
 */
import { randomBytes } from "node:crypto";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { dayName, utcDay } from "@/lib/domain/analytics";
import { BENCH_QUESTS } from "@/scripts/bench/dataset";
import { adminAuth, BENCH_ADMIN_TOKEN, get, json, post, type Endpoint, type Population } from "@/scripts/bench/requests";
import { siweMessage } from "@/tests/api/wallet-session";

/** CRON_SECRET of the servers under test: the cron routes answer 404 without it. */
export const BENCH_CRON_SECRET = randomBytes(24).toString("hex");
/** The one account that signs in (ADMIN_WALLETS of the servers under test: sign-in exists only with it or WALLET_AUTH=siwe). */
const signer = privateKeyToAccount(generatePrivateKey());
export const BENCH_ADMIN_WALLET = signer.address.toLowerCase();
/** Where the bench's webhook endpoints point: a closed port on this machine (WEBHOOKS_ALLOW_PRIVATE=true), so each delivery fails at once. */
const WEBHOOK_TARGET = "http://127.0.0.1:9/bench";
const adminJson = { ...json, ...adminAuth };

/**
 * What the servers under test are configured with beside their store, at every stage: admin access by
 * bearer (the console's rows), sign-in (ADMIN_WALLETS turns it on without WALLET_AUTH, so the public
 * writes stay open), the cron routes' bearer, and webhook endpoints on this machine.
 */
export const BENCH_SERVER_ENV: Record<string, string> = {
  ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
  ADMIN_WALLETS: BENCH_ADMIN_WALLET,
  SESSION_SECRET: randomBytes(32).toString("hex"),
  CRON_SECRET: BENCH_CRON_SECRET,
  WEBHOOKS_ALLOW_PRIVATE: "true",
};

/** An admin's JSON call on the stage's `next start`, for what a row's requests name; any non-2xx stops the run. */
async function call<T>(baseUrl: string, method: string, path: string, body?: unknown, headers: Record<string, string> = adminJson): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** A row on `next start` alone, at each backend's largest stage. */
const coverage = (endpoint: Omit<Endpoint, "coverage" | "bare">): Endpoint => ({ ...endpoint, coverage: true, bare: false });
const adminGet = (name: string, path: (p: Population) => string, load?: Endpoint["load"]): Endpoint =>
  coverage({ name: `GET ${name}`, method: "GET", writes: false, ...(load && { load }), sequence: get(path, adminAuth) });

/** The console's 90-day period, as the stats row reads it. */
const period = () => {
  const today = utcDay(Math.floor(Date.now() / 1000));
  return `from=${dayName(today - 89)}&to=${dayName(today)}`;
};

/** A message the signer signed for a fresh nonce of `baseUrl`, as the browser builds it. */
async function signedMessage(baseUrl: string): Promise<{ message: string; signature: string }> {
  const { nonce } = await call<{ nonce: string }>(baseUrl, "GET", "/api/auth/nonce", undefined, {});
  const message = siweMessage(baseUrl, signer.address, nonce);
  return { message, signature: await signer.signMessage({ message }) };
}

/** The signer's session cookie on the stage's server, made once per stage. */
function sessionCookie() {
  let cookie = "";
  let madeOn = "";
  return {
    prepare: async (baseUrl: string) => {
      if (madeOn === baseUrl) return;
      madeOn = baseUrl;
      const res = await fetch(`${baseUrl}/api/auth/verify`, { method: "POST", headers: json, body: JSON.stringify(await signedMessage(baseUrl)) });
      if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
      cookie = res.headers.get("set-cookie")?.split(";")[0] ?? "";
    },
    headers: () => ({ cookie }),
  };
}
const session = sessionCookie();

/**
 * Nonces signed ahead: autocannon builds a request synchronously, and a signature is async, so each
 * request of the sign-in row takes the next message of a pool made for the row's request count.
 */
function signedPool() {
  let pool: { message: string; signature: string }[] = [];
  return {
    prepare: async (baseUrl: string, requests: number) => {
      pool = [];
      for (let i = 0; i < requests; i++) pool.push(await signedMessage(baseUrl));
    },
    next: () => {
      const signed = pool.pop();
      if (!signed) throw new Error("POST /api/auth/verify: the pool of signed messages ran out");
      return signed;
    },
  };
}
const signIns = signedPool();

/** The id of one fixture the stage's server holds (a webhook endpoint, a plan), made or found by `make` once per stage. */
function fixture(make: (baseUrl: string) => Promise<string>) {
  let id = "";
  let madeOn = "";
  return {
    prepare: async (baseUrl: string) => {
      if (madeOn === baseUrl) return;
      madeOn = baseUrl;
      id = await make(baseUrl);
    },
    id: () => id,
  };
}

const PAYOUT_TOKEN = "0x00000000000000000000000000000000000000b1";
/** A plan of the board's top 100,000 wallets, the most a request builds (MAX_API_ALLOCATIONS): the whole board up to that size. */
const payoutBody = () => ({
  board: "all",
  token: PAYOUT_TOKEN,
  chainId: 1,
  mode: "per_unit",
  unitAmount: "1000",
  top: 100_000,
  deadline: Math.floor(Date.now() / 1000) + 30 * 86_400,
});
const plan = fixture(async (baseUrl) => {
  const { plans } = await call<{ plans: { id: string }[] }>(baseUrl, "GET", "/api/admin/payouts");
  return plans[0]?.id ?? (await call<{ id: string }>(baseUrl, "POST", "/api/admin/payouts", payoutBody())).id;
});
/** Subscribed to payout.created alone: made after the payout rows, so no other row's writes queue deliveries for it. */
const webhook = fixture(async (baseUrl) => (await call<{ id: string }>(baseUrl, "POST", "/api/admin/webhooks", { url: WEBHOOK_TARGET, events: ["payout.created"] })).id);

/** The catalog's task points and streak bonuses as they stand, so that setting them changes nothing for later rows. */
let taskPoints: unknown = null;
/** The catalog as exported, imported back whole. */
let questFile: unknown = null;
let questCount = 0;

export const COVERAGE_READS: readonly Endpoint[] = [
  coverage({ name: "GET /api/claim", method: "GET", writes: false, sequence: get((p) => `/api/claim?wallet=${p.seeded()}`) }),
  coverage({ name: "GET /api/openapi.json", method: "GET", writes: false, sequence: get(() => "/api/openapi.json") }),
  // Each nonce is stored until it is used or expires: a write of one key, whatever N.
  coverage({ name: "GET /api/auth/nonce", method: "GET", writes: false, sequence: get(() => "/api/auth/nonce") }),
  coverage({
    name: "GET /api/auth/session",
    method: "GET",
    writes: false,
    prepare: session.prepare,
    sequence: () => [{ request: { method: "GET", path: "/api/auth/session", setupRequest: (req) => ({ ...req, headers: session.headers() }) } }],
  }),
  adminGet("/api/admin/audit", () => "/api/admin/audit"),
  adminGet("/api/admin/disqualified", () => "/api/admin/disqualified"),
  adminGet("/api/admin/notifications", () => `/api/admin/notifications?${period()}`),
  adminGet("/api/admin/payouts", () => "/api/admin/payouts"),
  adminGet("/api/admin/quests", () => "/api/admin/quests"),
  adminGet("/api/admin/quests/export", () => "/api/admin/quests/export"),
  adminGet("/api/admin/referrers", () => `/api/admin/referrers?${period()}`),
  // The whole board as CSV: 7 s per request at 1M wallets on Redis TCP, so one request per run.
  adminGet("/api/admin/rewards", () => "/api/admin/rewards", { requests: 1, connections: 1 }),
  adminGet("/api/admin/signals", () => "/api/admin/signals"),
  adminGet("/api/admin/signals/wallet", (p) => `/api/admin/signals/wallet?wallet=${p.seeded()}`),
  adminGet("/api/admin/wallet", (p) => `/api/admin/wallet?wallet=${p.seeded()}`),
];

/** Seeded wallets in turn, so that no two connections disqualify the same wallet at once. */
let nextWallet = 0;

export const COVERAGE_WRITES: readonly Endpoint[] = [
  coverage({
    // Seconds of CPU each at 100k wallets (the plan's Merkle tree of 100,000 allocations): one request per run.
    name: "POST /api/admin/payouts",
    method: "POST",
    writes: true,
    load: { requests: 1, connections: 1 },
    sequence: post("/api/admin/payouts", payoutBody, adminJson),
  }),
  coverage({
    name: "GET /api/admin/payouts/{id}",
    method: "GET",
    writes: false,
    load: { requests: 10, connections: 2 },
    prepare: plan.prepare,
    sequence: () => [{ request: { method: "GET", headers: adminAuth, setupRequest: (req) => ({ ...req, path: `/api/admin/payouts/${plan.id()}` }) } }],
  }),
  coverage({
    // A new visit quest each; the catalog holds at most MAX_QUESTS (200), so a few dozen in all.
    name: "POST /api/admin/quests",
    method: "POST",
    writes: true,
    load: { requests: 10, connections: 2 },
    sequence: post(
      "/api/admin/quests",
      () => ({
        id: `bench-new-${randomBytes(6).toString("hex")}`,
        title: "A new page",
        description: "",
        type: "visit",
        params: { url: "https://example.com/bench/new" },
        points: 1,
        recurrence: "once",
        archived: false,
      }),
      adminJson,
    ),
  }),
  coverage({
    // One admin at a time: a patch is written only if the catalog did not change since its read, so 50
    // connections patching at once answer "The quest catalog is changing, please retry" (503).
    name: "PATCH /api/admin/quests/{id}",
    method: "POST",
    writes: true,
    load: { requests: 200, connections: 1 },
    sequence: post(`/api/admin/quests/${BENCH_QUESTS[2]!.id}`, () => ({ title: `Visit page 2 (${++questCount})` }), adminJson, "PATCH"),
  }),
  coverage({
    name: "POST /api/admin/quests/import",
    method: "POST",
    writes: true,
    load: { requests: 50, connections: 5 },
    prepare: async (baseUrl) => {
      questFile = await call(baseUrl, "GET", "/api/admin/quests/export");
    },
    sequence: post("/api/admin/quests/import", () => questFile, adminJson),
  }),
  coverage({
    name: "POST /api/admin/task-points",
    method: "POST",
    writes: true,
    prepare: async (baseUrl) => {
      const { taskPoints: points, streakBonuses } = await call<{ taskPoints: unknown; streakBonuses: unknown }>(baseUrl, "GET", "/api/admin/quests");
      taskPoints = { taskPoints: points, streakBonuses };
    },
    sequence: post("/api/admin/task-points", () => taskPoints, adminJson),
  }),
  coverage({
    name: "POST /api/auth/verify",
    method: "POST",
    writes: true,
    load: { requests: 100, connections: 10 },
    prepare: signIns.prepare,
    sequence: post("/api/auth/verify", () => signIns.next()),
  }),
  coverage({
    name: "POST /api/auth/logout",
    method: "POST",
    writes: false,
    prepare: session.prepare,
    sequence: () => [
      { request: { method: "POST", path: "/api/auth/logout", body: "{}", setupRequest: (req) => ({ ...req, headers: { ...json, ...session.headers() } }) } },
    ],
  }),
  coverage({
    // Each create is followed by the delete of what it made, so the endpoints never pile up.
    name: "POST /api/admin/webhooks, then DELETE /api/admin/webhooks/{id}",
    method: "POST",
    writes: true,
    sequence: () => [
      {
        request: {
          method: "POST",
          path: "/api/admin/webhooks",
          headers: adminJson,
          body: JSON.stringify({ url: WEBHOOK_TARGET, events: ["payout.created"] }),
          onResponse: (_status, body, context) => {
            context.webhook = (JSON.parse(body) as { id?: string }).id;
          },
        },
      },
      { request: { method: "DELETE", headers: adminAuth, setupRequest: (req, context) => ({ ...req, path: `/api/admin/webhooks/${String(context.webhook)}` }) } },
    ],
  }),
  coverage({
    name: "PATCH /api/admin/webhooks/{id}",
    method: "POST",
    writes: true,
    prepare: webhook.prepare,
    sequence: () => [
      { request: { method: "PATCH", headers: adminJson, body: JSON.stringify({ enabled: true }), setupRequest: (req) => ({ ...req, path: `/api/admin/webhooks/${webhook.id()}` }) } },
    ],
  }),
  coverage({
    // Queues a webhook.test delivery, sent (and failed: a closed port) after the response.
    name: "POST /api/admin/webhooks/{id}/test",
    method: "POST",
    writes: true,
    prepare: webhook.prepare,
    sequence: () => [
      { request: { method: "POST", headers: adminJson, body: "{}", setupRequest: (req) => ({ ...req, path: `/api/admin/webhooks/${webhook.id()}/test` }) } },
    ],
  }),
  coverage({
    name: "GET /api/admin/webhooks/{id}/deliveries",
    method: "GET",
    writes: false,
    prepare: webhook.prepare,
    sequence: () => [{ request: { method: "GET", headers: adminAuth, setupRequest: (req) => ({ ...req, path: `/api/admin/webhooks/${webhook.id()}/deliveries` }) } }],
  }),
  adminGet("/api/admin/webhooks", () => "/api/admin/webhooks"),
  coverage({
    name: "GET /api/cron/webhooks",
    method: "GET",
    writes: true,
    sequence: get(() => "/api/cron/webhooks", { authorization: `Bearer ${BENCH_CRON_SECRET}` }),
  }),
  coverage({
    // Last: a run stopped between the two leaves a seeded wallet disqualified, and no row reads after it.
    name: "POST /api/admin/wallets/disqualify, then POST /api/admin/wallets/reinstate",
    method: "POST",
    writes: true,
    sequence: (p) => {
      const body = (context: Record<string, unknown>) => JSON.stringify({ wallet: context.wallet, reason: "bench" });
      return [
        {
          request: {
            method: "POST",
            path: "/api/admin/wallets/disqualify",
            headers: adminJson,
            setupRequest: (req, context) => {
              context.wallet = p.nth(nextWallet++);
              return { ...req, body: body(context) };
            },
          },
        },
        { request: { method: "POST", path: "/api/admin/wallets/reinstate", headers: adminJson, setupRequest: (req, context) => ({ ...req, body: body(context) }) } },
      ];
    },
  }),
];

/** The routes no row drives, and why: docs/benchmarks.md lists them. */
export const NOT_DRIVEN: readonly { route: string; reason: string }[] = [
  { route: "GET /api/leaderboard/stream", reason: "a stream, not a request: measured by the fan-out section" },
  { route: "POST /api/farcaster/webhook", reason: "each event is signed by a Farcaster app key checked against the fid's on-chain signers (Neynar's hub)" },
  { route: "POST /api/farcaster/link", reason: "needs a Quick Auth token signed by Farcaster's server" },
  {
    route: "GET /api/cron/checkin-reminders",
    reason: "exists only with NEYNAR_API_KEY, which turns Farcaster verification on for every other row; with no subscriber it reads one key",
  },
  { route: "POST /api/admin/payouts/{id}/distributor", reason: "checks the distributor contract on the chain (RPC_URL): no chain here" },
  { route: "/api/[[...path]]", reason: "the catch-all answers 404 for any path no route serves" },
];
