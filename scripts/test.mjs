#!/usr/bin/env node
// `npm test`: every suite, against the production build, with the services it needs.
// Installs missing system binaries with apt-get when root; otherwise says what to install.
// Ends with one line "N passed, N failed" totalling every suite (CI reads it); says each phase's time.
// `npm test -- --project unit --project api` runs only those vitest projects: no typecheck, no
// browser tests, and no build unless a chosen project serves the build (CI's second Node uses it).
// A build .next already holds of exactly these sources (tests/support/build-stamp.mjs) is reused, and
// with REFBOARD_SKIP_BUILD=1 whatever build .next holds is.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, connect } from "node:net";
import { relative } from "node:path";
import { buildForTests, buildIsFresh, sourceStamp } from "../tests/support/build-stamp.mjs";

const REPORTS = "reports";
const NEEDS = [
  { bin: "redis-server", pkg: "redis-server", why: "the Redis store tests" },
  { bin: "chromium", pkg: "chromium", why: "the browser tests" },
  { bin: "openssl", pkg: "openssl", why: "the Upstash transport's https test (a certificate made for the run)" },
];

function log(message) {
  process.stdout.write(`\n[test] ${message}\n`);
}

const phases = [];

/** Runs one phase of the run and says how long it took, then and again in the summary. */
async function phase(name, work) {
  const started = performance.now();
  const result = await work();
  const seconds = Math.round((performance.now() - started) / 1000);
  phases.push(`${name} ${seconds} s`);
  log(`phase ${name}: ${seconds} s`);
  return result;
}

function has(bin) {
  return spawnSync("sh", ["-c", `command -v ${bin}`], { stdio: "ignore" }).status === 0;
}

function ensureBinaries() {
  const missing = NEEDS.filter((n) => !has(n.bin));
  if (missing.length === 0) return;
  const pkgs = missing.map((n) => n.pkg);
  if (process.getuid?.() !== 0) {
    console.error(
      `[test] missing: ${missing.map((n) => `${n.bin} (for ${n.why})`).join(", ")}.\n` +
        `[test] install them with: sudo apt-get update && sudo apt-get install -y ${pkgs.join(" ")}`,
    );
    process.exit(2);
  }
  log(`installing ${pkgs.join(", ")} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update", "-qq"], ["install", "-y", "-qq", ...pkgs]]) {
    if (spawnSync("apt-get", args, { stdio: "inherit", env }).status !== 0) {
      console.error(`[test] apt-get ${args.join(" ")} failed`);
      process.exit(2);
    }
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port) {
  for (let i = 0; i < 200; i++) {
    const ok = await new Promise((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not listen on ${port}`);
}

function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

function chosenProjects(args) {
  const projects = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--project" && args[i + 1]) projects.push(args[++i]);
    else throw new Error(`unknown argument ${args[i]}: the only option is --project <vitest project>`);
  }
  return projects;
}

const BUILD_PROJECTS = ["api", "reliability", "bench"];

// The first line of a failure message, short enough that a CI log's tail still shows it.
/** The failure's first lines on one line: the error, then what it expected and received (a browser test's locator and call log). */
function failureSummary(message) {
  const lines = String(message ?? "")
    .replace(/\x1b\[[0-9;]*m/g, "")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.slice(0, 8).join(" | ").slice(0, 700);
}

function vitestFailures(report) {
  return report.testResults.flatMap((file) => {
    const where = relative(process.cwd(), file.name);
    const failed = file.assertionResults
      .filter((t) => t.status === "failed")
      .map((t) => `${where} > ${t.fullName}: ${failureSummary(t.failureMessages?.[0])}`);
    // A file that fails before its tests run (an import error, a hook) has no failed test to name.
    return failed.length === 0 && file.status === "failed" ? [`${where}: ${failureSummary(file.message)}`] : failed;
  });
}

function playwrightFailures(report) {
  const walk = (suite, titles) =>
    [
      ...(suite.specs ?? []).flatMap((spec) =>
        spec.tests
          .filter((t) => t.status === "unexpected")
          .map((t) => {
            const error = t.results.at(-1)?.error?.message;
            return `${spec.file}:${spec.line} [${t.projectName}] ${[...titles, spec.title].join(" > ")}: ${failureSummary(error)}`;
          }),
      ),
      ...(suite.suites ?? []).flatMap((child) => walk(child, [...titles, child.title])),
    ];
  return report.suites.flatMap((s) => walk(s, []));
}

async function main() {
  const projects = chosenProjects(process.argv.slice(2));
  const everything = projects.length === 0;
  ensureBinaries();
  rmSync(REPORTS, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });

  const port = await freePort();
  const redis = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  const stopRedis = () => redis.exitCode === null && redis.kill("SIGTERM");
  process.on("exit", stopRedis);
  await waitForPort(port);
  const env = { TEST_REDIS_URL: `redis://127.0.0.1:${port}`, REFBOARD_SKIP_BUILD: "1", NEXT_TELEMETRY_DISABLED: "1" };

  const node = process.execPath;
  log(`node ${process.version}${everything ? "" : `, projects: ${projects.join(", ")}`}`);
  let buildCode = 0;
  if (everything || projects.some((p) => BUILD_PROJECTS.includes(p))) {
    if (process.env.REFBOARD_SKIP_BUILD === "1") {
      // CI's second Node: the first one's build, copied (a build is not tied to the Node that made it).
      log("next build: skipped (REFBOARD_SKIP_BUILD=1), the tests use the build in .next as it is");
    } else if (buildIsFresh(process.cwd(), sourceStamp())) {
      log("next build: not needed, .next holds the tests' build of exactly these sources");
    } else {
      log("next build (the HTTP and browser tests run against the production build)");
      // With every suite, tsc below type-checks all the build would, and more: the build skips it.
      buildCode = await phase("next build", () => buildForTests(process.cwd(), { typecheckDone: everything, env }));
    }
  }
  const suites = [];
  const failures = [];
  if (everything) {
    log("tsc --noEmit (tests and scripts included)");
    const typecheckCode = await phase("tsc", () => run(node, ["node_modules/typescript/bin/tsc", "--noEmit"], env));
    suites.push({ name: "typecheck", passed: typecheckCode === 0 ? 1 : 0, failed: typecheckCode === 0 ? 0 : 1, skipped: 0 });
  }
  if (buildCode !== 0) {
    suites.push({ name: "build", passed: 0, failed: 1, skipped: 0 });
  } else {
    log(everything ? "vitest: every project (unit, store, api, chain, reliability, bench)" : `vitest: ${projects.join(", ")}`);
    const vitestCode = await phase("vitest", () =>
      run(
        node,
        [
          "node_modules/vitest/vitest.mjs",
          "run",
          ...projects.flatMap((p) => ["--project", p]),
          "--reporter=default",
          "--reporter=json",
          `--outputFile.json=${REPORTS}/vitest.json`,
        ],
        env,
      ),
    );
    const v = readJson(`${REPORTS}/vitest.json`);
    if (v) failures.push(...vitestFailures(v));
    suites.push(
      v
        ? {
            name: "vitest",
            passed: v.numPassedTests,
            failed: v.numFailedTests + (vitestCode !== 0 && v.numFailedTests === 0 ? 1 : 0),
            skipped: v.numPendingTests + v.numTodoTests,
          }
        : { name: "vitest", passed: 0, failed: 1, skipped: 0 },
    );

    if (everything && existsSync("playwright.config.ts")) {
      log("playwright: browser tests in Debian's Chromium, against the production build and under next dev");
      const pwCode = await phase("playwright", () =>
        run(node, ["node_modules/@playwright/test/cli.js", "test", "--reporter=list,json"], {
          ...env,
          PLAYWRIGHT_JSON_OUTPUT_FILE: `${REPORTS}/playwright.json`,
        }),
      );
      const p = readJson(`${REPORTS}/playwright.json`);
      if (p) failures.push(...playwrightFailures(p));
      suites.push(
        p
          ? {
              name: "playwright",
              passed: p.stats.expected + p.stats.flaky,
              failed: p.stats.unexpected + (pwCode !== 0 && p.stats.unexpected === 0 ? 1 : 0),
              skipped: p.stats.skipped,
            }
          : { name: "playwright", passed: 0, failed: 1, skipped: 0 },
      );
    }
  }
  stopRedis();

  // Named again at the end, where a truncated CI log still shows them.
  for (const f of failures) console.log(`[test] FAILED ${f}`);
  log(`phases: ${phases.join(", ")}`);
  for (const s of suites) log(`${s.name}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`);
  const total = suites.reduce((t, s) => ({ passed: t.passed + s.passed, failed: t.failed + s.failed, skipped: t.skipped + s.skipped }), {
    passed: 0,
    failed: 0,
    skipped: 0,
  });
  // A skipped test hides a gap: it fails the run like a failing one.
  if (total.skipped > 0) log(`${total.skipped} skipped tests: nothing may be skipped`);
  console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
  process.exit(total.failed > 0 || total.skipped > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  console.log("0 passed, 1 failed");
  process.exit(1);
});
