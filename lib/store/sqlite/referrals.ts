/**
 * Referrals on SQLite. Owns `active_referrers`, `referral_total` (the number of wallets with a
 * referrer, kept by triggers on `wallets`, migration 4) and the referral columns of `wallets`
 * (referrer, referred_at, referrals_count; the wallets_referees index of migration 7 orders a
 * referrer's referees for analytics.ts; referral_pending and pending_referrals, migration 10, for
 * REFERRAL_QUALIFY). Reads `ref_codes` to resolve a code; moves both wallets' entries through the
 * Board; counts the day's connected wallet and credited referral, and the referrer's farm signals;
 * appends referral.recorded and referral.credited to the webhook outbox (webhooks.ts).
 */
import "server-only";
import type { CreditWhen, ReferralCredit } from "@/lib/domain/rulebook";
import { FACTS } from "@/lib/store/facts";
import type { Counters } from "@/lib/store/sqlite/counters";
import { immediate, required, type Db } from "@/lib/store/sqlite/db";
import type { Board } from "@/lib/store/sqlite/leaderboard";
import type { Signals } from "@/lib/store/sqlite/signals";
import type { Outbox } from "@/lib/store/sqlite/webhooks";
import type { Register, RegisterReading } from "@/lib/store/sqlite/wallets";
import type { RecordReferralInput, RecordReferralResult, ReferralStore } from "@/lib/store/types";

/** Crediting a referral, inside the caller's transaction. */
export interface Credits {
  /** What a credit moves (ReferralStore.creditReferral): the count, each side's points, the active mark, the day's referral. */
  credit(referee: string, referrer: string, now: number, credit: ReferralCredit): void;
  /** The wallet's pending referral, if it has one, is credited at `now`; its referrer when this call did it, else null. */
  creditPending(referee: string, now: number, credit: ReferralCredit): string | null;
}

export function openCredits(db: Db, board: Board, counters: Counters, signals: Signals, outbox: Outbox): Credits {
  const countReferral = db.prepare<[string]>("UPDATE wallets SET referrals_count = referrals_count + 1 WHERE wallet = ?");
  const markActive = db.prepare<[{ wallet: string; now: number }]>(
    "INSERT INTO active_referrers (wallet, since) VALUES (:wallet, :now) ON CONFLICT DO NOTHING",
  );
  const apply = (referee: string, referrer: string, now: number, { points }: ReferralCredit) => {
    countReferral.run(referrer);
    board.addPoints(referee, now, points.referee, false);
    board.addPoints(referrer, now, points.referrer, true);
    markActive.run({ wallet: referrer, now });
    counters.fact(FACTS.referrals, now);
    counters.referral(referrer, now);
    outbox.append("referral.credited", now, { referrer, referee, points: { referrer: points.referrer, referee: points.referee } });
  };
  const takePending = db.prepare<[string], { referrer: string }>(
    "UPDATE wallets SET referral_pending = 0 WHERE wallet = ? AND referral_pending = 1 RETURNING referrer",
  );
  const unpend = db.prepare<[string]>("UPDATE wallets SET pending_referrals = pending_referrals - 1 WHERE wallet = ?");
  return {
    credit: apply,
    creditPending(referee, now, credit) {
      const taken = takePending.get(referee);
      if (!taken) return null;
      unpend.run(taken.referrer);
      apply(referee, taken.referrer, now, credit);
      signals.counted(taken.referrer);
      return taken.referrer;
    },
  };
}

export function sqliteReferrals(
  db: Db,
  register: Register,
  registerReading: RegisterReading,
  counters: Counters,
  signals: Signals,
  credits: Credits,
  outbox: Outbox,
): ReferralStore {
  const readCodeOwner = db.prepare<[string], { wallet: string }>("SELECT wallet FROM ref_codes WHERE code = ?");
  const readReferral = db.prepare<[string], { referrer: string | null; referrals_count: number; referral_pending: number; pending_referrals: number }>(
    "SELECT referrer, referrals_count, referral_pending, pending_referrals FROM wallets WHERE wallet = ?",
  );
  const readQualified = db.prepare<[string], { checkin: number; nft_mint: number }>(
    "SELECT checkin_last IS NOT NULL AS checkin, nft_mint FROM wallets WHERE wallet = ?",
  );
  const bindReferee = db.prepare<[{ referee: string; referrer: string; now: number; pending: number }]>(
    "UPDATE wallets SET referrer = :referrer, referred_at = :now, referral_pending = :pending WHERE wallet = :referee",
  );
  const addPending = db.prepare<[string]>("UPDATE wallets SET pending_referrals = pending_referrals + 1 WHERE wallet = ?");

  /** Whether the binding's condition holds by what the store keeps, at binding ("later" never does). */
  const holdsNow = (referee: string, when: CreditWhen): boolean => {
    if (when === "now") return true;
    const row = readQualified.get(referee);
    if (when === "checked-in") return row?.checkin === 1;
    if (when === "nft-mint") return row?.nft_mint === 1;
    return false;
  };

  return {
    getReferralInfo: immediate(db, (wallet: string, now: number) => {
      const registration = registerReading(wallet, now);
      const row = required(readReferral.get(wallet), `wallets row of ${wallet}`);
      return { ...registration, referrer: row.referrer, referralsCount: row.referrals_count, pendingReferrals: row.pending_referrals };
    }),

    // Single statements read one snapshot: no transaction needed.
    resolveRefCode: async (refCode) => readCodeOwner.get(refCode)?.wallet ?? null,
    getReferrer: async (wallet) => readReferral.get(wallet)?.referrer ?? null,

    recordReferral: immediate(db, (input: RecordReferralInput): RecordReferralResult => {
      const { referee, refCode, selfReferral, now, terms } = input;
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
      const pending = !holdsNow(referee, terms.creditWhen);
      bindReferee.run({ referee, referrer, now, pending: pending ? 1 : 0 });
      outbox.append("referral.recorded", now, { referrer, referee });
      if (pending) addPending.run(referrer);
      else credits.credit(referee, referrer, now, terms.credit);
      signals.referral(referee, referrer, now);
      return { outcome: "recorded", referrer, credited: !pending };
    }),

    creditReferral: immediate(db, (referee: string, now: number, credit: ReferralCredit) => credits.creditPending(referee, now, credit)),
  };
}
