/**
 * The benchmark harness, in its smoke mode (tiny stores, a few requests per endpoint), so that
 * `npm run bench` cannot rot: every stage yields a complete row per endpoint, on both Redis
 * backends every endpoint costs one round trip, counted for real, the framework floor is
 * measured on both of its servers, and every row and endpoint gets its CPU/floor figure (target
 * 3). No timing, throughput or verdict on CPU is asserted: on a shared 2-core machine those are
 * measurements, not facts.
 */
import { describe, expect, it } from "vitest";
import { benchmarksDoc } from "@/scripts/bench/doc";
import { ENDPOINTS, QUALIFY_ENDPOINTS } from "@/scripts/bench/endpoints";
import { runBench } from "@/scripts/bench/harness";
import { isLargest, SMOKE_OPTIONS, stageEndpoints } from "@/scripts/bench/stages";
import { endpointCosts, floorRatio, resultsTable, verdicts } from "@/scripts/bench/report";

describe("npm run bench -- --smoke", () => {
  it("produces the complete table, with one Redis round trip per request on every endpoint, the framework floor and each row's CPU against it", { timeout: 600_000 }, async () => {
    const lines: string[] = [];
    const report = await runBench({ ...SMOKE_OPTIONS, build: false, log: (line) => lines.push(line) });

    const stages = SMOKE_OPTIONS.stages;
    const endpointsOf = (stage: (typeof stages)[number]) => stageEndpoints(stage, {}, isLargest(stage, stages));
    // Every smoke stage is its backend's largest: each drives the coverage rows too.
    for (const stage of stages.filter((s) => !s.qualify)) expect(endpointsOf(stage), stage.backend).toEqual(ENDPOINTS);
    // One stage runs with REFERRAL_QUALIFY=checkin on its own endpoints: the binding and the crediting check-in.
    expect(stages.filter((s) => s.qualify === "checkin").map((s) => s.backend)).toEqual(["redis"]);
    expect(report.rows).toHaveLength(stages.reduce((n, stage) => n + endpointsOf(stage).length, 0));
    for (const stage of stages) {
      const rows = report.rows.filter((r) => r.backend === stage.backend && r.size === stage.size && r.qualify === stage.qualify);
      expect(rows.map((r) => r.endpoint), `${stage.backend}`).toEqual(endpointsOf(stage).map((e) => e.name));
    }

    for (const row of report.rows) {
      const where = `${row.endpoint} on ${row.backend}`;
      const endpoint = [...ENDPOINTS, ...QUALIFY_ENDPOINTS].find((e) => e.name === row.endpoint)!;
      // Every request answered: a 2xx, or the 400 the check-in sequence expects.
      expect(row.next.responses, where).toBe(endpoint.load?.requests ?? SMOKE_OPTIONS.countRequests);
      expect(row.next.unexpected, where).toBe(0);
      for (const figure of [row.next.rps, row.next.p50, row.next.p99]) expect(Number.isFinite(figure), where).toBe(true);
      // A coverage row has no bare twin, and its round trips are shown, not held to one.
      expect(row.coverage, where).toBe(endpoint.coverage);
      if (endpoint.bare === false) {
        expect([row.bare, row.bareRT, row.bareObservedRT], where).toEqual([null, null, null]);
        if (row.backend !== "sqlite") expect(row.nextRT, where).toBeGreaterThanOrEqual(0);
        continue;
      }
      expect(row.bare!.responses, where).toBe(SMOKE_OPTIONS.countRequests);
      expect(row.bare!.unexpected, where).toBe(0);
      for (const figure of [row.bare!.rps, row.bare!.p50]) expect(Number.isFinite(figure), where).toBe(true);
      if (row.backend === "sqlite") {
        expect([row.nextRT, row.bareRT, row.bareObservedRT], where).toEqual([null, null, null]);
      } else {
        // next start counted outside the app (MONITOR / the bridge); the bare server by countingClient too.
        expect({ next: row.nextRT, bare: row.bareRT, bareObserved: row.bareObservedRT }, where).toEqual({
          next: 1,
          bare: 1,
          bareObserved: 1,
        });
      }
    }

    const checkIns = report.rows.filter((r) => r.endpoint === "POST /api/steam/task/complete");
    for (const row of checkIns) expect(row.next.expected4xx + row.bare!.expected4xx, row.backend).toBeGreaterThan(0);

    const table = resultsTable(report).split("\n");
    expect(table).toHaveLength(report.rows.length + 2);
    expect(table[0]).toContain("Next/bare");
    expect(table.slice(2).every((line) => !line.includes("NaN"))).toBe(true);

    // Target 3's figure: every row's CPU per request against the floor its own stage measured.
    const header = table[0]!.split("|").map((cell) => cell.trim());
    const ratioColumn = header.indexOf("CPU/floor");
    expect(ratioColumn).toBeGreaterThan(0);
    for (const [i, row] of report.rows.entries()) {
      const where = `${row.endpoint} on ${row.backend}`;
      expect(row.floorCpuMs, where).toBeGreaterThan(0);
      expect(floorRatio(row), where).toBeGreaterThan(0);
      expect(table[i + 2]!.split("|")[ratioColumn]!.trim(), where).toMatch(/^\d+\.\d\d$/);
    }
    const costs = endpointCosts(report);
    expect(costs.map((c) => c.endpoint)).toEqual([...ENDPOINTS, ...QUALIFY_ENDPOINTS].map((e) => e.name));
    for (const cost of costs) {
      expect(cost.ratio, cost.endpoint).toBeGreaterThan(0);
      const measuredOn = stages.filter((s) => endpointsOf(s).some((e) => e.name === cost.endpoint)).map((s) => s.backend);
      expect(Object.keys(cost.byBackend).sort(), cost.endpoint).toEqual(measuredOn.sort());
      expect(["met", "not met"], cost.endpoint).toContain(cost.status);
    }

    // The stream's fan-out, measured on the Redis TCP stage: one watcher per process, whatever the count of streams.
    expect(report.fanOut?.rows.map((r) => r.clients)).toEqual(SMOKE_OPTIONS.fanOut);
    for (const row of report.fanOut!.rows) {
      expect(row.storeReadsPerSecond, `${row.clients} streams`).toBeLessThanOrEqual(2);
      expect(row.storeReadsPerSecond, `${row.clients} streams`).toBeGreaterThan(0);
      expect(Number.isFinite(row.deliveryMaxMs)).toBe(true);
    }
    expect(benchmarksDoc(report)).toContain("### Stream fan-out");

    const status = Object.fromEntries(verdicts(report).map((v) => [v.target.slice(0, 2), v.status]));
    expect(status["1."]).toBe("met");
    expect(status["4."]).toBe("met");
    expect(report.firstLoad?.scripts.length ?? 0).toBeGreaterThan(0);

    // The framework floor: an empty route handler under next start against bare node:http, both answering.
    const floor = report.frameworkFloor;
    for (const server of [floor.next, floor.bare]) {
      expect(server.responses).toBe(SMOKE_OPTIONS.countRequests);
      expect(server.unexpected).toBe(0);
      expect(server.rps).toBeGreaterThan(0);
    }
    const ratio = floor.next.rps / floor.bare.rps;
    expect(ratio).toBeGreaterThan(0);
    expect(Number.isFinite(ratio)).toBe(true);
    const target3 = verdicts(report).find((v) => v.target.startsWith("3."));
    expect(target3?.target).toContain("empty Next route handler");
    expect(target3?.figure).toContain("CPU/floor");
    expect(target3?.figure).toContain("an empty Next route handler");
    const doc = benchmarksDoc(report);
    expect(doc).toMatch(/### Framework floor\n[^#]*\| `next start` +\| +[\d,]+ \|/);
    expect(doc).toMatch(/### Target 3 by endpoint[^#]*\| endpoint +\| Next CPU ms\/req +\| CPU\/floor +\| within its backends' targets/);
  });
});
