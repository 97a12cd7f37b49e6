/**
 * Farm signals on SQLite. Owns `referrer_signals` (one row per referrer with signals, ranked by the
 * referrer_signals_suspicion index) and `counted_referees` (migration 9). The counts are written by
 * referrals.ts and tasks.ts, inside the transaction of the fact they count, from `wallets`: the
 * referrer's referees through wallets_referees, and the referral chain. Reads `disqualified`
 * (moderation.ts).
 */
import "server-only";
import { BURST_WINDOW_SECONDS, CYCLE_WEIGHT, QUICK_SECONDS, suspicionOf } from "@/lib/domain/signals";
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

/** The expression of the referrer_signals_suspicion index (migration 9), so that ranking walks it. */
const SUSPICION = `referrals - active_referees + quick_referees + burst + ${CYCLE_WEIGHT} * cycles`;

/** `s` is the referrer; its counts are NULL where a LEFT JOIN found no row. */
const SIGNALS_COLUMNS = `s.wallet, referrals, burst, quick_referees, active_referees, cycles,
  EXISTS (SELECT 1 FROM disqualified d WHERE d.wallet = s.wallet) AS disqualified`;

/** One page of the ranking, by suspicion then wallet. */
export const RANKING = `SELECT ${SIGNALS_COLUMNS} FROM referrer_signals s
  ORDER BY ${SUSPICION} DESC, s.wallet LIMIT :limit OFFSET :offset`;

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

export function sqliteSignals(db: Db): SignalsStore {
  const countRanked = db.prepare<[], { n: number }>("SELECT count(*) AS n FROM referrer_signals");
  const readRanking = db.prepare<[{ offset: number; limit: number }], SignalsRow>(RANKING);
  const readSignals = db.prepare<[string], SignalsRow>(
    `SELECT ${SIGNALS_COLUMNS} FROM (SELECT ? AS wallet) s LEFT JOIN referrer_signals USING (wallet)`,
  );

  return {
    getSuspiciousReferrers: snapshot(db, (offset: number, limit: number) => ({
      total: required(countRanked.get(), "count of referrers with signals").n,
      rows: readRanking.all({ offset, limit }).map(referrerSignalsOf),
    })),
    // One statement reads one snapshot: no transaction needed.
    getReferrerSignals: async (wallet) => referrerSignalsOf(required(readSignals.get(wallet), `signals row of ${wallet}`)),
  };
}

function referrerSignalsOf(row: SignalsRow): ReferrerSignals {
  const counts = {
    referrals: row.referrals ?? 0,
    burst: row.burst ?? 0,
    quickReferees: row.quick_referees ?? 0,
    activeReferees: row.active_referees ?? 0,
    cycles: row.cycles ?? 0,
  };
  return { wallet: row.wallet, ...counts, suspicion: suspicionOf(counts), disqualified: row.disqualified === 1 };
}
