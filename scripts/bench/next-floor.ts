/**
 * The framework floor: what `next start` costs per request when the route does nothing. A
 * throwaway Next app with one empty route handler, built by the repo's next on the repo's
 * node_modules, against a bare node:http server answering the same JSON, both driven and
 * measured like the endpoints. `next start` serves no route faster than this one, and the
 * difference in CPU per request is what the framework adds to every route: Next/bare reaches
 * 0.5 only on an endpoint whose own work costs at least as much, which is why target 3
 * compares each endpoint's CPU per request with this floor's. The machine's other load moves
 * CPU per request by tens of percent from one minute to the next, so the harness measures each
 * endpoint in alternating slices with this floor's next start, which stays up for the run.
 *
 *   npm run bench -- --floor-only [--smoke | --duration S]
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, parse, resolve } from "node:path";
import { fresh, post, type Endpoint, type Population } from "@/scripts/bench/requests";
import { drive, type LoadOptions, type LoadResult } from "@/scripts/bench/load";
import { startProfiledProcess, type ProfiledServer } from "@/scripts/bench/profiled-next";
import { buildNextApp, NEXT_BIN, startNextServer, startServerProcess, withCpu, type Cleanup, type ServerProcess } from "@/scripts/bench/services";

export interface FrameworkFloor {
  next: LoadResult;
  bare: LoadResult;
  /** CPU time of each server process per response during the measured run (ms), from /proc; null where unavailable. */
  nextCpuMs: number | null;
  bareCpuMs: number | null;
}

const PING: Endpoint = {
  name: "GET /api/ping",
  method: "GET",
  writes: false,
  sequence: () => [{ request: { method: "GET", path: "/api/ping" } }],
};
/**
 * The floor of a POST: Next.js turns a request's body into a web stream before any route code
 * runs, and reading it is part of every POST; the body is the size of the endpoints' bodies.
 */
const ECHO: Endpoint = { name: "POST /api/echo", method: "POST", writes: false, sequence: post("/api/echo", () => ({ wallet: fresh() })) };
const NO_WALLETS: Population = {
  seeded: () => {
    throw new Error("the floor's route takes no wallet");
  },
  nth: () => {
    throw new Error("the floor's route takes no wallet");
  },
};

/** The throwaway app and, beside it, the bare server. */
function appFiles(dir: string): Record<string, string> {
  return {
    "package.json": JSON.stringify({ name: "refboard-next-floor", private: true }),
    "tsconfig.json": JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        lib: ["dom", "esnext"],
        strict: true,
        module: "esnext",
        moduleResolution: "bundler",
        jsx: "react-jsx",
        skipLibCheck: true,
        noEmit: true,
        isolatedModules: true,
        esModuleInterop: true,
        plugins: [{ name: "next" }],
      },
      include: ["**/*.ts", "**/*.tsx", ".next/types/**/*.ts"],
    }),
    // node_modules is a link to the repo's, and Turbopack compiles nothing outside its root:
    // the filesystem root holds both. Type-checking two fixed files would only cost build time.
    "next.config.mjs": `export default ${JSON.stringify({ turbopack: { root: parse(dir).root }, typescript: { ignoreBuildErrors: true } })};\n`,
    "app/layout.tsx": `import type { ReactNode } from "react";

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
    "app/api/ping/route.ts": `export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ ok: true });
}
`,
    "app/api/echo/route.ts": `export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  await request.json();
  return Response.json({ ok: true });
}
`,
    "bare-server.mjs": `import { createServer } from "node:http";

createServer((req, res) => {
  if (req.method !== "GET" || req.url !== "/api/ping") {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true }));
}).listen(Number(process.argv[2]), "127.0.0.1");
`,
  };
}

/** The warm-up, then the measured run with the server's CPU time around it. */
async function measure(server: ServerProcess, load: { warmup: LoadOptions; measured: LoadOptions }) {
  const warm = await drive(server.baseUrl, PING, NO_WALLETS, load.warmup);
  if (warm.responses === 0 || warm.unexpected > 0) {
    throw new Error(`GET /api/ping on ${server.baseUrl}: ${warm.responses} responses, ${warm.unexpected} not 2xx:\n${server.logs()}`);
  }
  const { result, cpuMs } = await withCpu(server.pid, () => drive(server.baseUrl, PING, NO_WALLETS, load.measured));
  return { result, cpuMs: cpuMs === null ? null : cpuMs / result.responses };
}

/** The throwaway app, built, in a folder `cleanup` removes. */
async function buildFloorApp(cleanup: Cleanup): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "refboard-next-floor-"));
  cleanup.add(() => rmSync(dir, { recursive: true, force: true }));
  for (const [file, text] of Object.entries(appFiles(dir))) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  // A link, not a copy: `cp -al` of the repo's 120k files and their removal take seconds.
  symlinkSync(resolve("node_modules"), join(dir, "node_modules"), "dir");
  await buildNextApp(dir, { quiet: true });
  return dir;
}

/** The floor's next start under the profiler (target3-profiles.ts), and its empty routes to drive. */
export async function startProfiledFloor(cleanup: Cleanup): Promise<{ server: ProfiledServer; drive(load: LoadOptions, method: Endpoint["method"]): Promise<LoadResult> }> {
  const dir = await buildFloorApp(cleanup);
  const server = await startProfiledProcess("floor-profile", (port) => [NEXT_BIN, "start", dir, "-p", String(port), "-H", "127.0.0.1"], {}, cleanup);
  return { server, drive: (load, method) => drive(server.baseUrl, method === "GET" ? PING : ECHO, NO_WALLETS, load) };
}

export interface FloorServers {
  /** The first measurement: next start and bare in turn. */
  floor: FrameworkFloor;
  /**
   * Drives the empty route of `method` (GET /api/ping, or POST /api/echo, which reads its JSON
   * body) on the floor's next start, which stays up, and returns the CPU time (ms) it took.
   */
  drive(load: LoadOptions, method?: Endpoint["method"]): Promise<{ result: LoadResult; cpuMs: number | null }>;
}

/**
 * Builds the throwaway app and measures next start and bare in turn; next start keeps running
 * for `ping` until `cleanup` stops both servers and removes the app.
 */
export async function startFrameworkFloor(
  load: { serverWarmup: LoadOptions; warmup: LoadOptions; measured: LoadOptions },
  cleanup: Cleanup,
): Promise<FloorServers> {
  const dir = await buildFloorApp(cleanup);
  const next = await startNextServer({}, dir);
  cleanup.add(() => next.stop());
  const bare = await startServerProcess("floor-bare", (port) => [join(dir, "bare-server.mjs"), String(port)], {});
  cleanup.add(() => bare.stop());
  for (const server of [next, bare]) await drive(server.baseUrl, PING, NO_WALLETS, load.serverWarmup);
  const n = await measure(next, load);
  const b = await measure(bare, load);
  await bare.stop();
  return {
    floor: { next: n.result, bare: b.result, nextCpuMs: n.cpuMs, bareCpuMs: b.cpuMs },
    drive: (sliceLoad, method = "GET") =>
      withCpu(next.pid, () => drive(next.baseUrl, method === "POST" ? ECHO : PING, NO_WALLETS, sliceLoad)),
  };
}
