/**
 * Operator operations on SQLite: whole records in and out, and streams of the wallets and of a
 * board (the all-time one unless told). Owns no table: a record spans `wallets`, `ref_codes`,
 * `active_referrers` and its all-time entry, written through the Board (an import writes no season
 * entry). A record counts no daily counter (its facts happened before); the
 * score total and the referees follow from its rows (triggers, the wallets_referees index). A write is one BEGIN IMMEDIATE transaction per call; reads of
 * several statements run in one deferred transaction, so each call reads one snapshot even
 * while other processes write.
 */
import "server-only";
import { refCodeOf } from "@/lib/domain/wallet";
import { checkWallet } from "@/lib/store/checks";
import { immediate, snapshot, type Db } from "@/lib/store/sqlite/db";
import { BOARD, BOARDS, boardOf, type Board, type BoardKey, type Boards } from "@/lib/store/sqlite/leaderboard";
import { leaderboardRowOf, recordOf, WALLET_COLUMNS, walletParamsOf, type RecordRow, type WalletParams } from "@/lib/store/sqlite/rows";
import type { BoardRef, OperatorStore, WalletRecord } from "@/lib/store/types";

/** putBatchLimit of SQLite (see OperatorStore). */
const SQLITE_PUT_BATCH_LIMIT = 10_000;

/** The columns of a record: the wallet's row and its entry, if any, held or not. */
const RECORD_COLUMNS = `${WALLET_COLUMNS.map((column) => `w.${column}`).join(", ")}, e.score, e.reached_at
  FROM wallets w LEFT JOIN leaderboard_entries e ON e.board IN (:board, :held) AND e.wallet = w.wallet`;

export function sqliteOperator(db: Db, board: Board): OperatorStore {
  const upsertWallet = db.prepare<[WalletParams]>(
    `INSERT INTO wallets (${WALLET_COLUMNS.join(", ")}) VALUES (${WALLET_COLUMNS.map((c) => `:${c}`).join(", ")})
     ON CONFLICT (wallet) DO UPDATE SET
       ${WALLET_COLUMNS.filter((c) => c !== "wallet").map((c) => `${c} = excluded.${c}`).join(", ")}`,
  );
  // `since` (first referral) is not part of a record; createdAt is the best lower bound it has.
  const markActive = db.prepare<[{ wallet: string; since: number }]>(
    "INSERT INTO active_referrers (wallet, since) VALUES (:wallet, :since) ON CONFLICT DO NOTHING",
  );
  const unmarkActive = db.prepare<[string]>("DELETE FROM active_referrers WHERE wallet = ?");
  const readCodeOwner = db.prepare<[string], { wallet: string }>("SELECT wallet FROM ref_codes WHERE code = ?");
  const readCreatedAt = db.prepare<[string], { created_at: number }>("SELECT created_at FROM wallets WHERE wallet = ?");
  const setCodeOwner = db.prepare<[{ code: string; wallet: string }]>(
    "INSERT INTO ref_codes (code, wallet) VALUES (:code, :wallet) ON CONFLICT (code) DO UPDATE SET wallet = excluded.wallet",
  );
  const readRecord = db.prepare<[Boards & { wallet: string }], RecordRow>(
    `SELECT ${RECORD_COLUMNS} WHERE w.wallet = :wallet`,
  );
  const readRecords = db.prepare<[Boards & { after: string; limit: number }], RecordRow>(
    `SELECT ${RECORD_COLUMNS} WHERE w.wallet > :after ORDER BY w.wallet LIMIT :limit`,
  );
  const readActive = db.prepare<[string], { one: number }>("SELECT 1 AS one FROM active_referrers WHERE wallet = ?");
  const readReferredAt = db.prepare<[{ referrer: string; referee: string }], { referred_at: number }>(
    "SELECT coalesce(referred_at, 0) AS referred_at FROM wallets WHERE wallet = :referee AND referrer = :referrer",
  );

  /** Indexes the wallet's code unless an earlier-known wallet owns it; the wallet's own row is written already. */
  const claimCode = (wallet: string, createdAt: number) => {
    const code = refCodeOf(wallet);
    const owner = readCodeOwner.get(code)?.wallet;
    if (owner === wallet) return;
    const theirs = owner === undefined ? undefined : readCreatedAt.get(owner)?.created_at;
    if (owner !== undefined && theirs !== undefined && !earlier(createdAt, wallet, theirs, owner)) return;
    setCodeOwner.run({ code, wallet });
  };

  return {
    putBatchLimit: SQLITE_PUT_BATCH_LIMIT,

    putWallets: immediate(db, (records: WalletRecord[]) => {
      for (const record of records) {
        upsertWallet.run(walletParamsOf(record));
        board.put(record.wallet, record.entry);
        if (record.referralsCount > 0) markActive.run({ wallet: record.wallet, since: record.createdAt });
        else unmarkActive.run(record.wallet);
        claimCode(record.wallet, record.createdAt);
      }
    }),

    /** Keyset pagination by wallet: the cursor is the last wallet of the previous page. */
    scanWallets: async (cursor, count) => {
      if (cursor !== "0") checkWallet(cursor, "cursor");
      const rows = readRecords.all({ ...BOARDS, after: cursor === "0" ? "" : cursor, limit: count });
      const last = rows.at(-1);
      return { cursor: rows.length < count || !last ? "0" : last.wallet, records: rows.map(recordOf) };
    },

    getWallets: snapshot(db, (wallets: string[]) =>
      wallets.map((wallet) => {
        const row = readRecord.get({ ...BOARDS, wallet });
        return row ? recordOf(row) : null;
      }),
    ),

    getLeaderboardPage: async (offset, limit) => board.page(BOARD, offset, limit).map(leaderboardRowOf),

    scanLeaderboard: snapshot(db, (cursor: string, count: number, ref: BoardRef = "all") => {
      const after = parseBoardCursor(cursor);
      const key = boardOf(ref);
      const rows = after ? board.after(key, after, count) : board.page(key, 0, count);
      const last = rows.at(-1);
      return {
        cursor: rows.length < count || !last ? "0" : `${last.score}:${last.reached_at}:${last.wallet}`,
        rows: rows.map(leaderboardRowOf),
      };
    }),

    countLeaderboard: async (ref = "all") => board.count(boardOf(ref)),

    getCodeOwners: snapshot(db, (codes: string[]) => codes.map((code) => readCodeOwner.get(code)?.wallet ?? null)),

    areActiveReferrers: snapshot(db, (wallets: string[]) => wallets.map((wallet) => readActive.get(wallet) !== undefined)),

    /** The referees index is `wallets` itself (wallets_referees), so it holds exactly the bound referees. */
    getRefereeIndex: snapshot(db, (pairs: { referrer: string; referee: string }[]) =>
      pairs.map((pair) => readReferredAt.get(pair)?.referred_at ?? null),
    ),

    /** Keyset pagination by wallet over the entries: the cursor is the last member scanned. */
    scanLeaderboardMembers: async (cursor, count) => {
      if (cursor !== "0") checkWallet(cursor, "cursor");
      const members = board.members(cursor === "0" ? "" : cursor, count);
      const last = members.at(-1);
      return {
        cursor: members.length < count || !last ? "0" : last.wallet,
        wallets: members.filter((member) => member.known === 0).map((member) => member.wallet),
      };
    },
  };
}

/** Whether (createdAt, wallet) comes before (theirCreatedAt, theirWallet): who keeps a shared code. */
function earlier(createdAt: number, wallet: string, theirCreatedAt: number, theirWallet: string): boolean {
  return createdAt < theirCreatedAt || (createdAt === theirCreatedAt && wallet < theirWallet);
}

/** "0" (from the top) or "<score>:<reachedAt>:<wallet>" of the last row streamed. */
function parseBoardCursor(cursor: string): BoardKey | null {
  if (cursor === "0") return null;
  const match = /^(\d{1,16}):(\d{1,16}):(0x[0-9a-f]{40})$/.exec(cursor);
  if (!match) throw new RangeError(`Not a leaderboard cursor: ${JSON.stringify(cursor)}`);
  return { score: Number(match[1]), reachedAt: Number(match[2]), wallet: match[3] as string };
}
