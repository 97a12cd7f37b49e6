/**
 * The benchmark: for each stage (backend x N) seed a fresh store, start `next start` and the
 * bare server on it, and drive every endpoint of both with autocannon: a warm-up (JIT, script
 * cache), a counting run of a fixed number of requests during which the store's round trips
 * are counted (MONITOR on TCP, the bridge on REST, countingClient in the bare server), then the
 * measured run. Next and bare take turns endpoint by endpoint, reads before writes, so both see
 * the store at the same size. Once per run, before the stages, the framework floor
 * (next-floor.ts): the same load on an empty route handler, next start against bare node:http.
 * Coverage rows (coverage-endpoints.ts) run only at each backend's largest stage of the run, on
 * next start alone.
 */
import { spawnSync } from "node:child_process";
import { cpus, loadavg, release, totalmem, type } from "node:os";
import { createStore } from "@/lib/store";
import { freshStore } from "@/scripts/bench/fresh-store";
import { BENCH_SERVER_ENV } from "@/scripts/bench/coverage-endpoints";
import { BENCH_QUESTS, generateDataset, populationOf, writeDataset, writeVisits } from "@/scripts/bench/dataset";
import { ENDPOINTS } from "@/scripts/bench/endpoints";
import type { Endpoint, Population } from "@/scripts/bench/requests";
import { measureFanOut, type FanOutRow } from "@/scripts/bench/fan-out";
import { measureFirstLoadJs, type FirstLoadJs } from "@/scripts/bench/first-load-js";
import { CONNECTIONS, drive, type LoadOptions, type LoadResult } from "@/scripts/bench/load";
import { BACKEND_LABEL, floorRatio, sizeLabel, type BenchReport, type Machine, type Row, type SeedTiming } from "@/scripts/bench/report";
import { startFrameworkFloor, type FloorServers, type FrameworkFloor } from "@/scripts/bench/next-floor";
import {
  buildNextApp,
  Cleanup,
  countRedisCommands,
  cpuMs,
  NEXT_BIN,
  startBareServer,
  startNextServer,
  withCpu,
  type ServerProcess,
} from "@/scripts/bench/services";
import { isLargest, stageEndpoints, type BenchOptions, type Stage } from "@/scripts/bench/stages";
import { storeConfig, storeEnv, type Backend } from "@/scripts/bench/stores";

const NODE = process.execPath;
const SERVER_WARMUP = ENDPOINTS.find((e) => e.name === "GET /api/health")!;

function describeMachine(): Machine {
  const cores = cpus();
  const text = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: "utf8" }).stdout?.trim() ?? "";
  return {
    cpus: `${cores.length} x ${cores[0]?.model.trim() ?? "unknown CPU"}`,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: `${type()} ${release()}`,
    node: process.version,
    redis: text("redis-server", ["--version"]).replace(/^Redis server /, "") || "not installed",
    next: text(NODE, [NEXT_BIN, "--version"]) || "unknown",
  };
}

function gitCommit(): string {
  const head = spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout?.trim() || "unknown";
  const dirty = spawnSync("git", ["status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).stdout?.trim();
  return dirty ? `${head} (+ uncommitted changes)` : head;
}

/** The cleanups of the parts under way, so that an interrupted run still stops what it started. */
const running = new Set<Cleanup>();

/** Stops every process of the parts under way (for SIGINT / SIGTERM). */
export async function stopBench(): Promise<void> {
  for (const cleanup of running) await cleanup.run();
}

/** Runs one part of the run (a stage, the framework floor), then stops what it started, even when it fails. */
async function withCleanup<T>(run: (cleanup: Cleanup) => Promise<T>): Promise<T> {
  const cleanup = new Cleanup();
  running.add(cleanup);
  try {
    return await run(cleanup);
  } finally {
    await cleanup.run();
    running.delete(cleanup);
  }
}

/** Runs `run` while counting the store's round trips from outside the server; null on SQLite. */
type Observe = <T>(run: () => Promise<T>) => Promise<{ result: T; roundTrips: number | null }>;

/** What the stages of a run share: the floor they are compared with, and where they put their figures. */
interface RunState {
  floor: FloorServers;
  rows: Row[];
  seeds: SeedTiming[];
  firstLoad: { value: FirstLoadJs | null; note?: string };
  fanOut?: { backend: Backend; size: number; rows: FanOutRow[] };
  log: (line: string) => void;
}

/** Runs one stage and appends its rows. */
async function runStage(stage: Stage, endpoints: readonly Endpoint[], options: BenchOptions, state: RunState, cleanup: Cleanup): Promise<void> {
  const { floor, rows, seeds, firstLoad, log } = state;
  const label = `${BACKEND_LABEL[stage.backend]} ${sizeLabel(stage.size)}${stage.qualify ? ` ${stage.qualify}` : ""}`;
  // The store: a fresh redis-server (MONITOR must see only this stage) or a fresh SQLite folder.
  const { target, redis, bridge } = await freshStore(stage.backend, cleanup);
  let observe: Observe = async (run) => ({ result: await run(), roundTrips: null });
  const redisPid = redis?.process.pid;
  let countCommands: (<T>(run: () => Promise<T>) => Promise<{ result: T; commands: number }>) | undefined;
  if (redis && stage.backend === "redis") {
    countCommands = (run) => countRedisCommands(redis.url, run);
    observe = async (run) => {
      const { result, commands } = await countRedisCommands(redis.url, run);
      return { result, roundTrips: commands };
    };
  } else if (bridge) {
    observe = async (run) => {
      const before = await bridge.requests();
      const result = await run();
      return { result, roundTrips: (await bridge.requests()) - before };
    };
  }

  // Seed through OperatorStore (and the quest catalog through QuestStore), timed.
  const started = performance.now();
  const clientCpu = process.cpuUsage();
  const redisCpu = redisPid === undefined ? null : cpuMs(redisPid);
  const dataset = generateDataset({ wallets: stage.size });
  const admin = await createStore(storeConfig(target, { STORE_TIMEOUT_MS: "60000" }));
  try {
    await writeDataset(admin, dataset);
    await admin.importQuests(BENCH_QUESTS);
    await writeVisits(admin, dataset, { visits: options.visits, now: Math.floor(Date.now() / 1000) });
  } finally {
    await admin.close();
  }
  const seedSeconds = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(clientCpu);
  const redisCpuAfter = redisPid === undefined ? null : cpuMs(redisPid);
  const seed: SeedTiming = {
    backend: stage.backend,
    size: stage.size,
    seconds: seedSeconds,
    maxReferrals: dataset.stats.maxReferrals,
    zeroToTwoShare: dataset.stats.zeroToTwo / stage.size,
    clientCpuSeconds: (user + system) / 1e6,
    redisCpuSeconds: redisCpu === null || redisCpuAfter === null ? null : (redisCpuAfter - redisCpu) / 1000,
  };
  seeds.push(seed);
  log(
    `[bench] ${label}: seeded in ${seedSeconds.toFixed(1)} s (CPU: ${seed.clientCpuSeconds.toFixed(1)} s seeding process` +
      `${seed.redisCpuSeconds === null ? "" : `, ${seed.redisCpuSeconds.toFixed(1)} s redis-server`}; max ${dataset.stats.maxReferrals} referrals)`,
  );

  const env = storeEnv(target, { ...BENCH_SERVER_ENV, ...(stage.qualify && { REFERRAL_QUALIFY: stage.qualify }) });
  const next = await startNextServer(env);
  cleanup.add(() => next.stop());
  // Only rows with a bare twin need the bare server (a run of coverage rows alone starts none).
  const bare = endpoints.some((e) => e.bare !== false) ? await startBareServer(env) : null;
  if (bare) cleanup.add(() => bare.stop());

  if (!firstLoad.value) {
    try {
      firstLoad.value = await measureFirstLoadJs(next.baseUrl, "/");
    } catch (error) {
      firstLoad.note = `could not be measured: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  const population: Population = populationOf(dataset.seed, stage.size);
  /**
   * The load of each run of `endpoint`: the stage's, or the endpoint's own for the heavy ones (a few
   * requests per run). A coverage row's counting run is also its measured one, after a warm-up of as
   * many requests: its figure is CPU per request, from the slices after both, and the shorter runs keep
   * a full run within the hour.
   */
  const loadOf = (endpoint: Endpoint) => {
    const own = endpoint.load;
    const connections = own?.connections ?? CONNECTIONS;
    return {
      // Every connection runs its whole sequence at least once, so that each request of it has had
      // its first use (the Redis script cache) before counting: a smoke warm-up of 50 requests over
      // 50 connections sends only each sequence's first request.
      warmup: {
        amount: Math.max(own?.requests ?? (endpoint.coverage ? options.countRequests : options.warmup.amount), connections * endpoint.sequence(population).length),
        connections,
      },
      counting: { amount: own?.requests ?? options.countRequests, connections },
      measured: own || endpoint.coverage || options.duration === null ? null : { duration: options.duration },
      slice: own ? { amount: own.requests, connections: Math.min(connections, options.cpuSlices.connections) } : options.cpuSlices,
    };
  };

  // Warm-up and counting runs are by request count, so no request is left in flight to spill into
  // a counting window; the measured run (by duration) comes last and is followed by a pause.
  const runOne = async (endpoint: Endpoint, server: ServerProcess, count: () => Promise<number>) => {
    const { baseUrl } = server;
    const load = loadOf(endpoint);
    const warm = await drive(baseUrl, endpoint, population, load.warmup);
    // A server that answers nothing has died or cannot reach its store: stop with its output.
    if (warm.responses === 0) throw new Error(`${endpoint.name} got no response from ${baseUrl}:\n${server.logs().slice(-4000)}`);
    const before = await count();
    const observed = await observe(() => drive(baseUrl, endpoint, population, load.counting));
    const counted = (await count()) - before;
    // By request count (smoke, and the heavy endpoints), the counting run is also the measured one.
    const result = load.measured ? await drive(baseUrl, endpoint, population, load.measured) : observed.result;
    if (load.measured) await new Promise((r) => setTimeout(r, 200));
    const per = (n: number | null) => (n === null ? null : n / observed.result.responses);
    return { result, observedRT: per(observed.roundTrips), countedRT: stage.backend === "sqlite" ? null : per(counted) };
  };

  /**
   * A server's CPU per request on `endpoint`, the lowest of a few slices: the machine's other load
   * changes within seconds and can only add to CPU time, so the lowest slice is the figure closest
   * to the work itself. With `alternate`, each slice is followed by one on the floor's empty route of
   * the endpoint's method, whose lowest slice is the CPU/floor denominator: both figures see the
   * load of the same seconds. The floor's slices keep the stage's size when the endpoint's own are a
   * handful of requests: a floor measured over two requests would be mostly noise.
   * Few connections, so that opening them is a small share of a slice. Responses that are neither
   * 2xx nor expected count like the measured run's.
   */
  const cpuInSlices = async (server: ServerProcess, endpoint: Endpoint, alternate: boolean) => {
    const { count, amount, connections } = options.cpuSlices;
    const floorLoad: LoadOptions = { amount, connections };
    const load: LoadOptions = loadOf(endpoint).slice;
    const own: (number | null)[] = [];
    const empty: (number | null)[] = [];
    let unexpected = 0;
    const perResponse = (slice: { result: LoadResult; cpuMs: number | null }) =>
      slice.cpuMs === null ? null : slice.cpuMs / slice.result.responses;
    // The floor's server has idled since the last endpoint, and a process's first requests after
    // idling cost more: without this, its slices beside a stage's first endpoint measured 30-40% higher.
    if (alternate) await floor.drive(floorLoad, endpoint.method);
    for (let i = 0; i < count; i++) {
      const slice = await withCpu(server.pid, () => drive(server.baseUrl, endpoint, population, load));
      own.push(perResponse(slice));
      unexpected += slice.result.unexpected;
      if (!alternate) continue;
      const floorSlice = await floor.drive(floorLoad, endpoint.method);
      empty.push(perResponse(floorSlice));
      unexpected += floorSlice.result.unexpected;
    }
    const lowest = (values: (number | null)[]) =>
      values.length === 0 || values.includes(null) ? null : Math.min(...(values as number[]));
    return { cpuMs: lowest(own), floorCpuMs: lowest(empty), unexpected };
  };

  /** At most how many requests a row sends to one server, for what its `prepare` makes ahead (signed messages). */
  const rowRequests = (endpoint: Endpoint) => {
    const load = loadOf(endpoint);
    return load.warmup.amount + load.counting.amount + (load.slice.amount ?? 0) * options.cpuSlices.count;
  };

  // The stage's servers once started; the floor's again, idle while this stage seeded its store.
  for (const server of bare ? [next, bare] : [next]) await drive(server.baseUrl, SERVER_WARMUP, population, options.serverWarmup);
  await floor.drive(options.serverWarmup);
  await floor.drive(options.serverWarmup, "POST");
  for (const endpoint of endpoints) {
    // The fan-out's quiet seconds before the coverage writes, whose webhook deliveries and retries go on after their row.
    if (endpoint.coverage && endpoint.writes) await fanOutOnce(stage, options, state, next, population.seeded(), countCommands);
    const started = performance.now();
    await endpoint.prepare?.(next.baseUrl, rowRequests(endpoint));
    const n = await runOne(endpoint, next, async () => 0);
    const nextCpu = await cpuInSlices(next, endpoint, true);
    const twin = endpoint.bare === false ? null : bare;
    const b = twin && (await runOne(endpoint, twin, () => twin.roundTrips()));
    const bareCpu = twin && (await cpuInSlices(twin, endpoint, false));
    const row: Row = {
      endpoint: endpoint.name,
      backend: stage.backend,
      size: stage.size,
      ...(stage.qualify && { qualify: stage.qualify }),
      ...(endpoint.coverage && { coverage: true }),
      next: { ...n.result, unexpected: n.result.unexpected + nextCpu.unexpected },
      bare: b && bareCpu && { ...b.result, unexpected: b.result.unexpected + bareCpu.unexpected },
      nextCpuMs: nextCpu.cpuMs,
      bareCpuMs: bareCpu?.cpuMs ?? null,
      floorCpuMs: nextCpu.floorCpuMs,
      nextRT: n.observedRT,
      bareRT: b?.countedRT ?? null,
      bareObservedRT: b?.observedRT ?? null,
    };
    const seconds = (performance.now() - started) / 1000;
    row.seconds = seconds;
    rows.push(row);
    seed.loadAverage = loadavg()[0];
    log(
      `[bench] ${label.padEnd(17)} ${endpoint.name.padEnd(31)} next ${fmt(n.result)} | bare ${b ? fmt(b.result) : "-"} | ` +
        `RT ${row.nextRT?.toFixed(2) ?? "-"}/${row.bareRT?.toFixed(2) ?? "-"} | x${b ? (n.result.rps / b.result.rps).toFixed(2) : "-"} | ` +
        `CPU ${row.nextCpuMs?.toFixed(3) ?? "-"} ms/req, floor ${row.floorCpuMs?.toFixed(3) ?? "-"}, x${floorRatio(row)?.toFixed(2) ?? "-"} | ${seconds.toFixed(1)} s`,
    );
  }
  await fanOutOnce(stage, options, state, next, population.seeded(), countCommands);
}

/** The stream's fan-out, once per run: on the first Redis TCP stage that is not the qualifying one. */
async function fanOutOnce(
  stage: Stage,
  options: BenchOptions,
  state: RunState,
  next: ServerProcess,
  referrer: string,
  countCommands: (<T>(run: () => Promise<T>) => Promise<{ result: T; commands: number }>) | undefined,
): Promise<void> {
  if (state.fanOut || stage.qualify || !countCommands || options.fanOut.length === 0) return;
  const rows = await measureFanOut({
    baseUrl: next.baseUrl,
    pid: next.pid,
    counts: options.fanOut,
    quietSeconds: options.fanOutQuietSeconds,
    referrer,
    countCommands,
  });
  state.fanOut = { backend: stage.backend, size: stage.size, rows };
  for (const row of rows) {
    state.log(
      `[bench] stream fan-out ${String(row.clients).padStart(5)} open streams: ${row.storeReadsPerSecond.toFixed(2)} store reads/s, ` +
        `delivery p50 ${row.deliveryP50Ms.toFixed(0)} ms max ${row.deliveryMaxMs.toFixed(0)} ms, ` +
        `${row.rssPerStreamKiB === null ? "-" : row.rssPerStreamKiB.toFixed(1)} KiB RSS per stream`,
    );
  }
}

const fmt = (r: LoadResult) =>
  `${Math.round(r.rps).toString().padStart(6)} req/s p50 ${r.p50.toFixed(1).padStart(6)} ms p99 ${r.p99.toFixed(1).padStart(6)} ms` +
  (r.unexpected ? ` !${r.unexpected} non-2xx` : "");

export async function runBench(options: BenchOptions): Promise<BenchReport & { frameworkFloor: FrameworkFloor }> {
  const log = options.log ?? ((line: string) => console.log(line));
  // The commit of the code measured: the build's, not whatever is checked out when the run ends.
  const commit = gitCommit();
  if (options.build) {
    log("[bench] next build");
    await buildNextApp(".");
  }
  // First: it fails fast if it fails. Its next start stays up for each stage to measure it again.
  return withCleanup(async (floorCleanup) => {
    const floor = await startFrameworkFloor(
      {
        serverWarmup: options.serverWarmup,
        warmup: options.warmup,
        measured: options.duration === null ? { amount: options.countRequests } : { duration: options.duration },
      },
      floorCleanup,
    );
    const frameworkFloor = floor.floor;
    log(
      `[bench] framework floor, GET /api/ping of an empty app: next ${fmt(frameworkFloor.next)} | bare ${fmt(frameworkFloor.bare)} | ` +
        `x${(frameworkFloor.next.rps / frameworkFloor.bare.rps).toFixed(2)} | CPU ${frameworkFloor.nextCpuMs?.toFixed(3) ?? "-"} ms/req`,
    );
    const state: RunState = { floor, rows: [], seeds: [], firstLoad: { value: null }, log };
    for (const stage of options.stages) {
      const endpoints = stageEndpoints(stage, options, isLargest(stage, options.stages));
      // A run of coverage rows alone has nothing to measure at the smaller stages.
      if (endpoints.length > 0) await withCleanup((cleanup) => runStage(stage, endpoints, options, state, cleanup));
    }
    return {
      mode: options.mode,
      date: new Date().toISOString(),
      commit,
      machine: describeMachine(),
      settings: {
        connections: CONNECTIONS,
        duration: options.duration,
        amount: options.duration === null ? options.countRequests : null,
        serverWarmup: `${options.serverWarmup.amount} requests`,
        warmup: `${options.warmup.amount} requests`,
        countRequests: options.countRequests,
        cpuSlices: options.cpuSlices,
      },
      seeds: state.seeds,
      rows: state.rows,
      frameworkFloor,
      firstLoad: state.firstLoad.value,
      firstLoadNote: state.firstLoad.note,
      ...(state.fanOut && { fanOut: state.fanOut }),
    };
  });
}
