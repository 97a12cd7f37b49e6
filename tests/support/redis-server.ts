import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { freePort, waitForPort } from "@/tests/support/free-port";

export interface RedisServer {
  url: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** A throwaway redis-server on a free loopback port: no persistence, stopped by its PID. */
export async function startRedisServer(port?: number): Promise<RedisServer> {
  if (spawnSync("redis-server", ["--version"]).error) {
    throw new Error("redis-server is not installed: run `apt-get install -y redis-server` (or `npm test`, which installs it as root)");
  }
  const p = port ?? (await freePort());
  const child = spawn(
    "redis-server",
    ["--port", String(p), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "yes"],
    { stdio: "ignore" },
  );
  await waitForPort(p, 10_000);
  return {
    url: `redis://127.0.0.1:${p}`,
    port: p,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
