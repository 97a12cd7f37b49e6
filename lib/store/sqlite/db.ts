/**
 * The SQLite connection: opening the file, its pragmas, and the transaction helpers every
 * concern module builds its methods from. Owns no table.
 *
 * better-sqlite3 is synchronous, so each method runs to completion without yielding: within
 * one process nothing interleaves with a transaction. Other processes (a second server, a CLI)
 * are serialised by SQLite's write lock, which is why every write transaction is BEGIN
 * IMMEDIATE: a deferred one that read first would fail to upgrade (SQLITE_BUSY_SNAPSHOT)
 * instead of waiting.
 *
 * Connections are opened so that their objects are never garbage collected. better-sqlite3 12,
 * the last major that runs on Node 20, wraps its Database and Statement objects in
 * node::ObjectWrap. From Node 24.19 that header's destructor removes an environment cleanup
 * hook, and the process aborts ("Assertion failed: (env) != nullptr") when the garbage
 * collector destroys such an object outside a JavaScript context, which it does at random
 * moments. So every connection and statement opened here stays referenced until the process
 * exits. The store prepares its statements once per connection, so this holds a fixed number of
 * objects; close() still finalizes a closed connection's statements in SQLite, leaving only their
 * small JavaScript shells. `db.pragma()` prepares a statement that nothing keeps: use `pragma()`.
 */
import "server-only";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { SeasonSchedule } from "@/lib/domain/seasons";
import type { SuspicionWeights } from "@/lib/domain/signals";

export type Db = Database.Database;

export const SQLITE_FILE_NAME = "refboard.sqlite";

export interface SqliteStoreOptions {
  /** Days the daily campaign counters are kept after each day. */
  retentionDays: number;
  /** Seasons are on when set: every point also counts on the board of the season it is scored in. */
  seasons?: SeasonSchedule;
  /** What each farm signal weighs in the suspicion ranking; SUSPICION_WEIGHTS unless set. */
  suspicionWeights?: SuspicionWeights;
  /** How long a write waits for another connection's lock before failing with SQLITE_BUSY. */
  busyTimeoutMs?: number;
}

const keptAlive: object[] = [];

export function openDatabase(file: string): Db {
  const db = new Database(file);
  keptAlive.push(db);
  const prepare = db.prepare.bind(db);
  db.prepare = ((source: string) => {
    const statement = prepare(source);
    keptAlive.push(statement);
    return statement;
  }) as typeof db.prepare;
  return db;
}

/** One PRAGMA through a kept statement; its first column, or undefined when it returns no row. */
export function pragma(db: Db, source: string): unknown {
  const statement = db.prepare(`PRAGMA ${source}`);
  return statement.reader ? statement.pluck().get() : void statement.run();
}

/**
 * `<dataDir>/refboard.sqlite`, the directory created if missing, with the connection settings
 * below; `setUp` runs on it next (migrations, statements), and the connection is closed if
 * anything fails, so a failed open leaves no lock behind.
 */
export function openConnection<T>(dataDir: string, options: SqliteStoreOptions, setUp: (db: Db) => T): T {
  mkdirSync(dataDir, { recursive: true });
  const db = openDatabase(join(dataDir, SQLITE_FILE_NAME));
  try {
    configure(db, options.busyTimeoutMs ?? 5000);
    return setUp(db);
  } catch (error) {
    db.close();
    throw error;
  }
}

function configure(db: Db, busyTimeoutMs: number): void {
  // First, so that the journal-mode switch below already waits for a concurrent opener.
  pragma(db, `busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
  const mode = pragma(db, "journal_mode = WAL");
  // Rollback-journal mode would make readers and the writer block each other; refuse rather than degrade silently.
  if (mode !== "wal") {
    throw new Error(`SQLite refused WAL journal mode (got ${String(mode)}); is the data dir on a local disk?`);
  }
  // NORMAL, not FULL: in WAL mode a commit is handed to the OS before it is acknowledged,
  // so it survives the process being killed (SIGKILL, OOM, crash); only a power loss or
  // kernel crash can drop the last commits before a checkpoint, and even then the file
  // stays consistent (never half a referral). That is the same promise as Redis with
  // appendfsync everysec. FULL would fsync on every commit while blocking the event loop.
  pragma(db, "synchronous = NORMAL");
  // A checkpoint runs inside the commit that crosses this many WAL pages and fsyncs the WAL and the
  // file; a referral writes some 30 pages, so SQLite's default of 1,000 checkpointed every ~30 writes,
  // about a sixth of a write's CPU. 10,000 pages (a WAL of up to ~40 MB) checkpoint a tenth as often.
  pragma(db, `wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
}

/** WAL pages between automatic checkpoints (configure() says why not SQLite's 1,000). */
export const WAL_CHECKPOINT_PAGES = 10_000;

/** `fn` as one store method: a BEGIN IMMEDIATE ... COMMIT transaction (rolled back on any throw). */
export function immediate<A extends unknown[], R>(db: Db, fn: (...args: A) => R): (...args: A) => Promise<R> {
  const tx = db.transaction(fn);
  return async (...args: A) => tx.immediate(...args);
}

/** `fn` as one store method: a deferred (read) transaction, so its statements read one snapshot. */
export function snapshot<A extends unknown[], R>(db: Db, fn: (...args: A) => R): (...args: A) => Promise<R> {
  const tx = db.transaction(fn);
  return async (...args: A) => tx.deferred(...args);
}

/** A row the transaction itself just wrote must be there; its absence is a bug, not data. */
export function required<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw new Error(`SqliteStore invariant broken: missing ${what}`);
  return row;
}
