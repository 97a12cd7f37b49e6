/**
 * Which rows each stage of the bench drives: the public endpoints' at every stage, the coverage rows
 * (scripts/bench/coverage-endpoints.ts) at each backend's largest stage only, the qualifying stage its own.
 */
import { describe, expect, it } from "vitest";
import { ENDPOINTS, QUALIFY_ENDPOINTS } from "@/scripts/bench/endpoints";
import { FULL_STAGES, isLargest, stageEndpoints } from "@/scripts/bench/stages";

describe("the bench's stages", () => {
  const largest = FULL_STAGES.filter((stage) => !stage.qualify && isLargest(stage, FULL_STAGES)).map((s) => `${s.backend} ${s.size}`);

  it("drives the coverage rows at SQLite 100k, Redis TCP 1M and Upstash REST 1M only", () => {
    expect(largest).toEqual(["sqlite 100000", "redis 1000000", "upstash 1000000"]);
    for (const stage of FULL_STAGES) {
      const names = stageEndpoints(stage, {}, isLargest(stage, FULL_STAGES)).map((e) => e.name);
      const where = `${stage.backend} ${stage.size}${stage.qualify ? ` ${stage.qualify}` : ""}`;
      if (stage.qualify) expect(names, where).toEqual(QUALIFY_ENDPOINTS.map((e) => e.name));
      else if (largest.includes(`${stage.backend} ${stage.size}`)) expect(names, where).toEqual(ENDPOINTS.map((e) => e.name));
      else expect(names, where).toEqual(ENDPOINTS.filter((e) => !e.coverage).map((e) => e.name));
    }
  });

  it("keeps a run of coverage rows alone to the largest stages", () => {
    const endpoints = ENDPOINTS.filter((e) => e.name === "GET /api/claim");
    const driven = FULL_STAGES.filter((stage) => stageEndpoints(stage, { endpoints }, isLargest(stage, FULL_STAGES)).length > 0 && !stage.qualify);
    expect(driven.map((s) => `${s.backend} ${s.size}`)).toEqual(largest);
  });

  it("runs the public reads before any write, and the public writes before the coverage writes", () => {
    const firstWrite = ENDPOINTS.findIndex((e) => e.writes);
    const lastPublic = ENDPOINTS.findLastIndex((e) => !e.coverage);
    const firstCoverageWrite = ENDPOINTS.findIndex((e) => e.coverage && e.writes);
    expect(ENDPOINTS.slice(firstWrite).filter((e) => !e.coverage && !e.writes)).toEqual([]);
    expect(ENDPOINTS[lastPublic]!.writes).toBe(true);
    expect(lastPublic).toBeLessThan(firstCoverageWrite);
  });
});
