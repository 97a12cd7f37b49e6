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
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { summarize, window, type CpuProfile } from "@/scripts/bench/cpu-profile";
import { ENDPOINTS } from "@/scripts/bench/endpoints";
import { drive } from "@/scripts/bench/load";
import { startProfiledNext, timed } from "@/scripts/bench/profiled-next";
import { Cleanup, withCpu } from "@/scripts/bench/services";
import { BACKENDS, type Backend } from "@/scripts/bench/stores";

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
    const { server, population } = await startProfiledNext(backend, size, cleanup, { keep: values.keep });
    await drive(server.baseUrl, ENDPOINTS.find((e) => e.name === "GET /api/health")!, population, { amount: 6000 });
    await endpoint.prepare?.(server.baseUrl, 3000);
    await drive(server.baseUrl, endpoint, population, { amount: 3000 });
    const { result: load, window: driven } = await timed(() => withCpu(server.pid, () => drive(server.baseUrl, endpoint, population, { duration: seconds })));
    const { result, cpuMs: used } = load;
    const { profile, file } = await server.profile();
    console.log(
      `${endpoint.name} on ${backend} (${size} wallets), ${seconds} s: ${result.responses} responses (${result.unexpected} unexpected), ` +
        `${used === null ? "-" : (used / result.responses).toFixed(3)} ms CPU per request (all threads, /proc)` +
        `${values.keep ? `; profile: ${file}` : ""}\n`,
    );
    console.log(summarize(window(profile, driven.from, driven.to), Number(values.top), under));
  } finally {
    process.off("SIGINT", stop);
    await cleanup.run();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
