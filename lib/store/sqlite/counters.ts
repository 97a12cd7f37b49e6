/**
 * The campaign's daily counters on SQLite, written inside the transaction of the fact they count
 * (a visit, a new wallet, a referral...). Owns `analytics_visits`, `analytics_visitors` (migration
 * 6), `analytics_facts`, `analytics_connected`, `analytics_referrers` and `analytics_since`
 * (migration 7). A day's totals of every code (DAY_TOTALS) are rows of analytics_facts, raised as
 * the visit or referral is written, and its sketches (sketches.ts) too, so a read of the campaign
 * costs rows per day, never per visitor or wallet. Every write also removes a few rows of its
 * table past the retention, so the tables stay near what is kept, with no sweeper; and the first
 * write of all records the day counting began.
 */
import "server-only";
import { lastExpiredDay, utcDay } from "@/lib/domain/analytics";
import type { Db } from "@/lib/store/sqlite/db";
import { openSketches, type Sketches } from "@/lib/store/sqlite/sketches";

/** Expired rows of each table one write removes at most: bounded work on the request path. */
const PURGE_BATCH = 8;

/**
 * A day's totals of every code, kept in analytics_facts beside the facts of lib/store/facts.ts
 * (whose names they do not share). Unique visitors are distinct over every code: the day's rows
 * of analytics_visitors under code ALL_CODES, one per visitor.
 */
export const DAY_TOTALS = { visits: "visits", uniqueVisitors: "visitors", connectedWithCode: "connected" } as const;
/** The code under which analytics_visitors keeps a day's visitors of every code (no refCode is '*'). */
export const ALL_CODES = "*";

export interface Counters {
  /** One visit of the code's link and its visitor, on the day of `now`. */
  visit(code: string, visitor: string, now: number): void;
  /** +1 to a fact (lib/store/facts.ts) of the day of `now`. */
  fact(fact: string, now: number): void;
  /** The wallet asked to be bound with a code on the day of `now` (once a day counts). */
  connected(wallet: string, now: number): void;
  /** A referral of `referrer` recorded on the day of `now`. */
  referral(referrer: string, now: number): void;
  /** The day sketches, read by analytics.ts for distinct counts over several days. */
  sketches: Sketches;
}

type DayNow = { day: number; lastExpired: number };

export function openCounters(db: Db, retentionDays: number): Counters {
  const sketches = openSketches(db);
  const markSince = db.prepare<[{ day: number }]>("INSERT INTO analytics_since (id, day) VALUES (1, :day) ON CONFLICT DO NOTHING");
  /**
   * A write to `table`: +1 on the day's row keyed by `keyColumns` (no `countColumn`: the row's
   * presence counts, and the write tells whether the row is new).
   */
  const writer = <P extends object>(table: string, keyColumns: string[], countColumn?: string) => {
    const columns = ["day", ...keyColumns];
    const values = columns.map((c) => `:${c}`);
    const add = db.prepare<[P & { day: number }]>(
      countColumn
        ? `INSERT INTO ${table} (${columns.join(", ")}, ${countColumn}) VALUES (${values.join(", ")}, 1)
           ON CONFLICT DO UPDATE SET ${countColumn} = ${countColumn} + 1`
        : `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${values.join(", ")}) ON CONFLICT DO NOTHING`,
    );
    const purge = db.prepare<[{ lastExpired: number }]>(
      `DELETE FROM ${table} WHERE (${columns.join(", ")}) IN
         (SELECT ${columns.join(", ")} FROM ${table} WHERE day <= :lastExpired LIMIT ${PURGE_BATCH})`,
    );
    return (params: P, { day, lastExpired }: DayNow): boolean => {
      purge.run({ lastExpired });
      return add.run({ ...params, day }).changes > 0;
    };
  };
  const addVisit = writer<{ code: string }>("analytics_visits", ["code"], "visits");
  const addVisitor = writer<{ code: string; visitor: string }>("analytics_visitors", ["code", "visitor"]);
  const addFact = writer<{ fact: string }>("analytics_facts", ["fact"], "count");
  const addConnected = writer<{ wallet: string }>("analytics_connected", ["wallet"]);
  const addReferral = writer<{ referrer: string }>("analytics_referrers", ["referrer"], "referrals");
  /** The day of `now`, counting started if it had not. */
  const dayOf = (now: number): DayNow => {
    const day = utcDay(now);
    markSince.run({ day });
    return { day, lastExpired: lastExpiredDay(now, retentionDays) };
  };

  return {
    visit(code, visitor, now) {
      const day = dayOf(now);
      addVisit({ code }, day);
      addFact({ fact: DAY_TOTALS.visits }, day);
      addVisitor({ code, visitor }, day);
      if (addVisitor({ code: ALL_CODES, visitor }, day)) {
        addFact({ fact: DAY_TOTALS.uniqueVisitors }, day);
        sketches.add("visitors", day.day, visitor, day.lastExpired);
      }
    },
    fact: (fact, now) => void addFact({ fact }, dayOf(now)),
    connected(wallet, now) {
      const day = dayOf(now);
      if (!addConnected({ wallet }, day)) return;
      addFact({ fact: DAY_TOTALS.connectedWithCode }, day);
      sketches.add("connected", day.day, wallet, day.lastExpired);
    },
    referral: (referrer, now) => void addReferral({ referrer }, dayOf(now)),
    sketches,
  };
}
