/**
 * The operator operations on Redis (seed, legacy import, rewards export, invariant checks):
 * one script per call. Scripts derive wallet keys from the prefix, which the shared hash tag
 * keeps in the one Cluster slot of the declared keys.
 *
 * Keys: wallet:<addr> (whole records, SCANned by pattern), codes, lb, lb:held and disqualified (a
 * disqualified wallet's entry), lb:version (moved by an import), lb:s:<n> and lb:refs:s:<n> (a season's
 * board streamed and counted; see boardKey), referrers:active, referrals, score, referees:<addr>, and the
 * quest side of a record: q:w:<addr>, q:ledger:<addr>, q:completions (moved by put-wallets).
 * Scripts: operator/put-wallets, get-wallets, scan-wallets, count-leaderboard, get-code-owners,
 * are-active-referrers, scan-leaderboard-members, get-referee-index, read-board-page.
 */
import "server-only";
import { isWallet, normaliseWallet } from "@/lib/domain/wallet";
import { NO_INDEX } from "@/lib/store/redis/code-index";
import type { RedisContext } from "@/lib/store/redis/context";
import { CODES_COMPLETE_FIELD, WALLET_RECORD_FIELDS } from "@/lib/store/redis/keys";
import { BOARD, part, positional, PUT_WALLETS } from "@/lib/store/redis/layouts";
import { decodeRecord, encodeRecord, READ_FIELDS } from "@/lib/store/redis/records";
import { boardRowsOf, checkScanCursor, int, list, optWallet, referredAtOf, scanCursor, str, UnexpectedReplyError } from "@/lib/store/redis/reply";
import { whole } from "@/lib/store/redis/run";
import { boardKey, boardReadKeys } from "@/lib/store/redis/seasons";
import { ADMIN_BATCH_LIMIT, type BoardRef, type OperatorStore, type WalletRecord } from "@/lib/store/types";

export function operatorOperations(context: RedisContext): OperatorStore {
  const { keys, run, runList, withCodeIndex } = context;
  // The scripts derive a wallet's quest keys as they derive its wallet key: prefix + address.
  const questKeyPrefixes = [keys.questProgress(""), keys.questLedger("")];

  /** read-board-page.lua: `limit` rows of `board` from 0-based `offset`, with referral counts. */
  async function readBoardPage(offset: number, limit: number, board: BoardRef = "all") {
    const reply = await run("read-board-page", boardReadKeys(keys, board), [whole(offset), whole(limit), keys.walletKeyPrefix]);
    return boardRowsOf(reply, "readBoardPage");
  }

  return {
    putBatchLimit: ADMIN_BATCH_LIMIT,

    /**
     * One script for the whole batch, records ARGV-encoded (putBatchLimit keeps it near
     * 15k arguments, ~250 KB). Requires a complete code index (see put-wallets.lua): the first
     * call on a store whose index is not marked complete rebuilds it first, like a lookup, so
     * after any putWallets the index is complete and marked and unknown codes stay O(1) misses.
     */
    async putWallets(records) {
      if (records.length === 0) return;
      const { keys: scriptKeys, args } = positional(PUT_WALLETS, {
        codesKey: keys.codes,
        ...part(BOARD, { keys: keys.boardWrite, args: [] }),
        activeKey: keys.activeReferrers,
        referralsKey: keys.referrals,
        scoreKey: keys.score,
        completionsKey: keys.questCompletions,
        walletKeyPrefix: keys.walletKeyPrefix,
        completeField: CODES_COMPLETE_FIELD,
        refereesKeyPrefix: keys.refereesKeyPrefix,
        progressKeyPrefix: keys.questProgress(""),
        ledgerKeyPrefix: keys.questLedger(""),
        fieldCount: String(WALLET_RECORD_FIELDS.length),
      });
      args.push(...WALLET_RECORD_FIELDS);
      for (const record of records) args.push(...encodeRecord(record));
      await withCodeIndex(async () => {
        const reply = await runList("put-wallets", scriptKeys, args, 1);
        const verdict = str(reply[0], "putWallets");
        if (verdict === "no-index") return NO_INDEX;
        if (verdict !== "ok" || int(reply[1], "putWallets written") !== records.length) {
          throw new UnexpectedReplyError("putWallets", reply);
        }
        return undefined;
      });
    },

    /** One script per page: a SCAN step and the records of the keys it found, read together. */
    async scanWallets(cursor, count) {
      checkScanCursor(cursor);
      const args = [cursor, keys.walletKeyPattern, String(count), keys.walletKeyPrefix, ...questKeyPrefixes, ...READ_FIELDS];
      const reply = await runList("scan-wallets", [...keys.board], args, 2);
      const records: WalletRecord[] = [];
      for (const item of list(reply[1], "scanWallets records")) {
        // A key under the wallet prefix that names no wallet is not a wallet; the index rebuild skips it too.
        const name = str(list(item, "wallet record", 1)[0], "wallet key");
        if (!isWallet(name) || normaliseWallet(name) !== name) continue;
        const record = decodeRecord(item);
        if (record) records.push(record);
      }
      return { cursor: scanCursor(reply[0]), records };
    },

    async getWallets(wallets) {
      if (wallets.length === 0) return [];
      const args = [keys.walletKeyPrefix, ...questKeyPrefixes, String(READ_FIELDS.length), ...READ_FIELDS, ...wallets];
      const reply = await runList("get-wallets", [...keys.board], args, wallets.length);
      return reply.map(decodeRecord);
    },

    getLeaderboardPage: (offset, limit) => readBoardPage(offset, limit),

    /** The cursor is the offset of the next row: ZRANGE by rank is O(log N + count) anyway. */
    async scanLeaderboard(cursor, count, board) {
      checkScanCursor(cursor);
      const offset = Number(cursor);
      if (!Number.isSafeInteger(offset)) throw new RangeError(`Not a leaderboard cursor: ${cursor}`);
      const rows = await readBoardPage(offset, count, board);
      return { cursor: rows.length < count ? "0" : String(offset + rows.length), rows };
    },

    async countLeaderboard(board) {
      return int(await run("count-leaderboard", [boardKey(keys, board)], []), "countLeaderboard");
    },

    async getCodeOwners(codes) {
      if (codes.length === 0) return [];
      const reply = await runList("get-code-owners", [keys.codes], codes, codes.length);
      return reply.map((owner) => optWallet(owner, "code owner"));
    },

    async areActiveReferrers(wallets) {
      if (wallets.length === 0) return [];
      const reply = await runList("are-active-referrers", [keys.activeReferrers], wallets, wallets.length);
      return reply.map((member) => int(member, "active referrer") === 1);
    },

    async getRefereeIndex(pairs) {
      if (pairs.length === 0) return [];
      const scriptKeys = pairs.map((pair) => keys.referees(pair.referrer));
      const reply = await runList("get-referee-index", scriptKeys, pairs.map((pair) => pair.referee), pairs.length);
      return reply.map((score) => (score === null ? null : referredAtOf(score, "referee index score")));
    },

    /** One script per page: a ZSCAN step, keeping the members whose wallet hash is missing. */
    // Walks lb, then lb:held (disqualified wallets' entries): a cursor of the second walk is "h" and ZSCAN's.
    async scanLeaderboardMembers(cursor, count) {
      const held = cursor.startsWith("h");
      const step = held ? cursor.slice(1) : cursor;
      checkScanCursor(step);
      const args = [step, String(count), keys.walletKeyPrefix];
      const reply = await runList("scan-leaderboard-members", [held ? keys.held : keys.leaderboard], args, 2);
      // Raw strings: an orphan is exactly what may not be a well-formed wallet.
      const wallets = list(reply[1], "leaderboard orphans").map((member) => str(member, "leaderboard member"));
      const next = scanCursor(reply[0]);
      if (next !== "0") return { cursor: held ? `h${next}` : next, wallets };
      return { cursor: held ? "0" : "h0", wallets };
    },
  };
}
