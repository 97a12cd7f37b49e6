/**
 * Seasons (SEASON_LENGTH_DAYS, SEASON_START): consecutive boards of a fixed number of UTC days,
 * numbered from 1. Every point also counts on the board of the season running when it is scored;
 * a season that has ended is read-only. Pure rules, no I/O.
 */
import { SECONDS_PER_DAY } from "@/lib/domain/analytics";

export interface SeasonSchedule {
  /** UTC day number (Unix seconds / 86,400) on which season 1 starts. */
  startDay: number;
  lengthDays: number;
}

/** The season running at `now` (1-based), or 0 before the first starts. */
export function seasonAt(now: number, schedule: SeasonSchedule): number {
  const start = schedule.startDay * SECONDS_PER_DAY;
  if (now < start) return 0;
  return Math.floor((now - start) / (schedule.lengthDays * SECONDS_PER_DAY)) + 1;
}

/** Season `season`'s first second and the first second after it (Unix seconds). */
export function seasonBounds(season: number, schedule: SeasonSchedule): { start: number; end: number } {
  const length = schedule.lengthDays * SECONDS_PER_DAY;
  const start = schedule.startDay * SECONDS_PER_DAY + (season - 1) * length;
  return { start, end: start + length };
}
