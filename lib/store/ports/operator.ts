/**
 * Operator operations: bulk and streaming access for tools that run outside the request
 * path (seed, legacy import, rewards export, invariant checker).
 */
import type { SocialTaskId } from "@/lib/domain/tasks";
import type { BoardRef, LeaderboardRow } from "@/lib/store/ports/leaderboard";
import type { LedgerEntry } from "@/lib/store/ports/quests";

/**
 * A wallet's side of the quests as a record carries it: what creditAction wrote, whole, so a copy keeps
 * what the wallet earned and when it may do each quest again. The quest catalog is not part of any record:
 * it moves with QuestStore.readQuestCatalog and importQuests, before the records (see putWallets).
 */
export interface WalletQuestRecord {
  /** The wallet's quest points (the sum of its ledger, which the invariant checker verifies). */
  points: number;
  /** quest id (a rulebook action's: `action:<id>`) -> the wallet's last credit of it (Unix s). */
  lastCompleted: Record<string, number>;
  /** Every completion it was credited for, oldest first: what the console's ledger lists. */
  ledger: LedgerEntry[];
}

/** A wallet's whole stored record, as operator tools (seed, import, export, invariant checks) see it. */
export interface WalletRecord {
  wallet: string;
  /** When the wallet became known; decides who keeps a shared refCode. */
  createdAt: number;
  referrer: string | null;
  referredAt: number | null;
  referralsCount: number;
  /** The wallet's leaderboard entry; null when it has none. */
  entry: { score: number; reachedAt: number } | null;
  checkInLast: number | null;
  /** The check-in streak the last check-in left, present only when above 0 (absent: 0). */
  checkInStreak?: number;
  social: Record<SocialTaskId, number | null>;
  nftMint: boolean;
  /**
   * Qualified referrals (REFERRAL_QUALIFY), present only when set: the wallet's referral waits for
   * it to qualify, and how many of its referees' referrals wait. Absent: false and 0.
   */
  referralPending?: true;
  pendingReferrals?: number;
  /** Present only when the wallet completed a quest (or a record gave it a quest side); absent: none. */
  quests?: WalletQuestRecord;
}

/**
 * Most wallets or codes one OperatorStore call takes, and the largest page size, on every
 * backend; also the most records putWallets takes on every backend (see putBatchLimit).
 */
export const ADMIN_BATCH_LIMIT = 1000;

/**
 * Highest score a record may carry: the Redis leaderboard stores score * 1e10 + time in a
 * double, exact only below 2^53.
 */
export const MAX_ENTRY_SCORE = 900_718;

/**
 * Cost: each call is one round trip on Redis (one Lua script, so also atomic) and one
 * transaction on SQLite. The one exception: putWallets on a Redis store whose refCode
 * index is not marked complete first rebuilds the index (once, under the lock, as a
 * lookup would), so that the index is complete and marked after every putWallets.
 * Batches hold at most ADMIN_BATCH_LIMIT items, putWallets at most putBatchLimit records
 * (a RangeError otherwise); inputs are validated (lowercase wallets, whole numbers, scores
 * up to MAX_ENTRY_SCORE).
 *
 * Cursors are opaque strings: start with "0"; a returned "0" means the stream is done.
 * Streams are not snapshots: a wallet written while a stream runs may or may not appear.
 */
export interface OperatorStore {
  /**
   * Most records one putWallets call takes here: ADMIN_BATCH_LIMIT on Redis (one script's
   * ARGV, ~250 KB, ~15 ms of server time), 10,000 on SQLite, where one transaction rewrites
   * every B-tree page it touches, so bigger batches write each page fewer times (about 3x
   * the records/s of 1,000-record batches) while holding the write lock ~0.2 s at most.
   */
  readonly putBatchLimit: number;

  /**
   * Writes whole records as given, overwriting (so re-running an import is idempotent):
   * a null entry removes the wallet from the leaderboard; the wallet is an active
   * referrer exactly when its referralsCount > 0; its refCode is indexed to it unless an
   * earlier-known wallet (smaller createdAt, then smaller address) already owns it; the
   * referral total of readBoardOverview follows each record that gains or loses a referrer. The
   * wallet's quest side is replaced by the record's (cleared when it has none), and each quest's
   * completions (readQuestCatalog) move by the ledger entries of that quest the record adds or
   * drops; on SQLite a quest's completions live in its catalog row, so put the catalog first.
   * Writes nothing else: consistency across records (referrer counts, scores) is the
   * caller's duty, and the invariant checker is how to verify it.
   */
  putWallets(records: WalletRecord[]): Promise<void>;

  /**
   * Streams every known wallet, each exactly once while the store is quiet. Pages hold
   * about `count` records: on SQLite exactly `count` (by wallet, ascending) until the
   * last; on Redis a SCAN step's worth, which may be empty before the end or hold a few
   * more, and may repeat a wallet if the keyspace shrinks mid-stream (SCAN's promise).
   */
  scanWallets(cursor: string, count: number): Promise<{ cursor: string; records: WalletRecord[] }>;

  /** The records of the given wallets (null for unknown ones), in order. */
  getWallets(wallets: string[]): Promise<(WalletRecord | null)[]>;

  /**
   * Leaderboard rows from 0-based `offset`, in leaderboard order. O(log N + limit) on
   * Redis but O(offset + limit) on SQLite: to stream the whole board use scanLeaderboard.
   */
  getLeaderboardPage(offset: number, limit: number): Promise<LeaderboardRow[]>;

  /**
   * Streams the whole leaderboard in order, `count` rows a page, each page
   * O(log N + count) on every backend (SQLite: keyset pagination on the leaderboard
   * index). Rank = position in the stream. An entry that moves while the stream runs may
   * be skipped or repeated; a quiet board streams every entry exactly once. `board` defaults to the
   * all-time board; a season's rows carry the referrals credited during the season.
   */
  scanLeaderboard(cursor: string, count: number, board?: BoardRef): Promise<{ cursor: string; rows: LeaderboardRow[] }>;

  /** Number of entries of `board` (default: the all-time board). */
  countLeaderboard(board?: BoardRef): Promise<number>;

  /** The owner each code resolves to (null when none), in order; never rebuilds. */
  getCodeOwners(codes: string[]): Promise<(string | null)[]>;

  /** Whether each wallet is in the active-referrer set, in order. */
  areActiveReferrers(wallets: string[]): Promise<boolean[]>;

  /**
   * Per pair, the referredAt under which the referrer's referees index (what getWalletReport reads)
   * holds the referee, or null when it does not hold it; in order.
   */
  getRefereeIndex(pairs: { referrer: string; referee: string }[]): Promise<(number | null)[]>;

  /**
   * Leaderboard members, held entries of disqualified wallets included, that are not known wallets (an inconsistency), streamed like
   * scanWallets; a page lists only such members, so most pages are empty.
   */
  scanLeaderboardMembers(cursor: string, count: number): Promise<{ cursor: string; wallets: string[] }>;
}
