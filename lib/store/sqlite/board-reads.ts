/**
 * The LeaderboardStore on SQLite: the boards read, each read of several statements from one
 * snapshot together with the board version, and getRankOrCreate, whose all-time entry is written
 * through the Board (leaderboard.ts). Owns no table: reads `leaderboard_entries` and
 * `leaderboard_counts` through the Board and the rank statement, `board_version` and
 * `referral_total` (referrals.ts).
 *
 * Around-me is one rank (prepareRank: sums of leaderboard_counts) and two keyset reads of
 * leaderboard_entries_order from the wallet's entry, one each way: O(log N + radius).
 */
import "server-only";
import { immediate, required, snapshot, type Db } from "@/lib/store/sqlite/db";
import { BOARD, boardOf, HELD_BOARD, prepareRank, type Board, type EntryRow } from "@/lib/store/sqlite/leaderboard";
import { leaderboardRowOf } from "@/lib/store/sqlite/rows";
import type { Register } from "@/lib/store/sqlite/wallets";
import type { BoardOverview, BoardRef, LeaderboardRow, LeaderboardStore, RankedRow, Versioned } from "@/lib/store/types";

const rankedOf = (row: EntryRow & { rank: number }): RankedRow => ({ ...leaderboardRowOf(row), rank: row.rank });

export function sqliteLeaderboard(db: Db, board: Board, register: Register): LeaderboardStore {
  const readRank = prepareRank(db);
  // The wallet is known (registered just before), its entry held or missing.
  const readHeld = db.prepare<[{ held: string; wallet: string }], { score: number; referrals_count: number }>(
    `SELECT coalesce(e.score, 0) AS score, w.referrals_count FROM wallets w
       LEFT JOIN leaderboard_entries e ON e.board = :held AND e.wallet = w.wallet WHERE w.wallet = :wallet`,
  );
  const readReferralTotal = db.prepare<[], { referrals: number }>("SELECT referrals FROM referral_total");
  const readVersion = db.prepare<[], { version: number }>("SELECT version FROM board_version");
  const version = () => required(readVersion.get(), "board version").version;
  const top = (limit: number) => board.page(BOARD, 0, limit).map((row) => Object.freeze(leaderboardRowOf(row)));
  // The all-time top list read last, and the board version it was read at (the file's, which every
  // connection's writes move): while the version stands those rows still hold, so an unchanged list is
  // not read and built again. Every call still asks SQLite for the version.
  let last: { version: number; limit: number; rows: readonly LeaderboardRow[] } | undefined;
  const allTime = (limit: number, current: number) => {
    if (last?.limit !== limit || last.version !== current) last = { version: current, limit, rows: top(limit) };
    return [...last.rows];
  };

  return {
    readBoardOverview: snapshot(db, (limit: number): BoardOverview => ({
      top: top(limit),
      entries: board.count(BOARD),
      referrals: required(readReferralTotal.get(), "referral total").referrals,
    })),

    getRankOrCreate: immediate(db, (wallet: string, now: number): RankedRow & Versioned => {
      register(wallet, now);
      board.enter(wallet, now);
      const row = readRank.get({ board: BOARD, wallet });
      if (row) return { ...rankedOf(row), version: version() };
      // Only a disqualified wallet has no entry on BOARD after enter(): it has no rank.
      const held = required(readHeld.get({ held: HELD_BOARD, wallet }), `wallets row of ${wallet}`);
      return { wallet, score: held.score, referralsCount: held.referrals_count, rank: 0, version: version() };
    }),

    // One statement reads one snapshot: no transaction needed.
    getBoardVersion: async () => version(),

    readBoard: snapshot(db, (ref: BoardRef, limit: number, unlessVersion?: number) => {
      const current = version();
      if (current === unlessVersion) return { version: current, rows: null };
      if (ref === "all") return { version: current, rows: allTime(limit, current) };
      return { version: current, rows: board.page(boardOf(ref), 0, limit).map(leaderboardRowOf) };
    }),

    getSeasonRank: snapshot(db, (season: number, wallet: string): RankedRow & Versioned => {
      const row = readRank.get({ board: boardOf({ season }), wallet });
      return { ...(row ? rankedOf(row) : { wallet, score: 0, referralsCount: 0, rank: 0 }), version: version() };
    }),

    getAround: snapshot(db, (ref: BoardRef, wallet: string, radius: number) => {
      const key = boardOf(ref);
      const me = readRank.get({ board: key, wallet });
      if (!me) return { version: version(), rank: 0, rows: [] };
      const at = { score: me.score, reachedAt: me.reached_at, wallet };
      const before = board.before(key, at, radius).reverse();
      const rows = [...before, me, ...board.after(key, at, radius)];
      return {
        version: version(),
        rank: me.rank,
        rows: rows.map((row, i) => ({ ...leaderboardRowOf(row), rank: me.rank - before.length + i })),
      };
    }),
  };
}
