/**
 * Target 3's explanation by profiles (scripts/bench/cpu-profile.ts, target3-profiles.ts): each sample charged
 * to one group by the code on its stack, Node's work charged to the frame that asked for it, only the
 * samples of a window counted, and a miss named as "own work over the target's allowance" at exactly its bound.
 */
import { describe, expect, it } from "vitest";
import { costOf, window, type CpuProfile } from "@/scripts/bench/cpu-profile";
import { explain, profilesSection, type EndpointProfile } from "@/scripts/bench/target3-profiles";
import type { BenchReport, Row } from "@/scripts/bench/report";

const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 0, columnNumber: 0 });
const APP = "file:///srv/refboard/lib/http/handle.ts";

/** A profile of one stack per entry, each sampled once for `us` µs, in order from startTime 0. */
function profileOf(stacks: { frames: ReturnType<typeof frame>[]; us: number }[]): CpuProfile {
  const nodes: CpuProfile["nodes"] = [{ id: 1, callFrame: frame("(root)", ""), children: [] }];
  const samples: number[] = [];
  const timeDeltas: number[] = [0];
  for (const { frames, us } of stacks) {
    let parent = nodes[0]!;
    for (const f of frames) {
      const node = { id: nodes.length + 1, callFrame: f, children: [] as number[] };
      nodes.push(node);
      parent.children!.push(node.id);
      parent = node;
    }
    samples.push(parent.id);
    timeDeltas.push(us);
  }
  return { nodes, startTime: 0, samples, timeDeltas };
}

describe("CPU profile attribution", () => {
  const profile = profileOf([
    { frames: [frame("handleRequest", "file:///srv/refboard/node_modules/next/dist/server/base-server.js")], us: 100 },
    // Node's write on behalf of our log line is ours; on behalf of Next.js, Next's.
    { frames: [frame("writeLogLine", "file:///srv/refboard/lib/http/log-line.ts"), frame("writeSync", "node:fs"), frame("writeBuffer", "")], us: 30 },
    { frames: [frame("sendResponse", "file:///srv/refboard/node_modules/next/dist/server/send-response.js"), frame("write", "node:_http_outgoing")], us: 20 },
    // The store wins over what it calls; zod over our code that calls it.
    { frames: [frame("handle", APP), frame("zadd", "file:///srv/refboard/node_modules/@redis/client/dist/lib/client.js"), frame("write", "node:net")], us: 40 },
    { frames: [frame("handle", APP), frame("safeParse", "file:///srv/refboard/node_modules/zod/v4/core/parse.js")], us: 10 },
    { frames: [frame("handle", APP), frame("putWallets", "file:///srv/refboard/lib/store/validating.ts"), frame("parse", "file:///srv/refboard/node_modules/zod/v4/core/parse.js")], us: 7 },
    { frames: [frame("(garbage collector)", "")], us: 50 },
    { frames: [frame("processTicksAndRejections", "node:internal/process/task_queues")], us: 5 },
    { frames: [frame("(idle)", "")], us: 1000 },
  ]);

  it("charges each sample to one group, idle to none", () => {
    const { groups } = costOf(profile);
    expect(groups).toEqual({
      "store (client and lib/store)": 47,
      "schemas (zod)": 10,
      "our code (app/, lib/)": 30,
      "Next.js": 120,
      "web Request/Response (undici, streams)": 0,
      "Node (HTTP server, sockets, timers)": 5,
      "garbage collection": 50,
      "other (V8, other packages)": 0,
    });
  });

  it("names a function by its innermost frame and the code it is charged to", () => {
    const { functions } = costOf(profile);
    expect(functions.get("writeBuffer [lib/http/log-line.ts]")).toBe(30);
    expect(functions.get("write [next/server]")).toBe(20);
  });

  it("a window keeps the samples of its interval only, both ends included", () => {
    // Samples at 0, 100, 130, 150, ... µs, each lasting until the next.
    const first = window(profile, 0, 100);
    expect(costOf(first).groups["Next.js"]).toBe(100);
    expect(costOf(first).groups["our code (app/, lib/)"]).toBe(30);
    expect(costOf(window(profile, 0, 130)).groups["Next.js"]).toBe(120);
    expect(costOf(window(profile, 101, 129)).groups).toMatchObject({ "Next.js": 0, "our code (app/, lib/)": 0 });
  });
});

describe("target 3 explained", () => {
  const zero = { "store (client and lib/store)": 0, "schemas (zod)": 0, "our code (app/, lib/)": 0, "Next.js": 0.3, "web Request/Response (undici, streams)": 0.1, "Node (HTTP server, sockets, timers)": 0, "garbage collection": 0, "other (V8, other packages)": 0 };
  /** An endpoint whose own work (the store) costs `own` ms above a 0.4 ms floor, and Next.js `next` ms more. */
  const profiled = (endpoint: string, backend: EndpointProfile["backend"], own: number, next = 0): EndpointProfile => ({
    endpoint,
    backend,
    floor: { responses: 100, msPerRequest: zero, functions: { "handleRequest [next/server]": 0.3 } },
    next: {
      responses: 100,
      msPerRequest: { ...zero, "store (client and lib/store)": own, "Next.js": 0.3 + next },
      functions: { "handleRequest [next/server]": 0.3 + next, "step [lib/store/sqlite/referrals.ts]": own },
    },
  });

  it("own work over the floor, and the functions most above the floor's first", () => {
    const e = explain(profiled("POST /api/referral/record", "sqlite", 0.1, 0.02));
    expect(e.floor).toBeCloseTo(0.4);
    expect(e.ownShareOfFloor).toBeCloseTo(0.25);
    expect(e.functions[0]).toEqual({ fn: "step [lib/store/sqlite/referrals.ts]", ms: 0.1 });
    expect(e.functions[1]?.fn).toBe("handleRequest [next/server]");
  });

  const row = (endpoint: string, backend: Row["backend"], ratio: number) =>
    ({ endpoint, backend, size: 1000, nextCpuMs: ratio, floorCpuMs: 1, next: {}, bare: null }) as unknown as Row;

  it("a miss whose own work is exactly the allowance is the framework's; just past it, its own", () => {
    const report = (own: number, backend: Row["backend"] = "sqlite") =>
      ({ rows: [row("GET /api/quests", backend, 1.3)], frameworkFloor: null, target3Profiles: { size: 1000, seconds: 5, connections: 10, rows: [profiled("GET /api/quests", backend, own)] } }) as unknown as BenchReport;
    expect(profilesSection(report(0.1))).toMatch(/^Of the 1 endpoint x backend misses of target 3 profiled here, 0 spend more/);
    expect(profilesSection(report(0.1001))).toMatch(/1 spend more on their own work .*: GET \/api\/quests on SQLite\./);
    // Upstash REST's allowance is half the floor, and 1.3 is within its target: no miss at all.
    expect(profilesSection(report(0.1001, "upstash"))).toMatch(/^No endpoint misses target 3/);
  });
});
