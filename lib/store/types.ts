/**
 * The Store: domain operations, each atomic, each one round trip on Redis.
 * Wallets passed in are already validated and lowercase; refCodes lowercase.
 * Times are Unix seconds from the service's clock: stores never read a clock.
 * Every method throws on a backend failure; none turns an error into data.
 */
import type { SocialTaskId } from "@/lib/domain/tasks";

/** Everything the task and referral endpoints read about one wallet. */
export interface WalletState {
  referrer: string | null;
  referralsCount: number;
  /** Leaderboard score; 0 when the wallet has no entry. */
  score: number;
  /** Server time of the last daily check-in. */
  checkInLast: number | null;
  /** Completion time of each social task, null while not completed. */
  social: Record<SocialTaskId, number | null>;
  nftMint: boolean;
}

export type RecordReferralResult =
  | { outcome: "recorded"; referrer: string }
  | { outcome: "already-recorded"; referrer: string }
  | { outcome: "self-referral" }
  | { outcome: "code-not-found" };

export interface Registration {
  /** True when this call made the wallet known. */
  isNew: boolean;
  /** The wallet that owns the wallet's refCode: itself, or an earlier wallet with the same last 8 characters. */
  codeOwner: string;
}

export interface LeaderboardRow {
  wallet: string;
  score: number;
  referralsCount: number;
}

export interface RankedRow extends LeaderboardRow {
  /** 1-based position in the order of lib/domain/leaderboard.ts. */
  rank: number;
}

export interface Store {
  /** Which backend this is, for health output and logs. */
  readonly kind: "sqlite" | "redis" | "upstash";

  /** Makes the wallet known: its refCode resolves to it unless an earlier wallet owns the code. */
  registerWallet(wallet: string, now: number): Promise<Registration>;

  /** registerWallet plus what GET /api/referral/link shows, in one step. */
  getReferralInfo(
    wallet: string,
    now: number,
  ): Promise<Registration & { referrer: string | null; referralsCount: number }>;

  /** The wallet a refCode belongs to, or null. Rebuilds the code index only when the index itself is missing. */
  resolveRefCode(refCode: string): Promise<string | null>;

  /** Read-only: the wallet's referrer, or null. Makes nobody known. */
  getReferrer(wallet: string): Promise<string | null>;

  /**
   * Checks 4-7 of decisions.md in one atomic step: an existing referrer wins;
   * then `selfReferral` (the service's verdict) refuses; then an unknown code;
   * else binds referee to the code's owner, counts the referral, gives both
   * +1 score reached at `now`, marks the referrer active and makes the referee known.
   */
  recordReferral(input: {
    referee: string;
    refCode: string;
    selfReferral: boolean;
    now: number;
  }): Promise<RecordReferralResult>;

  /** Read-only state of one wallet (all defaults for an unknown wallet). */
  getWalletState(wallet: string): Promise<WalletState>;

  /**
   * Daily check-in: succeeds and stores `now` when no check-in happened in the
   * last `cooldownSeconds`; otherwise returns the previous check-in time. Also makes the wallet known.
   */
  checkIn(
    wallet: string,
    now: number,
    cooldownSeconds: number,
  ): Promise<{ checkedIn: true } | { checkedIn: false; last: number }>;

  /** Completes a social task once; returns the ORIGINAL completion time. Also makes the wallet known. */
  completeSocialTask(wallet: string, taskId: SocialTaskId, now: number): Promise<number>;

  /** Stores nft_mint = true for good. Also makes the wallet known. */
  markNftMint(wallet: string, now: number): Promise<void>;

  /** The top `limit` entries in leaderboard order, with referral counts. */
  getLeaderboard(limit: number): Promise<LeaderboardRow[]>;

  /** The wallet's entry and rank; a missing entry is created with score 0 reached at `now`. Also makes the wallet known. */
  getRankOrCreate(wallet: string, now: number): Promise<RankedRow>;

  /** Round trip to the backend; throws when it is unreachable. */
  ping(): Promise<void>;

  close(): Promise<void>;
}

/** One counter a request counts against: `key` names the rule and the subject, e.g. "writes:ip:203.0.113.7". */
export interface RateLimitHit {
  key: string;
  limit: number;
  windowSeconds: number;
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfter: number };

/**
 * What wallet sign-in and rate limiting keep: short-lived records beside the data, never part
 * of it. Same rules as Store: atomic, one round trip on Redis, times from the service's clock
 * (`now`, Unix seconds), a backend failure throws.
 */
export interface GuardStore {
  /** Keeps a sign-in nonce that consumeNonce accepts once, while `now < created + ttlSeconds`. */
  createNonce(nonce: string, now: number, ttlSeconds: number): Promise<void>;

  /** True exactly once for a nonce createNonce stored and that has not expired; the nonce is gone afterwards. */
  consumeNonce(nonce: string, now: number): Promise<boolean>;

  /**
   * Counts one request against every hit, in one atomic step: fixed windows of
   * `windowSeconds` aligned to Unix time (window = floor(now / windowSeconds)). Allowed when
   * every counter is within its limit after counting; otherwise `retryAfter` is the whole
   * seconds (>= 1) until the latest of the exceeded windows ends. Refused requests count too.
   */
  hitRateLimits(hits: RateLimitHit[], now: number): Promise<RateLimitVerdict>;
}

/** Shape of nonces the stores accept: EIP-4361 asks for 8+ alphanumerics; viem's generateSiweNonce makes 96. */
export const NONCE_PATTERN = /^[A-Za-z0-9]{8,128}$/;

/** Longest rate-limit key, so a key built from request input stays bounded. */
export const MAX_RATE_LIMIT_KEY_LENGTH = 200;

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
  social: Record<SocialTaskId, number | null>;
  nftMint: boolean;
}

/**
 * Most wallets or codes one StoreAdmin call takes, and the largest page size, on every
 * backend; also the most records putWallets takes on every backend (see putBatchLimit).
 */
export const ADMIN_BATCH_LIMIT = 1000;

/**
 * Highest score a record may carry: the Redis leaderboard stores score * 1e10 + time in a
 * double, exact only below 2^53.
 */
export const MAX_ENTRY_SCORE = 900_718;

/**
 * Operator operations: bulk and streaming access for tools that run outside the request
 * path (seed, legacy import, rewards export, invariant checker).
 *
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
export interface StoreAdmin {
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
   * earlier-known wallet (smaller createdAt, then smaller address) already owns it.
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
   * be skipped or repeated; a quiet board streams every entry exactly once.
   */
  scanLeaderboard(cursor: string, count: number): Promise<{ cursor: string; rows: LeaderboardRow[] }>;

  /** Number of leaderboard entries. */
  countLeaderboard(): Promise<number>;

  /** The owner each code resolves to (null when none), in order; never rebuilds. */
  getCodeOwners(codes: string[]): Promise<(string | null)[]>;

  /** Whether each wallet is in the active-referrer set, in order. */
  areActiveReferrers(wallets: string[]): Promise<boolean[]>;

  /**
   * Leaderboard members that are not known wallets (an inconsistency), streamed like
   * scanWallets; a page lists only such members, so most pages are empty. Always empty on
   * SQLite, where an entry lives in its wallet's row.
   */
  scanLeaderboardMembers(cursor: string, count: number): Promise<{ cursor: string; wallets: string[] }>;
}
