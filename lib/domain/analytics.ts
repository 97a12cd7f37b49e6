/**
 * Campaign analytics: counters per UTC day. A day is the number of whole days since the Unix
 * epoch (UTC), which every backend keys its daily counters by; `YYYY-MM-DD` is how the API and
 * the console name it.
 */

export const SECONDS_PER_DAY = 86_400;

/** The UTC day of Unix time `now` (seconds). */
export function utcDay(now: number): number {
  return Math.floor(now / SECONDS_PER_DAY);
}

/** `YYYY-MM-DD` of a day number. */
export function dayName(day: number): string {
  return new Date(day * SECONDS_PER_DAY * 1000).toISOString().slice(0, 10);
}

/**
 * A browser's visitor id: a random id the page keeps in this origin's storage, so a visitor who
 * opens a link twice counts once a day. Never derived from the IP or any other property of the
 * request; 16 to 64 URL-safe characters (the web app sends a UUID).
 */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** How long daily counters are kept unless ANALYTICS_RETENTION_DAYS says otherwise. */
export const DEFAULT_RETENTION_DAYS = 400;

/** Unix time (seconds) at which the counters of `day` may be dropped, `retentionDays` after the day ended. */
export function expiryOf(day: number, retentionDays: number): number {
  return (day + 1 + retentionDays) * SECONDS_PER_DAY;
}

/** The latest day whose counters have expired at `now` (expiryOf(day) <= now). */
export function lastExpiredDay(now: number, retentionDays: number): number {
  return utcDay(now) - 1 - retentionDays;
}

const DAY_NAME = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of a `YYYY-MM-DD` name, or null when it is not a real calendar date. */
export function dayOfName(name: string): number | null {
  const match = DAY_NAME.exec(name);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayName(ms / 1000 / SECONDS_PER_DAY) === name ? ms / 1000 / SECONDS_PER_DAY : null;
}

/** A period of whole UTC days, both ends included. */
export interface Period {
  fromDay: number;
  toDay: number;
}

export function periodLength({ fromDay, toDay }: Period): number {
  return toDay - fromDay + 1;
}

/** Every day of a period, oldest first: the rows a daily read answers, zeros where nothing was counted. */
export function daysOf(period: Period): number[] {
  return Array.from({ length: periodLength(period) }, (_, i) => period.fromDay + i);
}

/** One entry per day of the period, oldest first, from the rows of the days that have one. */
export function everyDay<R extends { day: number }, T>(period: Period, rows: R[], entry: (day: number, row?: R) => T): T[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysOf(period).map((day) => entry(day, byDay.get(day)));
}

/** The period of the same length that ends the day before `period` starts: what a period's change is measured against. */
export function periodBefore(period: Period): Period {
  return { fromDay: period.fromDay - periodLength(period), toDay: period.fromDay - 1 };
}

/** visit-to-referral conversion: referrals per unique visitor, null when nobody visited. */
export function conversionOf(referrals: number, uniqueVisitors: number): number | null {
  return uniqueVisitors > 0 ? referrals / uniqueVisitors : null;
}

/** Most days one read may span: a year, leap day included. */
export const MAX_ANALYTICS_DAYS = 366;
/** Most days one campaign read may span: a longest period and the one before it. */
export const MAX_CAMPAIGN_SPAN = 2 * MAX_ANALYTICS_DAYS;
/** Most top referrers one read returns. */
export const MAX_TOP_REFERRERS = 500;
/** Most referees one page returns. */
export const MAX_REFEREES_PAGE = 100;

/**
 * A counter's change against the period before, as a fraction (0.25 is +25%): "new" when it rose
 * from zero, null when there is no period before (an "all time" read).
 */
export function changeOf(current: number, previous: number | null): number | "new" | null {
  if (previous === null) return null;
  if (previous === 0) return current === 0 ? 0 : "new";
  return (current - previous) / previous;
}
