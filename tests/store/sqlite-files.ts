/**
 * refboard.sqlite files in the schema of an earlier release: the released migrations up to a
 * version, run on a fresh file as that release ran them, then records written in that schema.
 * Migrations never change once released, so these are the files found in the field.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Database from "better-sqlite3";
import { afterAll, expect } from "vitest";
import { refCodeOf } from "@/lib/domain/wallet";
import { openDatabase, pragma, SQLITE_FILE_NAME } from "@/lib/store/sqlite/db";
import { MIGRATIONS } from "@/lib/store/sqlite/migrations";
import type { WalletRecord } from "@/lib/store/types";
import { bareRecord } from "@/tests/store/admin-contract";

/**
 * Writes `<dir>/refboard.sqlite` at schema `version` with `records`: written in schema 4 (or
 * `version` below it: one wallets row holds the entry), then migrated on to `version` as a release
 * of it would have, which is how files of the later schemas holding records came to be.
 */
export function writeFileAtVersion(dir: string, version: 1 | 2 | 3 | 4 | 6 | 7 | 8, records: WalletRecord[] = []): void {
  const db = openDatabase(join(dir, SQLITE_FILE_NAME));
  pragma(db, "journal_mode = WAL");
  const written = Math.min(version, 4);
  db.transaction(() => {
    for (const sql of MIGRATIONS.slice(0, written)) db.exec(sql);
    const insertWallet = db.prepare(
      `INSERT INTO wallets (wallet, created_at, referrer, referred_at, referrals_count, score, reached_at, checkin_last,
                            add_miniapp_ts, fc_follow_ts, fc_like_recast_ts, fc_comment_ts, nft_mint)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    // Records in createdAt order, as a release registered them: the first wallet known keeps a shared code.
    const insertCode = db.prepare("INSERT INTO ref_codes (code, wallet) VALUES (?, ?) ON CONFLICT DO NOTHING");
    const markActive = db.prepare("INSERT INTO active_referrers (wallet, since) VALUES (?, ?)");
    for (const r of [...records].sort((a, b) => a.createdAt - b.createdAt)) {
      insertWallet.run(
        r.wallet,
        r.createdAt,
        r.referrer,
        r.referredAt,
        r.referralsCount,
        r.entry?.score ?? 0,
        r.entry?.reachedAt ?? null,
        r.checkInLast,
        r.social.add_miniapp,
        r.social.fc_follow,
        r.social.fc_like_recast,
        r.social.fc_comment,
        r.nftMint ? 1 : 0,
      );
      insertCode.run(refCodeOf(r.wallet), r.wallet);
      if (r.referralsCount > 0) markActive.run(r.wallet, r.createdAt);
    }
    for (const sql of MIGRATIONS.slice(written, version)) db.exec(sql);
    pragma(db, `user_version = ${version}`);
  }).immediate();
  db.close();
}

/** A referrer and its referees as the request path leaves them: each referral +1 to both, reached at its time. */
export function referralRecords(count: number, from: number): WalletRecord[] {
  const referrer = bareRecord({ referralsCount: count, entry: { score: count, reachedAt: from + count - 1 } });
  const referees = Array.from({ length: count }, (_, i) =>
    bareRecord({ referrer: referrer.wallet, referredAt: from + i, entry: { score: 1, reachedAt: from + i } }),
  );
  return [referrer, ...referees];
}

/**
 * leaderboard_counts holds exactly what counting the entries per board, level, score and bucket
 * gives: no drift, and no row left at 0.
 */
export function expectCountsMatchEntries(raw: Database.Database): void {
  const stored = raw
    .prepare("SELECT board, width, score, bucket, entries FROM leaderboard_counts ORDER BY board, width, score, bucket")
    .all();
  const recounted = raw
    .prepare(
      `SELECT e.board, l.width, e.score, e.reached_at / l.width AS bucket, count(*) AS entries
         FROM leaderboard_levels l, leaderboard_entries e
        GROUP BY e.board, l.width, e.score, e.reached_at / l.width ORDER BY e.board, l.width, e.score, bucket`,
    )
    .all();
  expect(recounted.length).toBeGreaterThan(0);
  expect(stored).toEqual(recounted);
}

/** Makes a fresh directory per call, all removed after the file's tests; call at the top level of a test file. */
export function tempDirs(prefix: string): () => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}
