/** What only the embedded backend promises: a file on disk, WAL, several connections, crash safety. */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { refCodeOf } from "@/lib/domain/wallet";
import { SQLITE_FILE_NAME, SqliteStore } from "@/lib/store/sqlite";
import { bareRecord } from "@/tests/store/admin-contract";
import { randomWallet } from "@/tests/support/wallets";

const T0 = 1_750_000_000;
const DAY = 86_400;
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const WRITER = join(ROOT, "tests/support/sqlite-writer.ts");

/** Takes a file back to before migration 3 (leaderboard counts). */
const DROP_MIGRATION_3 = `
  DROP TRIGGER leaderboard_counts_insert; DROP TRIGGER leaderboard_counts_update; DROP TRIGGER leaderboard_counts_delete;
  DROP TABLE leaderboard_counts; DROP TABLE leaderboard_levels;`;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "refboard-sqlite-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function openStore(dir: string, options?: Parameters<typeof SqliteStore.open>[1]): SqliteStore {
  const store = SqliteStore.open(dir, options);
  cleanups.push(() => store.close());
  return store;
}

function refer(store: SqliteStore, referee: string, referrer: string, now = T0) {
  return store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now });
}

/** A raw connection beside the store's, to look at the file or hold its lock. */
function rawConnection(dir: string): Database.Database {
  const db = new Database(join(dir, SQLITE_FILE_NAME));
  cleanups.push(() => db.close());
  return db;
}

/**
 * leaderboard_counts (migration 3) holds exactly what counting the entries per level, score and
 * bucket gives: no drift, and no row left at 0.
 */
function expectCountsMatchEntries(raw: Database.Database): void {
  const stored = raw.prepare("SELECT width, score, bucket, entries FROM leaderboard_counts ORDER BY width, score, bucket").all();
  const recounted = raw
    .prepare(
      `SELECT l.width, w.score, w.reached_at / l.width AS bucket, count(*) AS entries
         FROM leaderboard_levels l, wallets w WHERE w.reached_at IS NOT NULL
        GROUP BY l.width, w.score, w.reached_at / l.width ORDER BY l.width, w.score, bucket`,
    )
    .all();
  expect(recounted.length).toBeGreaterThan(0);
  expect(stored).toEqual(recounted);
}

/** tests/support/sqlite-writer.ts in its own process; `lines` collects its stdout line by line. */
function spawnWriter(args: string[]) {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", WRITER, ...args],
    { cwd: ROOT },
  );
  cleanups.push(() => child.kill("SIGKILL"));
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const lines: string[] = [];
  const waiters: { test: (line: string) => boolean; resolve: () => void }[] = [];
  createInterface({ input: child.stdout }).on("line", (line) => {
    lines.push(line);
    for (const w of waiters.filter((w) => w.test(line))) w.resolve();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal })),
  );
  /** Resolves at the first line matching `test`; rejects if the child ends before it. */
  const waitFor = (test: (line: string) => boolean) =>
    new Promise<void>((resolve, reject) => {
      if (lines.some(test)) return resolve();
      waiters.push({ test, resolve });
      void exited.then(() => reject(new Error(`writer ended before the awaited line; stderr:\n${stderr}`)));
    });
  return { child, lines, exited, waitFor, stderr: () => stderr };
}

describe("sqlite store on disk", () => {
  it("creates the data directory recursively, in WAL mode, at the current schema version", async () => {
    const dir = join(tempDir(), "nested", "data");
    openStore(dir);
    expect(existsSync(join(dir, SQLITE_FILE_NAME))).toBe(true);
    const raw = rawConnection(dir);
    expect(raw.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(raw.pragma("user_version", { simple: true })).toBe(3);
  });

  it("a file of schema version 1 gains the sign-in and rate-limit tables, its data intact", async () => {
    const dir = tempDir();
    const wallet = randomWallet();
    const first = SqliteStore.open(dir);
    await first.registerWallet(wallet, T0);
    await first.close();
    const raw = new Database(join(dir, SQLITE_FILE_NAME));
    raw.exec(`DROP TABLE auth_nonces; DROP TABLE rate_limits; ${DROP_MIGRATION_3}`);
    raw.pragma("user_version = 1");
    raw.close();
    const store = openStore(dir);
    expect(await store.resolveRefCode(refCodeOf(wallet))).toBe(wallet);
    await store.createNonce("migratednonce", T0, 60);
    expect(await store.consumeNonce("migratednonce", T0 + 1)).toBe(true);
    expect(rawConnection(dir).pragma("user_version", { simple: true })).toBe(3);
  });

  it("a file of schema version 2 gains leaderboard counts built from its entries, and ranks from them", async () => {
    const dir = tempDir();
    const first = SqliteStore.open(dir);
    await first.putWallets(
      Array.from({ length: 40 }, (_, i) => bareRecord({ entry: { score: i % 4, reachedAt: T0 + 50 * (i % 5) } })),
    );
    const referrer = randomWallet();
    await first.registerWallet(referrer, T0);
    for (let i = 0; i < 5; i++) await refer(first, randomWallet(), referrer, T0 + i);
    await first.close();
    const raw = new Database(join(dir, SQLITE_FILE_NAME));
    raw.exec(DROP_MIGRATION_3);
    raw.pragma("user_version = 2");
    raw.close();

    const store = openStore(dir);
    expectCountsMatchEntries(rawConnection(dir));
    const board = await store.getLeaderboard(1000);
    expect(board).toHaveLength(46);
    for (const [i, row] of board.entries()) expect(await store.getRankOrCreate(row.wallet, T0 + 999)).toEqual({ ...row, rank: i + 1 });
  });

  it("leaderboard counts equal a recount of the entries after every kind of write, with no empty bucket left", async () => {
    const dir = tempDir();
    const store = openStore(dir);
    const raw = rawConnection(dir);
    const records = Array.from({ length: 30 }, (_, i) => bareRecord({ entry: { score: i % 3, reachedAt: T0 + 64 * i } }));
    const plain = bareRecord();
    await store.putWallets([...records, plain]);
    expectCountsMatchEntries(raw);
    // Overwrites that move an entry to another score, move it in time, remove it, give one to a
    // wallet without, and change nothing.
    await store.putWallets([
      { ...records[0]!, entry: { score: 9, reachedAt: T0 + 5_000_000 } },
      { ...records[2]!, entry: { score: 2, reachedAt: T0 + 1 } },
      { ...records[1]!, entry: null },
      { ...plain, entry: { score: 1, reachedAt: T0 + 7 } },
      records[3]!,
    ]);
    expectCountsMatchEntries(raw);
    await refer(store, randomWallet(), records[4]!.wallet, T0 + 10);
    await refer(store, records[5]!.wallet, records[4]!.wallet, T0 + 4_096);
    await store.getRankOrCreate(randomWallet(), T0 + 20);
    await store.getRankOrCreate(records[1]!.wallet, T0 + 30);
    expectCountsMatchEntries(raw);
    await store.putWallets(records.map((r) => ({ ...r, entry: null })));
    expectCountsMatchEntries(raw);
  });

  it("expired nonces and rate-limit counters are purged by later writes, a few at a time", async () => {
    const dir = tempDir();
    const store = openStore(dir);
    for (let i = 0; i < 20; i++) await store.createNonce(`oldnonce${i}`, T0, 10);
    for (let i = 0; i < 20; i++) await store.hitRateLimits([{ key: `old:${i}`, limit: 5, windowSeconds: 10 }], T0);
    for (let i = 0; i < 3; i++) await store.createNonce(`newnonce${i}`, T0 + 100, 10);
    for (let i = 0; i < 3; i++) await store.hitRateLimits([{ key: `new:${i}`, limit: 5, windowSeconds: 10 }], T0 + 100);
    const raw = rawConnection(dir);
    const count = (table: string) => (raw.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect(count("auth_nonces")).toBe(3);
    expect(count("rate_limits")).toBe(3);
  });

  it("every kind of data survives closing and reopening the same directory", async () => {
    const dir = tempDir();
    const [referrer, referee, other] = [randomWallet(), randomWallet(), randomWallet()];
    const first = SqliteStore.open(dir);
    await first.registerWallet(referrer, T0);
    await refer(first, referee, referrer, T0 + 1);
    await first.checkIn(referee, T0 + 2, DAY);
    await first.completeSocialTask(referee, "fc_comment", T0 + 3);
    await first.markNftMint(referee, T0 + 4);
    await first.getRankOrCreate(other, T0 + 5);
    const boardBefore = await first.getLeaderboard(100);
    await first.close();

    const reopened = openStore(dir);
    expect(await reopened.resolveRefCode(refCodeOf(referrer))).toBe(referrer);
    expect(await reopened.getWalletState(referee)).toEqual({
      referrer,
      referralsCount: 0,
      score: 1,
      checkInLast: T0 + 2,
      social: { add_miniapp: null, fc_follow: null, fc_like_recast: null, fc_comment: T0 + 3 },
      nftMint: true,
    });
    expect(await reopened.getWalletState(referrer)).toMatchObject({ referralsCount: 1, score: 1 });
    expect(await reopened.getLeaderboard(100)).toEqual(boardBefore);
    expect(await reopened.checkIn(referee, T0 + 10, DAY)).toEqual({ checkedIn: false, last: T0 + 2 });
    expect(await reopened.registerWallet(other, T0 + 20)).toEqual({ isNew: false, codeOwner: other });
  });

  it("a file written by a newer schema version is refused, not misread", async () => {
    const dir = tempDir();
    await SqliteStore.open(dir).close();
    const raw = new Database(join(dir, SQLITE_FILE_NAME));
    raw.pragma("user_version = 99");
    raw.close();
    expect(() => SqliteStore.open(dir)).toThrow(/schema version 99/);
  });

  it("rank equals list position for every entry, across ties of score and of time", async () => {
    const store = openStore(tempDir());
    const referrers = await Promise.all(Array.from({ length: 6 }, async () => {
      const w = randomWallet();
      await store.registerWallet(w, T0);
      return w;
    }));
    // Referrer i gets i referrals, at times that collide on purpose (i % 3), so scores,
    // reached-at times and wallet order all decide some pairs.
    for (const [i, referrer] of referrers.entries()) {
      for (let n = 0; n < i; n++) {
        await refer(store, randomWallet(), referrer, T0 + (i % 3));
      }
    }
    for (let i = 0; i < 10; i++) await store.getRankOrCreate(randomWallet(), T0 + (i % 2));
    const board = await store.getLeaderboard(1000);
    expect(board.length).toBeGreaterThan(20);
    for (const [i, row] of board.entries()) {
      expect(await store.getRankOrCreate(row.wallet, T0 + 100)).toEqual({ ...row, rank: i + 1 });
    }
  });

  it("refuses a negative leaderboard limit instead of returning every wallet", async () => {
    const store = openStore(tempDir());
    await expect(store.getLeaderboard(-1)).rejects.toThrow(RangeError);
    expect(await store.getLeaderboard(0)).toEqual([]);
  });
});

describe("sqlite store with several connections", () => {
  it("two connections on one file: 30 concurrent referees of one referrer give exactly +30", async () => {
    const dir = tempDir();
    const stores = [openStore(dir), openStore(dir)];
    const referrer = randomWallet();
    await stores[0]!.registerWallet(referrer, T0);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        refer(stores[i % 2]!, randomWallet(), referrer, T0 + i),
      ),
    );
    expect(results.every((r) => r.outcome === "recorded")).toBe(true);
    for (const store of stores) {
      expect(await store.getWalletState(referrer)).toMatchObject({ referralsCount: 30, score: 30 });
    }
  });

  it("two connections racing on one referee record exactly one relationship", async () => {
    const dir = tempDir();
    const stores = [openStore(dir), openStore(dir)];
    const referrers = [randomWallet(), randomWallet()];
    for (const r of referrers) await stores[0]!.registerWallet(r, T0);
    const referee = randomWallet();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        refer(stores[i % 2]!, referee, referrers[i % 2]!),
      ),
    );
    expect(results.filter((r) => r.outcome === "recorded")).toHaveLength(1);
    const counts = await Promise.all(referrers.map(async (r) => (await stores[1]!.getWalletState(r)).referralsCount));
    expect(counts.reduce((a, b) => a + b)).toBe(1);
  });

  it("writers in other processes wait for a held lock (busy_timeout) and every write lands exactly once", async () => {
    const dir = tempDir();
    const store = openStore(dir);
    const referrer = randomWallet();
    await store.registerWallet(referrer, T0);
    const writers = Array.from({ length: 3 }, () => spawnWriter(["referrals", dir, referrer, "10"]));
    await Promise.all(writers.map((w) => w.waitFor((line) => line === "ready")));

    const raw = rawConnection(dir);
    raw.exec("BEGIN IMMEDIATE");
    for (const w of writers) w.child.stdin.write("go\n");
    await new Promise((resolve) => setTimeout(resolve, 400));
    raw.exec("COMMIT");

    for (const w of writers) {
      expect(await w.exited, w.stderr()).toEqual({ code: 0, signal: null });
      const done = w.lines.find((line) => line.startsWith("done "));
      // The first write of each writer really waited for the lock rather than failing or skipping it.
      expect(Number(done?.split(" ")[1])).toBeGreaterThanOrEqual(200);
    }
    expect(await store.getWalletState(referrer)).toMatchObject({ referralsCount: 30, score: 30 });
    expect(await store.getLeaderboard(1000)).toHaveLength(31);
  });

  it("a lock held past busy_timeout surfaces as an error, never as data", async () => {
    const dir = tempDir();
    const store = openStore(dir, { busyTimeoutMs: 100 });
    const wallet = randomWallet();
    const raw = rawConnection(dir);
    raw.exec("BEGIN IMMEDIATE");
    await expect(store.checkIn(wallet, T0, DAY)).rejects.toMatchObject({ code: "SQLITE_BUSY" });
    raw.exec("ROLLBACK");
    expect(await store.checkIn(wallet, T0, DAY)).toEqual({ checkedIn: true });
  });
});

describe("sqlite store crash safety", () => {
  it("every acknowledged write survives SIGKILL, and no referral is half-applied", async () => {
    const dir = tempDir();
    const referrer = randomWallet();
    const setup = SqliteStore.open(dir);
    await setup.registerWallet(referrer, T0);
    await setup.close();

    const writer = spawnWriter(["crash", dir, referrer]);
    await writer.waitFor(() => writer.lines.length >= 400);
    writer.child.kill("SIGKILL");
    expect((await writer.exited).signal).toBe("SIGKILL");

    const referees = writer.lines.filter((l) => l.startsWith("R ")).map((l) => l.slice(2));
    const tasks = writer.lines.filter((l) => l.startsWith("S ")).map((l) => l.split(" "));
    expect(referees.length).toBeGreaterThanOrEqual(200);

    const store = openStore(dir);
    for (const referee of referees) expect(await store.getReferrer(referee)).toBe(referrer);
    for (const [, referee, ts] of tasks) {
      expect((await store.getWalletState(referee!)).social.fc_follow).toBe(Number(ts));
    }

    // Atomicity: whatever the kill interrupted, count, scores and relationships agree.
    const { referralsCount, score } = await store.getWalletState(referrer);
    // Commits whose line had not reached the pipe when the kill landed count too, so only a lower bound
    // holds here (under load the child runs several writes ahead of what the parent has read).
    expect(referralsCount).toBeGreaterThanOrEqual(referees.length);
    expect(score).toBe(referralsCount);
    const refereeRows = (await store.getLeaderboard(100_000)).filter((row) => row.wallet !== referrer);
    expect(refereeRows).toHaveLength(referralsCount);
    expect(refereeRows.every((row) => row.score === 1)).toBe(true);
    expectCountsMatchEntries(rawConnection(dir));
  });
});
