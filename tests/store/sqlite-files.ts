/**
 * refboard.sqlite files in the schema of an earlier release: the released migrations up to a
 * version, run on a fresh file as that release ran them, then records written in that schema.
 * Migrations never change once released, so these are the files found in the field.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { refCodeOf } from "@/lib/domain/wallet";
import { openDatabase, pragma, SQLITE_FILE_NAME } from "@/lib/store/sqlite/db";
import { MIGRATIONS } from "@/lib/store/sqlite/migrations";
import type { WalletRecord } from "@/lib/store/types";

/**
 * Writes `<dir>/refboard.sqlite` at schema `version` with `records`: written in schema 4 (or
 * `version` below it: one wallets row holds the entry), then migrated on to `version` as a release
 * of it would have, which is how files of the later schemas holding records came to be.
 */
export function writeFileAtVersion(dir: string, version: 1 | 2 | 3 | 4 | 6, records: WalletRecord[] = []): void {
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
