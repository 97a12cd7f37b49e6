/**
 * GET /api/leaderboard must be fresh. A reader that holds the rows of a board version passes it to
 * readBoard, which then skips the rows while the version stands (SQLite also keeps the all-time rows
 * it read last at their version); every read still asks the backend whether the board changed.
 * These tests write through a second store on the same data (another server process, an
 * operator's tool) or behind the store's back, and expect the change at the reader's next read.
 */
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { refCodeOf } from "@/lib/domain/wallet";
import { redisKeys } from "@/lib/store/redis/keys";
import { openSqliteStore } from "@/lib/store/sqlite";
import { SQLITE_FILE_NAME } from "@/lib/store/sqlite/db";
import type { Store } from "@/lib/store/types";
import { newPrefix, useRedisHarness } from "@/tests/store/redis-harness";
import { boardRows } from "@/tests/support/board";
import { randomWallet } from "@/tests/support/wallets";
import { AT_ONCE } from "@/tests/support/rules";

const T0 = 1_750_000_000;
const { raw, cleanups, counted } = useRedisHarness();

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function sqliteDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "refboard-fresh-"));
  dirs.push(dir);
  return dir;
}

/** Two stores on the same data, as two processes would hold them. */
const BACKENDS: Record<string, () => { reader: Store; writer: Store }> = {
  sqlite: () => {
    const dir = sqliteDir();
    const [reader, writer] = [openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS }), openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS })];
    cleanups.push(() => reader.close(), () => writer.close());
    return { reader, writer };
  },
  "redis (tcp)": () => {
    const prefix = newPrefix();
    return { reader: counted("tcp", prefix).store, writer: counted("tcp", prefix).store };
  },
  "upstash (REST)": () => {
    const prefix = newPrefix();
    return { reader: counted("upstash", prefix).store, writer: counted("upstash", prefix).store };
  },
};

async function refer(store: Store, referrer: string, now: number) {
  await store.recordReferral({ referee: randomWallet(), refCode: refCodeOf(referrer), selfReferral: false, now, terms: AT_ONCE });
}

describe.each(Object.keys(BACKENDS))("leaderboard freshness (%s)", (backend) => {
  it("an unchanged board is not read again; a write by another store shows at the reader's next read", async () => {
    const { reader, writer } = BACKENDS[backend]!();
    const [first, second] = [randomWallet(), randomWallet()];
    await writer.registerWallet(first, T0);
    await writer.registerWallet(second, T0);
    await refer(writer, first, T0);
    const before = await reader.readBoard("all", 10);
    expect(before.rows?.find((row) => row.wallet === first)).toEqual({ wallet: first, score: 1, referralsCount: 1 });
    expect(await reader.readBoard("all", 10, before.version)).toEqual({ version: before.version, rows: null });
    expect(await boardRows(reader, 10)).toEqual(before.rows);

    await refer(writer, second, T0 + 1);
    await refer(writer, second, T0 + 2);
    const after = await reader.readBoard("all", 10, before.version);
    expect(after.rows?.[0]).toEqual({ wallet: second, score: 2, referralsCount: 2 });
    expect(after.rows).toHaveLength(before.rows!.length + 3);
  });

  it("the reader's own write shows at its next read, and a caller changing the rows it got changes nothing", async () => {
    const { reader } = BACKENDS[backend]!();
    const wallet = randomWallet();
    await reader.registerWallet(wallet, T0);
    await refer(reader, wallet, T0);
    const board = await boardRows(reader, 10);
    board.pop();
    expect(() => Object.assign(board[0]!, { score: 99 })).toThrow(TypeError);
    const again = await boardRows(reader, 10);
    expect(again).toHaveLength(2);
    expect(again).toContainEqual({ wallet, score: 1, referralsCount: 1 });

    await refer(reader, wallet, T0 + 1);
    expect((await boardRows(reader, 10))[0]).toEqual({ wallet, score: 2, referralsCount: 2 });
    expect(await boardRows(reader, 1)).toEqual([{ wallet, score: 2, referralsCount: 2 }]);
  });
});

describe("leaderboard freshness behind the store's back", () => {
  it.each(["tcp", "upstash"] as const)("%s: a referral count changed in Redis directly shows at the next read", async (backend) => {
    const { store, prefix } = counted(backend);
    const wallet = randomWallet();
    await store.registerWallet(wallet, T0);
    await refer(store, wallet, T0);
    const rowOf = async () => (await boardRows(store, 10)).find((row) => row.wallet === wallet);
    expect(await rowOf()).toEqual({ wallet, score: 1, referralsCount: 1 });
    await raw.sendCommand(["HSET", redisKeys(prefix).wallet(wallet), "referralsCount", "7"]);
    expect(await rowOf()).toEqual({ wallet, score: 1, referralsCount: 7 });
  });

  it("sqlite: a referral count changed in the file by another connection shows at the next read", async () => {
    const dir = sqliteDir();
    const store = openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS });
    cleanups.push(() => store.close());
    const wallet = randomWallet();
    await store.registerWallet(wallet, T0);
    await refer(store, wallet, T0);
    const rowOf = async () => (await boardRows(store, 10)).find((row) => row.wallet === wallet);
    expect(await rowOf()).toEqual({ wallet, score: 1, referralsCount: 1 });
    const other = new Database(join(dir, SQLITE_FILE_NAME));
    try {
      other.prepare("UPDATE wallets SET referrals_count = 7 WHERE wallet = ?").run(wallet);
    } finally {
      other.close();
    }
    expect(await rowOf()).toEqual({ wallet, score: 1, referralsCount: 7 });
  });
});
