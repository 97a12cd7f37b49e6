/**
 * checked(): the one validating wrapper around any backend. Operator tools feed the store
 * from files and other systems, and sign-in and rate limits from request input, so those
 * calls are checked here, once, before a backend sees them; a backend trusts what reaches it.
 * A malformed argument is a RangeError (a caller bug), never data.
 */
import { VISITOR_ID_PATTERN } from "@/lib/domain/analytics";
import { isQuestId, MAX_QUEST_POINTS } from "@/lib/domain/quests";
import { COMPLETABLE_TASK_IDS, SOCIAL_TASK_IDS } from "@/lib/domain/tasks";
import { checkedNotifications } from "@/lib/store/checked-notifications";
import { checkedPayouts } from "@/lib/store/checked-payouts";
import { checkedQuests } from "@/lib/store/checked-quests";
import {
  checkBatch,
  checkBoard,
  checkCount,
  checkDays,
  checkHits,
  checkLimit,
  checkNonce,
  checkOffset,
  checkPageSize,
  checkRefCode,
  checkSeconds,
  checkText,
  checkTime,
  checkWallet,
  checkWalletRecord,
} from "@/lib/store/checks";
import {
  ACTION_LEDGER_PREFIX,
  MAX_ADMIN_LENGTH,
  MAX_AROUND_RADIUS,
  MAX_AUDIT_PAGE,
  MAX_BAN_LIST_BATCH,
  MAX_CAMPAIGN_SPAN,
  MAX_REASON_LENGTH,
  MAX_REFEREES_PAGE,
  MAX_SIGNALS_PAGE,
  MAX_TOP_REFERRERS,
  NONCE_PATTERN,
  type Store,
  type WalletRecord,
} from "@/lib/store/types";

/** `store` with every call checked first; everything else passes through unchanged. */
export function checked(store: Store): Store {
  const overrides: Partial<Store> = {
    ...checkedNotifications(store),
    ...checkedQuests(store),
    ...checkedPayouts(store),
    async readBoardOverview(limit) {
      checkLimit(limit);
      return store.readBoardOverview(limit);
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
      records.forEach(checkQuestSide);
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

/**
 * A record's quest side, as creditAction writes it: quest and action ids are slugs (which the Redis encoding
 * relies on; an action's last credit is keyed `action:<id>`), a task's entry names a completable task, entries credit 0..MAX_QUEST_POINTS. Whether the ledger sums to the points is the invariant
 * checker's rule, not a malformed argument.
 */
function checkQuestSide({ wallet, quests }: WalletRecord): void {
  if (quests === undefined) return;
  const questId = (id: string) => {
    if (!isQuestId(id)) throw new RangeError(`quest id of ${wallet} must be a quest slug, got ${JSON.stringify(id)}`);
  };
  if (!Number.isSafeInteger(quests.points) || quests.points < 0) {
    throw new RangeError(`quest points of ${wallet} must be a whole number >= 0, got ${quests.points}`);
  }
  for (const [id, at] of Object.entries(quests.lastCompleted)) {
    questId(id.startsWith(ACTION_LEDGER_PREFIX) ? id.slice(ACTION_LEDGER_PREFIX.length) : id);
    checkTime(at, `last completion of ${id} by ${wallet}`);
  }
  for (const entry of quests.ledger) {
    if (entry.source !== "task") questId(entry.questId);
    else if (!(COMPLETABLE_TASK_IDS as readonly string[]).includes(entry.questId)) {
      throw new RangeError(`task of ${wallet}'s ledger must be a completable task, got ${JSON.stringify(entry.questId)}`);
    }
    checkTime(entry.at, `ledger time of ${wallet}`);
    if (!Number.isInteger(entry.points) || entry.points < 0 || entry.points > MAX_QUEST_POINTS) {
      throw new RangeError(`ledger points of ${wallet} must be a whole number from 0 to ${MAX_QUEST_POINTS}, got ${entry.points}`);
    }
  }
}
