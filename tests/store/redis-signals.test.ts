/** Farm signals on Redis beyond the shared contract: one round trip per call, the keys keys.ts names, imports that leave them be. */
import { describe, expect, it } from "vitest";
import { CHECKIN_COOLDOWN_SECONDS } from "@/lib/domain/tasks";
import { refCodeOf } from "@/lib/domain/wallet";
import { redisKeys } from "@/lib/store/redis/keys";
import { SCRIPT_NAMES, SCRIPTS } from "@/lib/store/redis/run";
import { roundTrips, useRedisHarness } from "@/tests/store/redis-harness";
import { randomWallet } from "@/tests/support/wallets";
import { AT_ONCE } from "@/tests/support/rules";
import { STREAK_WINDOW_SECONDS } from "@/lib/domain/rulebook";

const T0 = 1_750_000_000;
const { raw, counted } = useRedisHarness();

function countedSignals(backend: "tcp" | "upstash") {
  const { store, calls, prefix } = counted(backend);
  return { store, calls, keys: redisKeys(prefix) };
}

describe.each(["tcp", "upstash"] as const)("signals on Redis (%s)", (backend) => {
  it("a referral and a check-in still cost one round trip each, signals included; so does each read", async () => {
    const { store, calls, keys } = countedSignals(backend);
    const [referrer, referee] = [randomWallet(), randomWallet()];
    await store.registerWallet(referrer, T0);
    for (const name of SCRIPT_NAMES) await raw.sendCommand(["SCRIPT", "LOAD", SCRIPTS[name].text]);

    const ops: [string, () => Promise<unknown>][] = [
      ["recordReferral", () => store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now: T0, terms: AT_ONCE })],
      ["checkIn", () => store.checkIn(referee, T0 + 1, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS)],
      ["getSuspiciousReferrers", () => store.getSuspiciousReferrers(0, 10)],
      ["getReferrerSignals", () => store.getReferrerSignals(referrer)],
    ];
    for (const [name, op] of ops) expect(await roundTrips(calls, op), name).toEqual(["evalsha"]);

    expect(await store.getReferrerSignals(referrer)).toMatchObject({ referrals: 1, burst: 1, activeReferees: 1, suspicion: 1 });
    const signalKeys = (await raw.sendCommand(["KEYS", `${keys.signalsKeyPrefix}*`])) as string[];
    expect(signalKeys.sort()).toEqual([keys.signals(referrer), keys.signalRanking].sort());
  });

  it("re-importing a referee already counted active does not count it again", async () => {
    const { store, keys } = countedSignals(backend);
    const [referrer, referee] = [randomWallet(), randomWallet()];
    await store.registerWallet(referrer, T0);
    await store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now: T0, terms: AT_ONCE });
    await store.checkIn(referee, T0 + 1, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
    const [record] = await store.getWallets([referee]);
    if (!record) throw new Error("the referee has a record");
    await store.putWallets([record]);
    expect(await raw.sendCommand(["HGET", keys.wallet(referee), "activeReferee"])).toBe("1");
    await store.checkIn(referee, T0 + 1 + CHECKIN_COOLDOWN_SECONDS, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
    expect((await store.getReferrerSignals(referrer)).activeReferees).toBe(1);
  });

  it("an import that changes a referrer's referralsCount leaves its signals and their rank as they were", async () => {
    const { store, keys } = countedSignals(backend);
    const referrer = randomWallet();
    await store.registerWallet(referrer, T0);
    await store.recordReferral({ referee: randomWallet(), refCode: refCodeOf(referrer), selfReferral: false, now: T0, terms: AT_ONCE });
    const [record] = await store.getWallets([referrer]);
    if (!record) throw new Error("the referrer has a record");
    await store.putWallets([{ ...record, referralsCount: 5 }]);
    expect(await store.getReferrerSignals(referrer)).toMatchObject({ referrals: 1, suspicion: 2 });
    expect(await raw.sendCommand(["ZSCORE", keys.signalRanking, referrer])).toBe("-2");
  });
});
