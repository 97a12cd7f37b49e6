/**
 * Farm signals on Redis (lib/store/ports/signals.ts): the counts live in a hash per referrer and the
 * ranking in a sorted set scored by suspicion, both written by the scripts of the facts they count
 * (signalWrites), so each read is one script over what is already in order.
 *
 * Keys: sig:<addr>, sig:rank, disqualified; the writes also wallet:<addr> (referralsCount, and
 * activeReferee, the mark of a referee already counted).
 * Scripts: signals/get-suspicious-referrers, signals/get-referrer-signals; written by
 * referrals/record-referral, credit-referral and tasks/check-in, complete-social-task, mark-nft-mint.
 */
import "server-only";
import { SIGNAL_COUNTS, wholeWeights } from "@/lib/domain/signals";
import type { RedisContext } from "@/lib/store/redis/context";
import { int, list, optInt, wallet as walletOf } from "@/lib/store/redis/reply";
import { whole } from "@/lib/store/redis/run";
import { suspicionOf, type ReferrerSignals, type SignalCounts, type SignalsStore, type SuspicionWeights } from "@/lib/store/types";

/** The field of the signals hash (keys.ts sig:<addr>) that holds each count. */
const FIELDS: Readonly<Record<keyof SignalCounts, string>> = {
  referrals: "referrals",
  activeReferees: "active",
  quickReferees: "quick",
  burst: "burst",
  cycles: "cycles",
};

/**
 * What every script that writes signals takes for signalKeys of lib/signals.lua: the ranking in KEYS, the
 * rest in ARGV, the weights as the JSON object {field of the signals hash: weight}, so the script only sums.
 */
export function signalWrites({ keys, suspicionWeights }: Pick<RedisContext, "keys" | "suspicionWeights">): { keys: string[]; args: string[] } {
  const checked = wholeWeights(suspicionWeights);
  const weights = JSON.stringify(Object.fromEntries(SIGNAL_COUNTS.map((count) => [FIELDS[count], checked[count]])));
  return { keys: [keys.signalRanking], args: [keys.signalsKeyPrefix, keys.walletKeyPrefix, weights] };
}

/** Signals as readSignals of lib/signals.lua reads them: {wallet, referrals, burst, quick, active, cycles, disqualified}. */
function referrerSignalsOf(reply: unknown, weights: SuspicionWeights): ReferrerSignals {
  const [wallet, referrals, burst, quick, active, cycles, disqualified] = list(reply, "referrer signals", 7);
  const counts = {
    referrals: optInt(referrals, "referrals") ?? 0,
    burst: optInt(burst, "burst") ?? 0,
    quickReferees: optInt(quick, "quick referees") ?? 0,
    activeReferees: optInt(active, "active referees") ?? 0,
    cycles: optInt(cycles, "cycles") ?? 0,
  };
  return { wallet: walletOf(wallet, "signals wallet"), ...counts, suspicion: suspicionOf(counts, weights), disqualified: int(disqualified, "disqualified") === 1 };
}

export function signalOperations({ keys, run, runList, suspicionWeights }: RedisContext): SignalsStore {
  return {
    async getSuspiciousReferrers(offset, limit) {
      const args = [whole(offset), whole(limit), keys.signalsKeyPrefix];
      const reply = await runList("get-suspicious-referrers", [keys.signalRanking, keys.disqualified], args, 1);
      return { total: int(reply[0], "signals total"), rows: reply.slice(1).map((row) => referrerSignalsOf(row, suspicionWeights)) };
    },

    async getReferrerSignals(wallet) {
      return referrerSignalsOf(await run("get-referrer-signals", [keys.signals(wallet), keys.disqualified], [wallet]), suspicionWeights);
    },
  };
}
