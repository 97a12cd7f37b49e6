/**
 * Operator operations on SQLite: whole records in and out, and streams of the wallets and of a
 * board (the all-time one unless told). Owns no table: a record spans `wallets`, `ref_codes`,
 * `active_referrers` and its all-time entry, written through the Board (an import writes no season
 * entry), and its quest side: `quest_points`, `quest_progress`, `quest_ledger` and the completions of
 * `quests` (quests.ts). A record counts no daily counter (its facts happened before); the
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
import { ledgerEntryFrom, storedLedgerId, type BoardRef, type OperatorStore, type WalletQuestRecord, type WalletRecord } from "@/lib/store/types";

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

  const quests = questSides(db);

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
        quests.put(record.wallet, record.quests);
      }
    }),

    /** Keyset pagination by wallet: the cursor is the last wallet of the previous page. */
    scanWallets: snapshot(db, (cursor: string, count: number) => {
      if (cursor !== "0") checkWallet(cursor, "cursor");
      const rows = readRecords.all({ ...BOARDS, after: cursor === "0" ? "" : cursor, limit: count });
      const first = rows[0];
      const last = rows.at(-1);
      const sides = first && last ? quests.between(first.wallet, last.wallet) : new Map<string, WalletQuestRecord>();
      return { cursor: rows.length < count || !last ? "0" : last.wallet, records: rows.map((row) => withQuests(recordOf(row), sides.get(row.wallet))) };
    }),

    getWallets: snapshot(db, (wallets: string[]) =>
      wallets.map((wallet) => {
        const row = readRecord.get({ ...BOARDS, wallet });
        return row ? withQuests(recordOf(row), quests.between(wallet, wallet).get(wallet)) : null;
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

const withQuests = (record: WalletRecord, side: WalletQuestRecord | undefined): WalletRecord => (side ? { ...record, quests: side } : record);

/**
 * The quest side of records: read for a range of wallets (a scan page: three range reads, not three per
 * wallet) and replaced whole, moving each quest's completions by the ledger entries added or dropped.
 */
function questSides(db: Db) {
  const range = { first: "", last: "" };
  type Range = typeof range;
  const readPoints = db.prepare<[Range], { wallet: string; points: number }>(
    "SELECT wallet, points FROM quest_points WHERE wallet BETWEEN :first AND :last",
  );
  const readProgress = db.prepare<[Range], { wallet: string; quest_id: string; last_at: number }>(
    "SELECT wallet, quest_id, last_at FROM quest_progress WHERE wallet BETWEEN :first AND :last ORDER BY wallet, quest_id",
  );
  const readLedger = db.prepare<[Range], { wallet: string; quest_id: string; points: number; at: number }>(
    "SELECT wallet, quest_id, points, at FROM quest_ledger WHERE wallet BETWEEN :first AND :last ORDER BY wallet, id",
  );
  const readCounts = db.prepare<[string], { quest_id: string; n: number }>(
    "SELECT quest_id, count(*) AS n FROM quest_ledger WHERE wallet = ? GROUP BY quest_id",
  );
  const moveCompletions = db.prepare<[{ id: string; by: number }]>("UPDATE quests SET completions = completions + :by WHERE id = :id");
  const deletePoints = db.prepare<[string]>("DELETE FROM quest_points WHERE wallet = ?");
  const deleteProgress = db.prepare<[string]>("DELETE FROM quest_progress WHERE wallet = ?");
  const deleteLedger = db.prepare<[string]>("DELETE FROM quest_ledger WHERE wallet = ?");
  const insertPoints = db.prepare<[{ wallet: string; points: number }]>("INSERT INTO quest_points (wallet, points) VALUES (:wallet, :points)");
  const insertProgress = db.prepare<[{ wallet: string; questId: string; at: number }]>(
    "INSERT INTO quest_progress (wallet, quest_id, last_at) VALUES (:wallet, :questId, :at)",
  );
  const insertLedger = db.prepare<[{ wallet: string; questId: string; points: number; at: number }]>(
    "INSERT INTO quest_ledger (wallet, quest_id, points, at) VALUES (:wallet, :questId, :points, :at)",
  );

  const sideOf = (sides: Map<string, WalletQuestRecord>, wallet: string) => {
    let side = sides.get(wallet);
    if (!side) sides.set(wallet, (side = { points: 0, lastCompleted: {}, ledger: [] }));
    return side;
  };

  return {
    between(first: string, last: string): Map<string, WalletQuestRecord> {
      const sides = new Map<string, WalletQuestRecord>();
      for (const row of readPoints.all({ first, last })) sideOf(sides, row.wallet).points = row.points;
      for (const row of readProgress.all({ first, last })) sideOf(sides, row.wallet).lastCompleted[row.quest_id] = row.last_at;
      for (const row of readLedger.all({ first, last })) sideOf(sides, row.wallet).ledger.push(ledgerEntryFrom(row.quest_id, row.points, row.at));
      return sides;
    },

    put(wallet: string, side: WalletQuestRecord | undefined): void {
      const moves = new Map<string, number>();
      for (const row of readCounts.all(wallet)) moves.set(row.quest_id, -row.n);
      deletePoints.run(wallet);
      deleteProgress.run(wallet);
      deleteLedger.run(wallet);
      if (side) {
        insertPoints.run({ wallet, points: side.points });
        for (const [questId, at] of Object.entries(side.lastCompleted)) insertProgress.run({ wallet, questId, at });
        for (const entry of side.ledger) {
          insertLedger.run({ wallet, questId: storedLedgerId(entry), points: entry.points, at: entry.at });
          if (entry.source === "quest") moves.set(entry.questId, (moves.get(entry.questId) ?? 0) + 1);
        }
      }
      for (const [id, by] of moves) if (by !== 0) moveCompletions.run({ id, by });
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
