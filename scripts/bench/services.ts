/** The processes a benchmark run needs, each server started on a free loopback port and stopped by its PID. */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "redis";
import { freePort, waitForPort } from "@/tests/support/free-port";

/** `node` with the flags that let it run the TypeScript server modules directly. */
export const TSX_NODE_ARGS = ["--conditions=react-server", "--import", "tsx"];
export const NEXT_BIN = "node_modules/next/dist/bin/next";

/** Everything a part of the run started, stopped in reverse order even when that part fails. */
export class Cleanup {
  private readonly steps: (() => Promise<void> | void)[] = [];
  add(step: () => Promise<void> | void): void {
    this.steps.push(step);
  }
  async run(): Promise<void> {
    for (const step of this.steps.splice(0).reverse()) {
      try {
        await step();
      } catch (error) {
        console.error("[bench] cleanup step failed:", error);
      }
    }
  }
}

/** `next build` of the app in `dir` with the repo's next; `quiet` shows its output only if it fails. */
export function buildNextApp(dir: string, { quiet = false } = {}): Promise<void> {
  const child = spawn(process.execPath, [NEXT_BIN, "build", dir], {
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
  });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`next build ${dir} exited with ${code}\n${output}`))));
  });
}

function stopChild(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("exit", () => (clearTimeout(timer), resolve()));
    child.kill("SIGTERM");
  });
}

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** The end of what the server wrote to stdout and stderr. */
  logs(): string;
  stop(): Promise<void>;
}

/**
 * A server process on a free port, its output going to a file as a production server's would
 * (a log drain), not through a pipe into the benchmark, which would then pay for every log line.
 */
export async function startServerProcess(name: string, args: (port: number) => string[], env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), `refboard-bench-${name}-`));
  const logFile = join(dir, "output.log");
  const fd = openSync(logFile, "a");
  const child = spawn(process.execPath, args(port), {
    env: { PATH: process.env.PATH, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", fd, fd],
  });
  closeSync(fd);
  const logs = () => {
    try {
      return readFileSync(logFile, "utf8").slice(-4000);
    } catch {
      return "";
    }
  };
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`${name} exited with ${code}:\n${logs()}`))),
  );
  exited.catch(() => undefined);
  try {
    await Promise.race([waitForPort(port, 60_000), exited]);
  } catch (error) {
    child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    logs,
    stop: async () => {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `next start` of the production build of the app in `dir`, configured by `env`. */
export function startNextServer(env: Record<string, string>, dir = "."): Promise<ServerProcess> {
  return startServerProcess("next", (port) => [NEXT_BIN, "start", dir, "-p", String(port), "-H", "127.0.0.1"], env);
}

export interface BareServer extends ServerProcess {
  /** Round trips its store has made so far, counted by countingClient (0 on SQLite). */
  roundTrips(): Promise<number>;
}

/** scripts/bench/bare-server.ts in its own process, configured by `env` like the real server. */
export async function startBareServer(env: Record<string, string>): Promise<BareServer> {
  const server = await startServerProcess("bare", (port) => [...TSX_NODE_ARGS, "scripts/bench/bare-server.ts", "--port", String(port)], env);
  return {
    ...server,
    roundTrips: async () => {
      const res = await fetch(`${server.baseUrl}/__bench/round-trips`);
      return ((await res.json()) as { roundTrips: number }).roundTrips;
    },
  };
}

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;
/** Whether the kernel keeps each thread's run time in nanoseconds (CONFIG_SCHED_INFO). */
const SCHEDSTAT = existsSync("/proc/self/schedstat");

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc: the sum of its threads'
 * run times in nanoseconds where the kernel keeps them, else its clock ticks, whose 10 ms are
 * coarse for a slice of a few hundred requests. null where /proc is missing.
 */
export function cpuMs(pid: number): number | null {
  try {
    if (SCHEDSTAT) {
      let ns = 0;
      for (const task of readdirSync(`/proc/${pid}/task`)) {
        try {
          ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
        } catch {
          // the thread ended between the listing and the read
        }
      }
      return ns / 1e6;
    }
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** Runs `run` and returns its result with the CPU time (ms) process `pid` used meanwhile; null where /proc is missing. */
export async function withCpu<T>(pid: number, run: () => Promise<T>): Promise<{ result: T; cpuMs: number | null }> {
  const before = cpuMs(pid);
  const result = await run();
  const after = cpuMs(pid);
  return { result, cpuMs: before === null || after === null ? null : after - before };
}

export interface BridgeProcess {
  url: string;
  /** HTTP requests the bridge has served: the REST client's real round trips. */
  requests(): Promise<number>;
  stop(): Promise<void>;
}

/** The Upstash REST test bridge (tests/support/upstash-bridge.ts) in its own process. */
export async function startBridgeProcess(redisUrl: string, token: string): Promise<BridgeProcess> {
  const child = spawn(process.execPath, [...TSX_NODE_ARGS, "scripts/bench/bridge-process.ts", redisUrl, token], {
    env: { PATH: process.env.PATH, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the Upstash bridge did not start within 30 s")), 30_000);
    child.once("exit", (code) => reject(new Error(`the Upstash bridge exited with ${code}`)));
    child.once("message", (message) => {
      clearTimeout(timer);
      resolve((message as { url: string }).url);
    });
  });
  return {
    url,
    requests: () =>
      new Promise((resolve) => {
        child.once("message", (message) => resolve((message as { requests: number }).requests));
        child.send("requests");
      }),
    stop: () => stopChild(child),
  };
}

/**
 * Counts the commands clients send to a redis-server while `run` runs, with MONITOR, which
 * sees every command as it executes; commands a Lua script runs are marked "lua" and are not
 * round trips. MONITOR slows Redis down, so it is on only around `run`. Markers sent on a
 * separate connection delimit the window: everything `run` caused executes between them.
 */
export async function countRedisCommands<T>(redisUrl: string, run: () => Promise<T>): Promise<{ result: T; commands: number }> {
  const sender = createClient({ url: redisUrl, RESP: 2 });
  const monitor = createClient({ url: redisUrl, RESP: 2 });
  await sender.connect();
  await monitor.connect();
  const lines: string[] = [];
  try {
    await monitor.monitor((line) => lines.push(line));
    const mark = async (): Promise<number> => {
      const marker = `refboard-bench-${Math.random().toString(36).slice(2)}`;
      await sender.sendCommand(["ECHO", marker]);
      for (let waited = 0; waited < 10_000; waited += 10) {
        const at = lines.findIndex((line) => line.includes(marker));
        if (at >= 0) return at;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error("MONITOR did not show the marker within 10 s");
    };
    const from = await mark();
    const result = await run();
    const to = await mark();
    const commands = lines.slice(from + 1, to).filter((line) => !/\[\d+ lua\]/.test(line)).length;
    return { result, commands };
  } finally {
    await monitor.destroy();
    await sender.destroy();
  }
}
