/**
 * The live board's requests and answers: the season parameter of the leaderboard reads, around-me,
 * and the events of GET /api/leaderboard/stream. Answers use the one entry shape of the interface.
 */
import { z } from "zod";
import { DEFAULT_AROUND_RADIUS, MAX_AROUND_RADIUS } from "@/lib/domain/leaderboard";
import { leaderboardEntrySchema, walletSchema } from "@/lib/contract/schemas";

export const INVALID_SEASON = 'Invalid season: must be "current" or a season number';
const INVALID_RADIUS = `Invalid radius: must be an integer from 1 to ${MAX_AROUND_RADIUS}`;

/** `?season=`: the season running now, or a season by number. Absent: the all-time board. */
export const seasonParam = z.union(
  [z.literal("current"), z.string().regex(/^[1-9][0-9]{0,5}$/).transform(Number)],
  { error: INVALID_SEASON },
);
export type SeasonParam = z.output<typeof seasonParam>;

/** GET /api/leaderboard */
export const boardQuery = z.object({ season: seasonParam.optional() });
/** GET /api/leaderboard/user */
export const boardUserQuery = z.object({ wallet: walletSchema, season: seasonParam.optional() });
/** GET /api/leaderboard/around */
export const aroundQuery = z.object({
  wallet: walletSchema,
  radius: z.coerce
    .number({ error: INVALID_RADIUS })
    .int({ error: INVALID_RADIUS })
    .min(1, { error: INVALID_RADIUS })
    .max(MAX_AROUND_RADIUS, { error: INVALID_RADIUS })
    .default(DEFAULT_AROUND_RADIUS),
  season: seasonParam.optional(),
});

/** GET /api/leaderboard/around: the entries around the wallet's rank, in order; [] when it has none. */
export const aroundResponse = z.array(leaderboardEntrySchema);

/** The data of each event of GET /api/leaderboard/stream: the top list, as GET /api/leaderboard answers it. */
export const boardEvent = z.array(leaderboardEntrySchema);

/** What the leaderboard page shows of seasons: null while they are off. */
export interface SeasonView {
  /** The season running now; 0 before the first starts. */
  current: number;
  /** Unix seconds: when the current season (or, before the first, season 1) starts and ends. */
  start: number;
  end: number;
}
