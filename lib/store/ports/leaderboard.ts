/**
 * The leaderboard: its order, the top rows, a wallet's rank, and the totals the landing shows; the
 * board version that changes with every write of it; around-me; and, with seasons on, one board per
 * season (lib/domain/seasons.ts) besides the all-time board.
 */

export interface LeaderboardRow {
  wallet: string;
  score: number;
  referralsCount: number;
}

/** What the landing shows of the board, read together in one step. */
export interface BoardOverview {
  /** The first rows of the all-time board, as readBoard("all", limit) returns them. */
  top: LeaderboardRow[];
  /** Leaderboard entries: the wallets on the board, zero scores included. */
  entries: number;
  /** Referrals recorded so far: wallets bound to a referrer. */
  referrals: number;
}

export interface RankedRow extends LeaderboardRow {
  /** 1-based position in the order of lib/domain/leaderboard.ts. */
  rank: number;
}

/** Which board a read is of: the all-time board, or one season's (its 1-based number). */
export type BoardRef = "all" | { season: number };

/** Most entries on each side of a wallet that getAround returns. */
export { MAX_AROUND_RADIUS } from "@/lib/domain/leaderboard";

/** A read together with the board version it was read at. */
export interface Versioned {
  /**
   * The board version: a number that grows in the same atomic step as every write that changes
   * what any board read returns (a point, a new entry, a disqualification, an import), on every
   * board at once; it never goes back, also across restarts.
   */
  version: number;
}

export interface LeaderboardStore {
  /**
   * The top `limit` rows, the number of entries and the referrals recorded, from one snapshot.
   * The referral total is a counter the store keeps with every write that binds or unbinds a
   * referee, so reading it costs the same however many wallets there are.
   */
  readBoardOverview(limit: number): Promise<BoardOverview>;

  /**
   * The wallet's entry and rank on the all-time board; a missing entry is created with score 0
   * reached at `now`. Also makes the wallet known. With the version after the step.
   */
  getRankOrCreate(wallet: string, now: number): Promise<RankedRow & Versioned>;

  /** The board version alone: one small read, what a watcher polls. */
  getBoardVersion(): Promise<number>;

  /**
   * The top `limit` rows of `board` and the version, from one snapshot. When `unlessVersion` is the
   * current version, the rows are not read and `rows` is null: the caller has them already.
   * A season's row counts the referrals credited to the wallet during the season.
   */
  readBoard(board: BoardRef, limit: number, unlessVersion?: number): Promise<Versioned & { rows: LeaderboardRow[] | null }>;

  /**
   * The wallet's row and rank on a season's board, read-only: rank 0, score 0 and no referrals
   * without an entry there (a disqualified wallet's is held, as on the all-time board).
   */
  getSeasonRank(season: number, wallet: string): Promise<RankedRow & Versioned>;

  /**
   * The entries ranked from (the wallet's rank - `radius`) to (its rank + `radius`) on `board`, clipped
   * to the board, in order, each with its rank; none, and rank 0, when the wallet has no entry there.
   * Read-only. O(log N + radius) on every backend.
   */
  getAround(board: BoardRef, wallet: string, radius: number): Promise<Versioned & { rank: number; rows: RankedRow[] }>;
}
