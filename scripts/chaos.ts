/**
 * npm run chaos -- [--duration S] [--workers N] [--outages N] [--outage-ms MS] [--store-timeout-ms MS]
 *                  [--moderations N] [--wallets N] [--server-heap-mb N] [--server-log FILE] [--json]
 *
 * Mixed load on `next start` (production build) over Redis, while redis-server is killed
 * (SIGKILL) and started again on the same port several times. Every write the server
 * acknowledged with 200 is recorded; afterwards each one is looked up through the API, and
 * the invariant checker scans the store. Redis keeps an append-only file, as a deployment
 * that promises durability must, so a killed server loses nothing it acknowledged.
 * Meanwhile an admin disqualifies referrers with cascade and reinstates some of what it took out,
 * through the admin API (scripts/chaos-moderation.ts); each acknowledged action is checked too.
 * A webhook endpoint listens to every event type from the start: every acknowledged write and action
 * must have exactly one event in the outbox (scripts/chaos-outbox.ts).
 *
 * Exit code 0 only when no acknowledged write or admin action is missing or contradicted or without its
 * one event, the
 * checker finds no violation, no request hung, and every answer was a 200 or the generic 500.
 * A 500 outside the outages (a store call past its budget on a starved machine) is reported, with
 * the causes the server logged, but is not a failure: it is the contract's answer to a timeout.
 * Needs the production build (npx next build) and redis-server; run from the repo root.
 */
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { INTERNAL_ERROR } from "@/lib/contract/errors";
import { SOCIAL_TASK_IDS, type SocialTaskId } from "@/lib/domain/tasks";
import { refCodeOf } from "@/lib/domain/wallet";
import { checkInvariants, type InvariantReport } from "@/lib/operators/invariants";
import { createStore } from "@/lib/store";
import { generateDataset, writeDataset } from "@/scripts/bench/dataset";
import { listenToEverything, verifyOutbox } from "@/scripts/chaos-outbox";
import { createModerationRun, formatModeration, runModerations, summariseModeration, verifyModerations, type ModerationDeps } from "@/scripts/chaos-moderation";
import { wholeNumber } from "@/scripts/operator-cli";
import { rssBytes } from "@/tests/reliability/support/process-info";
import { startRestartableRedis, type RestartableRedis } from "@/tests/reliability/support/restartable-redis";
import { startApp, type AppServer } from "@/tests/support/app-server";

const { values: opts } = parseArgs({
  options: {
    duration: { type: "string" },
    workers: { type: "string" },
    outages: { type: "string" },
    "outage-ms": { type: "string" },
    "store-timeout-ms": { type: "string" },
    moderations: { type: "string" },
    wallets: { type: "string" },
    /** Caps the server's V8 old space: growth that is only lazy GC stays under it, a leak crashes the server. */
    "server-heap-mb": { type: "string" },
    "server-log": { type: "string" },
    json: { type: "boolean", default: false },
  },
});
// A mistyped option stops the run: NaN would run no load and still report OK.
const DURATION_MS = wholeNumber(opts.duration, "duration", 180, 1, 86_400) * 1000;
const WORKERS = wholeNumber(opts.workers, "workers", 16, 1, 1_000);
const OUTAGES = wholeNumber(opts.outages, "outages", 4, 0, 1_000);
const OUTAGE_MS = wholeNumber(opts["outage-ms"], "outage-ms", 3_000, 1, 600_000);
const STORE_TIMEOUT_MS = wholeNumber(opts["store-timeout-ms"], "store-timeout-ms", 1_000, 100, 60_000);
const MODERATIONS = wholeNumber(opts.moderations, "moderations", 3, 0, 100);
const SEEDED = wholeNumber(opts.wallets, "wallets", 20_000, 0, 10_000_000);
const HEAP_MB = opts["server-heap-mb"] === undefined ? undefined : wholeNumber(opts["server-heap-mb"], "server-heap-mb", 0, 16, 65_536);
/** Hang guard of one request: well past the store's budget, so only a real hang trips it. */
const REQUEST_BOUND_MS = STORE_TIMEOUT_MS * 4 + 2_000;

const fresh = () => `0x${randomBytes(20).toString("hex")}`;
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const log = (message: string) => {
  if (!opts.json) console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${message}`);
};

interface Window {
  start: number;
  /** When the API answered health 200 again. */
  end: number;
}

interface Outcome {
  started: number;
  ended: number;
  status: number | "hang" | "network";
  body: unknown;
}

const stats = {
  requests: 0,
  byStatus: {} as Record<string, number>,
  hung: 0,
  networkErrors: 0,
  /** A 500 whose body is not the generic one, or any other status the contract does not allow here. */
  offContract: [] as string[],
  /** 500s; split into during/outside outages at the end. */
  errors5xx: [] as { started: number; ended: number; what: string }[],
  /** A later answer that disagrees with an acknowledged one (another referrer, another timestamp). */
  contradicted: [] as string[],
};

/** Acknowledged writes: what the server answered 200 to. */
const acked = {
  referrals: new Map<string, string>(), // referee -> referrer
  social: new Map<string, number>(), // `${wallet} ${taskId}` -> ts
  checkIns: new Map<string, number>(), // wallet -> timestamp
  inits: new Set<string>(),
  entries: new Set<string>(), // leaderboard/user answered 200: an entry exists
};
/** The same wallets as arrays, to pick from in O(1). */
const refereeList: string[] = [];
const initList: string[] = [];

let baseUrl = "";

async function call(method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Outcome> {
  const started = Date.now();
  stats.requests++;
  let outcome: Outcome;
  try {
    const res = await fetch(baseUrl + path, {
      method,
      headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_BOUND_MS),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // kept as text for the report
    }
    outcome = { started, ended: Date.now(), status: res.status, body: parsed };
  } catch (error) {
    const hang = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    outcome = { started, ended: Date.now(), status: hang ? "hang" : "network", body: String(error) };
  }
  const key = String(outcome.status);
  stats.byStatus[key] = (stats.byStatus[key] ?? 0) + 1;
  if (outcome.status === "hang") stats.hung++;
  else if (outcome.status === "network") stats.networkErrors++;
  else if (outcome.status >= 500) {
    stats.errors5xx.push({ started: outcome.started, ended: outcome.ended, what: `${method} ${path.split("?")[0]}` });
    const error = (outcome.body as { error?: unknown } | null)?.error;
    if (outcome.status !== 500 || error !== INTERNAL_ERROR) offContract(`${method} ${path}`, outcome);
  } else if (outcome.status !== 200) {
    offContract(`${method} ${path}`, outcome);
  }
  return outcome;
}

function offContract(what: string, outcome: Outcome): void {
  if (stats.offContract.length < 50) stats.offContract.push(`${what} -> ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 200)}`);
  else stats.offContract.push(what);
}

/** One request of the mix; writes that come back 200 are recorded as acknowledged. */
async function oneRequest(seeded: (i: number) => string): Promise<void> {
  const referees = refereeList;
  const r = Math.random();
  if (r < 0.3) {
    const referee = fresh();
    const referrer = Math.random() < 0.8 || initList.length === 0 ? seeded(Math.floor(Math.random() * SEEDED)) : pick(initList);
    const res = await call("POST", "/api/referral/record", { wallet: referee, refCode: refCodeOf(referrer) });
    if (res.status === 200) {
      const body = res.body as { referrer: string; alreadyRecorded?: true };
      acked.referrals.set(referee, body.referrer);
      refereeList.push(referee);
    }
  } else if (r < 0.35 && referees.length > 0) {
    // A repeat with another code: must answer the referrer it acknowledged first.
    const referee = pick(referees);
    const res = await call("POST", "/api/referral/record", { wallet: referee, refCode: refCodeOf(seeded(1)) });
    const first = acked.referrals.get(referee);
    if (res.status === 200 && (res.body as { referrer: string }).referrer !== first) {
      stats.contradicted.push(`referral of ${referee}: acknowledged ${first}, now ${(res.body as { referrer: string }).referrer}`);
    }
  } else if (r < 0.5) {
    const wallet = Math.random() < 0.5 && referees.length > 0 ? pick(referees) : fresh();
    const taskId: SocialTaskId = pick(SOCIAL_TASK_IDS);
    const res = await call("POST", "/api/steam/task/complete", { wallet, taskId });
    if (res.status === 200) {
      const ts = (res.body as { timestamp: number }).timestamp;
      const key = `${wallet} ${taskId}`;
      const first = acked.social.get(key);
      if (first !== undefined && first !== ts) stats.contradicted.push(`${taskId} of ${wallet}: acknowledged ts ${first}, now ${ts}`);
      if (first === undefined) acked.social.set(key, ts);
    }
  } else if (r < 0.58) {
    const wallet = fresh();
    const res = await call("POST", "/api/steam/task/complete", { wallet, taskId: "daily_checkin" });
    if (res.status === 200) acked.checkIns.set(wallet, (res.body as { timestamp: number }).timestamp);
  } else if (r < 0.63) {
    const wallet = fresh();
    const res = await call("POST", "/api/user/init", { wallet });
    if (res.status === 200) {
      acked.inits.add(wallet);
      initList.push(wallet);
    }
  } else if (r < 0.7) {
    const wallet = Math.random() < 0.5 ? seeded(Math.floor(Math.random() * SEEDED)) : fresh();
    const res = await call("GET", `/api/leaderboard/user?wallet=${wallet}`);
    if (res.status === 200) acked.entries.add(wallet);
  } else if (r < 0.75) {
    await call("GET", "/api/leaderboard");
  } else if (r < 0.82) {
    await call("GET", `/api/steam/task-status?wallet=${seeded(Math.floor(Math.random() * SEEDED))}`);
  } else if (r < 0.88) {
    await call("GET", `/api/steam/progress?wallet=${referees.length > 0 ? pick(referees) : fresh()}`);
  } else if (r < 0.94) {
    await call("GET", `/api/referral/link?user=${seeded(Math.floor(Math.random() * SEEDED))}`);
  } else {
    await call("GET", `/api/referral/wallet-by-code?code=${refCodeOf(seeded(Math.floor(Math.random() * SEEDED)))}`);
  }
}

async function waitHealthy(deadlineMs: number): Promise<boolean> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(REQUEST_BOUND_MS) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return true;
    await sleep(100);
  }
  return false;
}

/** Runs `task` over `items` with `concurrency` in flight. */
async function forEachLimited<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/** Looks up every acknowledged write through the API; returns descriptions of the missing ones. */
async function verifyAcknowledged(): Promise<{ checked: number; missing: string[] }> {
  const missing: string[] = [];
  let checked = 0;
  const get = async (path: string) => {
    const res = await fetch(baseUrl + path, { signal: AbortSignal.timeout(REQUEST_BOUND_MS) });
    if (res.status !== 200) throw new Error(`verification request ${path} answered ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  };
  await forEachLimited([...acked.referrals], 8, async ([referee, referrer]) => {
    checked++;
    const link = await get(`/api/referral/link?user=${referee}`);
    if (link.referrer !== referrer) missing.push(`referral ${referee} -> ${referrer} (API says ${String(link.referrer) || "none"})`);
  });
  const byWallet = new Map<string, SocialTaskId[]>();
  for (const key of acked.social.keys()) {
    const [wallet, taskId] = key.split(" ") as [string, SocialTaskId];
    byWallet.set(wallet, [...(byWallet.get(wallet) ?? []), taskId]);
  }
  const checkIns = [...acked.checkIns.keys()];
  const statusOf = async (wallet: string) => (await get(`/api/steam/task-status?wallet=${wallet}`)).tasks as Record<string, boolean>;
  await forEachLimited([...byWallet], 8, async ([wallet, tasks]) => {
    const flags = await statusOf(wallet);
    for (const taskId of tasks) {
      checked++;
      if (!flags[taskId]) missing.push(`${taskId} of ${wallet}`);
    }
  });
  await forEachLimited(checkIns, 8, async (wallet) => {
    checked++;
    if (!(await statusOf(wallet)).daily_checkin) missing.push(`daily_checkin of ${wallet}`);
  });
  await forEachLimited([...acked.inits], 8, async (wallet) => {
    checked++;
    const code = refCodeOf(wallet);
    const res = await fetch(`${baseUrl}/api/referral/wallet-by-code?code=${code}`, { signal: AbortSignal.timeout(REQUEST_BOUND_MS) });
    // Another wallet may own a shared code; what matters is that the code resolves.
    if (res.status !== 200) missing.push(`user/init of ${wallet} (its code ${code} answers ${res.status})`);
  });
  return { checked, missing };
}

const mb = (bytes: number | null) => (bytes === null ? "n/a" : `${(bytes / 1024 / 1024).toFixed(0)} MB`);

async function main(): Promise<number> {
  if (!existsSync(".next/BUILD_ID")) throw new Error("no production build: run `npx next build` first (from the repo root)");
  let redis: RestartableRedis | undefined;
  let app: AppServer | undefined;
  const stopAll = async () => {
    await app?.stop().catch(() => undefined);
    await redis?.stop().catch(() => undefined);
  };
  process.once("SIGINT", () => void stopAll().finally(() => process.exit(130)));

  try {
    redis = await startRestartableRedis();
    const prefix = `chaos${randomUUID().slice(0, 8)}`;
    const storeCfg = { kind: "redis" as const, url: redis.url, prefix, timeoutMs: 10_000, retentionDays: DEFAULT_RETENTION_DAYS };

    log(`seeding ${SEEDED} wallets (bench dataset) into ${redis.url} {${prefix}}`);
    const dataset = generateDataset({ wallets: SEEDED, seed: 7 });
    const admin = await createStore(storeCfg);
    await writeDataset(admin, dataset);
    await listenToEverything(admin, Math.floor(Date.now() / 1000));
    await admin.close();

    const adminToken = randomBytes(24).toString("hex");
    app = await startApp({
      ADMIN_TOKEN: adminToken,
      REDIS_URL: redis.url,
      STORE_PREFIX: prefix,
      STORE_TIMEOUT_MS: String(STORE_TIMEOUT_MS),
      ...(HEAP_MB !== undefined && { NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}` }),
    });
    baseUrl = app.baseUrl;
    const { pid } = app;
    log(`next start on ${baseUrl} (pid ${pid}), redis-server pid ${redis.pid()}`);
    const moderation = createModerationRun();
    const moderationDeps: ModerationDeps = {
      baseUrl,
      token: adminToken,
      call,
      waitHealthy,
      randomReferrer: () => (refereeList.length === 0 ? undefined : acked.referrals.get(pick(refereeList))),
      log,
      requestBoundMs: REQUEST_BOUND_MS,
    };

    // Warm-up, so the start figure is the server's steady state rather than its first JIT pass.
    for (let i = 0; i < 200; i++) await oneRequest(dataset.wallet);
    const rssStart = rssBytes(pid);
    let rssPeak = rssStart ?? 0;
    const warmupRequests = stats.requests;
    log(`warm-up done (${warmupRequests} requests), server RSS ${mb(rssStart)}; load for ${DURATION_MS / 1000} s with ${WORKERS} workers`);

    const started = Date.now();
    const deadline = started + DURATION_MS;
    const windows: Window[] = [];
    const workers = Array.from({ length: WORKERS }, async () => {
      while (Date.now() < deadline) await oneRequest(dataset.wallet);
    });
    const sampler = setInterval(() => {
      const rss = rssBytes(pid);
      if (rss !== null) rssPeak = Math.max(rssPeak, rss);
    }, 1_000);

    const chaos = (async () => {
      const upMs = Math.max(1_000, (DURATION_MS - OUTAGES * OUTAGE_MS) / (OUTAGES + 1));
      for (let i = 0; i < OUTAGES; i++) {
        await sleep(upMs);
        if (Date.now() + OUTAGE_MS > deadline) break;
        const start = Date.now();
        await redis!.kill("SIGKILL");
        log(`outage ${i + 1}: redis-server killed (SIGKILL)`);
        await sleep(OUTAGE_MS);
        await redis!.restart();
        const restarted = Date.now();
        const healthy = await waitHealthy(30_000);
        const end = Date.now();
        windows.push({ start, end });
        log(`outage ${i + 1}: restarted on the same port; API healthy ${healthy ? `${end - restarted} ms later` : "NOT within 30 s"}`);
        if (!healthy) throw new Error("the server did not recover after redis-server came back");
      }
    })();

    await Promise.all([...workers, chaos, runModerations(moderationDeps, moderation, started, DURATION_MS, MODERATIONS)]);
    clearInterval(sampler);
    const loadSeconds = (Date.now() - started) / 1000;
    const rssEnd = rssBytes(pid);
    log(`load done: ${stats.requests - warmupRequests} requests in ${loadSeconds.toFixed(0)} s; server RSS ${mb(rssEnd)}`);

    const overlaps = (e: { started: number; ended: number }) => windows.some((w) => e.ended >= w.start && e.started <= w.end);
    const during = stats.errors5xx.filter(overlaps).length;
    const outsideErrors = stats.errors5xx.filter((e) => !overlaps(e));
    const outside = outsideErrors.length;
    const latencies = stats.errors5xx.map((e) => e.ended - e.started).sort((a, b) => a - b);
    const latency5xx = {
      medianMs: latencies[Math.floor(latencies.length / 2)] ?? null,
      maxMs: latencies[latencies.length - 1] ?? null,
    };
    const relative = (t: number) => `${((t - started) / 1000).toFixed(1)}s`;
    const outsideSamples = outsideErrors
      .slice(0, 10)
      .map((e) => `${e.what} ${relative(e.started)}..${relative(e.ended)} (outages: ${windows.map((w) => `${relative(w.start)}..${relative(w.end)}`).join(", ")})`);
    // What the server logged as the cause of its 500s, by kind (first line of each error).
    const causes: Record<string, number> = {};
    for (const match of app.logs().matchAll(/\[refboard\] [^\n]*? failed: ([^\n]{0,80})/g)) {
      const cause = (match[1] ?? "").replace(/\d+/g, "N").trim().replace(/^Error:$/, "Error: (no message)");
      causes[cause] = (causes[cause] ?? 0) + 1;
    }

    log("verifying that every acknowledged write and action has exactly one event in the webhooks' outbox");
    const outboxStore = await createStore(storeCfg);
    const outbox = await verifyOutbox(outboxStore, Math.floor(Date.now() / 1000), {
      referrals: acked.referrals,
      socialTasks: acked.social.keys(),
      checkIns: acked.checkIns.keys(),
      moderations: moderation.actions,
    }).finally(() => outboxStore.close());
    log(`outbox: ${outbox.events} events, ${outbox.expected} acknowledged facts, missing ${outbox.missing.length}, duplicated ${outbox.duplicated.length}`);

    log("verifying every acknowledged write through the API");
    const verification = await verifyAcknowledged();
    log(`checked ${verification.checked}, missing ${verification.missing.length}`);
    log("verifying every acknowledged admin action through the API");
    const moderationCheck = await verifyModerations(moderationDeps, moderation);
    log(`checked ${moderationCheck.checked} wallets and ${moderationCheck.auditEntries} audit entries, mismatches ${moderationCheck.mismatches.length}`);

    log("running the invariant checker");
    const checkerStore = await createStore(storeCfg);
    let report: InvariantReport;
    try {
      report = await checkInvariants(checkerStore, { sampleSize: 20 });
    } finally {
      await checkerStore.close();
    }
    const rssAfter = rssBytes(pid);

    const summary = {
      command:
        `npm run chaos -- --duration ${DURATION_MS / 1000} --workers ${WORKERS} --outages ${OUTAGES} --outage-ms ${OUTAGE_MS}` +
        ` --store-timeout-ms ${STORE_TIMEOUT_MS} --moderations ${MODERATIONS} --wallets ${SEEDED}${HEAP_MB === undefined ? "" : ` --server-heap-mb ${HEAP_MB}`}`,
      seededWallets: SEEDED,
      loadSeconds: Math.round(loadSeconds),
      outages: windows.map((w) => ({ downMs: w.end - w.start })),
      requests: stats.requests,
      byStatus: stats.byStatus,
      acknowledged: {
        referrals: acked.referrals.size,
        socialTasks: acked.social.size,
        checkIns: acked.checkIns.size,
        inits: acked.inits.size,
        leaderboardEntries: acked.entries.size,
        total: acked.referrals.size + acked.social.size + acked.checkIns.size + acked.inits.size,
      },
      errors5xxDuringOutages: during,
      errors5xxOutsideOutages: outside,
      latency5xx,
      errors5xxOutsideSamples: outsideSamples,
      serverErrorCauses: causes,
      hung: stats.hung,
      networkErrors: stats.networkErrors,
      offContract: stats.offContract.length,
      offContractSamples: stats.offContract.slice(0, 10),
      contradicted: stats.contradicted,
      verified: verification.checked,
      lostAcknowledged: verification.missing.length,
      lostSamples: verification.missing.slice(0, 10),
      moderation: summariseModeration(moderation, moderationCheck),
      outbox: { ...outbox, missing: outbox.missing.length, missingSamples: outbox.missing.slice(0, 10), duplicated: outbox.duplicated.slice(0, 10) },
      invariants: { wallets: report.wallets, entries: report.entries, referrals: report.referrals, violations: report.violations, byKind: report.byKind, samples: report.samples },
      serverRss: { start: rssStart, peak: rssPeak, endOfLoad: rssEnd, afterVerification: rssAfter },
      serverLogLines: { redisConnectionErrors: (app.logs().match(/Redis connection error/g) ?? []).length },
    };

    if (opts["server-log"]) writeFileSync(opts["server-log"], app.logs());
    const ok =
      summary.lostAcknowledged === 0 &&
      summary.contradicted.length === 0 &&
      report.violations === 0 &&
      summary.hung === 0 &&
      summary.offContract === 0 &&
      summary.moderation.missed.length === 0 &&
      summary.moderation.contradicted.length === 0 &&
      summary.moderation.mismatches === 0 &&
      outbox.missing.length === 0 &&
      outbox.duplicated.length === 0;
    if (opts.json) console.log(JSON.stringify({ ok, ...summary }));
    else {
      console.log(`
chaos run: ${summary.command}
  store               Redis over TCP (AOF everysec), ${SEEDED} seeded wallets, ${summary.outages.length} outages (SIGKILL, restart on the same port)
  outage windows      ${summary.outages.map((o) => `${o.downMs} ms`).join(", ")} (kill -> API healthy again)
  requests            ${summary.requests} (${JSON.stringify(summary.byStatus)})
  acknowledged (200)  ${summary.acknowledged.total} writes: ${summary.acknowledged.referrals} referrals, ${summary.acknowledged.socialTasks} social tasks, ${summary.acknowledged.checkIns} check-ins, ${summary.acknowledged.inits} inits
  5xx                 ${during} during outages, ${outside} outside; answered in ${latency5xx.medianMs} ms median, ${latency5xx.maxMs} ms max${outsideSamples.length ? `\n    ${outsideSamples.join("\n    ")}` : ""}
  causes logged       ${JSON.stringify(causes)}
  hung / network      ${summary.hung} / ${summary.networkErrors}
  off-contract        ${summary.offContract}${summary.offContractSamples.length ? `\n    ${summary.offContractSamples.join("\n    ")}` : ""}
  contradicted acks   ${summary.contradicted.length}
  lost acknowledged   ${summary.lostAcknowledged} of ${summary.verified} checked${summary.lostSamples.length ? `\n    ${summary.lostSamples.join("\n    ")}` : ""}
  moderation          ${formatModeration(summary.moderation)}
  webhook outbox      ${outbox.events} events for ${outbox.expected} acknowledged facts (+${outbox.unacknowledged} whose answer was lost); missing ${outbox.missing.length}, duplicated ${outbox.duplicated.length}${[...outbox.missing.slice(0, 5), ...outbox.duplicated.slice(0, 5)].map((line) => `\n    ${line}`).join("")}
  invariants          ${report.violations} violations over ${report.wallets} wallets, ${report.entries} entries, ${report.referrals} referrals
  server RSS          start ${mb(rssStart)}, peak ${mb(rssPeak)}, end of load ${mb(rssEnd)}, after verification ${mb(rssAfter)}
${ok ? "OK" : "FAILED"}${ok && outside > 0 ? ` (with ${outside} timeouts outside the outages: see the causes above)` : ""}`);
    }
    return ok ? 0 : 1;
  } finally {
    await stopAll();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
