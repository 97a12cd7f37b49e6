/**
 * Moderation on SQLite. Owns `disqualified` (one row per disqualified wallet; `via` is the
 * referrer whose cascade took it out, indexed for reinstating that referrer) and `audit_log`
 * (migration 8; rows are only ever appended). Reads a referrer's referees from `wallets` through
 * wallets_referees, and moves entries between every board and its held place through the Board.
 * Each write is one BEGIN IMMEDIATE transaction that also appends its audit entry.
 *
 * A cascade is judged on all of the wallet's referees, as on Redis (where counting them is one
 * ZCARD): more than MAX_CASCADE and it answers "too-many-referees" with that count, changing nothing.
 */
import "server-only";
import { checkWallet } from "@/lib/store/checks";
import { immediate, required, snapshot, type Db } from "@/lib/store/sqlite/db";
import type { Board } from "@/lib/store/sqlite/leaderboard";
import type { Outbox } from "@/lib/store/sqlite/webhooks";
import {
  AUDIT_ACTIONS,
  MAX_CASCADE,
  type AuditAction,
  type AuditEntry,
  type BanListInput,
  type Disqualification,
  type DisqualifyInput,
  type DisqualifyResult,
  type ModerationStore,
  type ReinstateInput,
  type ReinstateResult,
} from "@/lib/store/types";

type AuditRow = Omit<AuditEntry, "action" | "cascade"> & { action: string; cascade: number };

/** The statement that reads `?`'s disqualification; no row while it is not disqualified. */
export function prepareDisqualification(db: Db) {
  return db.prepare<[string], Disqualification>("SELECT wallet, reason, at, admin, via FROM disqualified WHERE wallet = ?");
}

/** The referees of `?` a cascade would take: those not disqualified yet. */
const CASCADE = `FROM wallets w WHERE w.referrer = ? AND NOT EXISTS (SELECT 1 FROM disqualified d WHERE d.wallet = w.wallet)`;

export function sqliteModeration(db: Db, board: Board, outbox: Outbox): ModerationStore {
  const insertDisqualified = db.prepare<[Disqualification]>(
    "INSERT INTO disqualified (wallet, reason, at, admin, via) VALUES (:wallet, :reason, :at, :admin, :via) ON CONFLICT DO NOTHING",
  );
  const readCascade = db.prepare<[string], { wallet: string }>(`SELECT w.wallet ${CASCADE}`);
  const countReferees = db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM wallets WHERE referrer = ?");
  const deleteDisqualified = db.prepare<[string], { wallet: string }>("DELETE FROM disqualified WHERE wallet = ? RETURNING wallet");
  const deleteCascade = db.prepare<[string], { wallet: string }>("DELETE FROM disqualified WHERE via = ? RETURNING wallet");
  const readDisqualification = prepareDisqualification(db);
  const readDisqualifiedAfter = db.prepare<[{ after: string; limit: number }], Disqualification>(
    "SELECT wallet, reason, at, admin, via FROM disqualified WHERE wallet > :after ORDER BY wallet LIMIT :limit",
  );
  const appendAudit = db.prepare<[Omit<AuditRow, "id">], AuditRow>(
    `INSERT INTO audit_log (at, admin, action, wallet, reason, cascade, wallets)
     VALUES (:at, :admin, :action, :wallet, :reason, :cascade, :wallets)
     RETURNING id, at, admin, action, wallet, reason, cascade, wallets`,
  );
  const countAudit = db.prepare<[], { n: number }>("SELECT count(*) AS n FROM audit_log");
  const readAudit = db.prepare<[{ offset: number; limit: number }], AuditRow>(
    "SELECT id, at, admin, action, wallet, reason, cascade, wallets FROM audit_log ORDER BY id DESC LIMIT :limit OFFSET :offset",
  );

  /** Disqualifies the record's wallet unless it already is (its first record stays); whether it did. */
  const take = (record: Disqualification): boolean => {
    if (insertDisqualified.run(record).changes === 0) return false;
    board.hold(record.wallet);
    return true;
  };
  const audit = (entry: Omit<AuditEntry, "id">): AuditEntry =>
    auditEntryOf(required(appendAudit.get({ ...entry, cascade: entry.cascade ? 1 : 0 }), "audit entry just appended"));

  return {
    disqualify: immediate(db, ({ wallet, reason, cascade, admin, now }: DisqualifyInput): DisqualifyResult => {
      if (cascade) {
        const referees = required(countReferees.get(wallet), "count of referees").n;
        if (referees > MAX_CASCADE) return { outcome: "too-many-referees", referees };
      }
      const named = take({ wallet, reason, at: now, admin, via: null }) ? [wallet] : [];
      const referees = cascade ? readCascade.all(wallet) : [];
      const taken = referees.filter((referee) => take({ wallet: referee.wallet, reason, at: now, admin, via: wallet }));
      const wallets = [...named, ...taken.map((referee) => referee.wallet)];
      if (wallets.length > 0) outbox.append("wallet.disqualified", now, { wallets, admin, reason });
      return {
        outcome: "disqualified",
        wallets,
        audit: audit({ at: now, admin, action: "disqualify", wallet, reason, cascade, wallets: wallets.length }),
      };
    }),

    reinstate: immediate(db, ({ wallet, admin, now }: ReinstateInput): ReinstateResult => {
      const wallets = deleteDisqualified.get(wallet) ? [wallet, ...deleteCascade.all(wallet).map((row) => row.wallet)] : [];
      wallets.forEach((released) => board.release(released));
      if (wallets.length > 0) outbox.append("wallet.reinstated", now, { wallets, admin });
      return {
        wallets,
        audit: audit({ at: now, admin, action: "reinstate", wallet, reason: null, cascade: false, wallets: wallets.length }),
      };
    }),

    disqualifyMany: immediate(db, ({ rows, admin, now }: BanListInput) => {
      const wallets = rows.filter((row) => take({ ...row, at: now, admin, via: null })).map((row) => row.wallet);
      if (wallets.length > 0) outbox.append("wallet.disqualified", now, { wallets, admin, reason: null });
      return {
        wallets,
        audit: audit({ at: now, admin, action: "import-ban-list", wallet: null, reason: null, cascade: false, wallets: wallets.length }),
      };
    }),

    getDisqualifications: snapshot(db, (wallets: string[]) => wallets.map((wallet) => readDisqualification.get(wallet) ?? null)),

    /** Keyset pagination by wallet: the cursor is the last wallet of the previous page. */
    scanDisqualified: async (cursor, count) => {
      if (cursor !== "0") checkWallet(cursor, "cursor");
      const rows = readDisqualifiedAfter.all({ after: cursor === "0" ? "" : cursor, limit: count });
      const last = rows.at(-1);
      return { cursor: rows.length < count || !last ? "0" : last.wallet, rows };
    },

    getAuditLog: snapshot(db, (offset: number, limit: number) => ({
      total: required(countAudit.get(), "count of audit entries").n,
      entries: readAudit.all({ offset, limit }).map(auditEntryOf),
    })),
  };
}

function auditEntryOf(row: AuditRow): AuditEntry {
  if (!isAuditAction(row.action)) throw new Error(`SqliteStore: audit entry ${row.id} has unknown action ${JSON.stringify(row.action)}`);
  return { ...row, action: row.action, cascade: row.cascade === 1 };
}

function isAuditAction(action: string): action is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(action);
}
