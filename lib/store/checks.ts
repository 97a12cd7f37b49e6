/**
 * The checks behind checked() (lib/store/checked.ts), one per kind of argument: a malformed one is a
 * RangeError (a caller bug), never data. Backends use a few of them on what they read back.
 */
import { MAX_ANALYTICS_DAYS } from "@/lib/domain/analytics";
import { STORABLE_TEXT } from "@/lib/domain/moderation";
import { SOCIAL_TASK_IDS } from "@/lib/domain/tasks";
import { isResolvableRefCode, isWallet, normaliseWallet } from "@/lib/domain/wallet";
import {
  ADMIN_BATCH_LIMIT,
  MAX_ENTRY_SCORE,
  MAX_HITS,
  MAX_RATE_LIMIT_KEY_LENGTH,
  NONCE_PATTERN,
  type BoardRef,
  type RateLimitHit,
  type WalletRecord,
} from "@/lib/store/types";

/** Latest time the leaderboard composite can hold (10 decimal digits of seconds). */
export const MAX_TIME = 9_999_999_999;

/** A leaderboard limit: SQLite reads a negative LIMIT as "no limit", and a caller bug must not dump every wallet. */
export function checkLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 0) {
    throw new RangeError(`leaderboard limit must be a whole number >= 0, got ${limit}`);
  }
}

export function checkNonce(nonce: string): void {
  if (!NONCE_PATTERN.test(nonce)) throw new RangeError("nonce must be 8 to 128 letters and digits");
}

export function checkSeconds(value: number, what: string, min = 0): void {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${what} must be a whole number >= ${min}, got ${value}`);
}

export function checkHits(hits: RateLimitHit[], now: number): void {
  checkSeconds(now, "now");
  if (hits.length === 0 || hits.length > MAX_HITS) throw new RangeError(`hitRateLimits takes 1 to ${MAX_HITS} hits, got ${hits.length}`);
  for (const hit of hits) {
    if (hit.key.length === 0 || hit.key.length > MAX_RATE_LIMIT_KEY_LENGTH) {
      throw new RangeError(`rate-limit key must have 1 to ${MAX_RATE_LIMIT_KEY_LENGTH} characters`);
    }
    checkSeconds(hit.limit, "limit", 1);
    checkSeconds(hit.windowSeconds, "windowSeconds", 1);
  }
}

/** A batch of at most `limit` items. */
export function checkBatch(items: readonly unknown[], what: string, limit = ADMIN_BATCH_LIMIT): void {
  if (items.length > limit) throw new RangeError(`${what}: at most ${limit} per call, got ${items.length}`);
}

/** A page size or limit: a whole number from 1 (0 too where `allowZero`) to ADMIN_BATCH_LIMIT. */
export function checkPageSize(count: number, what: string, allowZero = false): void {
  checkCount(count, what, ADMIN_BATCH_LIMIT, allowZero ? 0 : 1);
}

/** A whole number from `min` to `max`. */
export function checkCount(count: number, what: string, max: number, min = 1): void {
  if (!Number.isInteger(count) || count < min || count > max) {
    throw new RangeError(`${what} must be a whole number from ${min} to ${max}, got ${count}`);
  }
}

/** A range of days: whole numbers >= 0, in order, at most `maxDays` (MAX_ANALYTICS_DAYS) long. */
export function checkDays(fromDay: number, toDay: number, maxDays = MAX_ANALYTICS_DAYS): void {
  checkSeconds(fromDay, "fromDay");
  checkSeconds(toDay, "toDay");
  if (toDay < fromDay || toDay - fromDay + 1 > maxDays) {
    throw new RangeError(`a day range runs forwards over at most ${maxDays} days, got ${fromDay}..${toDay}`);
  }
}

export function checkOffset(offset: number): void {
  if (!Number.isSafeInteger(offset) || offset < 0) throw new RangeError(`offset must be a whole number >= 0, got ${offset}`);
}

/** Text of 1 to `max` characters, none of them a control character (reasons and names end up in CSV files and logs). */
export function checkText(text: string, what: string, max: number): void {
  if (typeof text !== "string" || text.length === 0 || text.length > max || !STORABLE_TEXT.test(text)) {
    throw new RangeError(`${what} must be 1 to ${max} characters without control characters`);
  }
}

export function checkWallet(wallet: string, what = "wallet"): void {
  if (!isWallet(wallet) || normaliseWallet(wallet) !== wallet) {
    throw new RangeError(`${what} must be a lowercase 0x wallet of 40 hex digits, got ${JSON.stringify(wallet)}`);
  }
}

export function checkRefCode(code: string): void {
  if (!isResolvableRefCode(code)) throw new RangeError(`refCode must be 8 lowercase hex digits, got ${JSON.stringify(code)}`);
}

export function checkWalletRecord(record: WalletRecord): void {
  const { wallet } = record;
  checkWallet(wallet);
  if (record.referrer !== null) checkWallet(record.referrer, `referrer of ${wallet}`);
  checkTime(record.createdAt, `createdAt of ${wallet}`);
  checkOptTime(record.referredAt, `referredAt of ${wallet}`);
  checkOptTime(record.checkInLast, `checkInLast of ${wallet}`);
  for (const id of SOCIAL_TASK_IDS) checkOptTime(record.social[id], `${id} of ${wallet}`);
  if (!Number.isSafeInteger(record.referralsCount) || record.referralsCount < 0) {
    throw new RangeError(`referralsCount of ${wallet} must be a whole number >= 0, got ${record.referralsCount}`);
  }
  if (typeof record.nftMint !== "boolean") throw new RangeError(`nftMint of ${wallet} must be a boolean`);
  if (record.referralPending !== undefined && (record.referralPending !== true || record.referrer === null)) {
    throw new RangeError(`referralPending of ${wallet} must be true or absent, and true only with a referrer`);
  }
  const streak = record.checkInStreak;
  if (streak !== undefined && (!Number.isSafeInteger(streak) || streak < 1 || record.checkInLast === null)) {
    throw new RangeError(`checkInStreak of ${wallet} must be a whole number >= 1 or absent, and set only with checkInLast, got ${streak}`);
  }
  const pending = record.pendingReferrals;
  if (pending !== undefined && (!Number.isSafeInteger(pending) || pending < 1)) {
    throw new RangeError(`pendingReferrals of ${wallet} must be a whole number >= 1 or absent, got ${pending}`);
  }
  if (record.entry !== null) {
    const { score, reachedAt } = record.entry;
    if (!Number.isInteger(score) || score < 0 || score > MAX_ENTRY_SCORE) {
      throw new RangeError(`score of ${wallet} must be a whole number from 0 to ${MAX_ENTRY_SCORE}, got ${score}`);
    }
    checkTime(reachedAt, `reachedAt of ${wallet}`);
  }
}

export function checkBoard(board: BoardRef): void {
  if (board === "all") return;
  if (!Number.isSafeInteger(board.season) || board.season < 1) throw new RangeError(`Not a season: ${JSON.stringify(board)}`);
}

export function checkTime(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0 || value > MAX_TIME) {
    throw new RangeError(`${what} must be Unix seconds from 0 to ${MAX_TIME}, got ${value}`);
  }
}

export function checkOptTime(value: number | null, what: string): void {
  if (value !== null) checkTime(value, what);
}
