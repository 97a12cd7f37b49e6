/**
 * `npm run import:legacy` against a real redis-server filled with the original app's keys,
 * consistent and not: run twice (the second run writes nothing), the source provably untouched
 * (MONITOR sees read-only commands only; every key and value identical after), the result
 * checked through the Store, the invariant checker and the HTTP API; the same keyspace over the
 * Upstash REST protocol gives the same records.
 */
import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { refCodeOf } from "@/lib/domain/wallet";
import { checkInvariants } from "@/lib/operators/invariants";
import { READ_ONLY_COMMANDS } from "@/lib/operators/legacy-source";
import { createStore } from "@/lib/store";
import type { Store } from "@/lib/store/types";
import type { WalletRecord } from "@/lib/store/types";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { client } from "@/tests/support/http";
import { startRedisServer, type RedisServer } from "@/tests/support/redis-server";
import { startUpstashBridge, type UpstashBridge } from "@/tests/support/upstash-bridge";
import { randomWallet, walletWithCode } from "@/tests/support/wallets";

const exec = promisify(execFile);
const T0 = 1_714_000_000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const upper = (w: string) => `0x${w.slice(2).toUpperCase()}`;

type Redis = ReturnType<typeof createClient>;

/** The named wallets of the scenario; the rest is a crowd of consistent referrals. */
const A = randomWallet(); // refcount 5 but 3 referees; legacy score 6 (double credits): kept
const B = randomWallet(); // referee of A, stored under an upper-case key
const C = randomWallet(); // referee of A with no leaderboard entry (score write lost): restored
const D = randomWallet(); // referee of A; user data with tasks
const E = randomWallet(); // self-referral: dropped
const F = randomWallet(); // leaderboard member with score 4 and no other key
const CODE = randomBytes(4).toString("hex");
const OWNER = walletWithCode(CODE); // refcode:{CODE} names it; it shares the code with TWIN, known earlier
const TWIN = walletWithCode(CODE);

async function seedLegacy(redis: Redis): Promise<{ crowd: number }> {
  const m = redis.multi();
  m.set(`referral:${upper(B)}`, JSON.stringify({ referrer: upper(A), createdAt: iso(T0 + 10) }));
  m.set(`referral:${C}`, JSON.stringify({ referrer: A, createdAt: iso(T0 + 20) }));
  m.set(`referral:${D}`, JSON.stringify({ referrer: A, createdAt: iso(T0 + 30) }));
  m.set(`referral:${E}`, JSON.stringify({ referrer: E, createdAt: iso(T0 + 40) }));
  m.set(`refcount:${A}`, "5");
  m.sAdd("set:referrers", A);
  m.zAdd("leaderboard", [
    { score: 6, value: A },
    { score: 1, value: B },
    { score: 1, value: D },
    { score: 4, value: F },
  ]);
  m.set(`refcode:${refCodeOf(A)}`, A);
  m.set(
    `user:${D}`,
    JSON.stringify({
      steam: { fishing: { last: T0 + 500 }, follow: { completed: true, ts: (T0 + 100) * 1000 }, like_recast: { completed: false, ts: 0 } },
      tasks: { nft_mint: true, referral: false },
    }),
  );
  m.set(`refcode:${CODE}`, OWNER);
  m.set(`user:${TWIN}`, JSON.stringify({ steam: { fishing: { last: T0 } } }));
  m.set(`user:${OWNER}`, JSON.stringify({ steam: { fishing: { last: T0 + 9000 } } }));
  m.set("session:unrelated", "another app's key");
  // A consistent crowd, enough keys for several SCAN pages: 400 referrers with 0-6 referees each.
  let crowd = 0;
  for (let r = 0; r < 400; r++) {
    const referrer = randomWallet();
    const referees = r % 7;
    for (let i = 0; i < referees; i++) {
      const referee = randomWallet();
      m.set(`referral:${referee}`, JSON.stringify({ referrer, createdAt: iso(T0 + 1000 + crowd) }));
      m.zAdd("leaderboard", { score: 1, value: referee });
      crowd++;
    }
    m.set(`refcode:${refCodeOf(referrer)}`, referrer);
    if (referees > 0) {
      m.set(`refcount:${referrer}`, String(referees));
      m.sAdd("set:referrers", referrer);
      m.zAdd("leaderboard", { score: referees, value: referrer });
    }
  }
  await m.exec();
  return { crowd };
}

/** Every key with its type and value: what "untouched" is checked against. */
async function snapshot(redis: Redis): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for await (const keys of redis.scanIterator({ COUNT: 1000 })) {
    for (const key of keys) {
      const type = await redis.type(key);
      if (type === "string") out[key] = await redis.get(key);
      else if (type === "zset") out[key] = await redis.zRangeWithScores(key, 0, -1);
      else if (type === "set") out[key] = (await redis.sMembers(key)).sort();
      else out[key] = type;
    }
  }
  return out;
}

describe("legacy import from the original app's keyspace", () => {
  let legacy: RedisServer;
  let redis: Redis;
  let monitor: Redis;
  /** MONITOR lines, e.g. `1700000000.123 [0 127.0.0.1:5000] "SCAN" "0" "COUNT" "1000"`. */
  const lines: string[] = [];
  let importCommands: string[];
  let before: Record<string, unknown>;
  let targetEnv: Record<string, string>;
  let target: Store;
  let runs: { stdout: string; stderr: string }[];
  let crowd: number;

  const importCli = (args: string[], env: Record<string, string>) =>
    exec(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/import-legacy.ts", ...args], {
      env: { PATH: process.env.PATH, NODE_ENV: "production", ...env }, // only what the test sets: no stray store variable
      maxBuffer: 16 * 1024 * 1024,
    });

  beforeAll(async () => {
    legacy = await startRedisServer();
    redis = createClient({ url: legacy.url });
    await redis.connect();
    ({ crowd } = await seedLegacy(redis));
    before = await snapshot(redis);
    monitor = createClient({ url: legacy.url });
    await monitor.connect();
    await monitor.monitor((line) => lines.push(line));

    targetEnv = { REDIS_URL: inject("redisUrl"), STORE_PREFIX: `imp${randomUUID().slice(0, 8)}` };
    target = await createStore(parseConfig(targetEnv).store);
    runs = [];
    for (let i = 0; i < 2; i++) runs.push(await importCli(["--from", legacy.url], targetEnv));
    // MONITOR lines arrive asynchronously: a marker closes what the imports sent.
    const marker = `end-of-import-${randomUUID()}`;
    await redis.sendCommand(["ECHO", marker]);
    while (!lines.some((l) => l.includes(marker))) await new Promise((r) => setTimeout(r, 10));
    importCommands = lines.slice(0, lines.findIndex((l) => l.includes(marker))).map((l) => /\] "([^"]+)"/.exec(l)?.[1]?.toUpperCase() ?? l);
  }, 180_000);

  afterAll(async () => {
    await monitor?.close().catch(() => undefined);
    await redis?.close().catch(() => undefined);
    await legacy?.stop();
    await target?.close();
  });

  it("the first run writes every wallet; the second writes nothing and finds everything up to date", () => {
    const wallets = Number(/mapped: (\d+) wallets/.exec(runs[0]!.stderr)?.[1]);
    expect(wallets).toBeGreaterThan(crowd);
    expect(runs[0]!.stderr).toContain(`target: ${wallets} written, 0 already up to date, 0 holding different data`);
    expect(runs[1]!.stderr).toContain(`target: 0 written, ${wallets} already up to date, 0 holding different data`);
    expect(runs[1]!.stdout).toBe(runs[0]!.stdout); // the same inconsistencies, reported again
  });

  it("reports every inconsistency of the seeded keyspace, and nothing in the consistent crowd", () => {
    const lines = runs[0]!.stdout.trim().split("\n").map((l) => l.split("\t"));
    const found = lines.map(([kind, subject]) => `${kind} ${subject}`).sort();
    expect(found).toEqual(
      [
        `refcount-mismatch ${A}`,
        `score-above-relationships ${A}`,
        `missing-score ${C}`,
        `self-referral referral:${E}`,
        `entry-without-data ${F}`,
        `shared-code ${CODE}`,
      ].sort(),
    );
  });

  it("the source is untouched: only read-only commands reached it, and every key and value is as before", async () => {
    const names = new Set(importCommands);
    const connectionSetup = new Set(["CLIENT", "HELLO", "SELECT", "PING"]);
    for (const name of names) expect(READ_ONLY_COMMANDS.has(name) || connectionSetup.has(name), `command ${name}`).toBe(true);
    expect(names).toContain("SCAN");
    expect(await snapshot(redis)).toEqual(before);
  });

  it("the records follow the documented rules", async () => {
    const [a, b, c, d, e, f, owner, twin] = await target.getWallets([A, B, C, D, E, F, OWNER, TWIN]);
    expect(a).toMatchObject({ referralsCount: 3, entry: { score: 6, reachedAt: T0 + 30 } });
    expect(b).toMatchObject({ referrer: A, referredAt: T0 + 10, entry: { score: 1 } });
    expect(c).toMatchObject({ referrer: A, entry: { score: 1, reachedAt: T0 + 20 } });
    expect(d).toMatchObject({
      referrer: A,
      checkInLast: T0 + 500,
      social: { add_miniapp: null, fc_follow: T0 + 100, fc_like_recast: null, fc_comment: null },
      nftMint: true,
    });
    expect(e).toMatchObject({ referrer: null, entry: null });
    expect(f).toMatchObject({ referrer: null, referralsCount: 0, entry: { score: 4 } });
    expect(owner!.createdAt).toBeLessThan(twin!.createdAt);
    expect(await target.resolveRefCode(CODE)).toBe(OWNER);
  });

  it("the invariant checker finds only the kept legacy excess (the score-above rule), nothing else", async () => {
    const report = await checkInvariants(target);
    expect(report.violations).toBe(2);
    expect(report.byKind["score-mismatch"]).toBe(2);
    expect(report.samples.map((v) => v.wallet).sort()).toEqual([A, F].sort());
  });

  it("the API serves the imported data, and the imported relationships stay immutable", async () => {
    const app: AppServer = await startApp(targetEnv);
    try {
      const api = client(app.baseUrl);
      expect((await api.get(`/api/referral/check?wallet=${upper(B)}`)).body).toEqual({ hasReferrer: true, wallet: B });
      expect((await api.get(`/api/leaderboard/user?wallet=${A}`)).body).toMatchObject({ referrals_count: 3, rewards: 120 });
      expect((await api.get(`/api/referral/wallet-by-code?code=${CODE}`)).body).toEqual({ wallet: OWNER, refCode: CODE });
      const status = await api.get(`/api/steam/task-status?wallet=${D}`);
      expect(status.body.tasks).toMatchObject({ fc_follow: true, fc_like_recast: false, nft_mint: true, referral: false });
      const again = await api.post("/api/referral/record", { wallet: C, refCode: refCodeOf(F) as string });
      expect(again.body).toEqual({ success: true, referrer: A, alreadyRecorded: true });
      const fresh = randomWallet();
      expect((await api.post("/api/referral/record", { wallet: fresh, refCode: refCodeOf(A) })).body).toEqual({ success: true, referrer: A });
      expect((await api.get(`/api/leaderboard/user?wallet=${A}`)).body).toMatchObject({ referrals_count: 4, rewards: 140 });
    } finally {
      await app.stop();
    }
  });

  describe("over the Upstash REST protocol", () => {
    let bridge: UpstashBridge;
    let dataDir: string;
    const token = randomBytes(16).toString("hex");

    beforeAll(async () => {
      bridge = await startUpstashBridge(legacy.url, token);
      dataDir = mkdtempSync(join(tmpdir(), "refboard-import-rest-"));
    });
    afterAll(async () => {
      await bridge?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it("imports the same records into SQLite as the TCP import did into Redis", async () => {
      const { stderr } = await importCli(["--from", bridge.url, "--token", token], { DATA_DIR: dataDir });
      expect(stderr).toContain("0 holding different data");
      const sqlite = await createStore(parseConfig({ DATA_DIR: dataDir }).store);
      try {
        const all = async (store: Store) => {
          const records: WalletRecord[] = [];
          let cursor = "0";
          do {
            const page = await store.scanWallets(cursor, 1000);
            cursor = page.cursor;
            records.push(...page.records);
          } while (cursor !== "0");
          return records.sort((x, y) => (x.wallet < y.wallet ? -1 : 1));
        };
        const fromRest = await all(sqlite);
        const fromTcp = await all(target);
        // The TCP target took one live referral in the API test above: compare everything else.
        const touched = new Set<string>([A]);
        const strip = (records: WalletRecord[]) => records.filter((r) => !touched.has(r.wallet) && r.referrer !== A);
        expect(fromRest.length).toBe(fromTcp.length - 1);
        expect(strip(fromRest)).toEqual(strip(fromTcp));
      } finally {
        await sqlite.close();
      }
    });

    it("a wrong token is a clear failure (exit 1), not an empty import", async () => {
      const failed = await importCli(["--from", bridge.url, "--token", "wrong"], { DATA_DIR: dataDir }).catch((e: unknown) => e);
      expect(failed).toMatchObject({ code: 1 });
      expect(String((failed as { stderr: string }).stderr)).toMatch(/401/);
    });
  });
});
