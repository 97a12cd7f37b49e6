/**
 * The bench's stages (backend x N) and the options of a full and of a smoke run, and which rows each
 * stage drives: the public endpoints' at every stage, the coverage rows at each backend's largest.
 */
import { ENDPOINTS, QUALIFY_ENDPOINTS, QUALIFY_RULE } from "@/scripts/bench/endpoints";
import type { Endpoint } from "@/scripts/bench/requests";
import type { Backend } from "@/scripts/bench/stores";

export interface Stage {
  backend: Backend;
  size: number;
  /** Runs the servers with REFERRAL_QUALIFY set to this rule, on QUALIFY_ENDPOINTS only. */
  qualify?: typeof QUALIFY_RULE;
}

export const FULL_STAGES: Stage[] = [
  { backend: "sqlite", size: 1_000 },
  { backend: "sqlite", size: 100_000 },
  { backend: "redis", size: 1_000 },
  { backend: "redis", size: 100_000 },
  { backend: "redis", size: 1_000_000 },
  { backend: "upstash", size: 1_000 },
  { backend: "upstash", size: 100_000 },
  { backend: "upstash", size: 1_000_000 },
  { backend: "redis", size: 100_000, qualify: QUALIFY_RULE },
];

export const SMOKE_STAGES: Stage[] = [
  { backend: "sqlite", size: 200 },
  { backend: "redis", size: 200 },
  { backend: "upstash", size: 200 },
  { backend: "redis", size: 200, qualify: QUALIFY_RULE },
];

export interface BenchOptions {
  stages: Stage[];
  /** The endpoints to drive on each stage (coverage rows at each backend's largest stage only); default: every one of ENDPOINTS. */
  endpoints?: readonly Endpoint[];
  /** Seconds of each measured run; null to use the counting run as the measured one (smoke). */
  duration: number | null;
  /**
   * Requests of GET /api/health (of GET /api/ping on the floor's servers) that each server
   * answers once started, before anything is measured: a fresh process runs the framework's code
   * unoptimised for its first thousands of requests, which would otherwise be charged to
   * whichever endpoint comes first.
   */
  serverWarmup: { amount: number };
  /** Requests of each endpoint's warm-up run (its own code paths, the Redis script cache, connection pools). */
  warmup: { amount: number };
  /** Requests of each counting run. */
  countRequests: number;
  /**
   * Each server's CPU per request on each endpoint: `count` slices of `amount` requests over
   * `connections` connections; next start's each followed by as many on the floor's empty route
   * (see cpuInSlices).
   */
  cpuSlices: { count: number; amount: number; connections: number };
  /** Counts of open GET /api/leaderboard/stream clients measured on the first Redis TCP stage; [] for none. */
  fanOut: number[];
  /** Seconds over which the store's reads are counted at each count of open streams. */
  fanOutQuietSeconds: number;
  /** Visits of distinct visitors seeded on today's UTC day (writeVisits), which GET /api/admin/stats reads. */
  visits: number;
  /** Run `next build` first. */
  build: boolean;
  mode: "full" | "smoke";
  log?: (line: string) => void;
}

export const FULL_OPTIONS: Omit<BenchOptions, "build"> = {
  stages: FULL_STAGES,
  duration: 5,
  serverWarmup: { amount: 6000 },
  warmup: { amount: 1500 },
  countRequests: 500,
  cpuSlices: { count: 4, amount: 500, connections: 10 },
  fanOut: [1, 100, 1_000],
  fanOutQuietSeconds: 10,
  visits: 100_000,
  mode: "full",
};

export const SMOKE_OPTIONS: Omit<BenchOptions, "build"> = {
  stages: SMOKE_STAGES,
  duration: null,
  serverWarmup: { amount: 50 },
  warmup: { amount: 50 },
  countRequests: 100,
  // One slice: the smoke run checks that every row gets its CPU/floor, not how low it is.
  cpuSlices: { count: 1, amount: 50, connections: 10 },
  fanOut: [1, 10, 50],
  fanOutQuietSeconds: 3,
  visits: 500,
  mode: "smoke",
};

/** The rows of a stage: the qualifying stage's own, or every one asked for, coverage rows only where `largest`. */
export function stageEndpoints(stage: Stage, options: Pick<BenchOptions, "endpoints">, largest: boolean): readonly Endpoint[] {
  if (stage.qualify) return QUALIFY_ENDPOINTS;
  return (options.endpoints ?? ENDPOINTS).filter((e) => !e.coverage || largest);
}

/** Whether `stage` is its backend's largest of the run (the qualifying stage drives rows of its own whatever its size). */
export function isLargest(stage: Stage, stages: readonly Stage[]): boolean {
  return stages.every((s) => s.backend !== stage.backend || s.size <= stage.size);
}

