/**
 * `npm run seed -- --wallets N [--backend sqlite|redis|upstash] [--prefix P] [--data-dir D]
 *                 [--redis-url URL] [--seed S] [--batch B] [--concurrency C]`
 *
 * Fills a store with N wallets of a synthetic viral campaign (scripts/bench/dataset.ts:
 * most wallets with 0-2 referrals, a long tail up to thousands, every score and count
 * consistent with the referral relationships), in batches through OperatorStore.putWallets:
 * one round trip per batch on Redis, one transaction per batch on SQLite.
 *
 * The backend is the one the environment selects (as for the server) unless --backend says
 * otherwise; Redis needs REDIS_URL or --redis-url, Upstash KV_REST_API_URL + KV_REST_API_TOKEN.
 * Records are overwritten, never deleted: seed an empty store (or prefix) for clean figures.
 */
import { parseArgs } from "node:util";
import { createStore } from "@/lib/store";
import { generateDataset, writeDataset } from "@/scripts/bench/dataset";
import { BACKENDS, storeConfig, type Backend } from "@/scripts/bench/stores";

const USAGE =
  "usage: npm run seed -- --wallets N [--backend sqlite|redis|upstash] [--prefix P] [--data-dir D] [--redis-url URL] [--seed S] [--batch B] [--concurrency C]";

function positive(name: string, text: string | undefined, fallback?: number): number {
  if (text === undefined && fallback !== undefined) return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} must be a whole number >= 1\n${USAGE}`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      wallets: { type: "string" },
      backend: { type: "string" },
      prefix: { type: "string" },
      "data-dir": { type: "string" },
      "redis-url": { type: "string" },
      seed: { type: "string" },
      batch: { type: "string" },
      concurrency: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return console.log(USAGE);
  const wallets = positive("wallets", values.wallets);
  const backend = values.backend as Backend | undefined;
  if (backend !== undefined && !BACKENDS.includes(backend)) throw new Error(`--backend must be one of ${BACKENDS.join(", ")}\n${USAGE}`);

  // A batch of 1000 full records can take longer than the request-path budget.
  const cfg = storeConfig(
    { backend, prefix: values.prefix, dataDir: values["data-dir"], redisUrl: values["redis-url"] },
    { STORE_TIMEOUT_MS: "60000", ...process.env },
  );
  const store = await createStore(cfg);
  try {
    const started = performance.now();
    const dataset = generateDataset({ wallets, seed: positive("seed", values.seed, 1) });
    const step = Math.max(10_000, Math.ceil(wallets / 10 / 10_000) * 10_000);
    let next = step;
    const written = await writeDataset(store, dataset, {
      batchSize: values.batch ? positive("batch", values.batch) : undefined,
      concurrency: positive("concurrency", values.concurrency, 4),
      onProgress: (n) => {
        if (n < next) return;
        next += step;
        console.log(`[seed] ${n.toLocaleString("en")} / ${wallets.toLocaleString("en")}`);
      },
    });
    const seconds = (performance.now() - started) / 1000;
    const s = dataset.stats;
    console.log(
      `[seed] ${written.toLocaleString("en")} wallets into ${cfg.kind} in ${seconds.toFixed(1)} s ` +
        `(${Math.round(written / seconds).toLocaleString("en")}/s): ${s.referred.toLocaleString("en")} referred, ` +
        `${s.referrers.toLocaleString("en")} referrers, max ${s.maxReferrals.toLocaleString("en")} referrals, ` +
        `${((100 * s.zeroToTwo) / wallets).toFixed(1)}% with 0-2, ${s.withEntry.toLocaleString("en")} on the leaderboard`,
    );
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(`[seed] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
