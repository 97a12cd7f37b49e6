/**
 * Each day's HyperLogLog sketches on SQLite (hyperloglog.ts): of every code's visitors and of the
 * wallets connected with a code, so that distinct counts over several days read one 16 KiB row
 * per day and sketch, whatever the visitors. Owns `analytics_sketches`; written by counters.ts in
 * the transaction of the visit or referral it counts, only when the new value raises a register.
 *
 * A file counted before SKETCH_MIGRATIONS keeps its days' visitor and wallet rows: the migration
 * backfills the daily totals in SQL and leaves those days' sketches NULL, and the first open after
 * it builds them from the rows (once, bounded by the retention), before the store serves.
 */
import "server-only";
import { addTo, emptyRegisters, estimate, mergeInto } from "@/lib/store/sqlite/hyperloglog";
import type { Db } from "@/lib/store/sqlite/db";

export type SketchName = "visitors" | "connected";

/** Where the pending sketch of a day counted before the migration reads its values from. */
const SOURCES: Record<SketchName, string> = {
  visitors: "SELECT visitor AS value FROM analytics_visitors WHERE day = ? AND code = '*'",
  connected: "SELECT wallet AS value FROM analytics_connected WHERE day = ?",
};

/**
 * The migration of flat campaign reads: appended to MIGRATIONS (migrations.ts) after every earlier
 * one. Every day's visits, unique visitors (of all codes: the '*' rows of analytics_visitors) and
 * connected wallets become rows of analytics_facts (names of DAY_TOTALS, counters.ts), as new
 * counts will be; the days' sketches are built on the next open (buildPending).
 */
export const SKETCH_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE analytics_sketches (
    day       INTEGER NOT NULL,
    sketch    TEXT NOT NULL,
    registers BLOB,
    PRIMARY KEY (day, sketch)
  ) STRICT;

  INSERT INTO analytics_visitors (day, code, visitor) SELECT DISTINCT day, '*', visitor FROM analytics_visitors;
  INSERT INTO analytics_facts (day, fact, count) SELECT day, 'visits', sum(visits) FROM analytics_visits GROUP BY day;
  INSERT INTO analytics_facts (day, fact, count) SELECT day, 'visitors', count(*) FROM analytics_visitors WHERE code = '*' GROUP BY day;
  INSERT INTO analytics_facts (day, fact, count) SELECT day, 'connected', count(*) FROM analytics_connected GROUP BY day;
  INSERT INTO analytics_sketches (day, sketch) SELECT DISTINCT day, 'visitors' FROM analytics_visitors;
  INSERT INTO analytics_sketches (day, sketch) SELECT DISTINCT day, 'connected' FROM analytics_connected;
  `,
];

/** Expired sketches one write removes at most, as counters.ts's PURGE_BATCH. */
const PURGE_BATCH = 8;

export interface Sketches {
  /** Adds `value` to the day's sketch (inside the caller's transaction); purges a few expired sketches. */
  add(sketch: SketchName, day: number, value: string, lastExpired: number): void;
  /** The estimated number of distinct values over days `fromDay`..`toDay`. */
  count(sketch: SketchName, fromDay: number, toDay: number): number;
}

type Key = { day: number; sketch: SketchName };

export function openSketches(db: Db): Sketches {
  const read = db.prepare<[Key], { registers: Buffer | null }>("SELECT registers FROM analytics_sketches WHERE day = :day AND sketch = :sketch");
  const write = db.prepare<[Key & { registers: Buffer }]>(
    `INSERT INTO analytics_sketches (day, sketch, registers) VALUES (:day, :sketch, :registers)
     ON CONFLICT DO UPDATE SET registers = excluded.registers`,
  );
  const purge = db.prepare<[{ lastExpired: number }]>(
    `DELETE FROM analytics_sketches WHERE rowid IN
       (SELECT rowid FROM analytics_sketches WHERE day <= :lastExpired LIMIT ${PURGE_BATCH})`,
  );
  const readRange = db.prepare<[{ sketch: SketchName; fromDay: number; toDay: number }], { registers: Buffer | null }>(
    "SELECT registers FROM analytics_sketches WHERE day BETWEEN :fromDay AND :toDay AND sketch = :sketch",
  );
  buildPending(db, write);

  return {
    add(sketch, day, value, lastExpired) {
      purge.run({ lastExpired });
      const registers = read.get({ day, sketch })?.registers ?? emptyRegisters();
      if (addTo(registers, value)) write.run({ day, sketch, registers });
    },
    count(sketch, fromDay, toDay) {
      const union = emptyRegisters();
      // all(), not iterate(): better-sqlite3 12's statement iterator aborts Node 24 when it is collected
      // (RemoveEnvironmentCleanupHook asserts); the rows are at most MAX_CAMPAIGN_SPAN sketches of 16 KB.
      for (const row of readRange.all({ sketch, fromDay, toDay })) if (row.registers) mergeInto(union, row.registers);
      return estimate(union);
    },
  };
}

/** Builds the sketches SKETCH_MIGRATIONS left NULL, from the days' rows; a second process finds none left. */
function buildPending(db: Db, write: { run(key: Key & { registers: Buffer }): unknown }): void {
  const pending = db.prepare<[], Key>("SELECT day, sketch FROM analytics_sketches WHERE registers IS NULL");
  if (!pending.get()) return;
  const sources = {
    visitors: db.prepare<[number], { value: string }>(SOURCES.visitors),
    connected: db.prepare<[number], { value: string }>(SOURCES.connected),
  };
  db.transaction(() => {
    for (const { day, sketch } of pending.all()) {
      const registers = emptyRegisters();
      for (const { value } of sources[sketch].all(day)) addTo(registers, value);
      write.run({ day, sketch, registers });
    }
  }).immediate();
}
