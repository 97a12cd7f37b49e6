/**
 * Seasons on Redis (lib/domain/seasons.ts): which board a read is of, and the season inputs of the
 * scripts that write season boards. Every point scored while a season runs also counts on that
 * season's board (seasonBoard of lib/seasons.lua); disqualify and reinstate move a wallet's entries on
 * every season board (seasonBoards of lib/seasons.lua). The TS side decides the season of a call's `now`.
 *
 * Keys: lb:s:<n>, lb:held:s:<n>, lb:refs:s:<n>, lb:seasons (keys.ts); lb and wallet:<addr> for the all-time board.
 * Scripts: none of its own; the inputs of referrals/record-referral, credit-referral, tasks/check-in,
 * mark-nft-mint (seasonWrite), moderation/disqualify, disqualify-many, reinstate (seasonMoves), and of
 * the board reads of leaderboard.ts and operator.ts (boardKey, boardReadKeys).
 */
import "server-only";
import { seasonAt } from "@/lib/domain/seasons";
import type { RedisContext } from "@/lib/store/redis/context";
import type { RedisKeys } from "@/lib/store/redis/keys";
import { whole } from "@/lib/store/redis/run";
import type { BoardRef } from "@/lib/store/types";

/** The season running at `now`; 0 with seasons off or before the first, when nothing is written to a season. */
export function seasonOf({ seasons }: RedisContext, now: number): number {
  return seasons ? seasonAt(now, seasons) : 0;
}

/**
 * What a script that scores takes for seasonBoard of lib/seasons.lua: the running season's board, held side,
 * referrals and lb:seasons in KEYS, its number in ARGV (season 0: keys that are never written).
 */
export function seasonWrite(context: RedisContext, now: number): { keys: string[]; args: string[] } {
  const { keys } = context;
  const season = seasonOf(context, now);
  return {
    keys: [keys.seasonBoard(season), keys.seasonHeld(season), keys.seasonReferrals(season), keys.lastSeason],
    args: [whole(season)],
  };
}

/**
 * What disqualify and reinstate take for seasonBoards of lib/seasons.lua: lb:seasons in KEYS; the season of
 * `now` and the prefixes of the season keys the script derives in ARGV.
 */
export function seasonMoves(context: RedisContext, now: number): { keys: string[]; args: string[] } {
  const { keys } = context;
  return {
    keys: [keys.lastSeason],
    args: [whole(seasonOf(context, now)), keys.seasonBoardKeyPrefix, keys.seasonHeldKeyPrefix],
  };
}

/** The zset of a board. */
export function boardKey(keys: RedisKeys, board: BoardRef = "all"): string {
  return board === "all" ? keys.leaderboard : keys.seasonBoard(board.season);
}

/** What a board read takes for boardRead of lib/board.lua: the all-time board, or a season's board and its referrals. */
export function boardReadKeys(keys: RedisKeys, board: BoardRef = "all"): string[] {
  if (board === "all") return [keys.leaderboard];
  return [keys.seasonBoard(board.season), keys.seasonReferrals(board.season)];
}
