/**
 * What the benchmark sends to each endpoint: autocannon request generators. Reads pick a
 * seeded wallet at random (so they hit a store of the stated size); writes use fresh wallets,
 * so each request does the real work (a new registration, a new referral, a first check-in)
 * instead of an idempotent no-op.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { RequestSpec } from "autocannon";
import { dayName, utcDay } from "@/lib/domain/analytics";
import { refCodeOf } from "@/lib/domain/wallet";
import { BENCH_DAILY_QUEST, BENCH_ONCE_QUEST } from "@/scripts/bench/dataset";

export interface Population {
  /** A random wallet of the seeded dataset. */
  seeded(): string;
}

export interface Endpoint {
  /** "METHOD /path", the row label. */
  name: string;
  /** What the floor's empty route does beside it: a GET, or a POST whose JSON body it reads. */
  method: "GET" | "POST";
  writes: boolean;
  /** One pass of a connection's sequence; requests marked `expect` are the expected 4xx. */
  sequence(population: Population): Step[];
}

export interface Step {
  request: RequestSpec;
  /** This request must answer this status (and only this one counts as "expected" when it is not 2xx). */
  expect?: { status: number; error: string };
}

export const fresh = () => `0x${randomBytes(20).toString("hex")}`;
/** ADMIN_TOKEN of the servers under test: the console's endpoints exist only with admin access configured. */
export const BENCH_ADMIN_TOKEN = randomBytes(24).toString("hex");
const json = { "content-type": "application/json" };
/** A person's browser: POST /api/referral/visit counts no client that isbot calls a bot. */
const browser = {
  ...json,
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
};

function get(path: (population: Population) => string): Endpoint["sequence"] {
  return (population) => [{ request: { method: "GET", setupRequest: (req) => ({ ...req, path: path(population) }) } }];
}

/** A POST of a JSON body made for each request. */
export function post(path: string, body: (population: Population) => unknown, headers = json): Endpoint["sequence"] {
  return (population) => [
    {
      request: {
        method: "POST",
        path,
        headers,
        setupRequest: (req) => ({ ...req, body: JSON.stringify(body(population)) }),
      },
    },
  ];
}

/** The rule the qualifying stage runs under (see QUALIFY_ENDPOINTS). */
export const QUALIFY_RULE = "checkin";

/** A JSON POST for a wallet of the connection's sequence; `first` makes a fresh wallet for it. */
function walletStep(path: string, body: (wallet: string) => object, first = false): RequestSpec {
  return {
    method: "POST",
    path,
    headers: json,
    setupRequest: (req, context) => {
      if (first) context.wallet = fresh();
      return { ...req, body: JSON.stringify(body(context.wallet as string)) };
    },
  };
}

/**
 * With REFERRAL_QUALIFY=checkin: the binding that waits, and the referee's first check-in, which
 * credits the referral in its own store step. Every request of a row counts, so the check-in's row
 * binds its wallet first: its round trips per request are 1.00 only if both requests cost one.
 */
export const QUALIFY_ENDPOINTS: readonly Endpoint[] = [
  {
    name: `POST /api/referral/record (${QUALIFY_RULE} rule)`,
    method: "POST",
    writes: true,
    sequence: post("/api/referral/record", (p) => ({ wallet: fresh(), refCode: refCodeOf(p.seeded()) })),
  },
  {
    name: `POST record, then the crediting check-in (${QUALIFY_RULE} rule)`,
    method: "POST",
    writes: true,
    sequence: (p) => {
      const referrer = p.seeded();
      return [
        { request: walletStep("/api/referral/record", (wallet) => ({ wallet, refCode: refCodeOf(referrer) }), true) },
        { request: walletStep("/api/steam/task/complete", (wallet) => ({ wallet, taskId: "daily_checkin" })) },
      ];
    },
  },
];

/** Reads first: they run before the writes grow the store past its seeded size. */
export const ENDPOINTS: readonly Endpoint[] = [
  { name: "GET /api/leaderboard", method: "GET", writes: false, sequence: get(() => "/api/leaderboard") },
  {
    name: "GET /api/leaderboard/user",
    method: "GET",
    writes: false,
    sequence: get((p) => `/api/leaderboard/user?wallet=${p.seeded()}`),
  },
  {
    name: "GET /api/leaderboard/around",
    method: "GET",
    writes: false,
    sequence: get((p) => `/api/leaderboard/around?wallet=${p.seeded()}&radius=5`),
  },
  { name: "GET /api/referral/check", method: "GET", writes: false, sequence: get((p) => `/api/referral/check?wallet=${p.seeded()}`) },
  { name: "GET /api/referral/link", method: "GET", writes: false, sequence: get((p) => `/api/referral/link?user=${p.seeded()}`) },
  {
    name: "GET /api/referral/wallet-by-code",
    method: "GET",
    writes: false,
    sequence: get((p) => `/api/referral/wallet-by-code?code=${refCodeOf(p.seeded())}`),
  },
  {
    name: "GET /api/steam/task-status",
    method: "GET",
    writes: false,
    sequence: get((p) => `/api/steam/task-status?wallet=${p.seeded()}`),
  },
  { name: "GET /api/steam/progress", method: "GET", writes: false, sequence: get((p) => `/api/steam/progress?wallet=${p.seeded()}`) },
  {
    name: "POST /api/steam/verify",
    method: "POST",
    writes: false,
    sequence: post("/api/steam/verify", (p) => ({ wallet: p.seeded(), taskId: "nft_mint" })),
  },
  { name: "GET /api/health", method: "GET", writes: false, sequence: get(() => "/api/health") },
  // A seeded wallet's view of the seeded catalog (BENCH_QUESTS): the catalog comes back only when it changed.
  { name: "GET /api/quests", method: "GET", writes: false, sequence: get((p) => `/api/quests?wallet=${p.seeded()}`) },
  {
    // A new visitor opens a seeded wallet's link: a counted visit, which adds no wallet.
    name: "POST /api/referral/visit",
    method: "POST",
    writes: false,
    sequence: post("/api/referral/visit", (p) => ({ refCode: refCodeOf(p.seeded()), visitorId: randomUUID() }), browser),
  },
  {
    // The console's 90-day read: one script over the days' counters, whatever the number of wallets.
    name: "GET /api/admin/stats",
    method: "GET",
    writes: false,
    sequence: () => {
      const today = utcDay(Math.floor(Date.now() / 1000));
      const path = `/api/admin/stats?from=${dayName(today - 89)}&to=${dayName(today)}`;
      return [{ request: { method: "GET", path, headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` } } }];
    },
  },
  { name: "POST /api/user/init", method: "POST", writes: true, sequence: post("/api/user/init", () => ({ wallet: fresh() })) },
  {
    name: "POST /api/referral/record",
    method: "POST",
    writes: true,
    sequence: post("/api/referral/record", (p) => ({ wallet: fresh(), refCode: refCodeOf(p.seeded()) })),
  },
  {
    // A new wallet checks in, tries again at once (the expected 400 of the cooldown), then follows.
    name: "POST /api/steam/task/complete",
    method: "POST",
    writes: true,
    sequence: () => {
      const step = (taskId: string, first = false) => walletStep("/api/steam/task/complete", (wallet) => ({ wallet, taskId }), first);
      return [
        { request: step("daily_checkin", true) },
        { request: step("daily_checkin"), expect: { status: 400, error: "Task on cooldown" } },
        { request: step("fc_follow") },
      ];
    },
  },
  {
    // Self-attested visits, as task/complete's row: a new wallet completes the daily quest (credited), tries
    // again at once (the expected 400 of the cooldown, refused by the store), then completes a once quest.
    name: "POST /api/quests/complete",
    method: "POST",
    writes: true,
    sequence: () => {
      const step = (questId: string, first = false) => walletStep("/api/quests/complete", (wallet) => ({ wallet, questId }), first);
      return [
        { request: step(BENCH_DAILY_QUEST, true) },
        { request: step(BENCH_DAILY_QUEST), expect: { status: 400, error: "Quest on cooldown" } },
        { request: step(BENCH_ONCE_QUEST) },
      ];
    },
  },
];
