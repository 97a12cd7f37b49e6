/**
 * Reading a V8 CPU profile of `next start` (node --cpu-prof): each sample's code attributed to its
 * source through the build's source maps, summed by part, package and function (profile.ts prints
 * these), or into the groups target3-profiles.ts sets against the framework floor's.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SourceMapConsumer } from "source-map-js";

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
export interface CpuProfile {
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

/** Each sampled node's stack (innermost frame first) with its self time in µs, idle included. */
function sampledStacks(profile: CpuProfile): { stack: Origin[]; us: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Stacks share their outer frames: each node's source-mapped origin is looked up once.
  const origins = new Map<number, Origin>();
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
  return [...selfUs].map(([id, us]) => {
    const stack: Origin[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      if (!origins.has(at)) origins.set(at, originOf(byId.get(at)!.callFrame));
      stack.push(origins.get(at)!);
    }
    return { stack, us };
  });
}

export function summarize(profile: CpuProfile, top: number, under?: RegExp): string {
  // Built-ins (JSON.parse, writev, ...) count for the code that called them.
  const ownerOf = (stack: Origin[]) => packageOf(stack.find((o) => !o.source.startsWith("("))?.source ?? stack[0]!.source);
  const sampled = sampledStacks(profile);
  const total = sampled.reduce((sum, s) => sum + s.us, 0);
  const add = (m: Map<string, number>, key: string, us: number) => m.set(key, (m.get(key) ?? 0) + us);
  const packages = new Map<string, number>();
  const functions = new Map<string, number>();
  const parts = new Map<string, number>();
  const within = new Map<string, number>();
  const beneath = new Map<string, number>();
  for (const { stack, us } of sampled) {
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
export function window(profile: CpuProfile, from: number, to: number): CpuProfile {
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

/**
 * Where a request's CPU goes, in the groups target 3's explanation uses: each sample in exactly one,
 * tried in this order. The store comes first, so a socket write its client makes counts for it.
 */
export const COST_GROUPS = [
  "store (client and lib/store)",
  "schemas (zod)",
  "our code (app/, lib/)",
  "Next.js",
  "web Request/Response (undici, streams)",
  "Node (HTTP server, sockets, timers)",
  "garbage collection",
  "other (V8, other packages)",
] as const;
export type CostGroup = (typeof COST_GROUPS)[number];

const STORE_CODE = /\/lib\/store\/|better-sqlite3|@redis\/client|@upstash\/redis/;

/**
 * The code a sample is charged to: its innermost frame outside Node's own modules and V8's builtins, so
 * that Node's work done at the request of a frame (a write, a URL parse, a promise hook) counts for it.
 */
function chargedFrame(stack: Origin[]): Origin | undefined {
  return stack.find((o) => !o.source.startsWith("(") && !o.source.startsWith("node:")) ?? stack.find((o) => !o.source.startsWith("("));
}

function groupOf(stack: Origin[]): CostGroup {
  const leaf = stack[0]!;
  if (leaf.source === "(garbage collector)") return "garbage collection";
  const code = stack.filter((o) => !o.source.startsWith("("));
  if (code.some((o) => STORE_CODE.test(o.source))) return "store (client and lib/store)";
  if (code.some((o) => /node_modules\/zod\//.test(o.source))) return "schemas (zod)";
  const owner = chargedFrame(stack);
  const pkg = owner ? packageOf(owner.source) : leaf.source;
  if (pkg === "app") return "our code (app/, lib/)";
  if (pkg === "next" || pkg.startsWith("next/") || pkg === ".next (unmapped)") return "Next.js";
  if (pkg === "node:undici" || pkg === "node:internal/webstreams") return "web Request/Response (undici, streams)";
  if (pkg.startsWith("node:")) return "Node (HTTP server, sockets, timers)";
  return "other (V8, other packages)";
}

export interface ProfileCost {
  /** Busy µs by group. */
  groups: Record<CostGroup, number>;
  /** Busy µs by function (the sample's innermost frame) and the package it is charged to. */
  functions: Map<string, number>;
}

/** The busy samples of `profile` (idle left out) by group and by function, in µs. */
export function costOf(profile: CpuProfile): ProfileCost {
  const groups = Object.fromEntries(COST_GROUPS.map((g) => [g, 0])) as Record<CostGroup, number>;
  const functions = new Map<string, number>();
  for (const { stack, us } of sampledStacks(profile)) {
    const leaf = stack[0]!;
    if (leaf.source === "(idle)") continue;
    const owner = chargedFrame(stack);
    const where = owner ? (packageOf(owner.source) === "app" ? owner.source.replace(/^.*?\/((?:app|lib)\/)/, "$1") : packageOf(owner.source)) : leaf.source;
    const group = groupOf(stack);
    groups[group] += us;
    const fn = `${leaf.name} [${where}]`;
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  }
  return { groups, functions };
}
