/**
 * Referrals on Redis: the referral card, code lookups, the one-time binding of a referee and, under
 * REFERRAL_QUALIFY, the credit of a binding that waited for its referee (creditKeys).
 * Lookups that need the code index go through withCodeIndex, which rebuilds a missing index.
 *
 * Keys: wallet:<addr> (referee, referrer and any wallet a script derives from the prefix),
 * codes, lb, lb:held, disqualified, lb:version, the season's lb:s:<n>, lb:held:s:<n>, lb:refs:s:<n> and
 * lb:seasons (see seasonWrite), referrers:active, referrals, score, referees:<referrer>, the referrer's
 * signals (sig:<referrer>, sig:rank; see signalWrites); counted on the day:
 * an:<day>:facts (a new referee, the referral), an:<day>:connected, an:<day>:referrers, an:since; the webhooks'
 * outbox (referral.recorded, referral.credited: outboxInputs of webhooks.ts).
 * Scripts: referrals/get-referral-info, resolve-ref-code, get-referrer, record-referral, credit-referral
 * (and referralCredit, creditReferral and creditPending of lib/credit.lua, which tasks/check-in and
 * tasks/mark-nft-mint run too).
 */
import "server-only";
import type { ReferralCredit } from "@/lib/domain/rulebook";
import { NO_INDEX } from "@/lib/store/redis/code-index";
import type { RedisContext } from "@/lib/store/redis/context";
import { CODES_COMPLETE_FIELD } from "@/lib/store/redis/keys";
import { optInt, optWallet, str, UnexpectedReplyError, wallet as walletOf } from "@/lib/store/redis/reply";
import { countingDay } from "@/lib/store/redis/analytics";
import { seasonWrite } from "@/lib/store/redis/seasons";
import { signalWrites } from "@/lib/store/redis/signals";
import { CREDIT, CREDIT_REFERRAL, DAY, OUTBOX, part, positional, RECORD_REFERRAL, REFEREE_REGISTRATION, SIGNALS } from "@/lib/store/redis/layouts";
import { outboxInputs } from "@/lib/store/redis/webhooks";
import { registration, REGISTRATION_REPLY_LENGTH, registrationOf } from "@/lib/store/redis/wallets";
import { whole } from "@/lib/store/redis/run";
import { BURST_WINDOW_SECONDS, QUICK_SECONDS, type RecordReferralResult, type ReferralStore } from "@/lib/store/types";

/**
 * What every script that credits a referral takes for referralCredit of lib/credit.lua: in KEYS, after the
 * signals (signalWrites), the board with its version (leaderboard), the board of `now`'s season
 * (seasonBoard), the active referrers, the score total and the referrers of `now`'s day; in ARGV, last,
 * the season's number and the points of `credit` for the referrer and the referee (0 without a credit:
 * the script applies none then).
 */
export function creditInputs(context: RedisContext, now: number, credit: ReferralCredit | null): { keys: string[]; args: string[] } {
  const { keys } = context;
  const season = seasonWrite(context, now);
  const points = credit?.points ?? { referrer: 0, referee: 0 };
  return {
    keys: [...keys.boardWrite, ...season.keys, keys.activeReferrers, keys.score, keys.referrers(countingDay(context, now).name)],
    args: [...season.args, whole(points.referrer), whole(points.referee)],
  };
}

export function referralOperations(context: RedisContext): ReferralStore {
  const { keys, run, runList, withCodeIndex } = context;
  const signals = signalWrites(context);
  return {
    async getReferralInfo(wallet, now) {
      const { keys: scriptKeys, args } = registration(context, wallet, now);
      const reply = await runList("get-referral-info", scriptKeys, args, REGISTRATION_REPLY_LENGTH + 3);
      const [referrer, referralsCount, pendingReferrals] = reply.slice(REGISTRATION_REPLY_LENGTH);
      return {
        ...registrationOf(reply),
        referrer: optWallet(referrer, "referrer"),
        referralsCount: optInt(referralsCount, "referralsCount") ?? 0,
        pendingReferrals: optInt(pendingReferrals, "pendingReferrals") ?? 0,
      };
    },

    resolveRefCode(refCode) {
      return withCodeIndex(async () => {
        const reply = await runList("resolve-ref-code", [keys.codes], [refCode, CODES_COMPLETE_FIELD], 1);
        const verdict = str(reply[0], "resolveRefCode");
        if (verdict === "owner") return walletOf(reply[1], "code owner");
        if (verdict === "miss") return null;
        if (verdict === "no-index") return NO_INDEX;
        throw new UnexpectedReplyError("resolveRefCode", reply);
      });
    },

    async getReferrer(wallet) {
      return optWallet(await run("get-referrer", [keys.wallet(wallet)], []), "referrer");
    },

    recordReferral({ referee, refCode, selfReferral, now, terms }) {
      const inputs = positional(RECORD_REFERRAL, {
        ...part(REFEREE_REGISTRATION, registration(context, referee, now)),
        ...part(SIGNALS, signals),
        ...part(CREDIT, creditInputs(context, now, terms.credit)),
        referralsKey: keys.referrals,
        connectedKey: keys.connected(countingDay(context, now).name),
        refCode,
        selfReferral: selfReferral ? "1" : "0",
        completeField: CODES_COMPLETE_FIELD,
        refereesKeyPrefix: keys.refereesKeyPrefix,
        burstWindow: whole(BURST_WINDOW_SECONDS),
        quickSeconds: whole(QUICK_SECONDS),
        creditWhen: terms.creditWhen,
        ...part(OUTBOX, outboxInputs(context, now)),
      });
      return withCodeIndex(async (): Promise<RecordReferralResult | typeof NO_INDEX> => {
        const reply = await runList("record-referral", inputs.keys, inputs.args, 1);
        const outcome = str(reply[0], "recordReferral");
        switch (outcome) {
          case "recorded":
          case "already-recorded":
            return { outcome, referrer: walletOf(reply[1], "referrer") };
          case "self-referral":
          case "code-not-found":
            return { outcome };
          case "no-index":
            return NO_INDEX;
          default:
            throw new UnexpectedReplyError("recordReferral", reply);
        }
      });
    },

    async creditReferral(referee, now, credit) {
      const inputs = positional(CREDIT_REFERRAL, {
        walletKey: keys.wallet(referee),
        wallet: referee,
        now: whole(now),
        ...part(DAY, countingDay(context, now)),
        ...part(SIGNALS, signals),
        ...part(CREDIT, creditInputs(context, now, credit)),
        ...part(OUTBOX, outboxInputs(context, now)),
      });
      const reply = await run("credit-referral", inputs.keys, inputs.args);
      return optWallet(reply, "creditReferral");
    },
  };
}
