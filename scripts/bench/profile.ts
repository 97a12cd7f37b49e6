/**
 * Where `next start`'s CPU per request goes, on one backend and one endpoint of the bench:
 *
 *   node --conditions=react-server --import tsx scripts/bench/profile.ts \
 *     [--backend upstash] [--endpoint "GET /api/health"] [--seconds 20] [--size 1000] [--top 25] [--keep DIR] [--under REGEX]
 *   ... scripts/bench/profile.ts --from-profile FILE.cpuprofile [--under REGEX]   (summarizes a kept profile, whole)
 *
 * Seeds a store as a bench stage does, starts `next start` of the current build (run `next build`
 * first) under `node --cpu-prof`, warms it up, drives the endpoint with autocannon for --seconds,
 * stops it with SIGINT (the profile is written as the process exits) and prints the samples of
 * the driven window only, by self time: per part (Next's patched fetch, @upstash/redis, undici,
 * JSON, ...), per package and per function, and with --under the functions beneath frames whose
 * source or name matches (e.g. --under "_http_client|upstash\.ts"). Bundled code is attributed through the build's
 * source maps, so @upstash/redis shows as itself although it ships inside a server chunk.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { SourceMapConsumer } from "source-map-js";
import { createStore } from "@/lib/store";
import { BENCH_QUESTS, generateDataset, populationOf, writeDataset } from "@/scripts/bench/dataset";
import { BENCH_SERVER_ENV } from "@/scripts/bench/coverage-endpoints";
import { ENDPOINTS } from "@/scripts/bench/endpoints";
import { drive } from "@/scripts/bench/load";
import { Cleanup, cpuMs, NEXT_BIN, startBridgeProcess, startServerProcess, withCpu } from "@/scripts/bench/services";
import { BACKENDS, storeConfig, storeEnv, type Backend, type StoreTarget } from "@/scripts/bench/stores";
import { startRedisServer } from "@/tests/support/redis-server";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code comes from: its source (through the chunk's source map) and function. */
interface Origin {
  source: string;
  name: string;
}

const maps = new Map<string, SourceMapConsumer | null>();
function sourceMapOf(url: string): SourceMapConsumer | null {
  if (!maps.has(url)) {
    let consumer: SourceMapConsumer | null = null;
    try {
      const file = fileURLToPath(url);
      if (existsSync(`${file}.map`)) consumer = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, "utf8")));
    } catch {
      // no readable map: the chunk is attributed by its own name
    }
    maps.set(url, consumer);
  }
  return maps.get(url)!;
}

function originOf(frame: CallFrame): Origin {
  const name = frame.functionName || "(anonymous)";
  // V8's built-ins (JSON.parse, writev, ...) have no url; `(program)`, `(garbage collector)` neither.
  if (!frame.url) return { source: name.startsWith("(") ? name : "(native)", name };
  if (!frame.url.startsWith("file:")) return { source: frame.url, name };
  const map = sourceMapOf(frame.url);
  const at = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  // Relative sources are relative to the chunk (its map sits beside it).
  if (at?.source) return { source: decodeURIComponent(/^[a-z]+:/.test(at.source) ? at.source : new URL(at.source, frame.url).pathname), name: at.name ?? name };
  return { source: frame.url, name };
}

/** The package (or part of Node) a source belongs to. */
function packageOf(source: string): string {
  // Next's runtime bundles map to webpack://next/src/..., its other files to next/dist/{esm,src,...}.
  const path = source.replace(/^webpack:\/\/next\//, "node_modules/next/");
  const modules = path.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const [first, ...rest] = path.slice(modules + "node_modules/".length).split("/");
    if (first === "next") {
      while (["dist", "esm", "src", "."].includes(rest[0]!)) rest.shift();
      return `next/${rest[0]}`;
    }
    return first!.startsWith("@") ? `${first}/${rest[0]}` : first!;
  }
  if (path.startsWith("node:")) return path.replace(/^node:internal\/deps\/([^/]+).*/, "node:$1").replace(/^node:internal\/([^/]+).*/, "node:internal/$1");
  if (path.startsWith("(")) return path;
  if (path.includes("/.next/")) return ".next (unmapped)";
  return "app";
}

/**
 * The parts the Upstash question asks about, by the innermost frame that names one: a frame's
 * self time is charged to the nearest enclosing part on its stack, else to its package.
 */
const PARTS: { part: string; test: (o: Origin) => boolean }[] = [
  { part: "@upstash/redis base64 decode", test: (o) => /@upstash\/redis/.test(o.source) && /base64decode|^decode$/.test(o.name) },
  { part: "@upstash/redis (rest)", test: (o) => /@upstash\/redis/.test(o.source) },
  { part: "Next's patched fetch", test: (o) => /server\/lib\/(patch|dedupe)-fetch/.test(o.source) },
  { part: "undici (fetch, HTTP client)", test: (o) => /node:internal\/deps\/undici/.test(o.source) },
  { part: "lib/store/redis/upstash.ts + node:http client", test: (o) => /lib\/store\/redis\/upstash\.ts$|^node:_http_(client|agent)$/.test(o.source) },
  { part: "node-redis (TCP client)", test: (o) => /@redis\/client/.test(o.source) },
];

function summarize(profile: CpuProfile, top: number, under?: RegExp): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const origins = new Map<number, Origin>();
  const origin = (id: number) => {
    if (!origins.has(id)) origins.set(id, originOf(byId.get(id)!.callFrame));
    return origins.get(id)!;
  };
  const stackOf = (id: number) => {
    const stack: Origin[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(origin(at));
    return stack;
  };
  // Built-ins (JSON.parse, writev, ...) count for the code that called them.
  const ownerOf = (stack: Origin[]) => packageOf(stack.find((o) => !o.source.startsWith("("))?.source ?? stack[0]!.source);
  const selfUs = new Map<number, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i + 1] ?? 0;
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
    total += delta;
  });
  const add = (m: Map<string, number>, key: string, us: number) => m.set(key, (m.get(key) ?? 0) + us);
  const packages = new Map<string, number>();
  const functions = new Map<string, number>();
  const parts = new Map<string, number>();
  const within = new Map<string, number>();
  const beneath = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const stack = stackOf(id);
    const leaf = stack[0]!;
    if (leaf.source === "(idle)") continue;
    if (under && stack.some((o) => under.test(o.source) || under.test(o.name))) {
      const caller = stack.find((o) => !o.source.startsWith("(")) ?? leaf;
      add(beneath, `${leaf.name} in ${caller.name} [${packageOf(caller.source)}]`, us);
    }
    const pkg = ownerOf(stack);
    add(packages, pkg, us);
    const where = pkg === "app" ? stack.find((o) => !o.source.startsWith("("))!.source.replace(`${process.cwd()}/`, "") : pkg;
    add(functions, `${leaf.name}  [${leaf.source.startsWith("(") ? `${leaf.source} in ${where}` : where}]`, us);
    const partFrame = stack.find((o) => PARTS.some((p) => p.test(o)));
    const innermost = partFrame && PARTS.find((p) => p.test(partFrame));
    add(parts, innermost?.part ?? (leaf.source === "(garbage collector)" ? leaf.source : `other: ${pkg}`), us);
    for (const p of PARTS) if (stack.some((o) => p.test(o))) add(within, p.part, us);
  }
  const busy = [...packages.values()].reduce((a, b) => a + b, 0);
  const table = (title: string, m: Map<string, number>, n: number) => {
    const rows = [...m].filter(([k]) => k !== "(idle)").sort((a, b) => b[1] - a[1]).slice(0, n);
    return [`${title} (share of busy samples, ms)`, ...rows.map(([k, us]) => `  ${((100 * us) / busy).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)}  ${k}`)].join("\n");
  };
  return [
    `busy ${(busy / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms sampled on the main thread`,
    table("by part (self time charged to the innermost part on its stack, else to its package)", parts, top),
    table("within each part (inclusive: every sample with the part on its stack)", within, top),
    table("by package", packages, top),
    table("by function", functions, top),
    ...(under ? [table(`by function, samples with a frame matching ${under} on their stack`, beneath, top)] : []),
  ].join("\n\n");
}

/** Keeps the samples of [from, to] (µs, the profile's clock) only. */
function window(profile: CpuProfile, from: number, to: number): CpuProfile {
  const samples: number[] = [];
  const timeDeltas: number[] = [0];
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i]!;
    if (t >= from && t <= to) {
      samples.push(id);
      timeDeltas.push(profile.timeDeltas[i + 1] ?? 0);
    }
  });
  return { ...profile, samples, timeDeltas };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      backend: { type: "string", default: "upstash" },
      endpoint: { type: "string", default: "GET /api/health" },
      seconds: { type: "string", default: "20" },
      size: { type: "string", default: "1000" },
      top: { type: "string", default: "25" },
      keep: { type: "string" },
      "from-profile": { type: "string" },
      under: { type: "string" },
    },
  });
  const under = values.under ? new RegExp(values.under) : undefined;
  if (values["from-profile"]) {
    console.log(summarize(JSON.parse(readFileSync(values["from-profile"], "utf8")) as CpuProfile, Number(values.top), under));
    return;
  }
  const backend = values.backend as Backend;
  if (!BACKENDS.includes(backend)) throw new Error(`--backend must be one of ${BACKENDS.join(", ")}`);
  const endpoint = ENDPOINTS.find((e) => e.name === values.endpoint);
  if (!endpoint) throw new Error(`unknown endpoint ${values.endpoint}; known: ${ENDPOINTS.map((e) => e.name).join(", ")}`);
  const seconds = Number(values.seconds);
  const size = Number(values.size);
  if (!(seconds > 0) || !(size > 0)) throw new Error("--seconds and --size must be numbers > 0");
  if (!existsSync(".next/BUILD_ID")) throw new Error("no production build: run `node node_modules/next/dist/bin/next build` first");

  const cleanup = new Cleanup();
  const stop = () => void cleanup.run().finally(() => process.exit(130));
  process.once("SIGINT", stop);
  try {
    const target: StoreTarget = { backend };
    if (backend === "sqlite") {
      const dataDir = mkdtempSync(join(tmpdir(), "refboard-profile-"));
      cleanup.add(() => rmSync(dataDir, { recursive: true, force: true }));
      target.dataDir = dataDir;
    } else {
      const redis = await startRedisServer();
      cleanup.add(() => redis.stop());
      if (backend === "redis") target.redisUrl = redis.url;
      else {
        const token = randomBytes(16).toString("hex");
        const bridge = await startBridgeProcess(redis.url, token);
        cleanup.add(() => bridge.stop());
        target.restUrl = bridge.url;
        target.restToken = token;
      }
    }
    const dataset = generateDataset({ wallets: size });
    const admin = await createStore(storeConfig(target, { STORE_TIMEOUT_MS: "60000" }));
    try {
      await writeDataset(admin, dataset);
      await admin.importQuests(BENCH_QUESTS);
    } finally {
      await admin.close();
    }

    const profileDir = values.keep ?? mkdtempSync(join(tmpdir(), "refboard-cpuprofile-"));
    if (!values.keep) cleanup.add(() => rmSync(profileDir, { recursive: true, force: true }));
    const env = storeEnv(target, BENCH_SERVER_ENV);
    const next = await startServerProcess(
      "next-profile",
      (port) => ["--cpu-prof", "--cpu-prof-dir", profileDir, NEXT_BIN, "start", ".", "-p", String(port), "-H", "127.0.0.1"],
      env,
    );
    cleanup.add(() => next.stop());
    const population = populationOf(dataset.seed, size);
    await drive(next.baseUrl, ENDPOINTS.find((e) => e.name === "GET /api/health")!, population, { amount: 6000 });
    await endpoint.prepare?.(next.baseUrl, 3000);
    await drive(next.baseUrl, endpoint, population, { amount: 3000 });

    // The profile's clock is the process's monotonic clock in µs; this process shares it (same boot).
    const from = process.hrtime.bigint() / 1000n;
    const { result, cpuMs: used } = await withCpu(next.pid, () => drive(next.baseUrl, endpoint, population, { duration: seconds }));
    const to = process.hrtime.bigint() / 1000n;
    process.kill(next.pid, "SIGINT");
    for (let waited = 0; waited < 30_000 && cpuMs(next.pid) !== null; waited += 100) await new Promise((r) => setTimeout(r, 100));
    const file = readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
    if (!file) throw new Error(`next start wrote no profile to ${profileDir}:\n${next.logs()}`);
    const profile = JSON.parse(readFileSync(join(profileDir, file), "utf8")) as CpuProfile;

    console.log(
      `${endpoint.name} on ${backend} (${size} wallets), ${seconds} s: ${result.responses} responses (${result.unexpected} unexpected), ` +
        `${used === null ? "-" : (used / result.responses).toFixed(3)} ms CPU per request (all threads, /proc)` +
        `${values.keep ? `; profile: ${join(profileDir, file)}` : ""}\n`,
    );
    console.log(summarize(window(profile, Number(from), Number(to)), Number(values.top), under));
  } finally {
    process.off("SIGINT", stop);
    await cleanup.run();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
