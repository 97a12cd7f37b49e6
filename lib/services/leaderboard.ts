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
 * A conditional answer: `body` null when the client's If-None-Match already names `etag` (304).
 * The ETag is the board version with the board it is of, so it changes in the same atomic step as
 * the data: no caching delay.
 */
export interface Conditional<T> {
  etag: string;
  body: T | null;
}

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

const boardName = (board: BoardRef) => (board === "all" ? "all" : `s${board.season}`);

/** The ETag of a read of `board` at `version`. */
export function boardTag(version: number, board: BoardRef): string {
  return `"${version}-${boardName(board)}"`;
}

/** The tags of an If-None-Match header (weak ones compare as strong, as RFC 9110 says for GET). */
function tagsOf(ifNoneMatch: string | null): string[] {
  return ifNoneMatch?.split(",").map((tag) => tag.trim().replace(/^W\//, "")) ?? [];
}

/** The version of the client's tag for this board, if it sent one of ours: the store then skips rows it has. */
function knownVersion(ifNoneMatch: string | null, board: BoardRef): number | undefined {
  for (const tag of tagsOf(ifNoneMatch)) {
    const match = /^"(\d{1,15})-([a-z0-9]+)"$/.exec(tag);
    if (match && match[2] === boardName(board)) return Number(match[1]);
  }
  return undefined;
}

function conditional<T>(etag: string, ifNoneMatch: string | null, body: () => T): Conditional<T> {
  return { etag, body: tagsOf(ifNoneMatch).includes(etag) ? null : body() };
}

/** The top `limit` of a board and the version, its entries null while the board is still at `unlessVersion`. */
export async function readTop(
  deps: LeaderboardDeps,
  limit: number,
  board: BoardRef,
  unlessVersion: number | undefined,
): Promise<{ version: number; entries: LeaderboardEntry[] | null }> {
  const read = await deps.store.readBoard(board, limit, unlessVersion);
  return { version: read.version, entries: read.rows && read.rows.map(entryOf) };
}

/** GET /api/leaderboard: the top `limit` of a board, rank = position in the one order. */
export async function readLeaderboard(
  deps: LeaderboardDeps,
  limit: number,
  season: SeasonParam | undefined,
  ifNoneMatch: string | null,
): Promise<Conditional<LeaderboardEntry[]>> {
  const board = boardOf(deps, season);
  const read = await readTop(deps, limit, board, knownVersion(ifNoneMatch, board));
  const etag = boardTag(read.version, board);
  return read.entries === null ? { etag, body: null } : conditional(etag, ifNoneMatch, () => read.entries!);
}

/** The all-time top `limit`, for pages rendered on the server. */
export async function getLeaderboard(deps: LeaderboardDeps, limit: number): Promise<LeaderboardEntry[]> {
  return (await deps.store.getLeaderboard(limit)).map(entryOf);
}

/** The landing page: the top `limit` entries and the board's totals, in one store operation. */
export async function getBoardOverview(deps: LeaderboardDeps, limit: number): Promise<BoardOverview> {
  const summary = await deps.store.getBoardSummary(limit);
  return { top: summary.top.map(entryOf), entries: summary.entries, referrals: summary.referrals };
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
  ifNoneMatch: string | null,
): Promise<Conditional<LeaderboardEntry>> {
  const board = boardOf(deps, season);
  const row = board === "all" ? await deps.store.getRankOrCreate(wallet, deps.clock()) : await deps.store.getSeasonRank(board.season, wallet);
  return conditional(boardTag(row.version, board), ifNoneMatch, () => rankedEntryOf(row));
}

/** GET /api/leaderboard/around: the entries from `radius` above the wallet's rank to `radius` below; [] when unranked. */
export async function readAround(
  deps: LeaderboardDeps,
  wallet: Wallet,
  radius: number,
  season: SeasonParam | undefined,
  ifNoneMatch: string | null,
): Promise<Conditional<LeaderboardEntry[]>> {
  const board = boardOf(deps, season);
  const read = await deps.store.getAround(board, wallet, radius);
  return conditional(boardTag(read.version, board), ifNoneMatch, () => read.rows.map(rankedEntryOf));
}
