/** Moderation on Redis beyond the shared contract: one round trip per call, and the keys it leaves are exactly those keys.ts names. */
import { describe, expect, it } from "vitest";
import { dayName, utcDay } from "@/lib/domain/analytics";
import { refCodeOf } from "@/lib/domain/wallet";
import { redisKeys } from "@/lib/store/redis/keys";
import { SCRIPT_NAMES, SCRIPTS } from "@/lib/store/redis/run";
import { roundTrips, useRedisHarness } from "@/tests/store/redis-harness";
import { randomWallet } from "@/tests/support/wallets";
import { AT_ONCE } from "@/tests/support/rules";

// Now, not a fixed time: the day's counters of an earlier day would be past their retention, and gone.
const T0 = Math.floor(Date.now() / 1000);
const { raw, counted } = useRedisHarness();

describe.each(["tcp", "upstash"] as const)("moderation on Redis (%s)", (backend) => {
  it("disqualify with cascade, reinstate, the ban list and every read cost one round trip each, and leave no scratch key", async () => {
    const { store, calls, prefix } = counted(backend);
    const [referrer, stranger] = [randomWallet(), randomWallet()];
    const referees = [randomWallet(), randomWallet(), randomWallet()];
    await store.registerWallet(referrer, T0);
    for (const referee of referees) {
      await store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now: T0, terms: AT_ONCE });
    }
    for (const name of SCRIPT_NAMES) await raw.sendCommand(["SCRIPT", "LOAD", SCRIPTS[name].text]);
    // Free text of any kind, the admin's included: its length prefix counts bytes, not characters.
    const admin = "ünï, |admin|";

    const ops: [string, () => Promise<unknown>][] = [
      ["disqualify (cascade)", () => store.disqualify({ wallet: referrer, reason: "farm, |ü|", cascade: true, admin, now: T0 + 1 })],
      ["getDisqualifications", () => store.getDisqualifications([referrer, ...referees])],
      ["scanDisqualified", () => store.scanDisqualified("0", 100)],
      ["reinstate", () => store.reinstate({ wallet: referrer, admin, now: T0 + 2 })],
      ["disqualifyMany", () => store.disqualifyMany({ rows: [{ wallet: stranger, reason: "list" }], admin, now: T0 + 3 })],
      ["getAuditLog", () => store.getAuditLog(0, 10)],
    ];
    for (const [name, op] of ops) expect(await roundTrips(calls, op), name).toEqual(["evalsha"]);

    expect((await store.getAuditLog(0, 10)).entries.map((entry) => [entry.action, entry.admin, entry.reason, entry.wallets])).toEqual([
      ["import-ban-list", admin, null, 1],
      ["reinstate", admin, null, 4],
      ["disqualify", admin, "farm, |ü|", 4],
    ]);
    const k = redisKeys(prefix);
    const day = dayName(utcDay(T0));
    const expected = [
      ...[referrer, ...referees].map(k.wallet),
      k.referees(referrer),
      k.codes,
      k.leaderboard,
      k.boardVersion,
      k.activeReferrers,
      k.referrals,
      k.score,
      k.facts(day),
      k.connected(day),
      k.referrers(day),
      k.countingSince,
      k.signals(referrer),
      k.signalRanking,
      k.disqualified,
      k.disqualification(stranger),
      k.audit,
    ];
    expect(((await raw.sendCommand(["KEYS", `{${prefix}}:*`])) as string[]).sort()).toEqual(expected.sort());
  });
});
