/**
 * Parsing of script replies at the store boundary: nothing from Redis is trusted raw.
 * A reply of an unexpected shape throws (a 500), it never becomes data.
 */
import { isWallet, normaliseWallet, type Wallet } from "@/lib/domain/wallet";
import { SOCIAL_TASK_IDS, type SocialTaskId } from "@/lib/domain/tasks";
import type { LeaderboardRow, WalletState } from "@/lib/store/types";

export class UnexpectedReplyError extends Error {
  constructor(what: string, value: unknown) {
    super(`Unexpected reply from Redis for ${what}: ${JSON.stringify(value)?.slice(0, 200)}`);
    this.name = "UnexpectedReplyError";
  }
}

/** An array reply of at least `minLength` elements. */
export function list(reply: unknown, what: string, minLength = 0): unknown[] {
  if (!Array.isArray(reply) || reply.length < minLength) throw new UnexpectedReplyError(what, reply);
  return reply;
}

export function str(value: unknown, what: string): string {
  if (typeof value !== "string") throw new UnexpectedReplyError(what, value);
  return value;
}

/** An integer, from an integer reply or a decimal string (hash fields hold strings). */
export function int(value: unknown, what: string): number {
  const decimal = typeof value === "string" && /^-?\d{1,16}$/.test(value);
  const n = typeof value === "number" ? value : decimal ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw new UnexpectedReplyError(what, value);
  return n;
}

/** A referredAt from a referees index score, which stores it negated (keys.ts); 0 - x reads a 0 as 0, not -0. */
export function referredAtOf(score: unknown, what: string): number {
  return 0 - int(score, what);
}

export function optInt(value: unknown, what: string): number | null {
  return value === null || value === undefined ? null : int(value, what);
}

/** A stored wallet: lowercase, 42 characters. */
export function wallet(value: unknown, what: string): Wallet {
  const text = str(value, what);
  if (!isWallet(text) || normaliseWallet(text) !== text) throw new UnexpectedReplyError(what, value);
  return text as Wallet;
}

export function optWallet(value: unknown, what: string): Wallet | null {
  return value === null || value === undefined ? null : wallet(value, what);
}

/**
 * Leaderboard rows from readBoard of lib/board.lua: "wallet,score,referralsCount" per row, joined by ",".
 * Each row is frozen: a page may be handed out again for as long as Redis says it is unchanged.
 */
export function boardRowsOf(reply: unknown, what: string): LeaderboardRow[] {
  const text = str(reply, what);
  const fields = text === "" ? [] : text.split(",");
  if (fields.length % 3 !== 0) throw new UnexpectedReplyError(what, reply);
  const rows: LeaderboardRow[] = [];
  for (let i = 0; i < fields.length; i += 3) {
    const count = fields[i + 2];
    rows.push(
      Object.freeze({
        wallet: wallet(fields[i], "leaderboard wallet"),
        score: int(fields[i + 1], "score"),
        referralsCount: count === "" ? 0 : int(count, "referralsCount"),
      }),
    );
  }
  return rows;
}

/** A SCAN or ZSCAN cursor: an unsigned 64-bit decimal. */
export function scanCursor(reply: unknown): string {
  const cursor = typeof reply === "number" ? String(reply) : str(reply, "scan cursor");
  if (!/^\d{1,20}$/.test(cursor)) throw new UnexpectedReplyError("scan cursor", reply);
  return cursor;
}

/**
 * A cursor this backend hands out: a decimal of up to 20 digits (SCAN's, SSCAN's and ZSCAN's are unsigned
 * 64-bit; the board's is an offset). Cursors are opaque to callers, so each backend checks its own.
 */
export function checkScanCursor(cursor: string): void {
  if (!/^\d{1,20}$/.test(cursor)) throw new RangeError(`Not a scan cursor: ${JSON.stringify(cursor)}`);
}

/** A hash field stored as "1" once set (nftMint, referralPending): true, false while unset. */
export function flag(value: unknown, what: string): boolean {
  if (value === null || value === undefined) return false;
  if (value !== "1") throw new UnexpectedReplyError(what, value);
  return true;
}

/** Elements of walletState's reply (lib/wallets.lua). */
export const STATE_REPLY_LENGTH = 8 + SOCIAL_TASK_IDS.length;

/** A WalletState from the first STATE_REPLY_LENGTH elements of a script's reply (walletState of lib/wallets.lua). */
export function walletStateOf(reply: unknown[]): WalletState {
  return {
    referrer: optWallet(reply[0], "referrer"),
    referralsCount: optInt(reply[1], "referralsCount") ?? 0,
    checkInLast: optInt(reply[2], "checkInLast"),
    nftMint: flag(reply[3], "nftMint"),
    referralPending: flag(reply[4], "referralPending"),
    pendingReferrals: optInt(reply[5], "pendingReferrals") ?? 0,
    score: int(reply[6], "score"),
    fid: optInt(reply[7], "fid"),
    social: Object.fromEntries(SOCIAL_TASK_IDS.map((id, i) => [id, optInt(reply[8 + i], id)])) as Record<SocialTaskId, number | null>,
  };
}
