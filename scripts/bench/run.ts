/**
 * `npm run bench [-- --smoke] [--skip-build] [--duration S] [--backends sqlite,redis,upstash] [--endpoints "GET /api/leaderboard,..."] [--from-json FILE] [--floor-only] [--profiles-only]`
 *
 * Builds once, runs every stage of harness.ts, prints one table and the target verdicts, saves
 * the raw figures to reports/bench.json and (full runs only) rewrites docs/benchmarks.md and
 * its chart. --backends and --endpoints make a partial run, which saves its figures but never
 * rewrites the docs, not even through --from-json, which re-renders the outputs from a saved run
 * without measuring again. --floor-only measures the framework floor (next-floor.ts) alone and
 * prints it, nothing saved. A whole full run then profiles target 3 (target3-profiles.ts) into the same report;
 * --profiles-only profiles the current build again into reports/bench.json and re-renders from it. Coverage rows (coverage-endpoints.ts) run at each backend's largest
 * stage of the run only: `--backends sqlite --endpoints "GET /api/claim"` seeds and drives SQLite 100k alone.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { benchmarksDoc, CHART_FILE } from "@/scripts/bench/doc";
import { ENDPOINTS } from "@/scripts/bench/endpoints";
import { runBench, stopBench } from "@/scripts/bench/harness";
import { FULL_OPTIONS, SMOKE_OPTIONS, type BenchOptions } from "@/scripts/bench/stages";
import { leaderboardChart } from "@/scripts/bench/chart";
import { fanOutTable, floorFigure, resultsTable, verdictTable, type BenchReport } from "@/scripts/bench/report";
import { Cleanup } from "@/scripts/bench/services";
import { BACKENDS, type Backend } from "@/scripts/bench/stores";
import { PROFILE_OPTIONS, profileTarget3, type Target3Profiles } from "@/scripts/bench/target3-profiles";

const REPORT_FILE = "reports/bench.json";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      smoke: { type: "boolean", default: false },
      "skip-build": { type: "boolean", default: false },
      duration: { type: "string" },
      backends: { type: "string" },
      endpoints: { type: "string" },
      "from-json": { type: "string" },
      "floor-only": { type: "boolean", default: false },
      "profiles-only": { type: "boolean", default: false },
    },
  });

  let report: BenchReport;
  if (values["from-json"]) {
    report = JSON.parse(readFileSync(values["from-json"], "utf8")) as BenchReport;
  } else if (values["profiles-only"]) {
    report = JSON.parse(readFileSync(REPORT_FILE, "utf8")) as BenchReport;
    report.target3Profiles = await withProfiles();
    writeFileSync(REPORT_FILE, JSON.stringify(report, null, 2));
  } else {
    const base = values.smoke ? SMOKE_OPTIONS : FULL_OPTIONS;
    const options: BenchOptions = { ...base, build: !values["skip-build"] };
    if (values.duration) {
      const duration = Number(values.duration);
      if (!(duration > 0)) throw new Error("--duration must be a number of seconds > 0");
      options.duration = duration;
    }
    if (values.backends) {
      const wanted = values.backends.split(",") as Backend[];
      const unknown = wanted.filter((b) => !BACKENDS.includes(b));
      if (unknown.length) throw new Error(`unknown backend(s): ${unknown.join(", ")}`);
      options.stages = options.stages.filter((s) => wanted.includes(s.backend));
    }
    if (values.endpoints) {
      const wanted = values.endpoints.split(",").map((name) => name.trim());
      const unknown = wanted.filter((name) => !ENDPOINTS.some((e) => e.name === name));
      if (unknown.length) throw new Error(`unknown endpoint(s): ${unknown.join(", ")}; known: ${ENDPOINTS.map((e) => e.name).join(", ")}`);
      options.endpoints = ENDPOINTS.filter((e) => wanted.includes(e.name));
      // The qualifying stage drives endpoints of its own, none of those asked for.
      options.stages = options.stages.filter((s) => !s.qualify);
    }
    if (values["floor-only"]) {
      const { frameworkFloor } = await runBench({ ...options, stages: [], build: false });
      console.log(`[bench] ${floorFigure(frameworkFloor)}`);
      return;
    }
    report = { ...(await runBench(options)), partial: Boolean(values.backends || values.endpoints) };
    mkdirSync("reports", { recursive: true });
    writeFileSync(REPORT_FILE, JSON.stringify(report, null, 2));
    // Target 3's explanation belongs to the figures it explains: a whole full run profiles too (saved
    // first, so that a failure here leaves the figures, and --profiles-only can add them).
    if (report.mode === "full" && !report.partial) {
      report.target3Profiles = await withProfiles();
      writeFileSync(REPORT_FILE, JSON.stringify(report, null, 2));
    }
  }

  console.log(`\n${resultsTable(report)}\n\n${fanOutTable(report)}\n\n${verdictTable(report)}\n`);
  // A smoke run checks the harness, a --backends or --endpoints run is partial: only a whole full run rewrites the docs.
  if (report.mode === "full" && !report.partial) {
    writeFileSync(`docs/${CHART_FILE}`, leaderboardChart(report.rows));
    writeFileSync("docs/benchmarks.md", benchmarksDoc(report));
    console.log(`[bench] wrote docs/benchmarks.md and docs/${CHART_FILE}${values["from-json"] ? "" : `; raw figures in ${REPORT_FILE}`}`);
  }
  // A row answered what its sequence does not expect: its figures measure something else, so the run fails (its outputs kept to read).
  const off = report.rows.filter((r) => r.next.unexpected + (r.bare?.unexpected ?? 0) > 0);
  for (const r of off) {
    console.error(`[bench] ${r.endpoint} on ${r.backend} ${r.size}: unexpected responses; next start answered ${JSON.stringify(r.next.statuses)}`);
  }
  if (off.length) process.exitCode = 1;
}

const profileCleanup = new Cleanup();

/** Target 3's profiles (target3-profiles.ts) on the current build, every server they start stopped after. */
async function withProfiles(): Promise<Target3Profiles> {
  try {
    return await profileTarget3(PROFILE_OPTIONS, profileCleanup);
  } finally {
    await profileCleanup.run();
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`[bench] ${signal}: stopping the servers it started`);
    void Promise.all([stopBench(), profileCleanup.run()]).finally(() => process.exit(130));
  });
}

main().catch((error: unknown) => {
  console.error("[bench] failed:", error);
  process.exit(1);
});
