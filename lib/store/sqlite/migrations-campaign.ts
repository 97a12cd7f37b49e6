/**
 * Migrations 6 onwards of refboard.sqlite (migrations.ts runs them, after FOUNDATION_MIGRATIONS):
 * the campaign's counters, moderation, farm signals, qualified referrals, the live board and
 * Farcaster notifications. A new migration is appended here; a released one is never edited.
 */

export const CAMPAIGN_MIGRATIONS: readonly string[] = [
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
  -- Ranked by the referrer_signals_suspicion index, which signals.ts makes on open from the store's
  -- suspicion weights. Released, this migration made it with the weights written out; files it
  -- migrated then have their index replaced on their next open, so the schema ends the same.

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
  // 12: Farcaster notifications (lib/store/ports/notifications.ts). Claims and day counts are keyed
  // by day first, so that removing the old ones walks their primary key.
  `
  -- One target per fid and client app: the client's url and the token it handed out.
  CREATE TABLE farcaster_targets (
    fid        INTEGER NOT NULL,
    app_fid    INTEGER NOT NULL,
    url        TEXT NOT NULL,
    token      TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (fid, app_fid)
  ) STRICT, WITHOUT ROWID;

  -- One to one: a fid has at most one wallet, a wallet at most one fid.
  CREATE TABLE farcaster_links (
    fid       INTEGER PRIMARY KEY,
    wallet    TEXT NOT NULL UNIQUE,
    linked_at INTEGER NOT NULL
  ) STRICT;

  -- The fid's last check-in reminder: the fid's, not its link's, so relinking keeps it.
  CREATE TABLE farcaster_reminders (
    fid         INTEGER PRIMARY KEY,
    reminded_at INTEGER NOT NULL
  ) STRICT;

  -- A subscriber's reminder goes with its last target, so the table holds subscribers only.
  CREATE TRIGGER farcaster_reminders_unsubscribed AFTER DELETE ON farcaster_targets
    WHEN NOT EXISTS (SELECT 1 FROM farcaster_targets WHERE fid = old.fid)
  BEGIN
    DELETE FROM farcaster_reminders WHERE fid = old.fid;
  END;

  CREATE TABLE notification_claims (
    day  INTEGER NOT NULL,
    kind TEXT NOT NULL,
    fid  INTEGER NOT NULL,
    PRIMARY KEY (day, kind, fid)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE notification_days (
    day     INTEGER PRIMARY KEY,
    sent    INTEGER NOT NULL,
    failed  INTEGER NOT NULL,
    invalid INTEGER NOT NULL
  ) STRICT;

  -- The last fid the reminders took, 0 before the first (a new round).
  CREATE TABLE notification_cursor (
    id  INTEGER PRIMARY KEY CHECK (id = 1),
    fid INTEGER NOT NULL
  ) STRICT;
  INSERT INTO notification_cursor (id, fid) VALUES (1, 0);
  `,
  // 13: the quest catalog and each wallet's progress (lib/store/ports/quests.ts). A quest is kept as its
  // JSON (lib/contract/quest-schemas.ts validates it on the way in and out); position keeps the catalog
  // in creation order; the ledger is read newest first per wallet through its index.
  `
  CREATE TABLE quests (
    id          TEXT PRIMARY KEY,
    position    INTEGER NOT NULL UNIQUE,
    body        TEXT NOT NULL,
    completions INTEGER NOT NULL DEFAULT 0
  ) STRICT;

  CREATE TABLE quest_catalog (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
  ) STRICT;
  INSERT INTO quest_catalog (id, version) VALUES (1, 0);

  -- The wallet's last completion of each quest it did.
  CREATE TABLE quest_progress (
    wallet   TEXT NOT NULL,
    quest_id TEXT NOT NULL,
    last_at  INTEGER NOT NULL,
    PRIMARY KEY (wallet, quest_id)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE quest_points (
    wallet TEXT PRIMARY KEY,
    points INTEGER NOT NULL
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE quest_ledger (
    id       INTEGER PRIMARY KEY,
    wallet   TEXT NOT NULL,
    quest_id TEXT NOT NULL,
    points   INTEGER NOT NULL,
    at       INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX quest_ledger_wallet ON quest_ledger (wallet, id);
  `,
  // 14: the check-in streak (STREAK_WINDOW_SECONDS of lib/domain/rulebook.ts), written by the check-in
  // itself; 0 for a wallet that never checked in since.
  `
  ALTER TABLE wallets ADD COLUMN checkin_streak INTEGER NOT NULL DEFAULT 0;
  `,
  // 15: the points of the interface's completable tasks, part of the quest catalog (TaskPoints of
  // lib/store/ports/quests.ts); a task without a row is worth 0.
  `
  CREATE TABLE task_points (
    task_id TEXT PRIMARY KEY,
    points  INTEGER NOT NULL CHECK (points > 0)
  ) STRICT, WITHOUT ROWID;
  `,
];
