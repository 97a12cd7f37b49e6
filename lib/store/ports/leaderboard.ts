/** The leaderboard: its order, the top rows, a wallet's rank, and the totals the landing shows. */

export interface LeaderboardRow {
  wallet: string;
  score: number;
  referralsCount: number;
}

/** What the landing shows of the board, read together in one step. */
export interface BoardSummary {
  /** The first rows in leaderboard order, as getLeaderboard returns them. */
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

export interface LeaderboardStore {
  /** The top `limit` entries in leaderboard order, with referral counts. */
  getLeaderboard(limit: number): Promise<LeaderboardRow[]>;

  /**
   * The top `limit` rows, the number of entries and the referrals recorded, from one snapshot.
   * The referral total is a counter the store keeps with every write that binds or unbinds a
   * referee, so reading it costs the same however many wallets there are.
   */
  getBoardSummary(limit: number): Promise<BoardSummary>;

  /** The wallet's entry and rank; a missing entry is created with score 0 reached at `now`. Also makes the wallet known. */
  getRankOrCreate(wallet: string, now: number): Promise<RankedRow>;
}
