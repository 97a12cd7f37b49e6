/**
 * Analytics on Redis beyond the shared contract: the HyperLogLog's accuracy at a campaign's scale,
 * each day's keys expiring at the retention's end, and the round trips of the counters.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { dayName, expiryOf, SECONDS_PER_DAY, utcDay } from "@/lib/domain/analytics";
import { refCodeOf } from "@/lib/domain/wallet";
import { ALL_CODES, redisKeys } from "@/lib/store/redis/keys";
import { MAX_CAMPAIGN_SPAN } from "@/lib/store/types";
import { roundTrips, useRedisHarness } from "@/tests/store/redis-harness";
import { randomCode, randomWallet } from "@/tests/support/wallets";
import { AT_ONCE } from "@/tests/support/rules";
import { STREAK_WINDOW_SECONDS } from "@/lib/domain/rulebook";

const { raw, counted } = useRedisHarness();
const NOW = Math.floor(Date.now() / 1000);

describe("analytics on Redis", () => {
  it("the unique-visitor estimate stays within 2% at 10,000 distinct visitors, one round trip per visit", async () => {
    const { store, calls } = counted("tcp");
    const wallet = randomWallet();
    await store.registerWallet(wallet, NOW);
    const code = refCodeOf(wallet);
    // Run alone, on a fresh server, the script is not cached yet: load it first, so that the count
    // below is of visits, not of NOSCRIPT fallbacks.
    await store.countVisit({ refCode: randomCode(), visitorId: randomUUID(), now: NOW });
    calls.length = 0;
    const visitors = 10_000;
    for (let sent = 0; sent < visitors; sent += 500) {
      await Promise.all(
        Array.from({ length: 500 }, () => store.countVisit({ refCode: code, visitorId: randomUUID(), now: NOW })),
      );
    }
    expect(calls).toHaveLength(visitors);
    const [day] = await store.getVisits(code, utcDay(NOW), utcDay(NOW));
    expect(day!.visits).toBe(visitors);
    expect(Math.abs(day!.uniqueVisitors - visitors) / visitors).toBeLessThanOrEqual(0.02);
  });

  it("each of the day's keys expires the retention after the day ended", async () => {
    const { store, prefix } = counted("tcp", undefined, undefined, 30);
    const wallet = randomWallet();
    await store.registerWallet(wallet, NOW);
    const code = refCodeOf(wallet);
    await store.countVisit({ refCode: code, visitorId: randomUUID(), now: NOW });
    const keys = redisKeys(prefix);
    const day = dayName(utcDay(NOW));
    for (const key of [keys.visits(day), keys.visitors(day, code), keys.visitors(day, ALL_CODES)]) {
      expect(await raw.sendCommand(["EXPIRETIME", key]), key).toBe(expiryOf(utcDay(NOW), 30));
    }
    expect(expiryOf(utcDay(NOW), 30) - NOW).toBeGreaterThan(30 * SECONDS_PER_DAY);
  });

  it("the day's fact, connected and referrer keys expire the retention after the day; the totals and indexes never", async () => {
    const { store, prefix } = counted("tcp", undefined, undefined, 30);
    const referrer = randomWallet();
    await store.registerWallet(referrer, NOW);
    await store.recordReferral({ referee: randomWallet(), refCode: refCodeOf(referrer), selfReferral: false, now: NOW, terms: AT_ONCE });
    const keys = redisKeys(prefix);
    const day = dayName(utcDay(NOW));
    for (const key of [keys.facts(day), keys.connected(day), keys.referrers(day)]) {
      expect(await raw.sendCommand(["EXPIRETIME", key]), key).toBe(expiryOf(utcDay(NOW), 30));
    }
    for (const key of [keys.score, keys.referees(referrer), keys.countingSince]) {
      expect(await raw.sendCommand(["EXPIRETIME", key]), key).toBe(-1);
    }
    expect(await raw.sendCommand(["GET", keys.countingSince])).toBe(String(utcDay(NOW)));
  });

  it("each counted fact costs no extra round trip, and each read is one, its scratch key gone after", async () => {
    const { store, calls, prefix } = counted("upstash");
    const referrer = randomWallet();
    await store.registerWallet(referrer, NOW);
    const today = utcDay(NOW);
    const writes: (() => Promise<unknown>)[] = [
      () => store.recordReferral({ referee: randomWallet(), refCode: refCodeOf(referrer), selfReferral: false, now: NOW, terms: AT_ONCE }),
      () => store.checkIn(randomWallet(), NOW, SECONDS_PER_DAY, null, STREAK_WINDOW_SECONDS),
      () => store.completeSocialTask(randomWallet(), "fc_comment", NOW),
      () => store.markNftMint(randomWallet(), NOW, null),
      () => store.getRankOrCreate(randomWallet(), NOW),
      () => store.getReferralInfo(randomWallet(), NOW),
      () => store.getCampaign(today - MAX_CAMPAIGN_SPAN + 1, today, [{ fromDay: today - 30, toDay: today }]),
      () => store.getTopReferrers(today - 365, today, 500),
      () => store.getWalletReport(referrer, 0, 100),
    ];
    for (const write of writes) {
      await write(); // loads the script, which a fresh server has not cached
      expect(await roundTrips(calls, write)).toHaveLength(1);
    }
    expect(await raw.sendCommand(["EXISTS", redisKeys(prefix).topReferrers])).toBe(0);
    expect((await store.getCampaign(today, today, [])).days[0]).toMatchObject({
      newWallets: 13,
      referrals: 2,
      checkIns: 2,
      nftMints: 2,
      socialTasks: { fc_comment: 2 },
    });
  });
});
