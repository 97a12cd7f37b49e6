import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, waitForPort } from "@/tests/support/free-port";

export interface AppServer {
  baseUrl: string;
  port: number;
  /** The process started: `next start` serves in it; `next dev` serves in a child that stops with it. */
  pid: number;
  /** Output of the server so far, for tests that check what it logged. */
  logs(): string;
  stop(): Promise<void>;
}

/**
 * `next start` of the production build on a free port, with its own environment.
 * Without a store variable it runs on a fresh embedded SQLite store in a temp dir.
 */
export function startApp(env: Record<string, string> = {}): Promise<AppServer> {
  return startNext("start", env);
}

/**
 * `next dev` on a free port, as `npm run dev` runs it, on a fresh SQLite store like startApp.
 * It compiles each route on its first request, into .next/dev: the production build beside it
 * stays as it is, and `next build` leaves .next/dev alone. Next allows one `next dev` per
 * checkout at a time (it locks .next/dev). `hostname` (-H) is also the one host whose pages
 * `next dev` serves its scripts to besides localhost and next.config's allowedDevOrigins;
 * "localhost" tests those as `npm run dev`, started without -H, does (it must resolve to 127.0.0.1).
 */
export function startDevApp(env: Record<string, string> = {}, hostname = "127.0.0.1"): Promise<AppServer> {
  return startNext("dev", env, hostname);
}

async function startNext(command: "start" | "dev", env: Record<string, string>, hostname = "127.0.0.1"): Promise<AppServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "refboard-app-"));
  let output = "";
  const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", command, "-p", String(port), "-H", hostname], {
    env: {
      PATH: process.env.PATH,
      // Next warns about any other pairing of command and NODE_ENV.
      NODE_ENV: command === "start" ? "production" : "development",
      NEXT_TELEMETRY_DISABLED: "1",
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`next ${command} exited with ${code} before listening:\n${output}`))),
  );
  try {
    await Promise.race([waitForPort(port, 60_000), exited]);
  } catch (error) {
    child.kill("SIGKILL");
    throw error instanceof Error && error.message.includes(output) ? error : new Error(`next ${command} did not listen: ${String(error)}\n${output}`);
  }
  exited.catch(() => undefined); // after start-up an exit is reported by stop(), not as an unhandled rejection
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    logs: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => (rmSync(dataDir, { recursive: true, force: true }), resolve());
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once("exit", done);
        child.kill("SIGTERM");
      }),
  };
}
