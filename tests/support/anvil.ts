import { spawn } from "node:child_process";
import { join } from "node:path";
import { freePort, waitForPort } from "@/tests/support/free-port";

export interface Anvil {
  rpcUrl: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * A throwaway anvil (npm @foundry-rs/anvil) on a free loopback port, stopped by its PID.
 * Resolved from the working directory, like the other test servers: run from the repo root.
 */
export async function startAnvil(options: { chainId?: number } = {}): Promise<Anvil> {
  const port = await freePort();
  const args = ["--port", String(port), "--host", "127.0.0.1", "--silent"];
  if (options.chainId !== undefined) args.push("--chain-id", String(options.chainId));
  let output = "";
  const child = spawn(join(process.cwd(), "node_modules", ".bin", "anvil"), args, {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`anvil exited (code ${code}) before listening:\n${output}`))),
  );
  exited.catch(() => {}); // only awaited while starting; a later exit is stop() doing its job
  try {
    await Promise.race([waitForPort(port, 30_000), exited]);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        // The npm wrapper forwards SIGTERM to the anvil binary, then exits itself.
        const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
        child.once("exit", () => (clearTimeout(force), resolve()));
        child.kill("SIGTERM");
      }),
  };
}
