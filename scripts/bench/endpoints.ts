/**
 * What the benchmark sends to each endpoint: autocannon request generators. Reads pick a
 * seeded wallet at random (so they hit a store of the stated size); writes use fresh wallets,
 * so each request does the real work (a new registration, a new referral, a first check-in)
 * instead of an idempotent no-op.
 */
import { randomBytes } from "node:crypto";
import type { RequestSpec } from "autocannon";
import { refCodeOf } from "@/lib/domain/wallet";

export interface Population {
  /** A random wallet of the seeded dataset. */
  seeded(): string;
}

export interface Endpoint {
  /** "METHOD /path", the row label. */
  name: string;
  writes: boolean;
  /** One pass of a connection's sequence; requests marked `expect` are the expected 4xx. */
  sequence(population: Population): Step[];
}

export interface Step {
  request: RequestSpec;
  /** This request must answer this status (and only this one counts as "expected" when it is not 2xx). */
  expect?: { status: number; error: string };
}

const fresh = () => `0x${randomBytes(20).toString("hex")}`;
const json = { "content-type": "application/json" };

function get(path: (population: Population) => string): Endpoint["sequence"] {
  return (population) => [{ request: { method: "GET", setupRequest: (req) => ({ ...req, path: path(population) }) } }];
}

function post(path: string, body: (population: Population) => unknown): Endpoint["sequence"] {
  return (population) => [
    {
      request: {
        method: "POST",
        path,
        headers: json,
        setupRequest: (req) => ({ ...req, body: JSON.stringify(body(population)) }),
      },
    },
  ];
}

/** Reads first: they run before the writes grow the store past its seeded size. */
export const ENDPOINTS: readonly Endpoint[] = [
  { name: "GET /api/leaderboard", writes: false, sequence: get(() => "/api/leaderboard") },
  {
    name: "GET /api/leaderboard/user",
    writes: false,
    sequence: get((p) => `/api/leaderboard/user?wallet=${p.seeded()}`),
  },
  { name: "GET /api/referral/check", writes: false, sequence: get((p) => `/api/referral/check?wallet=${p.seeded()}`) },
  { name: "GET /api/referral/link", writes: false, sequence: get((p) => `/api/referral/link?user=${p.seeded()}`) },
  {
    name: "GET /api/referral/wallet-by-code",
    writes: false,
    sequence: get((p) => `/api/referral/wallet-by-code?code=${refCodeOf(p.seeded())}`),
  },
  {
    name: "GET /api/steam/task-status",
    writes: false,
    sequence: get((p) => `/api/steam/task-status?wallet=${p.seeded()}`),
  },
  { name: "GET /api/steam/progress", writes: false, sequence: get((p) => `/api/steam/progress?wallet=${p.seeded()}`) },
  {
    name: "POST /api/steam/verify",
    writes: false,
    sequence: post("/api/steam/verify", (p) => ({ wallet: p.seeded(), taskId: "nft_mint" })),
  },
  { name: "GET /api/health", writes: false, sequence: get(() => "/api/health") },
  { name: "POST /api/user/init", writes: true, sequence: post("/api/user/init", () => ({ wallet: fresh() })) },
  {
    name: "POST /api/referral/record",
    writes: true,
    sequence: post("/api/referral/record", (p) => ({ wallet: fresh(), refCode: refCodeOf(p.seeded()) })),
  },
  {
    // A new wallet checks in, tries again at once (the expected 400 of the cooldown), then follows.
    name: "POST /api/steam/task/complete",
    writes: true,
    sequence: () => {
      const step = (taskId: string, first = false): RequestSpec => ({
        method: "POST",
        path: "/api/steam/task/complete",
        headers: json,
        setupRequest: (req, context) => {
          if (first) context.wallet = fresh();
          return { ...req, body: JSON.stringify({ wallet: context.wallet, taskId }) };
        },
      });
      return [
        { request: step("daily_checkin", true) },
        { request: step("daily_checkin"), expect: { status: 400, error: "Task on cooldown" } },
        { request: step("fc_follow") },
      ];
    },
  },
];
