/**
 * Target 3 explained by profiles: where each public endpoint's CPU above the framework floor goes.
 * One `next start` per backend (and the qualifying rule's) on a 1k store and the floor's `next start`,
 * all under `node --cpu-prof`; each endpoint is driven in a window of its own, alternating with a window
 * of the floor's empty route of the same method, and both windows' samples are summed by group
 * (cpu-profile.ts COST_GROUPS) per response. Part of a whole full `npm run bench`; again on the current
 * build, into the last run's report: `npm run bench -- --profiles-only`.
 *
 * The profiler adds its own cost, so its figures are higher than the bench's slices; the groups' shares are what it is for.
 */
import { COST_GROUPS, costOf, window, type CostGroup, type CpuProfile } from "@/scripts/bench/cpu-profile";
import { ENDPOINTS, QUALIFY_ENDPOINTS, QUALIFY_RULE } from "@/scripts/bench/endpoints";
import { drive } from "@/scripts/bench/load";
import { startProfiledFloor } from "@/scripts/bench/next-floor";
import { startProfiledNext, timed, type Window } from "@/scripts/bench/profiled-next";
import { BACKEND_LABEL, endpointCosts, FLOOR_TARGETS, isPublic, markdownTable, medianOf, type BenchReport } from "@/scripts/bench/report";
import type { Endpoint } from "@/scripts/bench/requests";
import type { Cleanup } from "@/scripts/bench/services";
import { BACKENDS, type Backend } from "@/scripts/bench/stores";

/** The part of the floor a public endpoint may add on top of it: what the target leaves the app. */
const OWN_WORK: readonly CostGroup[] = ["store (client and lib/store)", "schemas (zod)", "our code (app/, lib/)"];

export interface ProfiledCost {
  responses: number;
  /** Busy main-thread ms per response, per group. */
  msPerRequest: Record<CostGroup, number>;
  /** The same per function, the most expensive TOP_FUNCTIONS only. */
  functions: Record<string, number>;
}

const TOP_FUNCTIONS = 40;

export interface EndpointProfile {
  endpoint: string;
  backend: Backend;
  /** The empty route of the same method, profiled in the window just before the endpoint's. */
  floor: ProfiledCost;
  next: ProfiledCost;
}

export interface Target3Profiles {
  size: number;
  seconds: number;
  connections: number;
  rows: EndpointProfile[];
}

export interface ProfileOptions {
  backends: readonly Backend[];
  seconds: number;
  size: number;
}

export const PROFILE_OPTIONS: ProfileOptions = { backends: BACKENDS, seconds: 5, size: 1000 };
const CONNECTIONS = 10;

const PUBLIC = ENDPOINTS.filter((e) => isPublic({ endpoint: e.name, coverage: e.coverage }));

const total = (cost: Record<CostGroup, number>) => COST_GROUPS.reduce((sum, g) => sum + cost[g], 0);

export async function profileTarget3(options: ProfileOptions, cleanup: Cleanup): Promise<Target3Profiles> {
  const floor = await startProfiledFloor(cleanup);
  await floor.drive({ amount: 6000, connections: CONNECTIONS }, "GET");
  await floor.drive({ amount: 3000, connections: CONNECTIONS }, "POST");
  const load = { duration: options.seconds, connections: CONNECTIONS };
  type Measured = { window: Window; responses: number };
  const measured: { endpoint: string; backend: Backend; floor: Measured; next: Measured; profile: CpuProfile }[] = [];
  const runs: { backend: Backend; endpoints: readonly Endpoint[]; env: Record<string, string> }[] = [
    ...options.backends.map((backend) => ({ backend, endpoints: PUBLIC, env: {} })),
    ...(options.backends.includes("redis") ? [{ backend: "redis" as const, endpoints: QUALIFY_ENDPOINTS, env: { REFERRAL_QUALIFY: QUALIFY_RULE } }] : []),
  ];
  for (const run of runs) {
    console.log(`[profiles] ${BACKEND_LABEL[run.backend]}${run.env.REFERRAL_QUALIFY ? ` (${QUALIFY_RULE} rule)` : ""}: ${run.endpoints.length} endpoints, ${options.seconds} s each`);
    const { server, population } = await startProfiledNext(run.backend, options.size, cleanup, { env: run.env });
    await drive(server.baseUrl, ENDPOINTS.find((e) => e.name === "GET /api/health")!, population, { amount: 6000, connections: CONNECTIONS });
    const windows: Omit<(typeof measured)[number], "profile">[] = [];
    for (const endpoint of run.endpoints) {
      await endpoint.prepare?.(server.baseUrl, 3000);
      await drive(server.baseUrl, endpoint, population, { amount: 2000, connections: CONNECTIONS });
      const f = await timed(() => floor.drive(load, endpoint.method));
      const n = await timed(() => drive(server.baseUrl, endpoint, population, load));
      if (n.result.unexpected > 0) throw new Error(`${endpoint.name} on ${run.backend}: ${n.result.unexpected} unexpected responses ${JSON.stringify(n.result.statuses)}`);
      windows.push({
        endpoint: endpoint.name,
        backend: run.backend,
        floor: { window: f.window, responses: f.result.responses },
        next: { window: n.window, responses: n.result.responses },
      });
    }
    const { profile } = await server.profile();
    measured.push(...windows.map((w) => ({ ...w, profile })));
  }
  const { profile: floorProfile } = await floor.server.profile();
  const cost = (profile: CpuProfile, at: Measured): ProfiledCost => {
    const { groups, functions } = costOf(window(profile, at.window.from, at.window.to));
    const perRequest = (us: number) => us / 1000 / at.responses;
    return {
      responses: at.responses,
      msPerRequest: Object.fromEntries(COST_GROUPS.map((g) => [g, perRequest(groups[g])])) as Record<CostGroup, number>,
      functions: Object.fromEntries([...functions].sort((a, b) => b[1] - a[1]).slice(0, TOP_FUNCTIONS).map(([fn, us]) => [fn, perRequest(us)])),
    };
  };
  const rows = measured.map((m) => ({ endpoint: m.endpoint, backend: m.backend, floor: cost(floorProfile, m.floor), next: cost(m.profile, m.next) }));
  return { size: options.size, seconds: options.seconds, connections: CONNECTIONS, rows };
}

/** What an endpoint's profile says about its CPU above the floor's. */
export function explain(row: EndpointProfile) {
  const floor = total(row.floor.msPerRequest);
  const above = COST_GROUPS.map((group) => ({ group, ms: row.next.msPerRequest[group] - row.floor.msPerRequest[group] }));
  const sum = (groups: typeof above) => groups.reduce((ms, a) => ms + a.ms, 0);
  const own = sum(above.filter((a) => OWN_WORK.includes(a.group)));
  const names = new Set([...Object.keys(row.next.functions), ...Object.keys(row.floor.functions)]);
  const functions = [...names].map((fn) => ({ fn, ms: (row.next.functions[fn] ?? 0) - (row.floor.functions[fn] ?? 0) })).sort((a, b) => b.ms - a.ms);
  /** `own` and `framework` (everything else) are ms per request above the floor's. */
  return { floor, next: total(row.next.msPerRequest), above, own, framework: sum(above) - own, ownShareOfFloor: own / floor, functions };
}

const signed = (ms: number) => (ms >= 0 ? `+${ms.toFixed(3)}` : ms.toFixed(3));

/**
 * The section of docs/benchmarks.md: per endpoint and backend, the bench's CPU/floor, the profiled figures and
 * what lies above the floor by group; then what the misses have in common.
 */
export function profilesSection(report: Pick<BenchReport, "rows" | "frameworkFloor" | "target3Profiles">): string {
  const profiles = report.target3Profiles;
  if (!profiles) return "Not profiled in this run (a whole full run profiles; `npm run bench -- --profiles-only` adds them to the last run's report).";
  const costs = endpointCosts(report);
  const ratioOf = (endpoint: string, backend: Backend) => costs.find((c) => c.endpoint === endpoint)?.byBackend[backend];
  const rows = profiles.rows.map((row) => ({ row, e: explain(row), ratio: ratioOf(row.endpoint, row.backend) }));
  const table = markdownTable(
    ["endpoint", "backend", "bench CPU/floor", "profiled ms/req (floor)", "own work / floor", "above the floor, by group (ms/req, largest first)", "the functions most above the floor's (ms/req)"],
    rows.map(({ row, e, ratio }) => [
      row.endpoint,
      BACKEND_LABEL[row.backend],
      ratio === undefined ? "-" : `${ratio.toFixed(2)}${ratio > FLOOR_TARGETS[row.backend] ? " **over**" : ""}`,
      `${e.next.toFixed(3)} (${e.floor.toFixed(3)})`,
      e.ownShareOfFloor.toFixed(2),
      e.above
        .filter((a) => Math.abs(a.ms) >= 0.005)
        .sort((a, b) => b.ms - a.ms)
        .map((a) => `${a.group} ${signed(a.ms)}`)
        .join("; "),
      e.functions
        .slice(0, 4)
        .map((f) => `\`${f.fn}\` ${signed(f.ms)}`)
        .join("; "),
    ]),
    new Set([2, 3, 4]),
  );
  const misses = rows.filter((r) => r.ratio !== undefined && r.ratio > FLOOR_TARGETS[r.row.backend]);
  const ownOver = misses.filter((r) => r.e.ownShareOfFloor > FLOOR_TARGETS[r.row.backend] - 1);
  const med = (values: number[]) => medianOf(values) ?? Number.NaN;
  const byBackend = [...new Set(misses.map((r) => r.row.backend))]
    .map((backend) => {
      const of = misses.filter((r) => r.row.backend === backend);
      return `${BACKEND_LABEL[backend]} ${of.length} (own work ${med(of.map((r) => r.e.own)).toFixed(3)} ms, framework ${med(of.map((r) => r.e.framework)).toFixed(3)} ms)`;
    })
    .join(", ");
  const summary = misses.length
    ? `Of the ${misses.length} endpoint x backend misses of target 3 profiled here, ${ownOver.length} spend more on their own work (store, schemas, ` +
      `our code) than the target leaves them beside the floor (a quarter of the floor; half on Upstash REST): ${ownOver.map((r) => `${r.row.endpoint} on ${BACKEND_LABEL[r.row.backend]}`).join(", ") || "none"}. ` +
      `The others miss by what the framework does beyond the empty route (Next.js, Node's HTTP server, the web Request/Response, ` +
      `garbage collection, V8): per request above the floor's, in the median of each backend's misses: ${byBackend}. ` +
      `Over all ${misses.length}, that framework part alone is ${med(misses.map((r) => r.e.framework / r.e.floor)).toFixed(2)}x the floor in the median: ` +
      `a route that awaits a store and answers a real body costs the framework more than the empty route does.`
    : "No endpoint misses target 3 in this run.";
  return `${summary}

${table}`;
}
