/**
 * Moderation on Redis: disqualifying a wallet (with `cascade`, its referees too), reinstating it,
 * the ban list and the audit log. Disqualifying moves the wallet's entry from lb to lb:held, and each
 * of its season entries to that season's held side, and its score out of the score total, so every
 * script that reads or writes entries takes the board as the keys of keys.board (leaderboard() of
 * lib/board.lua). Each write appends its audit entry in the same script, so an action and its entry are
 * stored together or not at all; one that changes a board moves the board version.
 *
 * Keys: lb, lb:held, disqualified, lb:version, lb:s:<n> and lb:held:s:<n> (derived from their prefixes)
 * with lb:seasons (see seasonMoves), disqualified:<addr> (the records), cascade:<addr>, audit, score,
 * referees:<addr> (whom a cascade takes); a write that changed wallets writes wallet.disqualified or
 * wallet.reinstated to the webhooks' outbox (outboxInputs of webhooks.ts).
 * Scripts: moderation/disqualify, disqualify-many, reinstate, get-disqualifications,
 * scan-disqualified, get-audit-log.
 */
import "server-only";
import type { RedisContext } from "@/lib/store/redis/context";
import { checkScanCursor, int, list, optWallet, scanCursor, str, UnexpectedReplyError, wallet as walletOf } from "@/lib/store/redis/reply";
import { whole } from "@/lib/store/redis/run";
import { ACTION, DISQUALIFY, DISQUALIFY_MANY, OUTBOX, part, positional, REINSTATE, SEASON_MOVES } from "@/lib/store/redis/layouts";
import { outboxInputs } from "@/lib/store/redis/webhooks";
import { seasonMoves } from "@/lib/store/redis/seasons";
import {
  AUDIT_ACTIONS,
  MAX_CASCADE,
  type AuditAction,
  type AuditEntry,
  type Disqualification,
  type ModerationStore,
} from "@/lib/store/types";

/** A record as readDisqualification of lib/moderation.lua reads it, {reason, at, admin, via}; null when there is none. */
export function disqualificationOf(wallet: string, reply: unknown): Disqualification | null {
  const [reason, at, admin, via] = list(reply, "disqualification", 4);
  if (reason === null) return null;
  const what = (name: string) => `${name} of the disqualification of ${wallet}`;
  return {
    wallet,
    reason: str(reason, what("reason")),
    at: int(at, what("at")),
    admin: str(admin, what("admin")),
    via: optWallet(via, what("via")),
  };
}

/** A write script's answer, {auditId, wallet...}: the wallets it changed and the entry it appended, the rest of which the caller gave. */
function changesOf(reply: unknown[], entry: Omit<AuditEntry, "id" | "wallets">): { wallets: string[]; audit: AuditEntry } {
  const wallets = reply.slice(1).map((wallet) => walletOf(wallet, `${entry.action} wallet`));
  return { wallets, audit: { id: int(reply[0], "audit id"), ...entry, wallets: wallets.length } };
}

/** An entry as get-audit-log.lua splits it: {id, at, action, cascade, wallets, wallet, admin, reason}. */
function auditEntryOf(reply: unknown): AuditEntry {
  const [id, at, action, cascade, wallets, wallet, admin, reason] = list(reply, "audit entry", 8);
  const name = str(action, "audit action");
  if (!(AUDIT_ACTIONS as readonly string[]).includes(name)) throw new UnexpectedReplyError("audit action", action);
  const named = str(wallet, "audit wallet");
  const given = str(reason, "audit reason");
  return {
    id: int(id, "audit id"),
    at: int(at, "audit at"),
    admin: str(admin, "audit admin"),
    action: name as AuditAction,
    wallet: named === "" ? null : walletOf(named, "audit wallet"),
    reason: given === "" ? null : given,
    cascade: int(cascade, "audit cascade") === 1,
    wallets: int(wallets, "audit wallets"),
  };
}

export function moderationOperations(context: RedisContext): ModerationStore {
  const { keys, runList } = context;
  // What every write script takes first: the board with its version, the score total it moves, the log
  // it appends to; then lb:seasons, for the season boards it moves entries on (seasonMoves).
  const actionKeys = [...keys.boardWrite, keys.score, keys.audit];
  const action = part(ACTION, { keys: actionKeys, args: [] });
  return {
    async disqualify({ wallet, reason, cascade, admin, now }) {
      const inputs = positional(DISQUALIFY, {
        ...action,
        ...part(SEASON_MOVES, seasonMoves(context, now)),
        recordKey: keys.disqualification(wallet),
        refereesKey: keys.referees(wallet),
        cascadeKey: keys.cascade(wallet),
        wallet,
        reason,
        admin,
        now: whole(now),
        cascade: cascade ? "1" : "0",
        maxCascade: whole(MAX_CASCADE),
        recordKeyPrefix: keys.disqualificationKeyPrefix,
        ...part(OUTBOX, outboxInputs(context, now)),
      });
      const reply = await runList("disqualify", inputs.keys, inputs.args, 2);
      const outcome = str(reply[0], "disqualify");
      if (outcome === "too-many-referees") return { outcome, referees: int(reply[1], "referees") };
      if (outcome !== "disqualified") throw new UnexpectedReplyError("disqualify", reply);
      return { outcome, ...changesOf(reply.slice(1), { at: now, admin, action: "disqualify", wallet, reason, cascade }) };
    },

    async reinstate({ wallet, admin, now }) {
      const inputs = positional(REINSTATE, {
        ...action,
        ...part(SEASON_MOVES, seasonMoves(context, now)),
        recordKey: keys.disqualification(wallet),
        cascadeKey: keys.cascade(wallet),
        wallet,
        admin,
        now: whole(now),
        recordKeyPrefix: keys.disqualificationKeyPrefix,
        cascadeKeyPrefix: keys.cascadeKeyPrefix,
        ...part(OUTBOX, outboxInputs(context, now)),
      });
      const reply = await runList("reinstate", inputs.keys, inputs.args, 1);
      return changesOf(reply, { at: now, admin, action: "reinstate", wallet, reason: null, cascade: false });
    },

    async disqualifyMany({ rows, admin, now }) {
      const inputs = positional(DISQUALIFY_MANY, {
        ...action,
        ...part(SEASON_MOVES, seasonMoves(context, now)),
        ...part(OUTBOX, outboxInputs(context, now)),
        admin,
        now: whole(now),
        recordKeyPrefix: keys.disqualificationKeyPrefix,
      });
      const args = [...inputs.args, ...rows.flatMap((row) => [row.wallet, row.reason])];
      const reply = await runList("disqualify-many", inputs.keys, args, 1);
      return changesOf(reply, { at: now, admin, action: "import-ban-list", wallet: null, reason: null, cascade: false });
    },

    async getDisqualifications(wallets) {
      if (wallets.length === 0) return [];
      const reply = await runList("get-disqualifications", wallets.map(keys.disqualification), [], wallets.length);
      return wallets.map((wallet, i) => disqualificationOf(wallet, reply[i]));
    },

    /** One script per page: an SSCAN step and the records of the wallets it found, read together. */
    async scanDisqualified(cursor, count) {
      checkScanCursor(cursor);
      const args = [cursor, whole(count), keys.disqualificationKeyPrefix];
      const reply = await runList("scan-disqualified", [keys.disqualified], args, 2);
      const rows = list(reply[1], "scanDisqualified rows").map((item) => {
        const [wallet, record] = list(item, "disqualified wallet", 2);
        const row = disqualificationOf(walletOf(wallet, "disqualified wallet"), record);
        if (!row) throw new UnexpectedReplyError("disqualified wallet without its record", item);
        return row;
      });
      return { cursor: scanCursor(reply[0]), rows };
    },

    async getAuditLog(offset, limit) {
      const reply = await runList("get-audit-log", [keys.audit], [whole(offset), whole(limit)], 1);
      return { total: int(reply[0], "audit total"), entries: reply.slice(1).map(auditEntryOf) };
    },
  };
}
