/**
 * Referrals on SQLite. Owns `active_referrers`, `referral_total` (the number of wallets with a
 * referrer, kept by triggers on `wallets`, migration 4) and the referral columns of `wallets`
 * (referrer, referred_at, referrals_count; the wallets_referees index of migration 7 orders a
 * referrer's referees for analytics.ts). Reads `ref_codes` to resolve a code; moves both
 * wallets' entries through the Board; counts the day's connected wallet and referral, and the
 * referrer's farm signals.
 */
import "server-only";
import { FACTS } from "@/lib/store/facts";
import type { Counters } from "@/lib/store/sqlite/counters";
import { immediate, required, type Db } from "@/lib/store/sqlite/db";
import type { Board } from "@/lib/store/sqlite/leaderboard";
import type { Signals } from "@/lib/store/sqlite/signals";
import type { Register } from "@/lib/store/sqlite/wallets";
import type { RecordReferralInput, RecordReferralResult, ReferralStore } from "@/lib/store/types";

export function sqliteReferrals(db: Db, board: Board, register: Register, counters: Counters, signals: Signals): ReferralStore {
  const readCodeOwner = db.prepare<[string], { wallet: string }>("SELECT wallet FROM ref_codes WHERE code = ?");
  const readReferral = db.prepare<[string], { referrer: string | null; referrals_count: number }>(
    "SELECT referrer, referrals_count FROM wallets WHERE wallet = ?",
  );
  const bindReferee = db.prepare<[{ referee: string; referrer: string; now: number }]>(
    "UPDATE wallets SET referrer = :referrer, referred_at = :now WHERE wallet = :referee",
  );
  const countReferral = db.prepare<[string]>("UPDATE wallets SET referrals_count = referrals_count + 1 WHERE wallet = ?");
  const markActive = db.prepare<[{ wallet: string; now: number }]>(
    "INSERT INTO active_referrers (wallet, since) VALUES (:wallet, :now) ON CONFLICT DO NOTHING",
  );

  return {
    getReferralInfo: immediate(db, (wallet: string, now: number) => {
      const registration = register(wallet, now);
      const row = required(readReferral.get(wallet), `wallets row of ${wallet}`);
      return { ...registration, referrer: row.referrer, referralsCount: row.referrals_count };
    }),

    // Single statements read one snapshot: no transaction needed.
    resolveRefCode: async (refCode) => readCodeOwner.get(refCode)?.wallet ?? null,
    getReferrer: async (wallet) => readReferral.get(wallet)?.referrer ?? null,

    recordReferral: immediate(db, (input: RecordReferralInput): RecordReferralResult => {
      const { referee, refCode, selfReferral, now } = input;
      counters.connected(referee, now);
      const existing = readReferral.get(referee)?.referrer;
      if (typeof existing === "string") return { outcome: "already-recorded", referrer: existing };
      if (selfReferral) return { outcome: "self-referral" };
      const referrer = readCodeOwner.get(refCode)?.wallet;
      if (referrer === undefined) return { outcome: "code-not-found" };
      // Only reachable if the service's verdict and the code index disagree; never bind a wallet to itself.
      if (referrer === referee) return { outcome: "self-referral" };
      register(referee, now);
      // The code index implies the owner is known; registering anyway keeps the credit from landing on no row.
      register(referrer, now);
      bindReferee.run({ referee, referrer, now });
      countReferral.run(referrer);
      signals.referral(referee, referrer, now);
      board.addPoint(referee, now);
      board.addPoint(referrer, now);
      markActive.run({ wallet: referrer, now });
      counters.fact(FACTS.referrals, now);
      counters.referral(referrer, now);
      return { outcome: "recorded", referrer };
    }),
  };
}
