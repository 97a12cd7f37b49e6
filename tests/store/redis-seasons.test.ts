/** The board version and season boards on Redis beyond the shared contract: the keys keys.ts names, one round trip per step. */
import { describe, expect, it } from "vitest";
import { DEFAULT_RETENTION_DAYS, utcDay } from "@/lib/domain/analytics";
import { seasonAt, type SeasonSchedule } from "@/lib/domain/seasons";
import { refCodeOf } from "@/lib/domain/wallet";
import type { RoundTripCommand } from "@/lib/store/redis/client";
import { redisKeys } from "@/lib/store/redis/keys";
import { createTcpRedisStore } from "@/lib/store/redis/tcp";
import { createUpstashStore } from "@/lib/store/redis/upstash";
import type { Store } from "@/lib/store/types";
import { newPrefix, roundTrips, useRedisHarness } from "@/tests/store/redis-harness";
import { randomWallet } from "@/tests/support/wallets";
import { AT_ONCE } from "@/tests/support/rules";

const T0 = 1_750_000_000;
const DAY = 86_400;
const { redisUrl, token, raw, cleanups, bridge } = useRedisHarness();

describe.each(["tcp", "upstash"] as const)("the board version and seasons on Redis (%s)", (backend) => {
  /** Weekly seasons, the first begun 20 days before T0's day: T0 is in season 3. */
  const SEASONS: SeasonSchedule = { startDay: utcDay(T0) - 20, lengthDays: 7 };
  const IN_SEASON_1 = (utcDay(T0) - 19) * DAY;

  function seasonal(seasons: SeasonSchedule | null) {
    const prefix = newPrefix();
    const calls: RoundTripCommand[] = [];
    const onCall = (c: RoundTripCommand) => calls.push(c);
    const cfg = { prefix, timeoutMs: 5_000, retentionDays: DEFAULT_RETENTION_DAYS, ...(seasons && { seasons }) };
    const store =
      backend === "tcp" ? createTcpRedisStore({ ...cfg, url: redisUrl }, { onCall }) : createUpstashStore({ ...cfg, url: bridge().url, token }, { onCall });
    cleanups.push(() => store.close());
    return { store, calls, k: redisKeys(prefix), prefix };
  }
  const refer = (store: Store, referrer: string, now: number, referee = randomWallet()) =>
    store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now, terms: AT_ONCE });
  const seasonKeys = async (prefix: string) =>
    ((await raw.sendCommand(["KEYS", `{${prefix}}:lb:*`])) as string[]).filter((key) => /:lb:(s:|held:s:|refs:s:|seasons$)/.test(key)).sort();

  it("a credit in a season writes its board, same composite as lb, and its referrals, in the one round trip", async () => {
    const { store, calls, k, prefix } = seasonal(SEASONS);
    const season = seasonAt(T0, SEASONS);
    const [referrer, referee] = [randomWallet(), randomWallet()];
    await store.registerWallet(referrer, T0 - 10);
    await refer(store, referrer, T0 - 5); // warm-up: scripts into the cache
    expect(await roundTrips(calls, () => refer(store, referrer, T0, referee))).toEqual(["evalsha"]);
    for (const wallet of [referrer, referee]) {
      expect(await raw.sendCommand(["ZSCORE", k.seasonBoard(season), wallet])).toBe(await raw.sendCommand(["ZSCORE", k.leaderboard, wallet]));
    }
    expect(await raw.sendCommand(["HGET", k.seasonReferrals(season), referrer])).toBe("2");
    expect(await raw.sendCommand(["GET", k.lastSeason])).toBe(String(season));
    expect(await seasonKeys(prefix)).toEqual([k.seasonBoard(season), k.seasonReferrals(season), k.lastSeason].sort());
    expect(await raw.sendCommand(["GET", k.boardVersion])).toBe(String(await store.getBoardVersion()));
  });

  it("with seasons off, or before the first season, nothing is written to a season key", async () => {
    for (const [seasons, now] of [[null, T0], [SEASONS, SEASONS.startDay * DAY - 1]] as const) {
      const { store, k, prefix } = seasonal(seasons);
      const referrer = randomWallet();
      await store.registerWallet(referrer, now - 10);
      await refer(store, referrer, now);
      await store.disqualify({ wallet: referrer, reason: "farm", cascade: true, admin: "admin", now });
      await store.reinstate({ wallet: referrer, admin: "admin", now });
      expect(await seasonKeys(prefix)).toEqual([]);
      expect(await store.countLeaderboard()).toBe(2);
      expect(await raw.sendCommand(["EXISTS", k.seasonBoard(0), k.seasonHeld(0), k.seasonReferrals(0)])).toBe(0);
    }
  });

  it("disqualify and reinstate move the season entries of every season scored in, even one after their `now`", async () => {
    const { store, calls, k } = seasonal(SEASONS);
    const referrer = randomWallet();
    await store.registerWallet(referrer, IN_SEASON_1 - 10);
    await refer(store, referrer, IN_SEASON_1);
    await refer(store, referrer, T0);
    const stored = await raw.sendCommand(["ZSCORE", k.seasonBoard(3), referrer]);
    // A clock behind the last point: season 1 by `now`, yet season 3 has an entry.
    expect(await roundTrips(calls, () => store.disqualify({ wallet: referrer, reason: "farm", cascade: true, admin: "admin", now: IN_SEASON_1 + 5 }))).toEqual(["evalsha"]);
    for (const season of [1, 3]) {
      expect(await raw.sendCommand(["ZSCORE", k.seasonBoard(season), referrer])).toBeNull();
      expect(await store.getSeasonRank(season, referrer)).toMatchObject({ rank: 0, score: 0, referralsCount: 0 });
    }
    expect(await raw.sendCommand(["ZSCORE", k.seasonHeld(3), referrer])).toBe(stored);
    expect(await roundTrips(calls, () => store.reinstate({ wallet: referrer, admin: "admin", now: IN_SEASON_1 + 6 }))).toEqual(["evalsha"]);
    expect(await raw.sendCommand(["ZSCORE", k.seasonBoard(3), referrer])).toBe(stored);
    expect(await raw.sendCommand(["EXISTS", k.seasonHeld(1), k.seasonHeld(3)])).toBe(0);
    // Back on the board, tied with its referee (the same point in the same second), in the order of the top list.
    const top = (await store.readBoard({ season: 3 }, 2)).rows!.map((row) => row.wallet);
    expect(await store.getSeasonRank(3, referrer)).toMatchObject({ rank: top.indexOf(referrer) + 1, score: 1, referralsCount: 1 });
    expect(top.indexOf(referrer)).toBeGreaterThanOrEqual(0);
  });

  it("the version is lb:version, 0 before any change and INCR'd by a credit; a read at it sends no rows", async () => {
    const { store, k } = seasonal(SEASONS);
    const referrer = randomWallet();
    await store.registerWallet(referrer, T0);
    expect(await store.getBoardVersion()).toBe(0);
    await refer(store, referrer, T0);
    const { version } = await store.readBoard({ season: 3 }, 5);
    expect(version).toBe(1);
    expect(await raw.sendCommand(["GET", k.boardVersion])).toBe("1");
    expect(await store.readBoard({ season: 3 }, 5, version)).toEqual({ version, rows: null });
    const again = await store.readBoard({ season: 3 }, 5, version - 1);
    expect(again.version).toBe(version);
    expect(again.rows).toContainEqual({ wallet: referrer, score: 1, referralsCount: 1 });
  });
});
