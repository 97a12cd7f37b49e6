/**
 * `next start` under `node --cpu-prof` on a store seeded as a bench stage seeds it: what profile.ts
 * and target3-profiles.ts drive. The profile covers the process's whole life; `timed` notes the
 * window of a load on the profile's clock, so that one process can be profiled endpoint by endpoint.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createStore } from "@/lib/store";
import type { CpuProfile } from "@/scripts/bench/cpu-profile";
import { BENCH_SERVER_ENV } from "@/scripts/bench/coverage-endpoints";
import { BENCH_QUESTS, generateDataset, populationOf, writeDataset } from "@/scripts/bench/dataset";
import type { Population } from "@/scripts/bench/requests";
import { freshStore } from "@/scripts/bench/fresh-store";
import { cpuMs, NEXT_BIN, startServerProcess, type Cleanup, type ServerProcess } from "@/scripts/bench/services";
import { storeConfig, storeEnv, type Backend } from "@/scripts/bench/stores";

export interface ProfiledServer extends ServerProcess {
  /** Stops the server with SIGINT, which makes node write its profile, and reads that profile. */
  profile(): Promise<{ profile: CpuProfile; file: string }>;
}

/** A window of the profile's clock (µs): the process's monotonic clock, which this process shares (same boot). */
export interface Window {
  from: number;
  to: number;
}

export async function timed<T>(run: () => Promise<T>): Promise<{ result: T; window: Window }> {
  const from = Number(process.hrtime.bigint() / 1000n);
  const result = await run();
  return { result, window: { from, to: Number(process.hrtime.bigint() / 1000n) } };
}

/** Starts `args` (a node script and its arguments) under --cpu-prof; `keep` keeps the profile in that folder. */
export async function startProfiledProcess(
  name: string,
  args: (port: number) => string[],
  env: Record<string, string>,
  cleanup: Cleanup,
  keep?: string,
): Promise<ProfiledServer> {
  const profileDir = keep ?? mkdtempSync(join(tmpdir(), "refboard-cpuprofile-"));
  if (!keep) cleanup.add(() => rmSync(profileDir, { recursive: true, force: true }));
  const server = await startServerProcess(name, (port) => ["--cpu-prof", "--cpu-prof-dir", profileDir, ...args(port)], env);
  cleanup.add(() => server.stop());
  const before = new Set(readdirSync(profileDir));
  return {
    ...server,
    async profile() {
      process.kill(server.pid, "SIGINT");
      for (let waited = 0; waited < 30_000 && cpuMs(server.pid) !== null; waited += 100) await new Promise((r) => setTimeout(r, 100));
      const file = readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile") && !before.has(f));
      if (!file) throw new Error(`${name} wrote no profile to ${profileDir}:\n${server.logs()}`);
      return { profile: JSON.parse(readFileSync(join(profileDir, file), "utf8")) as CpuProfile, file: join(profileDir, file) };
    },
  };
}

/**
 * A fresh store of `backend` (fresh-store.ts) seeded with `size` wallets and the bench's quests, and the current build's `next start`
 * on it under the profiler, configured as the bench's servers are, plus `env`.
 */
export async function startProfiledNext(
  backend: Backend,
  size: number,
  cleanup: Cleanup,
  { env = {}, keep }: { env?: Record<string, string>; keep?: string } = {},
): Promise<{ server: ProfiledServer; population: Population }> {
  const { target } = await freshStore(backend, cleanup);
  const dataset = generateDataset({ wallets: size });
  const admin = await createStore(storeConfig(target, { STORE_TIMEOUT_MS: "60000" }));
  try {
    await writeDataset(admin, dataset);
    await admin.importQuests(BENCH_QUESTS);
  } finally {
    await admin.close();
  }
  const server = await startProfiledProcess(
    "next-profile",
    (port) => [NEXT_BIN, "start", ".", "-p", String(port), "-H", "127.0.0.1"],
    storeEnv(target, { ...BENCH_SERVER_ENV, ...env }),
    cleanup,
    keep,
  );
  return { server, population: populationOf(dataset.seed, size) };
}
