/**
 * Moderation: taking a farmed wallet off the board and out of the payout, putting it back, and the
 * audit log of those admin actions.
 *
 * A disqualified wallet keeps everything it has: its referral relationships (immutable), its
 * tasks, and its leaderboard entry (score and the time it reached it), which is held apart from
 * the board instead of removed. So it is in no leaderboard read (readBoard, readBoardOverview,
 * getLeaderboardPage, scanLeaderboard, countLeaderboard), in no rank (getRankOrCreate and
 * getWalletReport answer rank 0 and create no entry) and outside the campaign's score total
 * (getCampaign's liability); getWalletState and getWallets still read its held entry, and putWallets writes
 * a disqualified wallet's entry to its held place. While
 * disqualified it goes on scoring (a referral it makes or receives moves its held entry), and
 * reinstating puts the held entry back as it then is: the same score and reachedAt, so the same
 * place among equal scores as it would have had.
 *
 * Each write below is one atomic step (one Lua script on Redis, one transaction on SQLite) that
 * also appends its audit entry; the audit log has no operation that changes or removes an entry.
 */
import type { AuditAction } from "@/lib/domain/moderation";
import { ADMIN_BATCH_LIMIT } from "@/lib/store/ports/operator";

/** Most rows one disqualifyMany call takes. */
export const MAX_BAN_LIST_BATCH = ADMIN_BATCH_LIMIT;

export interface Disqualification {
  wallet: string;
  reason: string;
  /** When, in Unix seconds of the service clock. */
  at: number;
  /** Who: an admin wallet, "token", or the label an operator command gave. */
  admin: string;
  /** The referrer whose cascade took this wallet out; null when the wallet was named itself. */
  via: string | null;
}

export interface AuditEntry {
  /** 1, 2, 3... in the order the actions were stored. */
  id: number;
  at: number;
  admin: string;
  action: AuditAction;
  /** The wallet the action named; null for an imported ban list. */
  wallet: string | null;
  /** The reason given; null for a reinstatement. */
  reason: string | null;
  cascade: boolean;
  /** How many wallets the action changed (0 when all were already as asked). */
  wallets: number;
}

export interface DisqualifyInput {
  wallet: string;
  reason: string;
  /** Also every referee of the wallet that is not disqualified yet (their `via` is the wallet). */
  cascade: boolean;
  admin: string;
  now: number;
}

export type DisqualifyResult =
  | {
      outcome: "disqualified";
      /** The wallets this step disqualified, the named one first (absent when it already was). */
      wallets: string[];
      audit: AuditEntry;
    }
  /** The cascade would take more than MAX_CASCADE referees: nothing was changed or logged. */
  | { outcome: "too-many-referees"; referees: number };

export interface ReinstateInput {
  wallet: string;
  admin: string;
  now: number;
}

export interface ReinstateResult {
  /** The wallets this step reinstated: the named one first, then those its cascade had taken out. */
  wallets: string[];
  audit: AuditEntry;
}

export interface BanListInput {
  rows: { wallet: string; reason: string }[];
  admin: string;
  now: number;
}

export interface ModerationStore {
  /**
   * Disqualifies the wallet (known or not: a ban list may name wallets this deployment has not
   * seen yet, and they never reach the board) and, with `cascade`, each referee of it that is not
   * disqualified yet. A wallet already disqualified keeps its first record. Appends one audit
   * entry, also when nothing changed.
   */
  disqualify(input: DisqualifyInput): Promise<DisqualifyResult>;

  /**
   * Puts the wallet back, and with it every wallet its cascade took out (`via` = the wallet).
   * Appends one audit entry, also when the wallet was not disqualified (then nothing changes).
   */
  reinstate(input: ReinstateInput): Promise<ReinstateResult>;

  /**
   * Disqualifies the rows' wallets that are not disqualified yet, each with its own reason
   * (`via` null), as one action with one audit entry (action "import-ban-list", wallet null,
   * reason null). At most MAX_BAN_LIST_BATCH rows; returns the wallets it disqualified.
   */
  disqualifyMany(input: BanListInput): Promise<{ wallets: string[]; audit: AuditEntry }>;

  /** Each wallet's disqualification, or null, in order (at most ADMIN_BATCH_LIMIT wallets). */
  getDisqualifications(wallets: string[]): Promise<(Disqualification | null)[]>;

  /**
   * Streams every disqualified wallet with its record, like OperatorStore.scanWallets: start
   * with cursor "0"; "0" back means done; about `count` a page (Redis: a SCAN step's worth).
   */
  scanDisqualified(cursor: string, count: number): Promise<{ cursor: string; rows: Disqualification[] }>;

  /** Audit entries from 0-based `offset`, newest first, and how many there are in all. */
  getAuditLog(offset: number, limit: number): Promise<{ total: number; entries: AuditEntry[] }>;
}

export { AUDIT_ACTIONS, MAX_ADMIN_LENGTH, MAX_AUDIT_PAGE, MAX_CASCADE, MAX_REASON_LENGTH, type AuditAction } from "@/lib/domain/moderation";
