/**
 * The leaderboard on SQLite. Owns `leaderboard_entries` (one row per wallet on a board: its
 * score and when it reached it), `leaderboard_counts` (entries per board, score and time bucket,
 * kept by triggers), `leaderboard_levels` (the bucket widths) and `score_total` (the sum of the
 * scores per board, kept by triggers, migration 7; analytics.ts reads it). Every entry is on BOARD
 * today, except a disqualified wallet's (lib/store/ports/moderation.ts): it is held on HELD_BOARD,
 * so every read of BOARD (rows, ranks, counts, score total) leaves it out with no filter of its
 * own, and a wallet has an entry on at most one of the two. Each write of an entry reads
 * `disqualified` (moderation.ts) to choose between them in the same statement. A second board (a
 * season) is rows under another board value, with the same statements. The other concerns move
 * entries through the Board below, inside their own transactions.
 */
import "server-only";
import type { Db } from "@/lib/store/sqlite/db";
import { immediate, required, snapshot } from "@/lib/store/sqlite/db";
import { leaderboardRowOf, type LeaderboardSqlRow } from "@/lib/store/sqlite/rows";
import type { Register } from "@/lib/store/sqlite/wallets";
import type { BoardSummary, LeaderboardRow, LeaderboardStore, RankedRow } from "@/lib/store/types";

/** The board of every entry so far. */
export const BOARD = "all";

/** Where a disqualified wallet's entry waits, score and reachedAt kept, until it is reinstated. */
export const HELD_BOARD = "held";

/** `:board` and `:held`, for a statement that reads or writes a wallet's entry on whichever of the two it belongs. */
export const BOARDS = { board: BOARD, held: HELD_BOARD };
export type Boards = typeof BOARDS;

/** The board a write of `:wallet`'s entry goes to, from `:board` and `:held`. */
const BOARD_OF_WALLET = `CASE WHEN EXISTS (SELECT 1 FROM disqualified d WHERE d.wallet = :wallet) THEN :held ELSE :board END`;

/** The leaderboard order of lib/domain/leaderboard.ts; leaderboard_entries_order (migration 5) serves it. */
const LEADERBOARD_ORDER = "score DESC, reached_at ASC, wallet ASC";

/** Rows this connection has changed since it opened, and the file's version as other connections' commits move it. */
type ChangeCounts = { own: number; other: number };

/** A row of the board with its position in the order, for keyset pagination. */
export type EntryRow = LeaderboardSqlRow & { reached_at: number };

/** Where a page ended: the last row's position in the order. */
export type BoardKey = { score: number; reachedAt: number; wallet: string };

/** An entry's columns, with the referral count of its wallet (0 for an entry without a wallet row). */
const ENTRY_COLUMNS = `wallet, score, reached_at,
  coalesce((SELECT w.referrals_count FROM wallets w WHERE w.wallet = e.wallet), 0) AS referrals_count`;

export interface Board {
  /** +1 point reached at `now`; a wallet without an entry enters with 1 (held, if disqualified). */
  addPoint(wallet: string, now: number): void;
  /** An entry of score 0 reached at `now`, unless the wallet has one or is disqualified (its look-up creates none). */
  enter(wallet: string, now: number): void;
  /** Overwrites the wallet's entry, held if disqualified; null removes it. */
  put(wallet: string, entry: { score: number; reachedAt: number } | null): void;
  /** Moves the wallet's entry, if any, from BOARD to HELD_BOARD: its wallet was just disqualified. */
  hold(wallet: string): void;
  /** Moves the wallet's held entry, if any, back to BOARD: its wallet was just reinstated. */
  release(wallet: string): void;
  /** `limit` rows from 0-based `offset`, in the order. */
  page(offset: number, limit: number): EntryRow[];
  /** Up to `limit` rows after `key` in the order. */
  after(key: BoardKey, limit: number): EntryRow[];
  /** Number of entries, summed from the counts: one row per distinct score. */
  count(): number;
  /** Up to `limit` entries, held ones too, after wallet `after` in wallet order, each with whether its wallet is known. */
  members(after: string, limit: number): { wallet: string; known: number }[];
}

export function openBoard(db: Db): Board {
  const addPoint = db.prepare<[Boards & { wallet: string; now: number }]>(
    `INSERT INTO leaderboard_entries (board, wallet, score, reached_at) VALUES (${BOARD_OF_WALLET}, :wallet, 1, :now)
     ON CONFLICT DO UPDATE SET score = score + 1, reached_at = excluded.reached_at`,
  );
  const enter = db.prepare<[{ board: string; wallet: string; now: number }]>(
    `INSERT INTO leaderboard_entries (board, wallet, score, reached_at)
       SELECT :board, :wallet, 0, :now WHERE NOT EXISTS (SELECT 1 FROM disqualified d WHERE d.wallet = :wallet)
     ON CONFLICT DO NOTHING`,
  );
  const putEntry = db.prepare<[Boards & { wallet: string; score: number; reachedAt: number }]>(
    `INSERT INTO leaderboard_entries (board, wallet, score, reached_at) VALUES (${BOARD_OF_WALLET}, :wallet, :score, :reachedAt)
     ON CONFLICT DO UPDATE SET score = excluded.score, reached_at = excluded.reached_at`,
  );
  const removeEntry = db.prepare<[Boards & { wallet: string }]>(
    "DELETE FROM leaderboard_entries WHERE board IN (:board, :held) AND wallet = :wallet",
  );
  // The counts' and score total's triggers follow an update of the board column like any other move.
  const moveEntry = db.prepare<[{ from: string; to: string; wallet: string }]>(
    "UPDATE leaderboard_entries SET board = :to WHERE board = :from AND wallet = :wallet",
  );
  const readPage = db.prepare<[{ board: string; offset: number; limit: number }], EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM leaderboard_entries e WHERE board = :board
      ORDER BY ${LEADERBOARD_ORDER} LIMIT :limit OFFSET :offset`,
  );
  // The rest of the key's score group, then the lower scores: each a range of leaderboard_entries_order.
  // (One OR of both would make SQLite walk the index from the top.)
  const readSameScoreAfter = db.prepare<[BoardKey & { board: string; limit: number }], EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM leaderboard_entries e
      WHERE board = :board AND score = :score AND (reached_at, wallet) > (:reachedAt, :wallet)
      ORDER BY ${LEADERBOARD_ORDER} LIMIT :limit`,
  );
  const readLowerScores = db.prepare<[{ board: string; score: number; limit: number }], EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM leaderboard_entries e WHERE board = :board AND score < :score
      ORDER BY ${LEADERBOARD_ORDER} LIMIT :limit`,
  );
  // The top level of leaderboard_counts has one bucket per score: its sum is every entry.
  const countEntries = db.prepare<[{ board: string }], { n: number }>(
    `SELECT coalesce(sum(c.entries), 0) AS n FROM leaderboard_levels l
       CROSS JOIN leaderboard_counts c ON c.board = :board AND c.width = l.width
      WHERE l.parent IS NULL`,
  );
  // Each board's page read on its own range of the primary key and the two merged: one IN over both
  // boards would read every entry after `after` to sort them.
  const readMembers = db.prepare<[Boards & { after: string; limit: number }], { wallet: string; known: number }>(
    `SELECT wallet, EXISTS (SELECT 1 FROM wallets w WHERE w.wallet = e.wallet) AS known FROM (
       SELECT * FROM (SELECT wallet FROM leaderboard_entries WHERE board = :board AND wallet > :after ORDER BY wallet LIMIT :limit)
       UNION ALL
       SELECT * FROM (SELECT wallet FROM leaderboard_entries WHERE board = :held AND wallet > :after ORDER BY wallet LIMIT :limit)
     ) e ORDER BY wallet LIMIT :limit`,
  );

  return {
    addPoint: (wallet, now) => void addPoint.run({ ...BOARDS, wallet, now }),
    enter: (wallet, now) => void enter.run({ board: BOARD, wallet, now }),
    put: (wallet, entry) =>
      void (entry === null
        ? removeEntry.run({ ...BOARDS, wallet })
        : putEntry.run({ ...BOARDS, wallet, score: entry.score, reachedAt: entry.reachedAt })),
    hold: (wallet) => void moveEntry.run({ from: BOARD, to: HELD_BOARD, wallet }),
    release: (wallet) => void moveEntry.run({ from: HELD_BOARD, to: BOARD, wallet }),
    page: (offset, limit) => readPage.all({ board: BOARD, offset, limit }),
    after: (key, limit) => {
      const rows = readSameScoreAfter.all({ board: BOARD, ...key, limit });
      if (rows.length < limit) rows.push(...readLowerScores.all({ board: BOARD, score: key.score, limit: limit - rows.length }));
      return rows;
    },
    count: () => required(countEntries.get({ board: BOARD }), "count of leaderboard entries").n,
    members: (after, limit) => readMembers.all({ ...BOARDS, after, limit }),
  };
}

export function sqliteLeaderboard(db: Db, board: Board, register: Register): LeaderboardStore {
  const readRank = prepareRank(db);
  // The wallet is known (registered just before), its entry held or missing.
  const readHeld = db.prepare<[{ held: string; wallet: string }], { score: number; referrals_count: number }>(
    `SELECT coalesce(e.score, 0) AS score, w.referrals_count FROM wallets w
       LEFT JOIN leaderboard_entries e ON e.board = :held AND e.wallet = w.wallet WHERE w.wallet = :wallet`,
  );
  const readReferralTotal = db.prepare<[], { referrals: number }>("SELECT referrals FROM referral_total");
  // Rows change only by a write: one of this connection (total_changes(), triggers included) or
  // one another connection committed to the file (data_version).
  const readChangeCounts = db.prepare<[], ChangeCounts>(
    "SELECT total_changes() AS own, data_version AS other FROM pragma_data_version",
  );
  const top = (limit: number) => board.page(0, limit).map((row) => Object.freeze(leaderboardRowOf(row)));
  // The top list read last, and the change counts it was read at: while neither moved, those rows
  // still hold, so an unchanged list is not read and built again. Every call still asks SQLite.
  let last: (ChangeCounts & { limit: number; rows: readonly LeaderboardRow[] }) | undefined;

  return {
    // One statement reads one snapshot: no transaction needed.
    async getLeaderboard(limit) {
      const { own, other } = required(readChangeCounts.get(), "change counts");
      if (last?.limit !== limit || last.own !== own || last.other !== other) last = { limit, own, other, rows: top(limit) };
      return [...last.rows];
    },

    getBoardSummary: snapshot(db, (limit: number): BoardSummary => ({
      top: top(limit),
      entries: board.count(),
      referrals: required(readReferralTotal.get(), "referral total").referrals,
    })),

    getRankOrCreate: immediate(db, (wallet: string, now: number): RankedRow => {
      register(wallet, now);
      board.enter(wallet, now);
      const row = readRank.get({ board: BOARD, wallet });
      if (row) return { wallet, score: row.score, referralsCount: row.referrals_count, rank: row.rank };
      // Only a disqualified wallet has no entry on BOARD after enter(): it has no rank.
      const held = required(readHeld.get({ held: HELD_BOARD, wallet }), `wallets row of ${wallet}`);
      return { wallet, score: held.score, referralsCount: held.referrals_count, rank: 0 };
    }),
  };
}

/** The statement that reads `:wallet`'s score, referral count and rank on `:board`; no row without an entry. */
export function prepareRank(db: Db) {
  // Rank = 1 + entries strictly before this one in the leaderboard order (migration 3), summed as:
  // the top level's counts of every higher score; at each lower level, the buckets of this score
  // inside this entry's parent bucket and before its own (together they tile all time before its
  // 64-second bucket); then the entries ahead within that last bucket, a short range of
  // leaderboard_entries_order. That reads one row per higher score, at most 63 per level below the
  // second, and the entries of this score reached in the same 64 s: nothing that grows with N.
  // CROSS JOIN keeps leaderboard_levels the outer loop; the planner would otherwise scan the counts.
  return db.prepare<[{ board: string; wallet: string }], { score: number; referrals_count: number; rank: number }>(
    `SELECT me.score, coalesce((SELECT w.referrals_count FROM wallets w WHERE w.wallet = me.wallet), 0) AS referrals_count,
            1 + (SELECT coalesce(sum(c.entries), 0) FROM leaderboard_levels l
                   CROSS JOIN leaderboard_counts c ON c.board = me.board AND c.width = l.width AND c.score > me.score
                  WHERE l.parent IS NULL)
              + (SELECT coalesce(sum(c.entries), 0) FROM leaderboard_levels l
                   CROSS JOIN leaderboard_counts c ON c.board = me.board AND c.width = l.width AND c.score = me.score
                    AND c.bucket >= me.reached_at / l.parent * (l.parent / l.width)
                    AND c.bucket < me.reached_at / l.width
                  WHERE l.parent IS NOT NULL)
              + (SELECT count(*) FROM leaderboard_entries o WHERE o.board = me.board AND o.score = me.score
                    AND o.reached_at >= me.reached_at - me.reached_at % (SELECT min(width) FROM leaderboard_levels)
                    AND (o.reached_at, o.wallet) < (me.reached_at, me.wallet)) AS rank
       FROM leaderboard_entries me WHERE me.board = :board AND me.wallet = :wallet`,
  );
}
