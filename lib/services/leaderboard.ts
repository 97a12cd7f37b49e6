import type { SeasonParam, SeasonView } from "@/lib/contract/board-schemas";
import { errors } from "@/lib/contract/errors";
import type { BoardOverview, LeaderboardEntry } from "@/lib/contract/schemas";
import { rewardsOf } from "@/lib/domain/leaderboard";
import { seasonAt, seasonBounds } from "@/lib/domain/seasons";
import type { Wallet } from "@/lib/domain/wallet";
import type { Deps } from "@/lib/services/context";
import type { BoardRef, LeaderboardRow, LeaderboardStore, RankedRow } from "@/lib/store/types";

type LeaderboardDeps = Pick<Deps, "clock" | "seasons"> & { store: LeaderboardStore };

/**
 * What a board read answers: the rows (`body`) with the board and the version they are of, which
 * lib/http/conditional.ts turns into the ETag. `body` is null when the store found the board
 * still at the version the client said it holds.
 */
export interface BoardRead<T> {
  board: BoardRef;
  version: number;
  body: T | null;
}

/** The version of `board` the client already holds, if it said so; the store then skips rows it has. */
export type KnownVersion = (board: BoardRef) => number | undefined;

/** A row at 0-based position `index` of the one order: rank = position + 1. */
function entryOf(row: LeaderboardRow, index: number): LeaderboardEntry {
  return { rank: index + 1, wallet: row.wallet, referrals_count: row.referralsCount, rewards: rewardsOf(row.score) };
}

/** A ranked row as the interface answers it; rank 0, "not ranked", with referrals_count 0 and rewards 0. */
function rankedEntryOf(row: RankedRow): LeaderboardEntry {
  if (row.rank === 0) return { rank: 0, wallet: row.wallet, referrals_count: 0, rewards: 0 };
  return { rank: row.rank, wallet: row.wallet, referrals_count: row.referralsCount, rewards: rewardsOf(row.score) };
}

/** Which board a request reads: the all-time board without `season`; else a season that has started. */
export function boardOf(deps: Pick<Deps, "clock" | "seasons">, season: SeasonParam | undefined): BoardRef {
  if (season === undefined) return "all";
  if (!deps.seasons) throw errors.seasonsOff();
  const current = seasonAt(deps.clock(), deps.seasons);
  if (season === "current") {
    if (current === 0) throw errors.noSeasonYet();
    return { season: current };
  }
  if (season > current) throw errors.seasonNotStarted(season);
  return { season };
}

/** What the leaderboard page shows of seasons now: the running one (or the first, before it starts) and its bounds. */
export function seasonView(deps: Pick<Deps, "clock" | "seasons">): SeasonView | null {
  if (!deps.seasons) return null;
  const current = seasonAt(deps.clock(), deps.seasons);
  return { current, ...seasonBounds(Math.max(current, 1), deps.seasons) };
}

/**
 * The top `limit` of a board and the version, its entries null while the board is still at
 * `unlessVersion`: every top-list read (the API, the pages, the live stream) is this one.
 */
export async function readBoard(
  deps: LeaderboardDeps,
  limit: number,
  board: BoardRef,
  unlessVersion?: number,
): Promise<{ version: number; entries: LeaderboardEntry[] | null }> {
  const read = await deps.store.readBoard(board, limit, unlessVersion);
  return { version: read.version, entries: read.rows && read.rows.map(entryOf) };
}

/** GET /api/leaderboard: the top `limit` of a board, rank = position in the one order. */
export async function readLeaderboard(
  deps: LeaderboardDeps,
  limit: number,
  season: SeasonParam | undefined,
  known: KnownVersion,
): Promise<BoardRead<LeaderboardEntry[]>> {
  const board = boardOf(deps, season);
  const read = await readBoard(deps, limit, board, known(board));
  return { board, version: read.version, body: read.entries };
}

/** The landing page: the top `limit` entries and the board's totals, in one store operation. */
export async function readBoardOverview(deps: LeaderboardDeps, limit: number): Promise<BoardOverview> {
  const overview = await deps.store.readBoardOverview(limit);
  return { top: overview.top.map(entryOf), entries: overview.entries, referrals: overview.referrals };
}

/**
 * GET /api/leaderboard/user. All-time: creates a missing entry with score 0, then reads its real
 * rank. A season: read-only. A disqualified wallet has no rank: 0, "not ranked", which the interface
 * answers with referrals_count 0 and rewards 0 (its held score is the console's to show).
 */
export async function readLeaderboardUser(
  deps: LeaderboardDeps,
  wallet: Wallet,
  season: SeasonParam | undefined,
): Promise<BoardRead<LeaderboardEntry>> {
  const board = boardOf(deps, season);
  const row = board === "all" ? await deps.store.getRankOrCreate(wallet, deps.clock()) : await deps.store.getSeasonRank(board.season, wallet);
  return { board, version: row.version, body: rankedEntryOf(row) };
}

/** GET /api/leaderboard/around: the entries from `radius` above the wallet's rank to `radius` below; [] when unranked. */
export async function readAround(
  deps: LeaderboardDeps,
  wallet: Wallet,
  radius: number,
  season: SeasonParam | undefined,
): Promise<BoardRead<LeaderboardEntry[]>> {
  const board = boardOf(deps, season);
  const read = await deps.store.getAround(board, wallet, radius);
  return { board, version: read.version, body: read.rows.map(rankedEntryOf) };
}
