/**
 * SqliteStore: the embedded default backend, one file `<dataDir>/refboard.sqlite`.
 *
 * better-sqlite3 is synchronous, so each method runs to completion without
 * yielding: within one process nothing interleaves with a transaction. Other
 * processes (a second server, a CLI) are serialised by SQLite's write lock, which
 * is why every write transaction is BEGIN IMMEDIATE: a deferred one that read
 * first would fail to upgrade (SQLITE_BUSY_SNAPSHOT) instead of waiting.
 *
 * Data model: one row per known wallet; `reached_at IS NULL` means "no
 * leaderboard entry". `ref_codes` is the persistent code index; it is written in
 * the same transaction that makes a wallet known, so unlike a cache it cannot go
 * missing on its own and never needs the rebuild of interface.md rule 7.
 * `leaderboard_counts` counts the entries per score and time bucket (migration 3),
 * kept by triggers on `wallets`, so that a rank costs a few short sums.
 */
import "server-only";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { SocialTaskId } from "@/lib/domain/tasks";
import { refCodeOf } from "@/lib/domain/wallet";
import { SqliteGuard } from "@/lib/store/sqlite-guard";
import {
  checkBatch,
  checkOffset,
  checkPageSize,
  checkRefCode,
  checkWallet,
  checkWalletRecord,
} from "@/lib/store/admin";
import type {
  GuardStore,
  LeaderboardRow,
  RankedRow,
  RateLimitHit,
  RateLimitVerdict,
  RecordReferralResult,
  Registration,
  Store,
  StoreAdmin,
  WalletRecord,
  WalletState,
} from "@/lib/store/types";

export const SQLITE_FILE_NAME = "refboard.sqlite";

/** putBatchLimit of SQLite (see StoreAdmin). */
const SQLITE_PUT_BATCH_LIMIT = 10_000;

/** Bump with a new entry in MIGRATIONS; `user_version` records how far a file has come. */
const MIGRATIONS: readonly string[] = [
  // 1: initial schema. STRICT so every value read back has the declared type.
  `
  CREATE TABLE wallets (
    wallet            TEXT PRIMARY KEY,
    created_at        INTEGER NOT NULL,
    referrer          TEXT,
    referred_at       INTEGER,
    referrals_count   INTEGER NOT NULL DEFAULT 0,
    score             INTEGER NOT NULL DEFAULT 0,
    reached_at        INTEGER,
    checkin_last      INTEGER,
    add_miniapp_ts    INTEGER,
    fc_follow_ts      INTEGER,
    fc_like_recast_ts INTEGER,
    fc_comment_ts     INTEGER,
    nft_mint          INTEGER NOT NULL DEFAULT 0
  ) STRICT, WITHOUT ROWID;

  -- The leaderboard order of lib/domain/leaderboard.ts; only wallets with an entry.
  CREATE INDEX wallets_leaderboard ON wallets (score DESC, reached_at ASC, wallet ASC)
    WHERE reached_at IS NOT NULL;

  CREATE TABLE ref_codes (
    code   TEXT PRIMARY KEY,
    wallet TEXT NOT NULL
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE active_referrers (
    wallet TEXT PRIMARY KEY,
    since  INTEGER NOT NULL
  ) STRICT, WITHOUT ROWID;
  `,
  // 2: sign-in nonces and rate-limit counters (GuardStore): short-lived, purged as they expire.
  `
  CREATE TABLE auth_nonces (
    nonce      TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX auth_nonces_expiry ON auth_nonces (expires_at);

  -- One row per counter: the window it counts and when that window ends.
  CREATE TABLE rate_limits (
    key          TEXT PRIMARY KEY,
    window_start INTEGER NOT NULL,
    count        INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX rate_limits_expiry ON rate_limits (expires_at);
  `,
  // 3: leaderboard entries counted per score and time bucket, so that a rank is a few short sums
  // instead of a count of every entry ahead (SQLite has no order-statistic index).
  `
  -- Nested bucket widths in seconds, each dividing its parent (powers of two: 64 s, ~68 min,
  -- ~3 days, ~194 days). The top level is one bucket per score: 2^34 s is past every valid time.
  CREATE TABLE leaderboard_levels (
    width  INTEGER PRIMARY KEY,
    parent INTEGER
  ) STRICT;
  INSERT INTO leaderboard_levels (width, parent) VALUES
    (17179869184, NULL), (16777216, 17179869184), (262144, 16777216), (4096, 262144), (64, 4096);

  -- Entries with this score whose reached_at / width = bucket. A row whose count drops to 0 is
  -- deleted at once, found through the partial index, so sums never walk empty buckets.
  CREATE TABLE leaderboard_counts (
    width   INTEGER NOT NULL,
    score   INTEGER NOT NULL,
    bucket  INTEGER NOT NULL,
    entries INTEGER NOT NULL,
    PRIMARY KEY (width, score, bucket)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX leaderboard_counts_empty ON leaderboard_counts (entries) WHERE entries = 0;

  -- Triggers, not statements in each write path: every write of an entry, from any code or
  -- process, updates the counts in its own statement, so they cannot drift from wallets.
  -- Each applies -1 at every level where the entry was and +1 where it is as one upsert: an
  -- UPDATE or DELETE matching a row-value IN over leaderboard_levels made the score updates of a
  -- referral ~5x slower.
  -- (WHERE true: SQLite needs a WHERE before ON CONFLICT in INSERT ... SELECT.)
  CREATE TRIGGER leaderboard_counts_insert AFTER INSERT ON wallets WHEN new.reached_at IS NOT NULL
  BEGIN
    INSERT INTO leaderboard_counts (width, score, bucket, entries)
      SELECT width, new.score, new.reached_at / width, 1 FROM leaderboard_levels WHERE true
      ON CONFLICT DO UPDATE SET entries = entries + excluded.entries;
  END;

  CREATE TRIGGER leaderboard_counts_update AFTER UPDATE OF score, reached_at ON wallets
    WHEN old.score IS NOT new.score OR old.reached_at IS NOT new.reached_at
  BEGIN
    INSERT INTO leaderboard_counts (width, score, bucket, entries)
      SELECT width, old.score, old.reached_at / width, -1 FROM leaderboard_levels WHERE old.reached_at IS NOT NULL
      UNION ALL
      SELECT width, new.score, new.reached_at / width, 1 FROM leaderboard_levels WHERE new.reached_at IS NOT NULL
      ON CONFLICT DO UPDATE SET entries = entries + excluded.entries;
    DELETE FROM leaderboard_counts WHERE entries = 0;
  END;

  CREATE TRIGGER leaderboard_counts_delete AFTER DELETE ON wallets WHEN old.reached_at IS NOT NULL
  BEGIN
    INSERT INTO leaderboard_counts (width, score, bucket, entries)
      SELECT width, old.score, old.reached_at / width, -1 FROM leaderboard_levels WHERE true
      ON CONFLICT DO UPDATE SET entries = entries + excluded.entries;
    DELETE FROM leaderboard_counts WHERE entries = 0;
  END;

  -- A file from before this migration: count the entries it already has.
  INSERT INTO leaderboard_counts (width, score, bucket, entries)
    SELECT l.width, w.score, w.reached_at / l.width, count(*)
      FROM leaderboard_levels l, wallets w WHERE w.reached_at IS NOT NULL
     GROUP BY l.width, w.score, w.reached_at / l.width;
  `,
];

/** Column of each social task's completion time; fixed names, never built from input. */
const SOCIAL_TASK_COLUMNS = {
  add_miniapp: "add_miniapp_ts",
  fc_follow: "fc_follow_ts",
  fc_like_recast: "fc_like_recast_ts",
  fc_comment: "fc_comment_ts",
} as const satisfies Record<SocialTaskId, string>;

export interface SqliteStoreOptions {
  /** How long a write waits for another connection's lock before failing with SQLITE_BUSY. */
  busyTimeoutMs?: number;
}

interface WalletRow {
  referrer: string | null;
  referrals_count: number;
  score: number;
  checkin_last: number | null;
  add_miniapp_ts: number | null;
  fc_follow_ts: number | null;
  fc_like_recast_ts: number | null;
  fc_comment_ts: number | null;
  nft_mint: number;
}

type WalletNow = { wallet: string; now: number };
type RecordReferralInput = Parameters<Store["recordReferral"]>[0];
type WriteMethod =
  | "registerWallet"
  | "getReferralInfo"
  | "recordReferral"
  | "checkIn"
  | "completeSocialTask"
  | "markNftMint"
  | "getRankOrCreate";
type Synchronous<F> = F extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : never;
type LeaderboardSqlRow = { wallet: string; score: number; referrals_count: number };

/** A whole wallets row, as StoreAdmin reads and writes it. */
interface RecordRow extends WalletRow {
  wallet: string;
  created_at: number;
  referred_at: number | null;
  reached_at: number | null;
}
type RecordParams = Omit<RecordRow, "score"> & { score: number };
type KeysetRow = LeaderboardSqlRow & { reached_at: number };
/** Where a scanLeaderboard page ended: the last row's position in the order. */
type LeaderboardKey = { score: number; reachedAt: number; wallet: string };

const RECORD_COLUMNS = `wallet, created_at, referrer, referred_at, referrals_count, score, reached_at, checkin_last,
  add_miniapp_ts, fc_follow_ts, fc_like_recast_ts, fc_comment_ts, nft_mint`;

export class SqliteStore implements Store, StoreAdmin, GuardStore {
  readonly kind = "sqlite" as const;
  readonly putBatchLimit = SQLITE_PUT_BATCH_LIMIT;

  static open(dataDir: string, options: SqliteStoreOptions = {}): SqliteStore {
    mkdirSync(dataDir, { recursive: true });
    const db = new Database(join(dataDir, SQLITE_FILE_NAME));
    try {
      configure(db, options.busyTimeoutMs ?? 5000);
      migrate(db);
      return new SqliteStore(db);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  private readonly db: Database.Database;
  /** The write methods as synchronous BEGIN IMMEDIATE transactions; the async methods only wrap them. */
  private readonly tx: { [K in WriteMethod]: Synchronous<Store[K]> };
  private readonly readWallet: Database.Statement<[string], WalletRow>;
  private readonly readReferrer: Database.Statement<[string], { referrer: string | null }>;
  private readonly readCodeOwner: Database.Statement<[string], { wallet: string }>;
  private readonly readLeaderboard: Database.Statement<[number], LeaderboardSqlRow>;
  private readonly selectOne: Database.Statement<[], { one: number }>;
  private readonly admin: SqliteAdmin;
  private readonly guard: SqliteGuard;

  private constructor(db: Database.Database) {
    this.db = db;
    this.admin = new SqliteAdmin(db);
    this.guard = new SqliteGuard(db);
    const insertWallet = db.prepare<[WalletNow]>(
      "INSERT INTO wallets (wallet, created_at) VALUES (:wallet, :now) ON CONFLICT DO NOTHING",
    );
    const insertCode = db.prepare<[{ code: string; wallet: string }]>(
      "INSERT INTO ref_codes (code, wallet) VALUES (:code, :wallet) ON CONFLICT DO NOTHING",
    );
    const readCodeOwner = db.prepare<[string], { wallet: string }>("SELECT wallet FROM ref_codes WHERE code = ?");
    const readWallet = db.prepare<[string], WalletRow>(
      `SELECT referrer, referrals_count, score, checkin_last, add_miniapp_ts, fc_follow_ts,
              fc_like_recast_ts, fc_comment_ts, nft_mint
         FROM wallets WHERE wallet = ?`,
    );
    const bindReferee = db.prepare<[{ referee: string; referrer: string; now: number }]>(
      `UPDATE wallets SET referrer = :referrer, referred_at = :now, score = score + 1, reached_at = :now
        WHERE wallet = :referee`,
    );
    const creditReferrer = db.prepare<[WalletNow]>(
      `UPDATE wallets SET referrals_count = referrals_count + 1, score = score + 1, reached_at = :now
        WHERE wallet = :wallet`,
    );
    const markActive = db.prepare<[WalletNow]>(
      "INSERT INTO active_referrers (wallet, since) VALUES (:wallet, :now) ON CONFLICT DO NOTHING",
    );
    const tryCheckIn = db.prepare<[{ wallet: string; now: number; cooldown: number }]>(
      `UPDATE wallets SET checkin_last = :now
        WHERE wallet = :wallet AND (checkin_last IS NULL OR :now - checkin_last >= :cooldown)`,
    );
    const readCheckIn = db.prepare<[string], { checkin_last: number | null }>(
      "SELECT checkin_last FROM wallets WHERE wallet = ?",
    );
    // COALESCE keeps the first completion time; RETURNING hands back whichever is stored.
    const completeSocial = Object.fromEntries(
      Object.entries(SOCIAL_TASK_COLUMNS).map(([taskId, column]) => [
        taskId,
        db.prepare<[WalletNow], { ts: number }>(
          `UPDATE wallets SET ${column} = COALESCE(${column}, :now) WHERE wallet = :wallet RETURNING ${column} AS ts`,
        ),
      ]),
    ) as Record<SocialTaskId, Database.Statement<[WalletNow], { ts: number }>>;
    const setNftMint = db.prepare<[string]>("UPDATE wallets SET nft_mint = 1 WHERE wallet = ?");
    const createEntry = db.prepare<[WalletNow]>(
      "UPDATE wallets SET reached_at = :now WHERE wallet = :wallet AND reached_at IS NULL",
    );
    // Rank = 1 + entries strictly before this one in the leaderboard order (migration 3), summed as:
    // the top level's counts of every higher score; at each lower level, the buckets of this score
    // inside this entry's parent bucket and before its own (together they tile all time before its
    // 64-second bucket); then the entries ahead within that last bucket, a short range of
    // wallets_leaderboard. That reads one row per higher score, at most 63 per level below the
    // second, and the entries of this score reached in the same 64 s: nothing that grows with N.
    // CROSS JOIN keeps leaderboard_levels the outer loop; the planner would otherwise scan the counts.
    const readRank = db.prepare<[string], { score: number; referrals_count: number; rank: number }>(
      `SELECT me.score, me.referrals_count,
              1 + (SELECT coalesce(sum(c.entries), 0) FROM leaderboard_levels l
                     CROSS JOIN leaderboard_counts c ON c.width = l.width AND c.score > me.score
                    WHERE l.parent IS NULL)
                + (SELECT coalesce(sum(c.entries), 0) FROM leaderboard_levels l
                     CROSS JOIN leaderboard_counts c ON c.width = l.width AND c.score = me.score
                      AND c.bucket >= me.reached_at / l.parent * (l.parent / l.width)
                      AND c.bucket < me.reached_at / l.width
                    WHERE l.parent IS NOT NULL)
                + (SELECT count(*) FROM wallets o WHERE o.reached_at IS NOT NULL AND o.score = me.score
                      AND o.reached_at >= me.reached_at - me.reached_at % (SELECT min(width) FROM leaderboard_levels)
                      AND (o.reached_at, o.wallet) < (me.reached_at, me.wallet)) AS rank
         FROM wallets me WHERE me.wallet = ? AND me.reached_at IS NOT NULL`,
    );

    this.readWallet = readWallet;
    this.readCodeOwner = readCodeOwner;
    this.readReferrer = db.prepare<[string], { referrer: string | null }>(
      "SELECT referrer FROM wallets WHERE wallet = ?",
    );
    this.readLeaderboard = db.prepare<[number], LeaderboardSqlRow>(
      `SELECT wallet, score, referrals_count FROM wallets
        WHERE reached_at IS NOT NULL
        ORDER BY score DESC, reached_at ASC, wallet ASC
        LIMIT ?`,
    );
    this.selectOne = db.prepare<[], { one: number }>("SELECT 1 AS one");

    /** Makes the wallet known inside the caller's transaction; the first wallet known keeps a shared code. */
    const register = (wallet: string, now: number): Registration => {
      const isNew = insertWallet.run({ wallet, now }).changes === 1;
      const code = refCodeOf(wallet);
      insertCode.run({ code, wallet });
      return { isNew, codeOwner: required(readCodeOwner.get(code), `ref_codes row of ${code}`).wallet };
    };

    this.tx = {
      registerWallet: immediate(db, register),

      getReferralInfo: immediate(db, (wallet: string, now: number) => {
        const registration = register(wallet, now);
        const row = required(readWallet.get(wallet), `wallets row of ${wallet}`);
        return { ...registration, referrer: row.referrer, referralsCount: row.referrals_count };
      }),

      recordReferral: immediate(db, (input: RecordReferralInput): RecordReferralResult => {
        const { referee, refCode, selfReferral, now } = input;
        const existing = readWallet.get(referee)?.referrer;
        if (typeof existing === "string") return { outcome: "already-recorded", referrer: existing };
        if (selfReferral) return { outcome: "self-referral" };
        const referrer = readCodeOwner.get(refCode)?.wallet;
        if (referrer === undefined) return { outcome: "code-not-found" };
        // Only reachable if the service's verdict and the code index disagree; never bind a wallet to itself.
        if (referrer === referee) return { outcome: "self-referral" };
        register(referee, now);
        // The code index implies the owner is known; inserting anyway keeps the credit from landing on no row.
        insertWallet.run({ wallet: referrer, now });
        bindReferee.run({ referee, referrer, now });
        creditReferrer.run({ wallet: referrer, now });
        markActive.run({ wallet: referrer, now });
        return { outcome: "recorded", referrer };
      }),

      checkIn: immediate(db, (wallet: string, now: number, cooldown: number) => {
        register(wallet, now);
        if (tryCheckIn.run({ wallet, now, cooldown }).changes === 1) return { checkedIn: true as const };
        const last = required(readCheckIn.get(wallet), `wallets row of ${wallet}`).checkin_last;
        if (last === null) throw new Error(`check-in of ${wallet} refused without a previous check-in`);
        return { checkedIn: false as const, last };
      }),

      completeSocialTask: immediate(db, (wallet: string, taskId: SocialTaskId, now: number) => {
        register(wallet, now);
        return required(completeSocial[taskId].get({ wallet, now }), `wallets row of ${wallet}`).ts;
      }),

      markNftMint: immediate(db, (wallet: string, now: number) => {
        register(wallet, now);
        setNftMint.run(wallet);
      }),

      getRankOrCreate: immediate(db, (wallet: string, now: number): RankedRow => {
        register(wallet, now);
        createEntry.run({ wallet, now });
        const row = required(readRank.get(wallet), `leaderboard entry of ${wallet}`);
        return { wallet, score: row.score, referralsCount: row.referrals_count, rank: row.rank };
      }),
    };
  }

  async registerWallet(wallet: string, now: number): Promise<Registration> {
    return this.tx.registerWallet(wallet, now);
  }

  async getReferralInfo(
    wallet: string,
    now: number,
  ): Promise<Registration & { referrer: string | null; referralsCount: number }> {
    return this.tx.getReferralInfo(wallet, now);
  }

  async resolveRefCode(refCode: string): Promise<string | null> {
    return this.readCodeOwner.get(refCode)?.wallet ?? null;
  }

  async getReferrer(wallet: string): Promise<string | null> {
    return this.readReferrer.get(wallet)?.referrer ?? null;
  }

  async recordReferral(input: RecordReferralInput): Promise<RecordReferralResult> {
    return this.tx.recordReferral(input);
  }

  // Single-statement reads below need no explicit transaction: one statement reads one snapshot.
  async getWalletState(wallet: string): Promise<WalletState> {
    const row = this.readWallet.get(wallet);
    if (!row) {
      return {
        referrer: null,
        referralsCount: 0,
        score: 0,
        checkInLast: null,
        social: { add_miniapp: null, fc_follow: null, fc_like_recast: null, fc_comment: null },
        nftMint: false,
      };
    }
    return {
      referrer: row.referrer,
      referralsCount: row.referrals_count,
      score: row.score,
      checkInLast: row.checkin_last,
      social: socialOf(row),
      nftMint: row.nft_mint === 1,
    };
  }

  async checkIn(
    wallet: string,
    now: number,
    cooldownSeconds: number,
  ): Promise<{ checkedIn: true } | { checkedIn: false; last: number }> {
    return this.tx.checkIn(wallet, now, cooldownSeconds);
  }

  async completeSocialTask(wallet: string, taskId: SocialTaskId, now: number): Promise<number> {
    return this.tx.completeSocialTask(wallet, taskId, now);
  }

  async markNftMint(wallet: string, now: number): Promise<void> {
    this.tx.markNftMint(wallet, now);
  }

  async getLeaderboard(limit: number): Promise<LeaderboardRow[]> {
    // SQLite reads a negative LIMIT as "no limit"; a caller bug must not dump every wallet.
    if (!Number.isInteger(limit) || limit < 0) {
      throw new RangeError(`leaderboard limit must be a whole number >= 0, got ${limit}`);
    }
    return this.readLeaderboard
      .all(limit)
      .map((row) => ({ wallet: row.wallet, score: row.score, referralsCount: row.referrals_count }));
  }

  async getRankOrCreate(wallet: string, now: number): Promise<RankedRow> {
    return this.tx.getRankOrCreate(wallet, now);
  }

  async ping(): Promise<void> {
    this.selectOne.get();
  }

  // StoreAdmin: see SqliteAdmin below.
  async putWallets(records: WalletRecord[]): Promise<void> {
    this.admin.putWallets(records);
  }

  async scanWallets(cursor: string, count: number): Promise<{ cursor: string; records: WalletRecord[] }> {
    return this.admin.scanWallets(cursor, count);
  }

  async getWallets(wallets: string[]): Promise<(WalletRecord | null)[]> {
    return this.admin.getWallets(wallets);
  }

  async getLeaderboardPage(offset: number, limit: number): Promise<LeaderboardRow[]> {
    return this.admin.getLeaderboardPage(offset, limit);
  }

  async scanLeaderboard(cursor: string, count: number): Promise<{ cursor: string; rows: LeaderboardRow[] }> {
    return this.admin.scanLeaderboard(cursor, count);
  }

  async countLeaderboard(): Promise<number> {
    return this.admin.countLeaderboard();
  }

  async getCodeOwners(codes: string[]): Promise<(string | null)[]> {
    return this.admin.getCodeOwners(codes);
  }

  async areActiveReferrers(wallets: string[]): Promise<boolean[]> {
    return this.admin.areActiveReferrers(wallets);
  }

  /** Always one empty, final page: an entry is columns of its wallet's row, so no entry can lack a wallet. */
  async scanLeaderboardMembers(cursor: string, count: number): Promise<{ cursor: string; wallets: string[] }> {
    checkPageSize(count, "count");
    return { cursor: "0", wallets: [] };
  }

  // GuardStore: see sqlite-guard.ts.
  async createNonce(nonce: string, now: number, ttlSeconds: number): Promise<void> {
    this.guard.createNonce(nonce, now, ttlSeconds);
  }

  async consumeNonce(nonce: string, now: number): Promise<boolean> {
    return this.guard.consumeNonce(nonce, now);
  }

  async hitRateLimits(hits: RateLimitHit[], now: number): Promise<RateLimitVerdict> {
    return this.guard.hitRateLimits(hits, now);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/**
 * StoreAdmin on the store's connection, synchronously. The write is one BEGIN IMMEDIATE
 * transaction per call; reads of several statements run in one deferred transaction, so
 * each call reads one snapshot even while other processes write.
 */
class SqliteAdmin {
  readonly putWallets: (records: WalletRecord[]) => void;
  readonly getWallets: (wallets: string[]) => (WalletRecord | null)[];
  readonly getCodeOwners: (codes: string[]) => (string | null)[];
  readonly areActiveReferrers: (wallets: string[]) => boolean[];
  readonly scanLeaderboard: (cursor: string, count: number) => { cursor: string; rows: LeaderboardRow[] };
  private readonly readRecords: Database.Statement<[{ after: string; limit: number }], RecordRow>;
  private readonly readPage: Database.Statement<[{ offset: number; limit: number }], LeaderboardSqlRow>;
  private readonly countEntries: Database.Statement<[], { n: number }>;

  constructor(db: Database.Database) {
    const upsertWallet = db.prepare<[RecordParams]>(
      `INSERT INTO wallets (${RECORD_COLUMNS})
       VALUES (:wallet, :created_at, :referrer, :referred_at, :referrals_count, :score, :reached_at, :checkin_last,
               :add_miniapp_ts, :fc_follow_ts, :fc_like_recast_ts, :fc_comment_ts, :nft_mint)
       ON CONFLICT (wallet) DO UPDATE SET
         created_at = excluded.created_at, referrer = excluded.referrer, referred_at = excluded.referred_at,
         referrals_count = excluded.referrals_count, score = excluded.score, reached_at = excluded.reached_at,
         checkin_last = excluded.checkin_last, add_miniapp_ts = excluded.add_miniapp_ts,
         fc_follow_ts = excluded.fc_follow_ts, fc_like_recast_ts = excluded.fc_like_recast_ts,
         fc_comment_ts = excluded.fc_comment_ts, nft_mint = excluded.nft_mint`,
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
    const readRecord = db.prepare<[string], RecordRow>(`SELECT ${RECORD_COLUMNS} FROM wallets WHERE wallet = ?`);
    const readActive = db.prepare<[string], { one: number }>("SELECT 1 AS one FROM active_referrers WHERE wallet = ?");
    const entryColumns = "wallet, score, reached_at, referrals_count";
    const readFirstRows = db.prepare<[number], KeysetRow>(
      `SELECT ${entryColumns} FROM wallets WHERE reached_at IS NOT NULL
        ORDER BY score DESC, reached_at ASC, wallet ASC LIMIT ?`,
    );
    // The rest of the last row's score group, then the lower scores: each a range of wallets_leaderboard.
    // (One OR of both would make SQLite walk the index from the top.)
    const readSameScoreAfter = db.prepare<[LeaderboardKey & { limit: number }], KeysetRow>(
      `SELECT ${entryColumns} FROM wallets
        WHERE reached_at IS NOT NULL AND score = :score AND (reached_at, wallet) > (:reachedAt, :wallet)
        ORDER BY score DESC, reached_at ASC, wallet ASC LIMIT :limit`,
    );
    const readLowerScores = db.prepare<[{ score: number; limit: number }], KeysetRow>(
      `SELECT ${entryColumns} FROM wallets WHERE reached_at IS NOT NULL AND score < :score
        ORDER BY score DESC, reached_at ASC, wallet ASC LIMIT :limit`,
    );

    this.readRecords = db.prepare<[{ after: string; limit: number }], RecordRow>(
      `SELECT ${RECORD_COLUMNS} FROM wallets WHERE wallet > :after ORDER BY wallet LIMIT :limit`,
    );
    this.readPage = db.prepare<[{ offset: number; limit: number }], LeaderboardSqlRow>(
      `SELECT wallet, score, referrals_count FROM wallets WHERE reached_at IS NOT NULL
        ORDER BY score DESC, reached_at ASC, wallet ASC LIMIT :limit OFFSET :offset`,
    );
    this.countEntries = db.prepare<[], { n: number }>("SELECT count(*) AS n FROM wallets WHERE reached_at IS NOT NULL");

    /** Indexes the wallet's code unless an earlier-known wallet owns it; the wallet's own row is written already. */
    const claimCode = (wallet: string, createdAt: number) => {
      const code = refCodeOf(wallet);
      const owner = readCodeOwner.get(code)?.wallet;
      if (owner === wallet) return;
      const theirs = owner === undefined ? undefined : readCreatedAt.get(owner)?.created_at;
      if (owner !== undefined && theirs !== undefined && !earlier(createdAt, wallet, theirs, owner)) return;
      setCodeOwner.run({ code, wallet });
    };

    const write = immediate(db, (records: WalletRecord[]) => {
      for (const record of records) {
        upsertWallet.run(paramsOf(record));
        if (record.referralsCount > 0) markActive.run({ wallet: record.wallet, since: record.createdAt });
        else unmarkActive.run(record.wallet);
        claimCode(record.wallet, record.createdAt);
      }
    });
    // Checked before BEGIN: a malformed record refuses the whole batch without taking the write lock.
    this.putWallets = (records) => {
      checkBatch(records, "putWallets", SQLITE_PUT_BATCH_LIMIT);
      records.forEach(checkWalletRecord);
      write(records);
    };

    this.getWallets = snapshot(db, (wallets: string[]) => {
      checkBatch(wallets, "getWallets");
      wallets.forEach((wallet) => checkWallet(wallet));
      return wallets.map((wallet) => {
        const row = readRecord.get(wallet);
        return row ? recordOf(row) : null;
      });
    });

    this.getCodeOwners = snapshot(db, (codes: string[]) => {
      checkBatch(codes, "getCodeOwners");
      codes.forEach(checkRefCode);
      return codes.map((code) => readCodeOwner.get(code)?.wallet ?? null);
    });

    this.areActiveReferrers = snapshot(db, (wallets: string[]) => {
      checkBatch(wallets, "areActiveReferrers");
      wallets.forEach((wallet) => checkWallet(wallet));
      return wallets.map((wallet) => readActive.get(wallet) !== undefined);
    });

    this.scanLeaderboard = snapshot(db, (cursor: string, count: number) => {
      checkPageSize(count, "count");
      const after = parseLeaderboardCursor(cursor);
      const rows = after ? readSameScoreAfter.all({ ...after, limit: count }) : readFirstRows.all(count);
      if (after && rows.length < count) rows.push(...readLowerScores.all({ score: after.score, limit: count - rows.length }));
      const last = rows.at(-1);
      return {
        cursor: rows.length < count || !last ? "0" : `${last.score}:${last.reached_at}:${last.wallet}`,
        rows: rows.map((row) => ({ wallet: row.wallet, score: row.score, referralsCount: row.referrals_count })),
      };
    });
  }

  /** Keyset pagination by wallet: the cursor is the last wallet of the previous page. */
  scanWallets(cursor: string, count: number): { cursor: string; records: WalletRecord[] } {
    checkPageSize(count, "count");
    if (cursor !== "0") checkWallet(cursor, "cursor");
    const rows = this.readRecords.all({ after: cursor === "0" ? "" : cursor, limit: count });
    const last = rows.at(-1);
    return { cursor: rows.length < count || !last ? "0" : last.wallet, records: rows.map(recordOf) };
  }

  getLeaderboardPage(offset: number, limit: number): LeaderboardRow[] {
    checkOffset(offset);
    checkPageSize(limit, "limit", true);
    return this.readPage
      .all({ offset, limit })
      .map((row) => ({ wallet: row.wallet, score: row.score, referralsCount: row.referrals_count }));
  }

  countLeaderboard(): number {
    return required(this.countEntries.get(), "count of leaderboard entries").n;
  }
}

/** Whether (createdAt, wallet) comes before (theirCreatedAt, theirWallet): who keeps a shared code. */
function earlier(createdAt: number, wallet: string, theirCreatedAt: number, theirWallet: string): boolean {
  return createdAt < theirCreatedAt || (createdAt === theirCreatedAt && wallet < theirWallet);
}

function paramsOf(record: WalletRecord): RecordParams {
  return {
    wallet: record.wallet,
    created_at: record.createdAt,
    referrer: record.referrer,
    referred_at: record.referredAt,
    referrals_count: record.referralsCount,
    score: record.entry?.score ?? 0,
    reached_at: record.entry?.reachedAt ?? null,
    checkin_last: record.checkInLast,
    add_miniapp_ts: record.social.add_miniapp,
    fc_follow_ts: record.social.fc_follow,
    fc_like_recast_ts: record.social.fc_like_recast,
    fc_comment_ts: record.social.fc_comment,
    nft_mint: record.nftMint ? 1 : 0,
  };
}

function recordOf(row: RecordRow): WalletRecord {
  return {
    wallet: row.wallet,
    createdAt: row.created_at,
    referrer: row.referrer,
    referredAt: row.referred_at,
    referralsCount: row.referrals_count,
    entry: row.reached_at === null ? null : { score: row.score, reachedAt: row.reached_at },
    checkInLast: row.checkin_last,
    social: socialOf(row),
    nftMint: row.nft_mint === 1,
  };
}

function socialOf(row: WalletRow): Record<SocialTaskId, number | null> {
  return {
    add_miniapp: row.add_miniapp_ts,
    fc_follow: row.fc_follow_ts,
    fc_like_recast: row.fc_like_recast_ts,
    fc_comment: row.fc_comment_ts,
  };
}

/** "0" (from the top) or "<score>:<reachedAt>:<wallet>" of the last row streamed. */
function parseLeaderboardCursor(cursor: string): LeaderboardKey | null {
  if (cursor === "0") return null;
  const match = /^(\d{1,16}):(\d{1,16}):(0x[0-9a-f]{40})$/.exec(cursor);
  if (!match) throw new RangeError(`Not a leaderboard cursor: ${JSON.stringify(cursor)}`);
  return { score: Number(match[1]), reachedAt: Number(match[2]), wallet: match[3] as string };
}

function configure(db: Database.Database, busyTimeoutMs: number): void {
  // First, so that the journal-mode switch below already waits for a concurrent opener.
  db.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
  const mode = db.pragma("journal_mode = WAL", { simple: true });
  // Rollback-journal mode would make readers and the writer block each other; refuse rather than degrade silently.
  if (mode !== "wal") {
    throw new Error(`SQLite refused WAL journal mode (got ${String(mode)}); is the data dir on a local disk?`);
  }
  // NORMAL, not FULL: in WAL mode a commit is handed to the OS before it is acknowledged,
  // so it survives the process being killed (SIGKILL, OOM, crash); only a power loss or
  // kernel crash can drop the last commits before a checkpoint, and even then the file
  // stays consistent (never half a referral). That is the same promise as Redis with
  // appendfsync everysec. FULL would fsync on every commit while blocking the event loop.
  db.pragma("synchronous = NORMAL");
}

function migrate(db: Database.Database): void {
  // Up to date (the usual case): no write lock, so opening never waits behind another writer.
  if (Number(db.pragma("user_version", { simple: true })) === MIGRATIONS.length) return;
  // IMMEDIATE, and the version read again inside: two processes opening a fresh file at once
  // must not both run migration 1.
  immediate(db, () => {
    const version = Number(db.pragma("user_version", { simple: true }));
    if (version > MIGRATIONS.length) {
      throw new Error(`refboard.sqlite has schema version ${version}; this build knows up to ${MIGRATIONS.length}`);
    }
    for (const sql of MIGRATIONS.slice(version)) db.exec(sql);
    // PRAGMA takes no bound parameters; MIGRATIONS.length is a number we control.
    if (version < MIGRATIONS.length) db.pragma(`user_version = ${MIGRATIONS.length}`);
  })();
}

/** Wraps `fn` in one deferred (read) transaction: several statements, one snapshot. */
function snapshot<A extends unknown[], R>(db: Database.Database, fn: (...args: A) => R): (...args: A) => R {
  const tx = db.transaction(fn);
  return (...args: A) => tx.deferred(...args);
}

/** Wraps `fn` in BEGIN IMMEDIATE ... COMMIT (rolled back on any throw). */
function immediate<A extends unknown[], R>(db: Database.Database, fn: (...args: A) => R): (...args: A) => R {
  const tx = db.transaction(fn);
  return (...args: A) => tx.immediate(...args);
}

/** A row the transaction itself just wrote must be there; its absence is a bug, not data. */
function required<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw new Error(`SqliteStore invariant broken: missing ${what}`);
  return row;
}
