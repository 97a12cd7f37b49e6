/**
 * checked(): the one validating wrapper around any backend. Operator tools feed the store
 * from files and other systems, and sign-in and rate limits from request input, so those
 * calls are checked here, once, before a backend sees them; a backend trusts what reaches it.
 * A malformed argument is a RangeError (a caller bug), never data.
 */
import { VISITOR_ID_PATTERN } from "@/lib/domain/analytics";
import { STORABLE_TEXT } from "@/lib/domain/moderation";
import { SOCIAL_TASK_IDS } from "@/lib/domain/tasks";
import { checkedNotifications } from "@/lib/store/checked-notifications";
import { isResolvableRefCode, isWallet, normaliseWallet } from "@/lib/domain/wallet";
import {
  ADMIN_BATCH_LIMIT,
  MAX_ADMIN_LENGTH,
  MAX_ANALYTICS_DAYS,
  MAX_AROUND_RADIUS,
  MAX_AUDIT_PAGE,
  MAX_BAN_LIST_BATCH,
  MAX_CAMPAIGN_SPAN,
  MAX_ENTRY_SCORE,
  MAX_HITS,
  MAX_RATE_LIMIT_KEY_LENGTH,
  MAX_REASON_LENGTH,
  MAX_REFEREES_PAGE,
  MAX_SIGNALS_PAGE,
  MAX_TOP_REFERRERS,
  NONCE_PATTERN,
  type BoardRef,
  type RateLimitHit,
  type Store,
  type WalletRecord,
} from "@/lib/store/types";

/** Latest time the leaderboard composite can hold (10 decimal digits of seconds). */
const MAX_TIME = 9_999_999_999;

/** `store` with every call checked first; everything else passes through unchanged. */
export function checked(store: Store): Store {
  const overrides: Partial<Store> = {
    ...checkedNotifications(store),
    async getLeaderboard(limit) {
      checkLimit(limit);
      return store.getLeaderboard(limit);
    },
    async getBoardSummary(limit) {
      checkLimit(limit);
      return store.getBoardSummary(limit);
    },
    async readBoard(board, limit, unlessVersion) {
      checkBoard(board);
      checkLimit(limit);
      if (unlessVersion !== undefined && !(Number.isSafeInteger(unlessVersion) && unlessVersion >= 0)) {
        throw new RangeError(`unlessVersion must be a whole number >= 0, got ${unlessVersion}`);
      }
      return store.readBoard(board, limit, unlessVersion);
    },
    async getSeasonRank(season, wallet) {
      checkBoard({ season });
      return store.getSeasonRank(season, wallet);
    },
    async getAround(board, wallet, radius) {
      checkBoard(board);
      if (!Number.isInteger(radius) || radius < 0 || radius > MAX_AROUND_RADIUS) {
        throw new RangeError(`radius must be a whole number from 0 to ${MAX_AROUND_RADIUS}, got ${radius}`);
      }
      return store.getAround(board, wallet, radius);
    },
    async countLeaderboard(board) {
      if (board !== undefined) checkBoard(board);
      return store.countLeaderboard(board);
    },
    async completeSocialTask(wallet, taskId, now) {
      if (!SOCIAL_TASK_IDS.includes(taskId)) throw new RangeError(`Not a social task: ${JSON.stringify(taskId)}`);
      return store.completeSocialTask(wallet, taskId, now);
    },

    async createNonce(nonce, now, ttlSeconds) {
      checkNonce(nonce);
      checkSeconds(now, "now");
      checkSeconds(ttlSeconds, "ttlSeconds", 1);
      return store.createNonce(nonce, now, ttlSeconds);
    },
    async consumeNonce(nonce, now) {
      checkSeconds(now, "now");
      if (!NONCE_PATTERN.test(nonce)) return false; // never stored, so never valid; not an error
      return store.consumeNonce(nonce, now);
    },
    async hitRateLimits(hits, now) {
      checkHits(hits, now);
      return store.hitRateLimits(hits, now);
    },

    async countVisit(input) {
      checkRefCode(input.refCode);
      if (!VISITOR_ID_PATTERN.test(input.visitorId)) throw new RangeError("visitorId must be 16 to 64 URL-safe characters");
      checkSeconds(input.now, "now");
      return store.countVisit(input);
    },
    async getVisits(refCode, fromDay, toDay) {
      if (refCode !== null) checkRefCode(refCode);
      checkDays(fromDay, toDay);
      return store.getVisits(refCode, fromDay, toDay);
    },
    async getCampaign(fromDay, toDay, ranges) {
      checkDays(fromDay, toDay, MAX_CAMPAIGN_SPAN);
      for (const range of ranges) {
        checkDays(range.fromDay, range.toDay, MAX_CAMPAIGN_SPAN);
        if (range.fromDay < fromDay || range.toDay > toDay) {
          throw new RangeError(`range ${range.fromDay}..${range.toDay} is not inside ${fromDay}..${toDay}`);
        }
      }
      return store.getCampaign(fromDay, toDay, ranges);
    },
    async getTopReferrers(fromDay, toDay, limit) {
      checkDays(fromDay, toDay);
      checkCount(limit, "limit", MAX_TOP_REFERRERS);
      return store.getTopReferrers(fromDay, toDay, limit);
    },
    async getWalletReport(wallet, offset, limit) {
      checkWallet(wallet);
      checkOffset(offset);
      checkCount(limit, "limit", MAX_REFEREES_PAGE);
      return store.getWalletReport(wallet, offset, limit);
    },

    async disqualify(input) {
      checkWallet(input.wallet);
      checkText(input.reason, "reason", MAX_REASON_LENGTH);
      checkText(input.admin, "admin", MAX_ADMIN_LENGTH);
      checkSeconds(input.now, "now");
      return store.disqualify({ ...input, cascade: input.cascade === true });
    },
    async reinstate(input) {
      checkWallet(input.wallet);
      checkText(input.admin, "admin", MAX_ADMIN_LENGTH);
      checkSeconds(input.now, "now");
      return store.reinstate(input);
    },
    async disqualifyMany(input) {
      checkBatch(input.rows, "disqualifyMany", MAX_BAN_LIST_BATCH);
      const seen = new Set<string>();
      for (const row of input.rows) {
        checkWallet(row.wallet);
        checkText(row.reason, "reason", MAX_REASON_LENGTH);
        if (seen.has(row.wallet)) throw new RangeError(`disqualifyMany: ${row.wallet} is listed twice`);
        seen.add(row.wallet);
      }
      checkText(input.admin, "admin", MAX_ADMIN_LENGTH);
      checkSeconds(input.now, "now");
      return store.disqualifyMany(input);
    },
    async getDisqualifications(wallets) {
      checkBatch(wallets, "getDisqualifications");
      wallets.forEach((wallet) => checkWallet(wallet));
      return store.getDisqualifications(wallets);
    },
    async scanDisqualified(cursor, count) {
      checkPageSize(count, "count");
      return store.scanDisqualified(cursor, count);
    },
    async getAuditLog(offset, limit) {
      checkOffset(offset);
      checkCount(limit, "limit", MAX_AUDIT_PAGE);
      return store.getAuditLog(offset, limit);
    },

    async getSuspiciousReferrers(offset, limit) {
      checkOffset(offset);
      checkCount(limit, "limit", MAX_SIGNALS_PAGE);
      return store.getSuspiciousReferrers(offset, limit);
    },
    async getReferrerSignals(wallet) {
      checkWallet(wallet);
      return store.getReferrerSignals(wallet);
    },

    async putWallets(records) {
      checkBatch(records, "putWallets", store.putBatchLimit);
      records.forEach(checkWalletRecord);
      return store.putWallets(records);
    },
    async scanWallets(cursor, count) {
      checkPageSize(count, "count");
      return store.scanWallets(cursor, count);
    },
    async getWallets(wallets) {
      checkBatch(wallets, "getWallets");
      wallets.forEach((wallet) => checkWallet(wallet));
      return store.getWallets(wallets);
    },
    async getLeaderboardPage(offset, limit) {
      checkOffset(offset);
      checkPageSize(limit, "limit", true);
      return store.getLeaderboardPage(offset, limit);
    },
    async scanLeaderboard(cursor, count, board) {
      checkPageSize(count, "count");
      if (board !== undefined) checkBoard(board);
      return store.scanLeaderboard(cursor, count, board);
    },
    async getCodeOwners(codes) {
      checkBatch(codes, "getCodeOwners");
      codes.forEach(checkRefCode);
      return store.getCodeOwners(codes);
    },
    async areActiveReferrers(wallets) {
      checkBatch(wallets, "areActiveReferrers");
      wallets.forEach((wallet) => checkWallet(wallet));
      return store.areActiveReferrers(wallets);
    },
    async getRefereeIndex(pairs) {
      checkBatch(pairs, "getRefereeIndex");
      for (const pair of pairs) {
        checkWallet(pair.referrer, "referrer");
        checkWallet(pair.referee, "referee");
      }
      return store.getRefereeIndex(pairs);
    },
    async scanLeaderboardMembers(cursor, count) {
      checkPageSize(count, "count");
      return store.scanLeaderboardMembers(cursor, count);
    },
  };
  // A Proxy rather than a copy: a backend may be a class whose methods live on its prototype and
  // keep state on `this`, so every other member is read from the backend and bound to it.
  return new Proxy(store, {
    get(target, key) {
      if (Object.hasOwn(overrides, key)) return overrides[key as keyof Store];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** A leaderboard limit: SQLite reads a negative LIMIT as "no limit", and a caller bug must not dump every wallet. */
function checkLimit(limit: number): void {
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
function checkCount(count: number, what: string, max: number, min = 1): void {
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
function checkText(text: string, what: string, max: number): void {
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

function checkBoard(board: BoardRef): void {
  if (board === "all") return;
  if (!Number.isSafeInteger(board.season) || board.season < 1) throw new RangeError(`Not a season: ${JSON.stringify(board)}`);
}

function checkTime(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0 || value > MAX_TIME) {
    throw new RangeError(`${what} must be Unix seconds from 0 to ${MAX_TIME}, got ${value}`);
  }
}

function checkOptTime(value: number | null, what: string): void {
  if (value !== null) checkTime(value, what);
}
