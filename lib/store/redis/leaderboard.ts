/**
 * The leaderboard on Redis: the top rows, the landing's overview, a wallet's rank, the board version,
 * conditional reads of a board, around-me, and a wallet's rank on a season's board (seasons.ts).
 *
 * Keys: lb (the sorted set; keys.ts documents its composite score), referrals (the total),
 * wallet:<addr> (referralsCount of each all-time row, derived from the prefix; the ranked wallet), codes,
 * lb:held and disqualified (a disqualified wallet's rank and score), lb:version (read by every versioned
 * read, moved by a new entry), lb:s:<n> and lb:refs:s:<n> (a season's board and its rows' referralsCount),
 * an:<day>:facts and an:since (the ranked wallet counted when new).
 * Scripts: leaderboard/read-board-overview, get-rank-or-create, read-board, get-around.
 */
import "server-only";
import type { RedisContext } from "@/lib/store/redis/context";
import { boardRowsOf, int, optInt, UnexpectedReplyError } from "@/lib/store/redis/reply";
import { whole } from "@/lib/store/redis/run";
import { boardReadKeys } from "@/lib/store/redis/seasons";
import { registration } from "@/lib/store/redis/wallets";
import type { BoardRef, LeaderboardStore, RankedRow, Versioned } from "@/lib/store/types";

export function leaderboardOperations(context: RedisContext): LeaderboardStore {
  const { keys, runList } = context;

  /** read-board.lua: the version, and the top `limit` rows unless the version is `unlessVersion`. */
  async function readVersioned(board: BoardRef, limit: number, unlessVersion?: number) {
    const args = [whole(limit), keys.walletKeyPrefix, unlessVersion === undefined ? "" : whole(unlessVersion)];
    const reply = await runList("read-board", [keys.boardVersion, ...boardReadKeys(keys, board)], args, 1);
    const version = int(reply[0], "board version");
    if (reply.length === 1 && version === unlessVersion) return { version, rows: null };
    if (reply.length !== 2) throw new UnexpectedReplyError("readBoard", reply);
    return { version, rows: boardRowsOf(reply[1], "readBoard") };
  }

  /** get-around.lua: the wallet's rank on `board` and the rows `radius` either side, ranked. */
  async function around(board: BoardRef, wallet: string, radius: number) {
    const args = [wallet, whole(radius), keys.walletKeyPrefix];
    const reply = await runList("get-around", [keys.boardVersion, ...boardReadKeys(keys, board)], args, 3);
    const rank = int(reply[1], "rank");
    const first = Math.max(rank - radius, 1);
    const rows = boardRowsOf(reply[2], "getAround").map((row, i) => ({ ...row, rank: first + i }));
    if ((rank === 0) !== (rows.length === 0)) throw new UnexpectedReplyError("getAround", reply);
    return { version: int(reply[0], "board version"), rank, rows };
  }

  return {
    async readBoardOverview(limit) {
      const reply = await runList(
        "read-board-overview",
        [keys.leaderboard, keys.referrals],
        [whole(limit), keys.walletKeyPrefix],
        3,
      );
      return {
        top: boardRowsOf(reply[2], "readBoardOverview"),
        entries: int(reply[0], "entries"),
        referrals: optInt(reply[1], "referrals") ?? 0,
      };
    },

    async getRankOrCreate(wallet, now) {
      const { keys: scriptKeys, args } = registration(context, wallet, now);
      const reply = await runList("get-rank-or-create", [...scriptKeys, ...keys.boardWrite], args, 4);
      return {
        wallet,
        rank: int(reply[0], "rank"),
        score: int(reply[1], "score"),
        referralsCount: optInt(reply[2], "referralsCount") ?? 0,
        version: int(reply[3], "board version"),
      };
    },

    /** read-board.lua asked for no rows: one GET. */
    getBoardVersion: async () => (await readVersioned("all", 0)).version,

    readBoard: readVersioned,

    getAround: around,

    /** The wallet's row alone: around-me with radius 0 (score and referrals 0 without an entry). */
    async getSeasonRank(season, wallet): Promise<RankedRow & Versioned> {
      const { version, rank, rows } = await around({ season }, wallet, 0);
      return { wallet, score: 0, referralsCount: 0, ...rows[0], rank, version };
    },
  };
}
