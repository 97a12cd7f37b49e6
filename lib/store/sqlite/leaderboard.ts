/**
 * The leaderboard on SQLite. Owns `leaderboard_entries` (one row per wallet on a board: its
 * score, when it reached it and, on a season's board, the referrals credited to it in the season),
 * `leaderboard_counts` (entries per board, score and time bucket, kept by triggers),
 * `leaderboard_levels` (the bucket widths), `score_total` (the sum of the scores per board, kept by
 * triggers, migration 7; analytics.ts reads the all-time board's) and `board_version` (one number,
 * raised by triggers on leaderboard_entries and wallets.referrals_count, migration 11;
 * board-reads.ts reads it).
 *
 * Every point is on BOARD, the all-time board, and with seasons on (SqliteStoreOptions.seasons) also
 * on the board of the season running when it is scored, `s<N>` (lib/domain/seasons.ts), with the
 * same statements: a season is rows under another board value. A disqualified wallet's entries
 * (lib/store/ports/moderation.ts) are held: on HELD_BOARD for BOARD, on `held:s<N>` for a season,
 * so every read of a board (rows, ranks, counts) leaves them out with no filter of its own, and a
 * wallet has an entry on at most one of a board and its held place. Each write of an entry reads
 * `disqualified` (moderation.ts) to choose between them in the same statement. The other concerns
 * move entries through the Board below, inside their own transactions.
 */
import "server-only";
import { seasonAt, type SeasonSchedule } from "@/lib/domain/seasons";
import type { Db } from "@/lib/store/sqlite/db";
import { required } from "@/lib/store/sqlite/db";
import type { LeaderboardSqlRow } from "@/lib/store/sqlite/rows";
import type { BoardRef } from "@/lib/store/types";

/** The board of every entry so far. */
export const BOARD = "all";

/** Where a disqualified wallet's entry waits, score and reachedAt kept, until it is reinstated. */
export const HELD_BOARD = "held";

/** A held season board is the season's board value after this prefix. */
const HELD_PREFIX = "held:";

/** `:board` and `:held`, for a statement that reads or writes a wallet's entry on whichever of the two it belongs. */
export const BOARDS = { board: BOARD, held: HELD_BOARD };
export type Boards = typeof BOARDS;

/** The board value of season `season` (1-based). */
const seasonBoard = (season: number) => `s${season}`;

/** The board value a read of `ref` reads. */
export function boardOf(ref: BoardRef): string {
  return ref === "all" ? BOARD : seasonBoard(ref.season);
}

/** A board value and its held place. */
const boardsOf = (board: string): Boards => ({ board, held: board === BOARD ? HELD_BOARD : `${HELD_PREFIX}${board}` });

/** The board a write of `:wallet`'s entry goes to, from `:board` and `:held`. */
const BOARD_OF_WALLET = `CASE WHEN EXISTS (SELECT 1 FROM disqualified d WHERE d.wallet = :wallet) THEN :held ELSE :board END`;

/** Whether the board value `board` is a held place. */
const IS_HELD = (board: string) => `(${board} = '${HELD_BOARD}' OR substr(${board}, 1, ${HELD_PREFIX.length}) = '${HELD_PREFIX}')`;

/** The leaderboard order of lib/domain/leaderboard.ts; leaderboard_entries_order (migration 5) serves it. */
const LEADERBOARD_ORDER = "score DESC, reached_at ASC, wallet ASC";

/** The same order backwards, which SQLite reads by walking leaderboard_entries_order the other way. */
const REVERSE_ORDER = "score ASC, reached_at DESC, wallet DESC";

/** A row of a board with its position in the order, for keyset pagination. */
export type EntryRow = LeaderboardSqlRow & { reached_at: number };

/** Where a page ended: the last row's position in the order. */
export type BoardKey = { score: number; reachedAt: number; wallet: string };

/**
 * The referrals entry `e` shows: on the all-time board its wallet's referral count (0 for an entry
 * without a wallet row), on a season's the referrals credited during the season.
 */
const referralsOf = (e: string) => `CASE WHEN ${e}.board = '${BOARD}' THEN ${walletReferrals(e)} ELSE ${e}.referrals END`;

/** The referral count of entry `e`'s wallet, 0 without a wallet row. */
const walletReferrals = (e: string) => `coalesce((SELECT w.referrals_count FROM wallets w WHERE w.wallet = ${e}.wallet), 0)`;

/**
 * An entry's columns (as `e`), with the referrals it shows. On the all-time board they are the
 * referralsOf() branch it takes, written without `e.referrals`: leaderboard_entries_order then
 * covers the read, and each row costs one look-up (its wallet's count) instead of two.
 */
const entryColumns = (board: string) =>
  `e.wallet, e.score, e.reached_at, ${board === BOARD ? walletReferrals("e") : referralsOf("e")} AS referrals_count`;

export interface Board {
  /**
   * `points` (a credit's, lib/domain/rulebook.ts) reached at `now` on the all-time board and, with
   * seasons on, on the board of the season running at `now`, where `referral` (the points are the
   * wallet's for a referral it made) also counts one referral; a wallet without an entry enters with
   * them (held, if disqualified). 0 points move no score and no reachedAt, and make no entry.
   */
  addPoints(wallet: string, now: number, points: number, referral: boolean): void;
  /** An all-time entry of score 0 reached at `now`, unless the wallet has one or is disqualified (its look-up creates none). */
  enter(wallet: string, now: number): void;
  /** Overwrites the wallet's all-time entry, held if disqualified; null removes it. Season boards are left as they are. */
  put(wallet: string, entry: { score: number; reachedAt: number } | null): void;
  /** Moves the wallet's entries on every board to their held places: its wallet was just disqualified. */
  hold(wallet: string): void;
  /** Moves the wallet's held entries back to their boards: its wallet was just reinstated. */
  release(wallet: string): void;
  /** `limit` rows of `board` from 0-based `offset`, in the order. */
  page(board: string, offset: number, limit: number): EntryRow[];
  /** Up to `limit` rows of `board` after `key` in the order. */
  after(board: string, key: BoardKey, limit: number): EntryRow[];
  /** Up to `limit` rows of `board` before `key` in the order, nearest first. */
  before(board: string, key: BoardKey, limit: number): EntryRow[];
  /** Number of entries of `board`, summed from the counts: one row per distinct score. */
  count(board: string): number;
  /** Up to `limit` all-time entries, held ones too, after wallet `after` in wallet order, each with whether its wallet is known. */
  members(after: string, limit: number): { wallet: string; known: number }[];
}

export function openBoard(db: Db, seasons: SeasonSchedule | undefined): Board {
  const addPoints = db.prepare<[Boards & { wallet: string; now: number; points: number; referrals: number }]>(
    `INSERT INTO leaderboard_entries (board, wallet, score, reached_at, referrals) VALUES (${BOARD_OF_WALLET}, :wallet, :points, :now, :referrals)
     ON CONFLICT DO UPDATE SET score = score + excluded.score, reached_at = excluded.reached_at, referrals = referrals + excluded.referrals`,
  );
  // A season entry shows the referrals credited in the season whatever they scored (as lb:refs:s:<n> on Redis).
  const countReferral = db.prepare<[Boards & { wallet: string }]>(
    "UPDATE leaderboard_entries SET referrals = referrals + 1 WHERE board IN (:board, :held) AND wallet = :wallet",
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
  // Every board of the wallet at once, through leaderboard_entries_wallet (migration 11). The counts'
  // and score total's triggers follow an update of the board column like any other move.
  const holdEntries = db.prepare<[string]>(
    `UPDATE leaderboard_entries
        SET board = CASE board WHEN '${BOARD}' THEN '${HELD_BOARD}' ELSE '${HELD_PREFIX}' || board END
      WHERE wallet = ? AND NOT ${IS_HELD("board")}`,
  );
  const releaseEntries = db.prepare<[string]>(
    `UPDATE leaderboard_entries
        SET board = CASE board WHEN '${HELD_BOARD}' THEN '${BOARD}' ELSE substr(board, ${HELD_PREFIX.length + 1}) END
      WHERE wallet = ? AND ${IS_HELD("board")}`,
  );
  const pageOf = (board: string) =>
    db.prepare<[{ board: string; offset: number; limit: number }], EntryRow>(
      `SELECT ${entryColumns(board)} FROM leaderboard_entries e WHERE board = :board
        ORDER BY ${LEADERBOARD_ORDER} LIMIT :limit OFFSET :offset`,
    );
  const readPage = byBoard(pageOf);
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
    addPoints: (wallet, now, points, referral) => {
      const season = seasons ? seasonAt(now, seasons) : 0;
      if (points === 0) {
        if (season > 0 && referral) countReferral.run({ ...boardsOf(seasonBoard(season)), wallet });
        return;
      }
      addPoints.run({ ...BOARDS, wallet, now, points, referrals: 0 });
      if (season > 0) addPoints.run({ ...boardsOf(seasonBoard(season)), wallet, now, points, referrals: referral ? 1 : 0 });
    },
    enter: (wallet, now) => void enter.run({ board: BOARD, wallet, now }),
    put: (wallet, entry) =>
      void (entry === null
        ? removeEntry.run({ ...BOARDS, wallet })
        : putEntry.run({ ...BOARDS, wallet, score: entry.score, reachedAt: entry.reachedAt })),
    hold: (wallet) => void holdEntries.run(wallet),
    release: (wallet) => void releaseEntries.run(wallet),
    page: (board, offset, limit) => readPage(board).all({ board, offset, limit }),
    after: prepareNeighbours(db, "after"),
    before: prepareNeighbours(db, "before"),
    count: (board) => required(countEntries.get({ board }), "count of leaderboard entries").n,
    members: (after, limit) => readMembers.all({ ...BOARDS, after, limit }),
  };
}

/**
 * The two reads of a board's rows next to a key, nearest first, on one side: the rest of the key's
 * score group, then the other scores, each a range of leaderboard_entries_order (before the key,
 * walked backwards). One OR of both would make SQLite walk the index from the top.
 */
export function neighbourQueries(side: "after" | "before", board: string) {
  const [sameScore, otherScores, order] = side === "after" ? [">", "<", LEADERBOARD_ORDER] : ["<", ">", REVERSE_ORDER];
  return {
    sameScore: `SELECT ${entryColumns(board)} FROM leaderboard_entries e
      WHERE board = :board AND score = :score AND (reached_at, wallet) ${sameScore} (:reachedAt, :wallet)
      ORDER BY ${order} LIMIT :limit`,
    otherScores: `SELECT ${entryColumns(board)} FROM leaderboard_entries e WHERE board = :board AND score ${otherScores} :score
      ORDER BY ${order} LIMIT :limit`,
  };
}

/** Up to `limit` rows of a board next to a key on one side, nearest first (neighbourQueries). */
function prepareNeighbours(db: Db, side: "after" | "before") {
  const statements = byBoard((board) => {
    const queries = neighbourQueries(side, board);
    return {
      sameScore: db.prepare<[BoardKey & { board: string; limit: number }], EntryRow>(queries.sameScore),
      otherScores: db.prepare<[{ board: string; score: number; limit: number }], EntryRow>(queries.otherScores),
    };
  });
  return (board: string, key: BoardKey, limit: number): EntryRow[] => {
    const { sameScore, otherScores } = statements(board);
    const rows = sameScore.all({ board, ...key, limit });
    if (rows.length < limit) rows.push(...otherScores.all({ board, score: key.score, limit: limit - rows.length }));
    return rows;
  };
}

/** A read prepared twice, as entryColumns() writes it: for the all-time board and for every other board. */
function byBoard<T>(prepare: (board: string) => T): (board: string) => T {
  const allTime = prepare(BOARD);
  // Any other value than BOARD makes entryColumns() write the general form.
  const others = prepare(HELD_BOARD);
  return (board) => (board === BOARD ? allTime : others);
}

/** The statement that reads `:wallet`'s entry on `:board`, the referrals it shows, and its rank there; no row without an entry. */
export function prepareRank(db: Db) {
  // Rank = 1 + entries strictly before this one in the leaderboard order (migration 3), summed as:
  // the top level's counts of every higher score; at each lower level, the buckets of this score
  // inside this entry's parent bucket and before its own (together they tile all time before its
  // 64-second bucket); then the entries ahead within that last bucket, a short range of
  // leaderboard_entries_order. That reads one row per higher score, at most 63 per level below the
  // second, and the entries of this score reached in the same 64 s: nothing that grows with N.
  // CROSS JOIN keeps leaderboard_levels the outer loop; the planner would otherwise scan the counts.
  return db.prepare<[{ board: string; wallet: string }], EntryRow & { rank: number }>(
    `SELECT me.wallet, me.score, me.reached_at, ${referralsOf("me")} AS referrals_count,
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
