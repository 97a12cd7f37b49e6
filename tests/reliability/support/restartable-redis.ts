/**
 * A redis-server that the reliability tests and the chaos run kill and start again on the
 * SAME port, like an outage of a real deployment. Its data lives in an append-only file in a
 * temp dir, so a restart keeps every write Redis acknowledged: with appendfsync everysec the
 * file is written before the reply goes out, and only fsync waits, which a killed process
 * (not a power cut) does not need.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "redis";
import { freePort, waitForPort } from "@/tests/support/free-port";

export interface RestartableRedis {
  port: number;
  url: string;
  /** PID of the running server, null while it is down. */
  pid(): number | null;
  /** Kills the server (SIGKILL by default: a crash, no shutdown save) and waits for it to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and waits until it answers PING (the AOF is loaded by then). */
  restart(): Promise<void>;
  /** Stops it for good and removes its files. */
  stop(): Promise<void>;
}

export async function startRestartableRedis(port?: number): Promise<RestartableRedis> {
  if (spawnSync("redis-server", ["--version"]).error) throw new Error("redis-server is not installed");
  const p = port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), "refboard-redis-"));
  const url = `redis://127.0.0.1:${p}`;
  let child: ChildProcess | null = null;

  const launch = async () => {
    const args = ["--port", String(p), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--protected-mode", "yes"];
    args.push("--appendonly", "yes", "--appendfsync", "everysec");
    const proc = spawn("redis-server", args, { stdio: "ignore" });
    child = proc;
    let exited = false;
    proc.once("exit", () => (exited = true));
    await waitForPort(p, 10_000);
    if (exited) throw new Error(`redis-server on ${p} exited while starting (port taken?)`);
    await waitForPing(url);
  };

  const kill = (signal: NodeJS.Signals = "SIGKILL") =>
    new Promise<void>((resolve) => {
      const proc = child;
      child = null;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return resolve();
      proc.once("exit", () => resolve());
      proc.kill(signal);
    });

  await launch();
  return {
    port: p,
    url,
    pid: () => child?.pid ?? null,
    kill,
    restart: async () => {
      if (child) throw new Error("redis-server is still running");
      await launch();
    },
    stop: async () => {
      await kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until the server answers PING rather than LOADING (bounded). */
async function waitForPing(url: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const client = createClient({ url, socket: { reconnectStrategy: false, connectTimeout: 1_000 } });
  client.on("error", () => undefined);
  await client.connect();
  try {
    for (;;) {
      try {
        await client.ping();
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  } finally {
    await client.close().catch(() => client.destroy());
  }
}
