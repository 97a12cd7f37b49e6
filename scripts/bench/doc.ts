/** docs/benchmarks.md, generated from one benchmark report so that `npm run bench` reproduces it. */
import { NOT_DRIVEN } from "@/scripts/bench/coverage-endpoints";
import { ENDPOINTS, QUALIFY_RULE } from "@/scripts/bench/endpoints";
import { findings } from "@/scripts/bench/findings";
import { kB } from "@/scripts/bench/first-load-js";
import type { LoadResult } from "@/scripts/bench/load";
import {
  BACKEND_LABEL,
  endpointCosts,
  fanOutTable,
  FLOOR_TARGET,
  FLOOR_TARGETS,
  floorRange,
  LEADERBOARD_ENDPOINTS,
  markdownTable,
  medianOf,
  resultsTable,
  sizeLabel,
  verdictTable,
  type BenchReport,
  type Row,
} from "@/scripts/bench/report";
import { BACKENDS } from "@/scripts/bench/stores";
import { profilesSection } from "@/scripts/bench/target3-profiles";

export const CHART_FILE = "bench-leaderboard-p50.svg";

/** Target 3 endpoint by endpoint over all stages, per backend, with the bare server's figures beside it; `judged`: the public endpoints, else the others. */
function costTable(report: BenchReport, judged: boolean): string {
  const fixed = (v: number | null | undefined, digits: number) => (v === null || v === undefined ? "-" : v.toFixed(digits));
  const backends = BACKENDS.filter((b) => report.rows.some((r) => r.backend === b));
  const header = [
    "endpoint",
    "Next CPU ms/req",
    "CPU/floor",
    "within its backends' targets",
    ...backends.map((b) => `CPU/floor ${BACKEND_LABEL[b]}`),
    "bare CPU ms/req",
    "Next/bare min",
    "Next/bare max",
  ];
  return markdownTable(
    header,
    endpointCosts(report)
      .filter((c) => c.judged === judged)
      .map((c) => {
        const ratios = report.rows.flatMap((r) => (r.endpoint === c.endpoint && r.bare ? [r.next.rps / r.bare.rps] : []));
        return [
          c.endpoint,
          fixed(c.cpuMs, 3),
          fixed(c.ratio, 2),
          !judged || c.status === "not measured" ? "-" : c.status === "met" ? "yes" : "**no**",
          ...backends.map((b) => fixed(c.byBackend[b], 2)),
          fixed(c.bareCpuMs, 3),
          ratios.length ? Math.min(...ratios).toFixed(2) : "-",
          ratios.length ? Math.max(...ratios).toFixed(2) : "-",
        ];
      }),
    new Set(header.map((_, c) => c).filter((c) => c >= 1 && c !== 3)),
  );
}

/** The framework floor's figures and the ceiling they put on Next/bare. */
function floorSection(report: BenchReport): string {
  const floor = report.frameworkFloor;
  if (!floor) return "Not measured in this run.";
  const line = (server: string, r: LoadResult, cpu: number | null) => [
    server,
    Math.round(r.rps).toLocaleString("en"),
    r.p50.toFixed(2),
    r.p99.toFixed(2),
    cpu === null ? "-" : cpu.toFixed(3),
  ];
  const table = markdownTable(
    ["server", "req/s", "p50 ms", "p99 ms", "CPU ms/req"],
    [line("`next start`", floor.next, floor.nextCpuMs), line("bare `node:http`", floor.bare, floor.bareCpuMs)],
    new Set([1, 2, 3, 4]),
  );
  let text = `**Next/bare on a route that does nothing: ${(floor.next.rps / floor.bare.rps).toFixed(3)}.**`;
  if (floor.nextCpuMs !== null && floor.bareCpuMs !== null) {
    const added = floor.nextCpuMs - floor.bareCpuMs;
    const bareCpu = medianOf(report.rows.map((r) => r.bareCpuMs));
    text +=
      ` \`next start\` adds ${added.toFixed(2)} ms of CPU to every request, whatever the route does. While the server ` +
      `is what limits throughput, an endpoint that costs the bare server *w* ms of CPU per request costs \`next start\` ` +
      `about *w* + ${added.toFixed(2)} ms, so Next/bare is at most about *w* / (*w* + ${added.toFixed(2)})` +
      (bareCpu === null
        ? ". "
        : `: with the median *w* of this run, ${bareCpu.toFixed(3)} ms, that is ${(bareCpu / (bareCpu + added)).toFixed(2)}. `) +
      `No route handler of any Next.js app gets near parity with bare \`node:http\`, so target 3 measures each endpoint ` +
      `against this floor instead. The machine's other load moves CPU per request by tens of percent from one minute ` +
      `to the next, so the floor's \`next start\` stays up for the whole run, and each endpoint's CPU per request ` +
      `under \`next start\` is measured in ${cpuSlices(report)}, alternating with the floor's: CPU/floor is the ` +
      `ratio of the lowest slice of each.` +
      (floorRange(report.rows) && ` The floor measured ${floorRange(report.rows)}.`) +
      ` At most ${FLOOR_TARGET} leaves the app (\`handle()\`, the service, the store client, the log line) a quarter ` +
      `of what the framework itself costs; on Upstash REST, whose every command is an HTTP exchange, the target is ${FLOOR_TARGETS.upstash}.`;
  }
  return `${table}\n\n${text}`;
}

/** How next start's CPU per request was measured against the floor, as a phrase. */
function cpuSlices(report: BenchReport): string {
  const slices = report.settings.cpuSlices;
  return slices ? `${slices.count} slices of ${slices.amount} requests over ${slices.connections} connections` : "slices";
}

function leaderboardTable(rows: Row[]): string {
  const lines = rows
    .filter((r) => (LEADERBOARD_ENDPOINTS as readonly string[]).includes(r.endpoint))
    .map((r) => [r.endpoint, BACKEND_LABEL[r.backend], sizeLabel(r.size), r.next.p50.toFixed(2), r.next.p99.toFixed(2), r.bare?.p50.toFixed(2) ?? "-"]);
  return markdownTable(["endpoint", "backend", "N", "p50 ms", "p99 ms", "bare p50 ms"], lines, new Set([2, 3, 4, 5]));
}

export function benchmarksDoc(report: BenchReport): string {
  const { machine: m, settings: s } = report;
  const run = s.duration !== null ? `${s.duration} s` : `${s.amount} requests`;
  const seeds = markdownTable(
    [
      "backend",
      "N",
      "seed time",
      "wallets/s",
      "CPU: seeding process",
      "CPU: redis-server",
      "max referrals of one wallet",
      "wallets with 0-2 referrals",
      "load average after the stage",
    ],
    report.seeds.map((x) => [
      BACKEND_LABEL[x.backend],
      sizeLabel(x.size),
      `${x.seconds.toFixed(1)} s`,
      Math.round(x.size / x.seconds).toLocaleString("en"),
      `${x.clientCpuSeconds.toFixed(1)} s`,
      x.redisCpuSeconds === null ? "-" : `${x.redisCpuSeconds.toFixed(1)} s`,
      x.maxReferrals.toLocaleString("en"),
      `${(100 * x.zeroToTwoShare).toFixed(1)}%`,
      x.loadAverage?.toFixed(1) ?? "-",
    ]),
    new Set([1, 2, 3, 4, 5, 6, 7, 8]),
  );
  const fl = report.firstLoad;
  const firstLoadScripts = fl
    ? markdownTable(
        ["script", "raw", "gzip"],
        [...fl.scripts.map((x) => [x.src, kB(x.bytes), kB(x.gzip)]), ["**total**", kB(fl.totalBytes), `**${kB(fl.totalGzip)}**`]],
        new Set([1, 2]),
      )
    : (report.firstLoadNote ?? "not measured");

  return `# Benchmarks

Generated by \`npm run bench\` on ${report.date.slice(0, 10)} at commit ${report.commit}; do not edit by hand,
run it again. What it checks (issue 5): one Redis round trip per request,
a leaderboard whose cost does not grow with the number of wallets, and what each endpoint costs on top of
the framework: its CPU per request under \`next start\` against an empty Next route handler's, measured in the
same run (a bare \`node:http\` server running the same code shows the framework's own share).

## Machine

| | |
|---|---|
| CPU | ${m.cpus} |
| Memory | ${m.memory} |
| OS | ${m.os} |
| Node.js | ${m.node} |
| Redis | ${m.redis} |
| Next.js | ${m.next} |

Everything runs on this one machine at once: autocannon, \`next start\` (or the bare server),
\`redis-server\` and, for Upstash, the REST bridge in its own process. With ${m.cpus.split(" x ")[0]} cores the load
generator takes a share of the CPU the server would otherwise have, so the absolute figures are a floor. The
machine is shared, and its other load moves every absolute figure from one run to the next, CPU per request
included; ratios of figures measured in the same run (CPU/floor, Next/bare, 1M/1k) are what carry over, and
target 3 uses the ratio to the floor as the same stage measured it.

## Commands

\`\`\`bash
npm run bench                       # next build once, then every stage below; rewrites this file and docs/${CHART_FILE}
npm run bench -- --smoke            # tiny sizes, a few requests per endpoint: the harness check (tests/bench/smoke.test.ts)
npm run bench -- --skip-build       # reuse the existing .next build
npm run bench -- --from-json reports/bench.json   # re-render this file from the last run's raw figures
npm run bench -- --skip-build --endpoints "GET /api/leaderboard,GET /api/health"   # a partial run: leaves this file alone
npm run bench -- --skip-build --backends sqlite --endpoints "GET /api/admin/quests,GET /api/claim"   # coverage rows: each backend's largest stage only
npm run bench -- --floor-only       # only the framework floor: an empty Next route handler against bare node:http
npm run bench -- --profiles-only    # target 3's profiles again on the current build, into reports/bench.json, then this file
npm run seed -- --wallets 1000000 --backend redis # what each stage does first (REDIS_URL or --redis-url)
node --conditions=react-server --import tsx scripts/bench/profile.ts --backend upstash --endpoint "GET /api/leaderboard" --seconds 20   # where next start's CPU goes (after a next build)
node --conditions=react-server --import tsx scripts/bench/first-load-js.ts --url http://127.0.0.1:3000
\`\`\`

## Method

- **Stages**: ${[...new Set(report.rows.map((r) => `${BACKEND_LABEL[r.backend]} ${sizeLabel(r.size)}${r.qualify ? ` with REFERRAL_QUALIFY=${r.qualify}` : ""}`))].join(", ")}.
  Each stage starts from an empty store (a fresh \`redis-server\`, or a fresh SQLite folder), seeded by the code of
  \`npm run seed\` through \`OperatorStore.putWallets\` (batches of the store's \`putBatchLimit\`, 4 in flight): a 30-day viral campaign where most
  wallets have 0-2 referrals and a power-law tail reaches thousands, every score equal to referralsCount + (referrer ? 1 : 0).
- **Configuration**: the defaults (\`WALLET_AUTH=off\`, no \`RATE_LIMIT_*\`), no RPC. A configured rate limit adds the
  limiter's own round trip to each limited request; this bench does not turn limits on. One stage runs with
  \`REFERRAL_QUALIFY=checkin\` on two rows of its own: the binding that waits, and a binding followed by the referee's
  check-in, which credits it (every request of a row counts, so 1.00 there means both cost one round trip).
- **Servers**: \`next start\` of the production build, and \`scripts/bench/bare-server.ts\`: the same service functions
  (\`lib/services\`), the same zod schemas (\`lib/contract/schemas\`) and the same store on bare \`node:http\`, in its own
  process like \`next start\`. Both are configured by the same environment variables.
- **Load**: autocannon, ${s.connections} connections, keep-alive, no pipelining.${
    s.serverWarmup
      ? ` Each server, once started, answers ${s.serverWarmup} of GET /api/health (the floor's, of GET /api/ping, again
  at the start of each stage) before anything is measured: a fresh or idle process runs the framework's code slower.`
      : ""
  } Per endpoint and server: a warm-up of
  ${s.warmup}, a counting run of ${s.countRequests} requests, then the measured run of ${run}. Next and bare take turns
  endpoint by endpoint, reads first, so both see the store at the seeded size (writes then add fresh wallets).
- **Requests**: reads pick a seeded wallet at random; writes use fresh wallets (a new registration, a new referral,
  a first check-in). \`POST /api/steam/task/complete\` runs a sequence per connection: check-in of a new wallet, the
  same check-in again (the **expected** 400 "Task on cooldown"), then \`fc_follow\`. \`POST /api/steam/verify\` runs
  without an RPC configured, so it answers from the store. Every stage seeds a catalog of 10 self-attested \`visit\`
  quests (half daily, half once); \`GET /api/quests\` reads it for a seeded wallet, and \`POST /api/quests/complete\` runs a
  sequence per connection like the check-in's: the daily quest for a new wallet (credited), the same again (the
  **expected** 400 "Quest on cooldown", refused by the store's step), then a once quest (credited).
- **Figures**: req/s = responses / wall time of the measured run; p50/p99 over every response (expected 4xx
  included), from autocannon's per-response timings. non-2xx counts every response that is neither 2xx nor an
  expected 4xx, plus socket errors and timeouts. CPU ms/req is the server process's CPU time per response (the run time of
  all its threads, from \`/proc/<pid>/task/*/schedstat\`, in nanoseconds), the lowest of ${cpuSlices(report)}
  after the measured run: the machine's other load moves CPU time within seconds, and can only add to it.
  \`next start\`'s slices alternate with as many on the floor's empty route of the same method (CPU/floor, target 3).
  Both servers write their output to a file, as a production server writes to its log drain.
- **Round trips (RT/req)** are counted, not assumed, during the counting run (by request count, so nothing is left in
  flight): for \`next start\` on Redis TCP with \`MONITOR\` on that stage's \`redis-server\` (commands a Lua script runs
  are marked \`lua\` and are not round trips), on Upstash REST by the bridge's count of HTTP requests; for the bare server
  by \`countingClient\` wrapped around its store's client (and also by MONITOR/the bridge, which agree). A script's first
  use after a start can cost a NOSCRIPT + EVAL, which the warm-up absorbs.
- **Profiles** (by hand, not part of \`npm run bench\`): \`scripts/bench/profile.ts\` seeds a store as a stage does
  (\`--backend\`, \`--size\`, 1k by default), starts \`next start\` of the current build under \`node --cpu-prof\`, answers
  6,000 GET /api/health and 3,000 of the endpoint as a warm-up, drives the endpoint (\`--endpoint\`) with autocannon for
  \`--seconds\`, stops the server with SIGINT so that it writes its profile, and sums the samples of the driven seconds by
  self time, bundled code mapped to its package through the build's source maps: per part (undici, Next's fetch patch,
  @upstash/redis and its base64 decoding, the store client with \`node:http\`, node-redis; a sample goes to the innermost
  part on its stack), per package, per function, and with \`--under REGEX\` the functions beneath matching frames.
  \`--keep DIR\` keeps the \`.cpuprofile\` (for Chrome DevTools), \`--from-profile FILE\` summarizes a kept one again.

## Results

${resultsTable(report)}

### Targets

${verdictTable(report)}

### Findings

${findings(report).map((f) => `- ${f}`).join("\n")}

### Leaderboard latency against N

![p50 latency of GET /api/leaderboard, /user and /around against N](${CHART_FILE})

${leaderboardTable(report.rows)}

${
  report.fanOut
    ? `### Stream fan-out

\`GET /api/leaderboard/stream\` on the \`next start\` of the ${BACKEND_LABEL[report.fanOut.backend]} ${sizeLabel(report.fanOut.size)} stage, after its
rows and before its coverage writes, if it has any (\`scripts/bench/fan-out.ts\`): with N streams open, the store commands the process sends per second
while the board is quiet (counted by \`MONITOR\`; its one watcher reads the board version once a second), the
time from a referral's response to its new list on each stream, and the resident memory each open stream adds.

${fanOutTable(report)}

`
    : ""
}### Target 3 by endpoint (over all stages)

CPU/floor: an endpoint's CPU per request under \`next start\` divided by that of the empty route handler of
the framework floor below for the same method, the two measured in alternating slices: a GET against the
empty GET, a POST against the empty POST that reads a JSON body of the same size (Next.js makes every POST's
body a web stream before route code runs: a cost of the framework, which the empty POST pays too; a PATCH or a
DELETE is set against the empty POST). The target judges each public endpoint on each backend, by its median
over that backend's stages; the median over every stage is shown beside it. The console's endpoints are not
public: GET /api/admin/stats, measured at every stage, is in the second table with the coverage rows.

${costTable(report, true)}

### Target 3, explained by profiles

Where each public endpoint's CPU above the floor goes, by \`scripts/bench/target3-profiles.ts\` at the end of the run:
one \`next start\` per backend (and one with REFERRAL_QUALIFY=${QUALIFY_RULE} for its two rows) on a fresh store of
${report.target3Profiles ? sizeLabel(report.target3Profiles.size) : "1k"} wallets seeded as a stage is, and the floor's \`next start\`, all under \`node --cpu-prof\`. Each
endpoint is driven for ${report.target3Profiles?.seconds ?? 5} s over ${report.target3Profiles?.connections ?? 10} connections (after a warm-up of 2,000 requests), right after
the floor's empty route of the same method for as long, and the main thread's samples of each window are summed per response
into groups by the innermost code on their stack that names one: the store (its client, and lib/store), the schemas
(zod), our code (app/ and lib/: handle(), the services, the log line), Next.js, the web Request/Response (undici and
web streams), Node (its HTTP server, sockets, timers, async hooks), garbage collection, and the rest (V8 builtins,
other packages). "Own work / floor" is the first three above the floor's, over the floor: target 3 leaves 0.25 (0.5 on Upstash REST).
The profiler adds its own cost to both windows, so its ms are higher than the bench's slices; the bench's own
CPU/floor is in the third column. Again on its own, after \`next build\`: \`npm run bench -- --profiles-only\` (into the
last run's report, then this file again).

${profilesSection(report)}

### Coverage rows

Every other endpoint a team or a visitor calls (\`scripts/bench/coverage-endpoints.ts\`), measured only at each
backend's largest stage of the run, on \`next start\` alone (no bare twin: their bare columns are "-"). They are
judged by target 4 alone (no response but the expected ones): their CPU per request, CPU/floor and round trips
(in the table of every row above) are shown, not held to targets 1 and 3, and they make no claim about how they
grow with N. A coverage row's warm-up is as many requests as its counting run, which is also its measured run:
its req/s and latencies are of those requests. The heavy ones run a load of their own, each run (warm-up,
counting run, each CPU slice) a few requests, and their CPU per request is what it is:
${ENDPOINTS.filter((e) => e.load).map((e) => `${e.name} (${e.load!.requests} per run over ${e.load!.connections} connection${e.load!.connections > 1 ? "s" : ""})`).join(", ")}.
The coverage writes run after every public row (and the reads of a plan or a webhook endpoint after the write
that makes it), and leave the store as the later rows need it: each webhook created is deleted in the same
sequence, a disqualified wallet is reinstated, the catalog imported is the one exported, the task points set are
the ones read. The stream's fan-out is measured before them: their webhook deliveries go on after their row.

${costTable(report, false)}

Not driven, and why:

${NOT_DRIVEN.map((n) => `- \`${n.route}\`: ${n.reason}.`).join("\n")}

### Framework floor

A throwaway Next app with two empty route handlers (\`GET /api/ping\` answering \`Response.json({ ok: true })\`,
and \`POST /api/echo\`, which reads its JSON body and answers the same; both \`force-dynamic\`), built by the repo's \`next\` on the repo's \`node_modules\` in a temporary folder, under
\`next start\`, against a bare \`node:http\` server answering the same JSON: the same load and the same
measurement as each endpoint above, at the start of the run (\`scripts/bench/next-floor.ts\`); its \`next start\`
stays up, answering the slices that alternate with each endpoint's for CPU/floor. On its own:
\`npm run bench -- --floor-only\` (\`--smoke\` for the smoke run's request count, \`--duration S\`).

${floorSection(report)}

### Seeding

${seeds}

### First-load JavaScript of \`/\`

Measured by \`scripts/bench/first-load-js.ts\` on the running \`next start\`: fetch \`/\`, take every
\`<script src>\` and \`<link rel="preload" as="script">\` (not the \`noModule\` polyfills, which modern browsers skip),
fetch each, gzip it at level 9, sum. It measures the web app as committed at ${report.commit}. What loads
after hydration (wagmi and viem) or on demand (RainbowKit, the Farcaster SDK) is not part of it.

${firstLoadScripts}
`;
}
