/**
 * The bench's verdicts on CPU per request (scripts/bench/report.ts): target 3 judged per backend with its own
 * bound (1.25 on SQLite and Redis TCP, 1.5 on Upstash REST), target 6 on the console's stats read at each
 * backend's largest N; each at exactly its bound and just past it.
 */
import { describe, expect, it } from "vitest";
import { verdicts, type BenchReport, type Row } from "@/scripts/bench/report";
import type { Backend } from "@/scripts/bench/stores";

const load = { rps: 1, p50: 1, p99: 1, responses: 1, unexpected: 0, expected4xx: 0 } as unknown as Row["next"];

/** A row whose CPU per request is `ratio` floors (the floor at 1 ms). */
const row = (endpoint: string, backend: Backend, size: number, ratio: number): Row => ({
  endpoint,
  backend,
  size,
  next: load,
  bare: null,
  nextCpuMs: ratio,
  bareCpuMs: null,
  floorCpuMs: 1,
  nextRT: null,
  bareRT: null,
  bareObservedRT: null,
});

const report = (rows: Row[]) => ({ rows, settings: {}, frameworkFloor: null }) as unknown as BenchReport;
const status = (rows: Row[], target: string) => verdicts(report(rows)).find((v) => v.target.startsWith(target))?.status;

describe("bench verdicts", () => {
  it("target 3: SQLite and Redis TCP within 1.25, Upstash REST within 1.5, each at its bound and not past it", () => {
    const health = "GET /api/health";
    expect(status([row(health, "sqlite", 1000, 1.25), row(health, "redis", 1000, 1.25), row(health, "upstash", 1000, 1.5)], "3.")).toBe("met");
    expect(status([row(health, "sqlite", 1000, 1.26)], "3.")).toBe("not met");
    expect(status([row(health, "redis", 1000, 1.26)], "3.")).toBe("not met");
    expect(status([row(health, "upstash", 1000, 1.51)], "3.")).toBe("not met");
    // The console's endpoints are not public: judged by target 6, not 3.
    expect(status([row("GET /api/admin/stats", "sqlite", 1000, 4)], "3.")).toBe("not measured");
  });

  it("target 6: the stats read at each backend's largest N, at most 5 floors", () => {
    const stats = "GET /api/admin/stats";
    expect(status([row(stats, "redis", 1000, 9), row(stats, "redis", 1_000_000, 5), row(stats, "sqlite", 100_000, 2)], "6.")).toBe("met");
    expect(status([row(stats, "redis", 1000, 1), row(stats, "redis", 1_000_000, 5.01)], "6.")).toBe("not met");
    expect(status([], "6.")).toBe("not measured");
  });
});
