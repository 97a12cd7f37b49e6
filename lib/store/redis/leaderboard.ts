/**
 * The leaderboard on Redis: the top rows, the landing's summary and a wallet's rank.
 *
 * Keys: lb (the sorted set; keys.ts documents its composite score), referrals (the total),
 * wallet:<addr> (referralsCount of each row, derived from the prefix; the ranked wallet), codes,
 * lb:held and disqualified (a disqualified wallet's rank and score),
 * an:<day>:facts and an:since (the ranked wallet counted when new).
 * Scripts: leaderboard/get-leaderboard, get-board-summary, get-rank-or-create.
 */
import "server-only";
import type { RedisContext } from "@/lib/store/redis/context";
import { boardRowsOf, int, optInt, str, UnexpectedReplyError } from "@/lib/store/redis/reply";
import { whole } from "@/lib/store/redis/run";
import { registration } from "@/lib/store/redis/wallets";
import type { LeaderboardRow, LeaderboardStore } from "@/lib/store/types";

/** Rows of the board as get-leaderboard.lua read them, with the SHA1 of the page's text. */
export interface BoardPage {
  digest: string;
  rows: readonly LeaderboardRow[];
}

/**
 * `limit` rows from 0-based `offset`, with referral counts, in one script; the operator pages read
 * it too. Given `known`, a page read before, Redis answers with the digest alone while the page is
 * unchanged, and `known` itself is the answer.
 */
export async function readLeaderboard(
  { keys, runList }: RedisContext,
  offset: number,
  limit: number,
  known?: BoardPage,
): Promise<BoardPage> {
  const args = [whole(offset), whole(limit), keys.walletKeyPrefix, known?.digest ?? ""];
  const reply = await runList("get-leaderboard", [keys.leaderboard], args, 1);
  const digest = str(reply[0], "leaderboard digest");
  if (reply.length === 1 && known?.digest === digest) return known;
  if (reply.length !== 2) throw new UnexpectedReplyError("getLeaderboard", reply);
  return { digest, rows: boardRowsOf(reply[1], "getLeaderboard") };
}

export function leaderboardOperations(context: RedisContext): LeaderboardStore {
  const { keys, runList } = context;
  // The top list this process read last. Every read still asks Redis, so a change shows at once;
  // an unchanged list is neither sent again nor decoded again (most of GET /api/leaderboard's CPU).
  let top: (BoardPage & { limit: number }) | undefined;
  return {
    async getLeaderboard(limit) {
      const known = top?.limit === limit ? top : undefined;
      const page = await readLeaderboard(context, 0, limit, known);
      if (page !== known) top = { ...page, limit };
      return [...page.rows];
    },

    async getBoardSummary(limit) {
      const reply = await runList(
        "get-board-summary",
        [keys.leaderboard, keys.referrals],
        [whole(limit), keys.walletKeyPrefix],
        3,
      );
      return {
        top: boardRowsOf(reply[2], "getBoardSummary"),
        entries: int(reply[0], "entries"),
        referrals: optInt(reply[1], "referrals") ?? 0,
      };
    },

    async getRankOrCreate(wallet, now) {
      const { keys: scriptKeys, args } = registration(context, wallet, now);
      const reply = await runList("get-rank-or-create", [...scriptKeys, ...keys.board], args, 3);
      return {
        wallet,
        rank: int(reply[0], "rank"),
        score: int(reply[1], "score"),
        referralsCount: optInt(reply[2], "referralsCount") ?? 0,
      };
    },
  };
}
