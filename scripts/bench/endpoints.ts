/**
 * What the benchmark sends to each endpoint: autocannon request generators (the helpers and the
 * Endpoint type are in requests.ts). The public endpoints' rows come first at every stage; the
 * coverage rows (coverage-endpoints.ts) join them at each backend's largest stage.
 */
import { randomUUID } from "node:crypto";
import { dayName, utcDay } from "@/lib/domain/analytics";
import { refCodeOf } from "@/lib/domain/wallet";
import { COVERAGE_READS, COVERAGE_WRITES } from "@/scripts/bench/coverage-endpoints";
import { BENCH_DAILY_QUEST, BENCH_ONCE_QUEST } from "@/scripts/bench/dataset";
import { adminAuth, fresh, get, json, post, walletStep, type Endpoint } from "@/scripts/bench/requests";

/** A person's browser: POST /api/referral/visit counts no client that isbot calls a bot. */
const browser = {
  ...json,
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
};

/** The rule the qualifying stage runs under (see QUALIFY_ENDPOINTS). */
export const QUALIFY_RULE = "checkin";

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

/** The public endpoints' reads first: they run before the writes grow the store past its seeded size. */
const PUBLIC_READS: readonly Endpoint[] = [
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
      return [{ request: { method: "GET", path, headers: adminAuth } }];
    },
  },
];

const PUBLIC_WRITES: readonly Endpoint[] = [
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

/**
 * Every row, in the order a stage drives them: reads before writes, the public endpoints' before the
 * coverage rows' of the same kind, so that each public row sees the store as it did before coverage rows.
 */
export const ENDPOINTS: readonly Endpoint[] = [...PUBLIC_READS, ...COVERAGE_READS, ...PUBLIC_WRITES, ...COVERAGE_WRITES];
