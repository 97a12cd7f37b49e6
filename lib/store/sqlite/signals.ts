/**
 * Farm signals on SQLite. Owns `referrer_signals` (one row per referrer with signals, ranked by the
 * referrer_signals_suspicion index, made on open from the store's weights) and `counted_referees`
 * (migration 9). The counts are written by referrals.ts and tasks.ts, inside the transaction of the
 * fact they count, from `wallets`: the referrer's referees through wallets_referees, and the referral
 * chain. Reads `disqualified` (moderation.ts).
 */
import "server-only";
import { BURST_WINDOW_SECONDS, QUICK_SECONDS, SIGNAL_COUNTS, suspicionOf, wholeWeights, type SignalCounts, type SuspicionWeights } from "@/lib/domain/signals";
import { required, snapshot, type Db } from "@/lib/store/sqlite/db";
import type { ReferrerSignals, SignalsStore } from "@/lib/store/types";

export interface Signals {
  /** `referee` was just bound to `referrer` at `now`, and the referrer's referrals_count counted it. */
  referral(referee: string, referrer: string, now: number): void;
  /** The wallet checked in, first completed a social task or first had nft_mint verified: active for its referrer, once. */
  action(wallet: string): void;
  /** A pending referral of `referrer` was credited: its referrals_count moved. */
  counted(referrer: string): void;
}

/** The column of referrer_signals that holds each count. */
const COLUMNS: Readonly<Record<keyof SignalCounts, string>> = {
  referrals: "referrals",
  activeReferees: "active_referees",
  quickReferees: "quick_referees",
  burst: "burst",
  cycles: "cycles",
};

/**
 * suspicionOf over the columns, the weights written in as numbers rather than bound: SQLite walks an
 * expression index only for a query holding the same expression, and an index holds no parameter.
 */
function suspicionExpression(weights: SuspicionWeights): string {
  const whole = wholeWeights(weights);
  return SIGNAL_COUNTS.map((count) => `(${whole[count]}) * ${COLUMNS[count]}`).join(" + ");
}

const SUSPICION_INDEX = "referrer_signals_suspicion";

/** The definition of the ranking index for `weights`, as sqlite_master keeps it. */
function suspicionIndex(weights: SuspicionWeights): string {
  return `CREATE INDEX ${SUSPICION_INDEX} ON referrer_signals ((${suspicionExpression(weights)}) DESC, wallet)`;
}

/** `s` is the referrer; its counts are NULL where a LEFT JOIN found no row. */
const SIGNALS_COLUMNS = `s.wallet, referrals, burst, quick_referees, active_referees, cycles,
  EXISTS (SELECT 1 FROM disqualified d WHERE d.wallet = s.wallet) AS disqualified`;

/** One page of the ranking by suspicion under `weights`, then wallet: a walk of the index made for them. */
export function rankingQuery(weights: SuspicionWeights): string {
  return `SELECT ${SIGNALS_COLUMNS} FROM referrer_signals s
  ORDER BY ${suspicionExpression(weights)} DESC, s.wallet LIMIT :limit OFFSET :offset`;
}

/**
 * Makes the ranking index match `weights`: kept when sqlite_master already holds this definition (the
 * usual open, no write lock), else dropped and made again (a new file, other weights, or a file whose
 * index migration 9 made with the weights written out). Checked again inside IMMEDIATE, as migrate() does.
 */
export function indexSuspicion(db: Db, weights: SuspicionWeights): void {
  const definition = suspicionIndex(weights);
  const current = db.prepare<[string], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?");
  if (current.get(SUSPICION_INDEX)?.sql === definition) return;
  db.transaction(() => {
    if (current.get(SUSPICION_INDEX)?.sql === definition) return;
    db.exec(`DROP INDEX IF EXISTS ${SUSPICION_INDEX}`);
    db.exec(definition);
  }).immediate();
}

type Count = number | null;
type SignalsRow = {
  wallet: string;
  referrals: Count;
  burst: Count;
  quick_referees: Count;
  active_referees: Count;
  cycles: Count;
  disqualified: number;
};

export function openSignals(db: Db): Signals {
  // Runs after the referee is bound, so the referrer's referees include it.
  const countReferral = db.prepare<[{ referee: string; referrer: string; now: number }]>(
    `INSERT INTO referrer_signals (wallet, referrals, burst, quick_referees, active_referees, cycles)
     SELECT r.wallet, r.referrals_count,
       -- The window ending now: a busiest window always ends at a referral, so max() over these is the burst.
       (SELECT count(*) FROM wallets WHERE referrer = r.wallet
           AND referred_at > :now - ${BURST_WINDOW_SECONDS} AND referred_at <= :now),
       -- The previous referral is the latest referee but this one.
       coalesce(:now - (SELECT referred_at FROM wallets WHERE referrer = r.wallet AND wallet <> :referee
                         ORDER BY referred_at DESC LIMIT 1) <= ${QUICK_SECONDS}, 0),
       0,
       coalesce(:referee IN (r.referrer, (SELECT referrer FROM wallets WHERE wallet = r.referrer)), 0)
     FROM wallets r WHERE r.wallet = :referrer
     ON CONFLICT DO UPDATE SET referrals = excluded.referrals, burst = max(burst, excluded.burst),
       quick_referees = quick_referees + excluded.quick_referees, cycles = cycles + excluded.cycles`,
  );
  // No row for a wallet without a referrer: acting before it is bound counts neither now nor later.
  const markCounted = db.prepare<[string], { referrer: string }>(
    `INSERT INTO counted_referees (referee, referrer)
     SELECT wallet, referrer FROM wallets WHERE wallet = ? AND referrer IS NOT NULL
     ON CONFLICT DO NOTHING RETURNING referrer`,
  );
  const countActive = db.prepare<[{ referrer: string }]>(
    `INSERT INTO referrer_signals (wallet, referrals, burst, quick_referees, active_referees, cycles)
     VALUES (:referrer, coalesce((SELECT referrals_count FROM wallets WHERE wallet = :referrer), 0), 0, 0, 1, 0)
     ON CONFLICT DO UPDATE SET referrals = excluded.referrals, active_referees = active_referees + 1`,
  );

  const copyCount = db.prepare<[string]>(
    "UPDATE referrer_signals SET referrals = (SELECT referrals_count FROM wallets WHERE wallet = referrer_signals.wallet) WHERE wallet = ?",
  );

  return {
    referral: (referee, referrer, now) => void countReferral.run({ referee, referrer, now }),
    counted: (referrer) => void copyCount.run(referrer),
    action(wallet) {
      const counted = markCounted.get(wallet);
      if (counted) countActive.run(counted);
    },
  };
}

export function sqliteSignals(db: Db, weights: SuspicionWeights): SignalsStore {
  const countRanked = db.prepare<[], { n: number }>("SELECT count(*) AS n FROM referrer_signals");
  const readRanking = db.prepare<[{ offset: number; limit: number }], SignalsRow>(rankingQuery(weights));
  const signalsOf = (row: SignalsRow) => referrerSignalsOf(row, weights);
  const readSignals = db.prepare<[string], SignalsRow>(
    `SELECT ${SIGNALS_COLUMNS} FROM (SELECT ? AS wallet) s LEFT JOIN referrer_signals USING (wallet)`,
  );

  return {
    getSuspiciousReferrers: snapshot(db, (offset: number, limit: number) => ({
      total: required(countRanked.get(), "count of referrers with signals").n,
      rows: readRanking.all({ offset, limit }).map(signalsOf),
    })),
    // One statement reads one snapshot: no transaction needed.
    getReferrerSignals: async (wallet) => signalsOf(required(readSignals.get(wallet), `signals row of ${wallet}`)),
  };
}

function referrerSignalsOf(row: SignalsRow, weights: SuspicionWeights): ReferrerSignals {
  const counts = {
    referrals: row.referrals ?? 0,
    burst: row.burst ?? 0,
    quickReferees: row.quick_referees ?? 0,
    activeReferees: row.active_referees ?? 0,
    cycles: row.cycles ?? 0,
  };
  return { wallet: row.wallet, ...counts, suspicion: suspicionOf(counts, weights), disqualified: row.disqualified === 1 };
}
