/** Farcaster notifications on Redis beyond the shared contract: one round trip per call, the keys keys.ts names, their expiries. */
import { describe, expect, it } from "vitest";
import { dayName, expiryOf, utcDay } from "@/lib/domain/analytics";
import type { NotificationTarget } from "@/lib/domain/notifications";
import { redisKeys } from "@/lib/store/redis/keys";
import { CLAIM_SECONDS } from "@/lib/store/redis/notifications";
import { SCRIPT_NAMES, SCRIPTS } from "@/lib/store/redis/run";
import { roundTrips, useRedisHarness } from "@/tests/store/redis-harness";
import { randomWallet } from "@/tests/support/wallets";

const NOW = Math.floor(Date.now() / 1000);
const TODAY = utcDay(NOW);
const URL = "https://api.farcaster.xyz/v1/frame-notifications";
const target = (fid: number, appFid = 9152, token = `token-${fid}-${appFid}`): NotificationTarget => ({ fid, appFid, url: URL, token });
const { raw, counted } = useRedisHarness();

describe.each(["tcp", "upstash"] as const)("notifications on Redis (%s)", (backend) => {
  it("every notification call costs one round trip", async () => {
    const { store, calls } = counted(backend);
    const wallet = randomWallet();
    for (const name of SCRIPT_NAMES) await raw.sendCommand(["SCRIPT", "LOAD", SCRIPTS[name].text]);

    const ops: [string, () => Promise<unknown>][] = [
      ["saveNotificationTarget", () => store.saveNotificationTarget(target(1), NOW)],
      ["linkFarcaster", () => store.linkFarcaster(1, wallet, NOW)],
      ["linkedFid", () => store.linkedFid(wallet)],
      ["claimNotification (claimed)", () => store.claimNotification("referral", wallet, TODAY)],
      ["claimNotification (claimed before)", () => store.claimNotification("referral", wallet, TODAY)],
      ["takeReminderBatch", () => store.takeReminderBatch(10)],
      ["recordNotificationOutcome", () => store.recordNotificationOutcome({ day: TODAY, sent: 1, failed: 1, invalid: 1, drop: [target(1)], reminded: [1], now: NOW })],
      ["removeNotificationTarget", () => store.removeNotificationTarget(1, 1234)],
      ["getNotificationStats", () => store.getNotificationStats(TODAY - 365, TODAY)],
    ];
    for (const [name, op] of ops) expect(await roundTrips(calls, op), name).toEqual(["evalsha"]);
  });
});

describe("notification keys on Redis", () => {
  it("writes only the keys keys.ts names, under the store's hash tag; a fid without targets leaves no key and no subscriber", async () => {
    const { store, prefix } = counted("tcp");
    const k = redisKeys(prefix);
    const wallet = randomWallet();
    await store.saveNotificationTarget(target(5), NOW);
    await store.saveNotificationTarget(target(6), NOW);
    await store.linkFarcaster(5, wallet, NOW);
    await store.claimNotification("checkin", wallet, TODAY);
    await store.takeReminderBatch(1);
    await store.recordNotificationOutcome({ day: TODAY, sent: 2, failed: 0, invalid: 1, drop: [target(6)], reminded: [5], now: NOW });

    const written = ((await raw.sendCommand(["KEYS", `*${prefix}*`])) as string[]).sort();
    const claims = k.notificationClaims("checkin", dayName(TODAY));
    const counts = k.notificationCounts(dayName(TODAY));
    expect(written).toEqual([k.notificationTargets(5), k.subscribers, k.reminderCursor, k.linkedWallets, k.linkedFids, k.reminded, claims, counts].sort());
    for (const key of written) expect(key.startsWith(`{${prefix}}:`), key).toBe(true);
    expect(await raw.sendCommand(["ZRANGE", k.subscribers, "0", "-1", "WITHSCORES"])).toEqual(["5", "5"]);
    expect(await raw.sendCommand(["HGETALL", k.notificationTargets(5)])).toEqual(["9152", `token-5-9152 ${URL}`]);
    expect(await raw.sendCommand(["GET", k.reminderCursor])).toBe("5");
    expect(await raw.sendCommand(["HGET", k.linkedFids, wallet])).toBe("5");
    expect(await raw.sendCommand(["HGET", k.reminded, "5"])).toBe(String(NOW));
    expect(await raw.sendCommand(["HGETALL", counts])).toEqual(["sent", "2", "invalid", "1"]);
  });

  it("the day's counts expire the retention after the day; a claims set CLAIM_SECONDS after its newest claim; the rest never", async () => {
    const { store, prefix } = counted("tcp", undefined, undefined, 30);
    const k = redisKeys(prefix);
    const wallet = randomWallet();
    await store.saveNotificationTarget(target(8), NOW);
    await store.linkFarcaster(8, wallet, NOW);
    await store.claimNotification("referral", wallet, TODAY);
    await store.recordNotificationOutcome({ day: TODAY, sent: 1, failed: 0, invalid: 0, drop: [], reminded: [8], now: NOW });

    expect(await raw.sendCommand(["EXPIRETIME", k.notificationCounts(dayName(TODAY))])).toBe(expiryOf(TODAY, 30));
    const ttl = (await raw.sendCommand(["TTL", k.notificationClaims("referral", dayName(TODAY))])) as number;
    expect(ttl).toBeGreaterThan(CLAIM_SECONDS - 60);
    expect(ttl).toBeLessThanOrEqual(CLAIM_SECONDS);
    for (const key of [k.notificationTargets(8), k.subscribers, k.linkedWallets, k.linkedFids, k.reminded]) {
      expect(await raw.sendCommand(["EXPIRETIME", key]), key).toBe(-1);
    }
  });

  it("a round that counted nothing writes no counts key", async () => {
    const { store, prefix } = counted("tcp");
    await store.recordNotificationOutcome({ day: TODAY, sent: 0, failed: 0, invalid: 0, drop: [], reminded: [], now: NOW });
    expect(await raw.sendCommand(["EXISTS", redisKeys(prefix).notificationCounts(dayName(TODAY))])).toBe(0);
  });
});
