/**
 * Migrations 1 to 5 of refboard.sqlite (migrations.ts runs them): the tables of the request path,
 * wallets, codes, sign-in and rate limits, and the leaderboard with its counts. Released: never edited.
 */

export const FOUNDATION_MIGRATIONS: readonly string[] = [
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
];
