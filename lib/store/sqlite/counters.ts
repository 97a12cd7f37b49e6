/**
 * The campaign's daily counters on SQLite, written inside the transaction of the fact they count
 * (a visit, a new wallet, a referral...). Owns `analytics_visits`, `analytics_visitors` (migration
 * 6), `analytics_facts`, `analytics_connected`, `analytics_referrers` and `analytics_since`
 * (migration 7). Every write also removes a few rows of its table past the retention, so the
 * tables stay near what is kept, with no sweeper; and the first write of all records the day
 * counting began.
 */
import "server-only";
import { lastExpiredDay, utcDay } from "@/lib/domain/analytics";
import type { Db } from "@/lib/store/sqlite/db";

/** Expired rows of each table one write removes at most: bounded work on the request path. */
const PURGE_BATCH = 8;

export interface Counters {
  /** One visit of the code's link and its visitor, on the day of `now`. */
  visit(code: string, visitor: string, now: number): void;
  /** +1 to a fact (lib/store/facts.ts) of the day of `now`. */
  fact(fact: string, now: number): void;
  /** The wallet asked to be bound with a code on the day of `now` (once a day counts). */
  connected(wallet: string, now: number): void;
  /** A referral of `referrer` recorded on the day of `now`. */
  referral(referrer: string, now: number): void;
}

type DayNow = { day: number; lastExpired: number };

export function openCounters(db: Db, retentionDays: number): Counters {
  const markSince = db.prepare<[{ day: number }]>("INSERT INTO analytics_since (id, day) VALUES (1, :day) ON CONFLICT DO NOTHING");
  /** A write to `table`: +1 on the day's row keyed by `keyColumns` (no `countColumn`: the row's presence counts). */
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
    return (params: P, { day, lastExpired }: DayNow) => {
      purge.run({ lastExpired });
      add.run({ ...params, day });
      markSince.run({ day });
    };
  };
  const addVisit = writer<{ code: string }>("analytics_visits", ["code"], "visits");
  const addVisitor = writer<{ code: string; visitor: string }>("analytics_visitors", ["code", "visitor"]);
  const addFact = writer<{ fact: string }>("analytics_facts", ["fact"], "count");
  const addConnected = writer<{ wallet: string }>("analytics_connected", ["wallet"]);
  const addReferral = writer<{ referrer: string }>("analytics_referrers", ["referrer"], "referrals");
  const dayOf = (now: number): DayNow => ({ day: utcDay(now), lastExpired: lastExpiredDay(now, retentionDays) });

  return {
    visit(code, visitor, now) {
      addVisit({ code }, dayOf(now));
      addVisitor({ code, visitor }, dayOf(now));
    },
    fact: (fact, now) => addFact({ fact }, dayOf(now)),
    connected: (wallet, now) => addConnected({ wallet }, dayOf(now)),
    referral: (referrer, now) => addReferral({ referrer }, dayOf(now)),
  };
}
