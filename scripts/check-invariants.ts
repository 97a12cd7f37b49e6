/**
 * npm run check:invariants -- [--backend sqlite|redis|upstash] [--page-size N] [--show N] [--json] [--env-file PATH]
 *
 * Scans the store the app is configured for (the same environment variables, parsed by
 * lib/config) and reports every broken consistency rule of lib/operators/invariants.ts.
 * Exit code: 0 when there is no violation; 1 when there is any, or the check failed (the
 * store unreachable: the message says which); 2 on a usage or configuration mistake.
 * Safe on a live store: it only reads. Run with node --conditions=react-server --import tsx.
 */
import { checkInvariants, VIOLATION_KINDS, type InvariantReport } from "@/lib/operators/invariants";
import { ADMIN_BATCH_LIMIT } from "@/lib/store/types";
import { openConfiguredStore, runMain, UsageError, wholeNumber } from "@/scripts/operator-cli";

const BACKENDS = ["sqlite", "redis", "upstash"] as const;
type Backend = (typeof BACKENDS)[number];

const USAGE = `usage: npm run check:invariants -- [--backend sqlite|redis|upstash] [--page-size N] [--show N] [--json] [--env-file PATH]
  --backend    which configured store to check (default: the one the app would use)
  --page-size  wallets per scan page (default 500, at most ${ADMIN_BATCH_LIMIT})
  --show       violations printed in full (default 20; all are counted)
  --json       print the report as one JSON object
  --env-file   load variables from a file first (repeatable; the environment wins)`;

/** The variables that select each backend; --backend drops the others so parseConfig picks the asked one. */
const BACKEND_VARS: Record<Backend, string[]> = {
  sqlite: [],
  redis: ["REDIS_URL"],
  upstash: ["KV_REST_API_URL", "KV_REST_API_TOKEN", "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN"],
};

function envFor(backend: Backend | undefined, env: Record<string, string | undefined>): Record<string, string | undefined> {
  if (!backend) return env;
  const selected = { ...env };
  for (const [other, vars] of Object.entries(BACKEND_VARS)) {
    if (other !== backend) for (const name of vars) delete selected[name];
  }
  if (backend !== "sqlite" && !BACKEND_VARS[backend].some((name) => selected[name])) {
    throw new UsageError(`--backend ${backend} needs ${BACKEND_VARS[backend].join(" or ")} to be set`);
  }
  return selected;
}

function printSummary(target: string, report: InvariantReport, seconds: number): void {
  console.log(`\ninvariants of ${target}`);
  console.log(`  wallets ${report.wallets}, leaderboard entries ${report.entries}, referrals ${report.referrals}`);
  console.log(`  checked in ${seconds.toFixed(1)} s; open-referrer map peaked at ${report.peakOpenReferrers} entries`);
  for (const kind of VIOLATION_KINDS) {
    if (report.byKind[kind] > 0) console.log(`  ${kind.padEnd(18)} ${report.byKind[kind]}`);
  }
  console.log(report.violations === 0 ? "OK: 0 violations" : `FAILED: ${report.violations} violation(s)`);
}

const OPTIONS = {
  backend: { type: "string" },
  "page-size": { type: "string" },
  show: { type: "string" },
  json: { type: "boolean", default: false },
} as const;

runMain("check-invariants", USAGE, OPTIONS, async (values) => {
  const backend = values.backend;
  if (backend !== undefined && !(BACKENDS as readonly string[]).includes(backend)) {
    throw new UsageError(`--backend must be one of ${BACKENDS.join(", ")}, got ${backend}`);
  }
  const pageSize = wholeNumber(values["page-size"], "page-size", 500, 1, ADMIN_BATCH_LIMIT);
  const show = wholeNumber(values.show, "show", 20, 0, Number.MAX_SAFE_INTEGER);

  const { store, target } = await openConfiguredStore(values["env-file"], (env) => envFor(backend as Backend | undefined, env));
  try {
    let printed = 0;
    const started = performance.now();
    const report = await checkInvariants(store, {
      pageSize,
      sampleSize: values.json ? show : 0,
      onViolation: (v) => {
        if (!values.json && printed++ < show) console.log(`${v.kind}\t${v.wallet}\t${v.detail}`);
      },
      onProgress: (wallets) => {
        if (!values.json && process.stderr.isTTY) process.stderr.write(`\rscanned ${wallets} wallets`);
      },
    });
    const seconds = (performance.now() - started) / 1000;
    if (!values.json && process.stderr.isTTY) process.stderr.write("\n");
    if (values.json) console.log(JSON.stringify({ target, seconds, ...report }));
    else {
      if (report.violations > show) console.log(`... and ${report.violations - show} more (--show N prints more)`);
      printSummary(target, report, seconds);
    }
    return report.violations === 0 ? 0 : 1;
  } finally {
    await store.close();
  }
});
