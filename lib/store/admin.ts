/**
 * Input checks of StoreAdmin, shared by every backend. Operator tools feed these calls
 * from files and other systems, so a record is checked before it is written rather than
 * trusted like the validated input of the request path.
 */
import { SOCIAL_TASK_IDS } from "@/lib/domain/tasks";
import { isResolvableRefCode, isWallet, normaliseWallet } from "@/lib/domain/wallet";
import { ADMIN_BATCH_LIMIT, MAX_ENTRY_SCORE, type WalletRecord } from "@/lib/store/types";

/** Latest time the leaderboard composite can hold (10 decimal digits of seconds). */
const MAX_TIME = 9_999_999_999;

/** A batch of at most `limit` items. */
export function checkBatch(items: readonly unknown[], what: string, limit = ADMIN_BATCH_LIMIT): void {
  if (items.length > limit) throw new RangeError(`${what}: at most ${limit} per call, got ${items.length}`);
}

/** A page size or limit: a whole number from 1 (0 too where `allowZero`) to ADMIN_BATCH_LIMIT. */
export function checkPageSize(count: number, what: string, allowZero = false): void {
  if (!Number.isInteger(count) || count < (allowZero ? 0 : 1) || count > ADMIN_BATCH_LIMIT) {
    throw new RangeError(`${what} must be a whole number from ${allowZero ? 0 : 1} to ${ADMIN_BATCH_LIMIT}, got ${count}`);
  }
}

export function checkOffset(offset: number): void {
  if (!Number.isSafeInteger(offset) || offset < 0) throw new RangeError(`offset must be a whole number >= 0, got ${offset}`);
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
  if (record.entry !== null) {
    const { score, reachedAt } = record.entry;
    if (!Number.isInteger(score) || score < 0 || score > MAX_ENTRY_SCORE) {
      throw new RangeError(`score of ${wallet} must be a whole number from 0 to ${MAX_ENTRY_SCORE}, got ${score}`);
    }
    checkTime(reachedAt, `reachedAt of ${wallet}`);
  }
}

function checkTime(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0 || value > MAX_TIME) {
    throw new RangeError(`${what} must be Unix seconds from 0 to ${MAX_TIME}, got ${value}`);
  }
}

function checkOptTime(value: number | null, what: string): void {
  if (value !== null) checkTime(value, what);
}
