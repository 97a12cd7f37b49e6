/**
 * The schema of refboard.sqlite, as versioned migrations run on open. Owns no table: each
 * concern module names the tables it owns. A migration, once released, never changes: files in
 * the field are at every version, and `user_version` records how far a file has come.
 */
import "server-only";
import { pragma, type Db } from "@/lib/store/sqlite/db";

/** Bump with a new entry; each runs once per file, in order, in the transaction of migrate(). */
export const MIGRATIONS: readonly string[] = [
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
  // 2: sign-in nonces and rate-limit counters (AccessStore): short-lived, purged as they expire.
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
  // 4: the number of referrals recorded (wallets bound to a referrer), kept by triggers for the same
  // reason as leaderboard_counts: every write of a binding, from any code or process, counts itself.
  `
  CREATE TABLE referral_total (
    id        INTEGER PRIMARY KEY CHECK (id = 1),
    referrals INTEGER NOT NULL
  ) STRICT;
  INSERT INTO referral_total (id, referrals) SELECT 1, count(*) FROM wallets WHERE referrer IS NOT NULL;

  CREATE TRIGGER referral_total_insert AFTER INSERT ON wallets WHEN new.referrer IS NOT NULL
  BEGIN
    UPDATE referral_total SET referrals = referrals + 1;
  END;

  CREATE TRIGGER referral_total_update AFTER UPDATE OF referrer ON wallets
    WHEN (old.referrer IS NULL) IS NOT (new.referrer IS NULL)
  BEGIN
    UPDATE referral_total SET referrals = referrals + (new.referrer IS NOT NULL) - (old.referrer IS NOT NULL);
  END;

  CREATE TRIGGER referral_total_delete AFTER DELETE ON wallets WHEN old.referrer IS NOT NULL
  BEGIN
    UPDATE referral_total SET referrals = referrals - 1;
  END;
  `,
  // 5: leaderboard entries in their own table, keyed by board, so that a second board (a season) is
  // rows under a new key, not a new schema; every entry so far is on board 'all'. The counts of
  // migration 3 follow the same key, and their triggers move to the new table.
  `
  CREATE TABLE leaderboard_entries (
    board      TEXT NOT NULL,
    wallet     TEXT NOT NULL,
    score      INTEGER NOT NULL,
    reached_at INTEGER NOT NULL,
    PRIMARY KEY (board, wallet)
  ) STRICT, WITHOUT ROWID;

  -- The leaderboard order of lib/domain/leaderboard.ts, within each board.
  CREATE INDEX leaderboard_entries_order ON leaderboard_entries (board, score DESC, reached_at ASC, wallet ASC);

  INSERT INTO leaderboard_entries (board, wallet, score, reached_at)
    SELECT 'all', wallet, score, reached_at FROM wallets WHERE reached_at IS NOT NULL;

  DROP TRIGGER leaderboard_counts_insert;
  DROP TRIGGER leaderboard_counts_update;
  DROP TRIGGER leaderboard_counts_delete;
  DROP INDEX wallets_leaderboard;
  ALTER TABLE wallets DROP COLUMN score;
  ALTER TABLE wallets DROP COLUMN reached_at;

  DROP TABLE leaderboard_counts;
  CREATE TABLE leaderboard_counts (
    board   TEXT NOT NULL,
    width   INTEGER NOT NULL,
    score   INTEGER NOT NULL,
    bucket  INTEGER NOT NULL,
    entries INTEGER NOT NULL,
    PRIMARY KEY (board, width, score, bucket)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX leaderboard_counts_empty ON leaderboard_counts (entries) WHERE entries = 0;

  -- As in migration 3, with the board in the key; an entry always has a reached_at now.
  CREATE TRIGGER leaderboard_counts_insert AFTER INSERT ON leaderboard_entries
  BEGIN
    INSERT INTO leaderboard_counts (board, width, score, bucket, entries)
      SELECT new.board, width, new.score, new.reached_at / width, 1 FROM leaderboard_levels WHERE true
      ON CONFLICT DO UPDATE SET entries = entries + excluded.entries;
  END;

  CREATE TRIGGER leaderboard_counts_update AFTER UPDATE OF board, score, reached_at ON leaderboard_entries
    WHEN old.board IS NOT new.board OR old.score IS NOT new.score OR old.reached_at IS NOT new.reached_at
  BEGIN
    INSERT INTO leaderboard_counts (board, width, score, bucket, entries)
      SELECT old.board, width, old.score, old.reached_at / width, -1 FROM leaderboard_levels
      UNION ALL
      SELECT new.board, width, new.score, new.reached_at / width, 1 FROM leaderboard_levels WHERE true
      ON CONFLICT DO UPDATE SET entries = entries + excluded.entries;
    DELETE FROM leaderboard_counts WHERE entries = 0;
  END;

  CREATE TRIGGER leaderboard_counts_delete AFTER DELETE ON leaderboard_entries
  BEGIN
    INSERT INTO leaderboard_counts (board, width, score, bucket, entries)
      SELECT old.board, width, old.score, old.reached_at / width, -1 FROM leaderboard_levels WHERE true
      ON CONFLICT DO UPDATE SET entries = entries + excluded.entries;
    DELETE FROM leaderboard_counts WHERE entries = 0;
  END;

  INSERT INTO leaderboard_counts (board, width, score, bucket, entries)
    SELECT e.board, l.width, e.score, e.reached_at / l.width, count(*)
      FROM leaderboard_levels l, leaderboard_entries e
     GROUP BY e.board, l.width, e.score, e.reached_at / l.width;
  `,
  // 6: campaign analytics per UTC day (lib/domain/analytics.ts): each link's visits, and its
  // distinct visitor ids, so that unique visitors are exact; rows go after the retention.
  `
  CREATE TABLE analytics_visits (
    day    INTEGER NOT NULL,
    code   TEXT NOT NULL,
    visits INTEGER NOT NULL,
    PRIMARY KEY (day, code)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE analytics_visitors (
    day     INTEGER NOT NULL,
    code    TEXT NOT NULL,
    visitor TEXT NOT NULL,
    PRIMARY KEY (day, code, visitor)
  ) STRICT, WITHOUT ROWID;
  `,
  // 7: the campaign's other daily counters, each written by the transaction of its fact; the day
  // counting began; the sum of the leaderboard scores, kept by triggers for the reason of
  // migration 4; and each referrer's referees in their order, for reading them a page at a time.
  `
  -- One row per day and fact (names of lib/store/facts.ts).
  CREATE TABLE analytics_facts (
    day   INTEGER NOT NULL,
    fact  TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (day, fact)
  ) STRICT, WITHOUT ROWID;

  -- Wallets that asked to be bound with a code that day, once each: the distinct count is exact.
  CREATE TABLE analytics_connected (
    day    INTEGER NOT NULL,
    wallet TEXT NOT NULL,
    PRIMARY KEY (day, wallet)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE analytics_referrers (
    day       INTEGER NOT NULL,
    referrer  TEXT NOT NULL,
    referrals INTEGER NOT NULL,
    PRIMARY KEY (day, referrer)
  ) STRICT, WITHOUT ROWID;

  -- No row until the first count: a file migrated with data in it has counted nothing yet.
  CREATE TABLE analytics_since (
    id  INTEGER PRIMARY KEY CHECK (id = 1),
    day INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE score_total (
    board TEXT PRIMARY KEY,
    score INTEGER NOT NULL
  ) STRICT, WITHOUT ROWID;
  INSERT INTO score_total (board, score) SELECT board, sum(score) FROM leaderboard_entries GROUP BY board;

  CREATE TRIGGER score_total_insert AFTER INSERT ON leaderboard_entries
  BEGIN
    INSERT INTO score_total (board, score) VALUES (new.board, new.score)
      ON CONFLICT DO UPDATE SET score = score + excluded.score;
  END;

  CREATE TRIGGER score_total_update AFTER UPDATE OF board, score ON leaderboard_entries
    WHEN old.board IS NOT new.board OR old.score IS NOT new.score
  BEGIN
    UPDATE score_total SET score = score - old.score WHERE board = old.board;
    INSERT INTO score_total (board, score) VALUES (new.board, new.score)
      ON CONFLICT DO UPDATE SET score = score + excluded.score;
  END;

  CREATE TRIGGER score_total_delete AFTER DELETE ON leaderboard_entries
  BEGIN
    UPDATE score_total SET score = score - old.score WHERE board = old.board;
  END;

  -- getWalletReport: a referrer's referees, newest first, then wallet ascending.
  CREATE INDEX wallets_referees ON wallets (referrer, referred_at DESC, wallet) WHERE referrer IS NOT NULL;
  `,
  // 8: moderation (lib/store/ports/moderation.ts): the disqualified wallets, whose entries move to a
  // second board value so that every read of board 'all' leaves them out, and the audit log.
  `
  -- via: the referrer whose cascade took the wallet out, NULL when the wallet was named itself.
  CREATE TABLE disqualified (
    wallet TEXT PRIMARY KEY,
    reason TEXT NOT NULL,
    at     INTEGER NOT NULL,
    admin  TEXT NOT NULL,
    via    TEXT
  ) STRICT, WITHOUT ROWID;
  -- Reinstating a referrer finds the wallets its cascade took out.
  CREATE INDEX disqualified_via ON disqualified (via) WHERE via IS NOT NULL;

  -- AUTOINCREMENT: an id is never handed out twice, so ids count the actions in the order stored.
  CREATE TABLE audit_log (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    at      INTEGER NOT NULL,
    admin   TEXT NOT NULL,
    action  TEXT NOT NULL,
    wallet  TEXT,
    reason  TEXT,
    cascade INTEGER NOT NULL,
    wallets INTEGER NOT NULL
  ) STRICT;
  `,
  // 9: farm signals (lib/store/ports/signals.ts), written by the transactions of their facts from
  // here on: a file migrated with referrals in it has signals only for what happens after.
  `
  -- referrals: wallets.referrals_count, copied at each write of the row, so that the ranking index
  -- is on this table alone.
  CREATE TABLE referrer_signals (
    wallet          TEXT PRIMARY KEY,
    referrals       INTEGER NOT NULL,
    burst           INTEGER NOT NULL,
    quick_referees  INTEGER NOT NULL,
    active_referees INTEGER NOT NULL,
    cycles          INTEGER NOT NULL
  ) STRICT, WITHOUT ROWID;
  -- suspicionOf of lib/domain/signals.ts, with its CYCLE_WEIGHT of 10: the two must stay equal, or
  -- the ranking query of signals.ts stops matching this index and sorts every referrer.
  CREATE INDEX referrer_signals_suspicion ON referrer_signals
    ((referrals - active_referees + quick_referees + burst + 10 * cycles) DESC, wallet);

  -- Referees already counted active, each once, for the referrer it had then.
  CREATE TABLE counted_referees (
    referee  TEXT PRIMARY KEY,
    referrer TEXT NOT NULL
  ) STRICT, WITHOUT ROWID;
  `,
  // 10: qualified referrals (REFERRAL_QUALIFY): a binding whose credit waits for its referee.
  `
  -- 1 while the wallet's own referral waits for it to qualify.
  ALTER TABLE wallets ADD COLUMN referral_pending INTEGER NOT NULL DEFAULT 0;
  -- The wallet's referees whose referral waits (they are not in referrals_count yet).
  ALTER TABLE wallets ADD COLUMN pending_referrals INTEGER NOT NULL DEFAULT 0;
  `,
  // 11: the live board (lib/store/ports/leaderboard.ts). Season boards are rows of
  // leaderboard_entries under board 's<N>' (a disqualified wallet's under 'held:s<N>'), counted by
  // the triggers of migration 5 like any board; each holds the referrals credited during its season.
  // The board version is raised by triggers for the reason of migration 4: every write that changes
  // what a board read returns, from any code or process, raises it in its own statement.
  `
  -- The referrals credited to the wallet during the season, on a season board; unused (0) on the
  -- all-time board, whose rows read wallets.referrals_count.
  ALTER TABLE leaderboard_entries ADD COLUMN referrals INTEGER NOT NULL DEFAULT 0;
  -- A wallet's entries on every board at once: disqualifying or reinstating it moves them all.
  CREATE INDEX leaderboard_entries_wallet ON leaderboard_entries (wallet);

  CREATE TABLE board_version (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
  ) STRICT;
  INSERT INTO board_version (id, version) VALUES (1, 0);

  CREATE TRIGGER board_version_entry_insert AFTER INSERT ON leaderboard_entries
  BEGIN
    UPDATE board_version SET version = version + 1;
  END;

  CREATE TRIGGER board_version_entry_update AFTER UPDATE ON leaderboard_entries
    WHEN old.board IS NOT new.board OR old.score IS NOT new.score OR old.reached_at IS NOT new.reached_at
      OR old.referrals IS NOT new.referrals
  BEGIN
    UPDATE board_version SET version = version + 1;
  END;

  CREATE TRIGGER board_version_entry_delete AFTER DELETE ON leaderboard_entries
  BEGIN
    UPDATE board_version SET version = version + 1;
  END;

  -- The all-time board's rows show wallets.referrals_count (0 for an entry without a wallets row).
  CREATE TRIGGER board_version_referrals_insert AFTER INSERT ON wallets WHEN new.referrals_count <> 0
  BEGIN
    UPDATE board_version SET version = version + 1;
  END;

  CREATE TRIGGER board_version_referrals_update AFTER UPDATE OF referrals_count ON wallets
    WHEN old.referrals_count IS NOT new.referrals_count
  BEGIN
    UPDATE board_version SET version = version + 1;
  END;

  CREATE TRIGGER board_version_referrals_delete AFTER DELETE ON wallets WHEN old.referrals_count <> 0
  BEGIN
    UPDATE board_version SET version = version + 1;
  END;
  `,
];

export function migrate(db: Db): void {
  // Up to date (the usual case): no write lock, so opening never waits behind another writer.
  if (Number(pragma(db, "user_version")) === MIGRATIONS.length) return;
  // IMMEDIATE, and the version read again inside: two processes opening a fresh file at once
  // must not both run migration 1.
  db.transaction(() => {
    const version = Number(pragma(db, "user_version"));
    if (version > MIGRATIONS.length) {
      throw new Error(`refboard.sqlite has schema version ${version}; this build knows up to ${MIGRATIONS.length}`);
    }
    for (const sql of MIGRATIONS.slice(version)) db.exec(sql);
    // PRAGMA takes no bound parameters; MIGRATIONS.length is a number we control.
    if (version < MIGRATIONS.length) pragma(db, `user_version = ${MIGRATIONS.length}`);
  }).immediate();
}
