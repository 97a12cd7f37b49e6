/**
 * The rewards export on 10,000 wallets (Redis over TCP): the CLI and the admin endpoint produce
 * the same bytes, in the one leaderboard order, agreeing with GET /api/leaderboard.
 */
import { execFile } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { rewardsOf } from "@/lib/domain/leaderboard";
import { rewardsJsonExportSchema } from "@/lib/contract/rewards-export-schemas";
import { verifyRewardsExport } from "@/lib/operators/rewards-export";
import { createStore } from "@/lib/store";
import type { Store } from "@/lib/store/types";
import type { WalletRecord } from "@/lib/store/types";
import { compareEntries } from "@/tests/store/leaderboard-model";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { client, type Client } from "@/tests/support/http";
import { randomWallet } from "@/tests/support/wallets";
import { AT_ONCE } from "@/tests/support/rules";

const run = promisify(execFile);
const WALLETS = 10_000;
const TOKEN = randomBytes(24).toString("hex");
const T0 = 1_750_000_000;

/** A board with many ties (scores 0-40, reached within a few seconds), a fifth of the wallets off the board. */
function makeRecords(): WalletRecord[] {
  return Array.from({ length: WALLETS }, (_, i) => {
    const referralsCount = Math.floor(Math.random() ** 3 * 40);
    return {
      wallet: randomWallet(),
      createdAt: T0,
      referrer: null,
      referredAt: null,
      referralsCount,
      entry: i % 5 === 0 ? null : { score: referralsCount, reachedAt: T0 + Math.floor(Math.random() * 5) },
      checkInLast: null,
      social: { add_miniapp: null, fc_follow: null, fc_like_recast: null, fc_comment: null },
      nftMint: false,
    };
  });
}

describe("rewards export on 10k wallets", () => {
  let env: Record<string, string>;
  let store: Store;
  let app: AppServer;
  let api: Client;
  let dir: string;
  let ranked: WalletRecord[];

  const exportCli = async (args: string[]) => {
    const { stderr } = await run(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/export-rewards.ts", ...args], {
      env: { PATH: process.env.PATH, NODE_ENV: "production", ...env }, // only what the test sets: no stray store variable
    });
    return stderr;
  };
  const admin = (query: string, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
    api.raw("GET", `/api/admin/rewards${query}`, { headers });

  beforeAll(async () => {
    env = { REDIS_URL: inject("redisUrl"), STORE_PREFIX: `exp${randomUUID().slice(0, 8)}` };
    store = await createStore(parseConfig(env).store);
    const records = makeRecords();
    for (let i = 0; i < records.length; i += 1000) await store.putWallets(records.slice(i, i + 1000));
    ranked = records
      .filter((r) => r.entry !== null)
      .sort((a, b) => compareEntries({ wallet: a.wallet, ...a.entry! }, { wallet: b.wallet, ...b.entry! }));
    app = await startApp({ ...env, ADMIN_TOKEN: TOKEN });
    api = client(app.baseUrl);
    dir = mkdtempSync(join(tmpdir(), "refboard-export-"));
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("the CLI writes every entry in the one leaderboard order, with its checksum trailer and a sha256sum companion", async () => {
    const out = join(dir, "rewards.csv");
    const stderr = await exportCli(["--format", "csv", "--out", out]);
    expect(stderr).toContain(`${ranked.length} rows`);
    const text = readFileSync(out, "utf8");
    expect(verifyRewardsExport(text)).toMatchObject({ format: "csv", count: ranked.length });
    const rows = text.trim().split("\n").slice(1, -1).map((line) => line.split(","));
    expect(rows.map((r) => r[1])).toEqual(ranked.map((r) => r.wallet));
    expect(rows[0]).toEqual(["1", ranked[0]!.wallet, String(ranked[0]!.entry!.score), String(rewardsOf(ranked[0]!.entry!.score)), String(ranked[0]!.referralsCount)]);
    const digest = createHash("sha256").update(text).digest("hex");
    expect(readFileSync(`${out}.sha256`, "utf8")).toBe(`${digest}  rewards.csv\n`);
  });

  it("its top 100 are GET /api/leaderboard: identical ranks, wallets, rewards and referral counts", async () => {
    const board = await api.get<{ rank: number; wallet: string; rewards: number; referrals_count: number }[]>("/api/leaderboard");
    expect(board.body).toHaveLength(100);
    const text = readFileSync(join(dir, "rewards.csv"), "utf8");
    const top = text.split("\n").slice(1, 101).map((line) => {
      const [rank, wallet, , rewards, referrals] = line.split(",");
      return { rank: Number(rank), wallet, rewards: Number(rewards), referrals_count: Number(referrals) };
    });
    expect(top).toEqual(board.body);
  });

  it("GET /api/admin/rewards streams the same bytes as the CLI, in CSV and in JSON", async () => {
    const csv = await admin("?format=csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("cache-control")).toBe("no-store");
    expect(csv.body).toBe(readFileSync(join(dir, "rewards.csv"), "utf8"));

    const out = join(dir, "rewards.json");
    await exportCli(["--format", "json", "--out", out]);
    const json = await api.raw("GET", "/api/admin/rewards?format=json", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(json.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(JSON.stringify(json.body)).toBe(JSON.stringify(JSON.parse(readFileSync(out, "utf8"))));
    const doc = rewardsJsonExportSchema.parse(json.body);
    expect(doc.count).toBe(ranked.length);
    expect(verifyRewardsExport(readFileSync(out, "utf8")).sha256).toBe(doc.sha256);
  });

  it("minScore keeps the ranks of the whole board and leaves out the tail, on both", async () => {
    const minScore = 10;
    const expected = ranked.filter((r) => r.entry!.score >= minScore);
    expect(expected.length).toBeGreaterThan(0);
    const res = await admin(`?format=json&minScore=${minScore}`);
    const doc = rewardsJsonExportSchema.parse(res.body);
    expect(doc.rows.map((r) => r.wallet)).toEqual(expected.map((r) => r.wallet));
    expect(doc.rows.at(-1)?.rank).toBe(expected.length);
    const out = join(dir, "top.json");
    await exportCli(["--format", "json", "--min-score", String(minScore), "--out", out]);
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual(res.body);
  });

  it("without the right bearer token the endpoint is 401 { error } and exports nothing", async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: "Bearer not-the-token" }, { authorization: TOKEN }];
    for (const headers of attempts) {
      const res = await admin("?format=csv", headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "Unauthorized" });
    }
  });

  it("bad query values are 400 { error }", async () => {
    expect(await admin("?format=xml")).toMatchObject({ status: 400, body: { error: "Invalid format: csv or json" } });
    expect(await admin("?minScore=-1")).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^Invalid minScore/) } });
  });

  it("each request leaves one JSON log line with its request id, and no wallet unless LOG_WALLETS=true", async () => {
    const wallet = randomWallet();
    const res = await api.get(`/api/leaderboard/user?wallet=${wallet}`, { "x-request-id": "export-test-req-1" });
    expect(res.headers.get("x-request-id")).toBe("export-test-req-1");
    await expect.poll(() => app.logs()).toContain('"requestId":"export-test-req-1"');
    const line = app
      .logs()
      .split("\n")
      .find((l) => l.includes('"requestId":"export-test-req-1"'));
    expect(JSON.parse(line!)).toMatchObject({ msg: "request", method: "GET", route: "/api/leaderboard/user", status: 200 });
    expect(line).not.toContain(wallet);
  });
});

describe("rewards export of a season", () => {
  it("--season N exports an ended season's board; a running season, or seasons off, is a usage error", { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "refboard-season-export-"));
    const today = Math.floor(Date.now() / 1000 / 86_400);
    const startDate = new Date((today - 20) * 86_400_000).toISOString().slice(0, 10);
    const env = { DATA_DIR: dataDir, SEASON_LENGTH_DAYS: "7", SEASON_START: startDate };
    const cli = (args: string[], extra: Record<string, string> = env) =>
      run(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/export-rewards.ts", ...args], {
        env: { PATH: process.env.PATH, NODE_ENV: "production", ...extra },
      });
    const store = await createStore(parseConfig(env).store);
    try {
      const inSeason1 = (today - 19) * 86_400;
      const referrer = randomWallet();
      await store.registerWallet(referrer, inSeason1 - 10);
      for (let i = 0; i < 3; i++) {
        await store.recordReferral({ referee: randomWallet(), refCode: referrer.slice(-8), selfReferral: false, now: inSeason1 + i, terms: AT_ONCE });
      }
      await store.recordReferral({ referee: randomWallet(), refCode: referrer.slice(-8), selfReferral: false, now: today * 86_400, terms: AT_ONCE });
      const out = join(dataDir, "season-1.csv");
      const { stderr } = await cli(["--format", "csv", "--season", "1", "--out", out]);
      expect(stderr).toContain("4 rows (score >= 0, season 1)");
      const lines = readFileSync(out, "utf8").trim().split("\n");
      expect(lines[1]).toBe(`1,${referrer},3,60,3`);
      expect(lines).toHaveLength(6); // header, 4 rows, trailer

      const running = await cli(["--format", "csv", "--season", "3", "--out", out]).catch((e: { code: number; stderr: string }) => e);
      expect(running).toMatchObject({ code: 2, stderr: expect.stringContaining("season 3 has not ended yet") });
      const off = await cli(["--format", "csv", "--season", "1", "--out", out], { DATA_DIR: dataDir }).catch((e: { code: number; stderr: string }) => e);
      expect(off).toMatchObject({ code: 2, stderr: expect.stringContaining("--season needs seasons") });
    } finally {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
