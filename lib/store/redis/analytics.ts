/**
 * Analytics on Redis: daily counters beside the data, each day's keys expiring after the
 * retention. Unique visitors and connected wallets are HyperLogLogs (PFADD/PFCOUNT): bounded
 * memory per key, an estimate with about 0.8% standard error. The counters of a fact are written
 * by the script of that fact (see countingDay); this module counts visits and reads them all.
 *
 * Keys: codes (whether a wallet owns the code), an:<day>:visits, an:<day>:uv:<code>,
 * an:<day>:facts, an:<day>:connected, an:<day>:referrers, an:since, an:top (scratch), score,
 * referees:<addr>, wallet:<addr> (referralsCount of a top referrer), lb, lb:held, disqualified and
 * disqualified:<addr> (whether a referrer is disqualified, a report's rank and record), q:w:<addr>,
 * q:ledger:<addr> and q:order (a report's quest points, ledger and catalog size).
 * Scripts: analytics/count-visit, get-visits, get-campaign, get-top-referrers, get-wallet-report.
 */
import "server-only";
import { dayName, daysOf, expiryOf, utcDay } from "@/lib/domain/analytics";
import { campaignDayOf, FACT_NAMES } from "@/lib/store/facts";
import { NO_INDEX } from "@/lib/store/redis/code-index";
import type { RedisContext } from "@/lib/store/redis/context";
import { ALL_CODES, CODES_COMPLETE_FIELD } from "@/lib/store/redis/keys";
import { disqualificationOf } from "@/lib/store/redis/moderation";
import { ledgerEntryOf } from "@/lib/store/redis/quests";
import { int, list, optInt, referredAtOf, STATE_REPLY_LENGTH, str, UnexpectedReplyError, wallet, walletStateOf } from "@/lib/store/redis/reply";
import { SOCIAL_TASK_IDS } from "@/lib/domain/tasks";
import { whole } from "@/lib/store/redis/run";
import { LOOKUP_LEDGER_PAGE, type AnalyticsStore, type CampaignDay, type ReferrerPeriod } from "@/lib/store/types";

/**
 * The UTC day of `now` as a counting script takes it (countingDay of lib/analytics.lua): the day's
 * facts hash and the counters' start in KEYS, the day's number and its keys' expiry in ARGV.
 */
export function countingDay({ keys, retentionDays }: RedisContext, now: number) {
  const day = utcDay(now);
  const name = dayName(day);
  return { name, keys: [keys.facts(name), keys.countingSince], args: [whole(day), whole(expiryOf(day, retentionDays))] };
}

/** Each fact's place among a day's counts in get-campaign's reply. */
const FACT_POSITION = new Map(FACT_NAMES.map((fact, f) => [fact, f]));

export function analyticsOperations(context: RedisContext): AnalyticsStore {
  const { keys, run, runList, withCodeIndex } = context;
  return {
    countVisit({ refCode, visitorId, now }) {
      const day = countingDay(context, now);
      const scriptKeys = [
        keys.codes,
        ...day.keys,
        keys.visits(day.name),
        keys.visitors(day.name, refCode),
        keys.visitors(day.name, ALL_CODES),
      ];
      const args = [...day.args, refCode, visitorId, CODES_COMPLETE_FIELD];
      return withCodeIndex(async () => {
        const verdict = str(await run("count-visit", scriptKeys, args), "countVisit");
        if (verdict === "counted") return true;
        if (verdict === "miss") return false;
        if (verdict === "no-index") return NO_INDEX;
        throw new UnexpectedReplyError("countVisit", verdict);
      });
    },

    async getVisits(refCode, fromDay, toDay) {
      const code = refCode ?? ALL_CODES;
      const days = daysOf({ fromDay, toDay });
      const dayKeys = days.map(dayName).flatMap((name) => [keys.visits(name), keys.visitors(name, code)]);
      const reply = await runList("get-visits", dayKeys, [code], dayKeys.length);
      return days.map((day, i) => ({
        day,
        visits: int(reply[2 * i], "visits"),
        uniqueVisitors: int(reply[2 * i + 1], "uniqueVisitors"),
      }));
    },

    async getCampaign(fromDay, toDay, ranges) {
      const days = daysOf({ fromDay, toDay });
      const dayKeys = days
        .map(dayName)
        .flatMap((name) => [keys.facts(name), keys.visits(name), keys.visitors(name, ALL_CODES), keys.connected(name)]);
      const rangeArgs = ranges.flatMap((range) => [whole(range.fromDay - fromDay), whole(range.toDay - fromDay)]);
      const args = [ALL_CODES, whole(FACT_NAMES.length), ...FACT_NAMES, ...rangeArgs];
      const perDay = 3 + FACT_NAMES.length;
      const reply = await runList("get-campaign", [keys.score, keys.countingSince, ...dayKeys], args, 2 + days.length * perDay + 2 * ranges.length);
      const since = str(reply[1], "countingSince");
      const campaignDays: CampaignDay[] = days.map((day, i) => {
        const at = 2 + i * perDay;
        const count = (fact: string) => int(reply[at + 3 + FACT_POSITION.get(fact)!], fact);
        const visits = { day, visits: int(reply[at], "visits"), uniqueVisitors: int(reply[at + 1], "uniqueVisitors") };
        return campaignDayOf(visits, int(reply[at + 2], "connectedWithCode"), count);
      });
      const rangesAt = 2 + days.length * perDay;
      return {
        days: campaignDays,
        distinct: ranges.map((_, r) => ({
          uniqueVisitors: int(reply[rangesAt + 2 * r], "range uniqueVisitors"),
          connectedWithCode: int(reply[rangesAt + 2 * r + 1], "range connectedWithCode"),
        })),
        totalScore: int(reply[0], "totalScore"),
        countingSince: since === "" ? null : int(since, "countingSince"),
      };
    },

    async getTopReferrers(fromDay, toDay, limit) {
      const names = daysOf({ fromDay, toDay }).map(dayName);
      const scriptKeys = [keys.topReferrers, keys.disqualified, ...names.map(keys.referrers), ...names.map(keys.visits)];
      const args = [whole(limit), keys.walletKeyPrefix, ...names.map((name) => keys.visitors(name, ""))];
      const reply = await runList("get-top-referrers", scriptKeys, args, 0);
      if (reply.length % 6 !== 0) throw new UnexpectedReplyError("getTopReferrers", reply);
      const top: ReferrerPeriod[] = [];
      for (let i = 0; i < reply.length; i += 6) {
        top.push({
          wallet: wallet(reply[i], "top referrer"),
          referrals: int(reply[i + 1], "referrals"),
          referralsAllTime: int(reply[i + 2], "referralsAllTime"),
          visits: int(reply[i + 3], "visits"),
          uniqueVisitors: int(reply[i + 4], "uniqueVisitors"),
          disqualified: int(reply[i + 5], "disqualified") === 1,
        });
      }
      return top;
    },

    async getWalletReport(address, offset, limit) {
      const reply = await runList(
        "get-wallet-report",
        [
          keys.wallet(address),
          ...keys.board,
          keys.referees(address),
          keys.disqualification(address),
          keys.questProgress(address),
          keys.questLedger(address),
          keys.questOrder,
          keys.linkedFids,
        ],
        [address, whole(offset), whole(limit), whole(LOOKUP_LEDGER_PAGE), ...SOCIAL_TASK_IDS],
        STATE_REPLY_LENGTH + 9,
      );
      const [known, rank, total, page, record, points, ledgerTotal, entries, catalogSize] = reply.slice(STATE_REPLY_LENGTH);
      const pairs = list(page, "referees");
      const referees = [];
      for (let i = 0; i + 1 < pairs.length; i += 2) {
        referees.push({ wallet: wallet(pairs[i], "referee"), referredAt: referredAtOf(pairs[i + 1], "referredAt") });
      }
      return {
        known: int(known, "known") === 1,
        state: walletStateOf(reply),
        rank: int(rank, "rank"),
        referees: { total: int(total, "referees total"), referees },
        disqualification: disqualificationOf(address, record),
        quests: {
          ledger: {
            points: optInt(points, "quest points") ?? 0,
            total: int(ledgerTotal, "ledger length"),
            entries: list(entries, "ledger").map(ledgerEntryOf),
          },
          catalogSize: int(catalogSize, "quests in the catalog"),
        },
      };
    },
  };
}
