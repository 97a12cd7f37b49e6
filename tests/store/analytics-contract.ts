/**
 * The AnalyticsStore contract: every backend runs exactly these tests, behind the validating
 * wrapper. A day's unique visitors are exact on SQLite and HyperLogLog estimates on Redis, so counts of
 * distinct visitors are checked within 2% (exact at the small counts here on every backend).
 *
 * Times are near the real clock: Redis expires a day's keys at a wall-clock time (EXPIREAT),
 * so a day in the distant past would be dropped at once.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SECONDS_PER_DAY, utcDay } from "@/lib/domain/analytics";
import { refCodeOf } from "@/lib/domain/wallet";
import { checked } from "@/lib/store/checked";
import type { Store } from "@/lib/store/types";
import { randomCode, randomWallet } from "@/tests/support/wallets";

const TODAY = utcDay(Math.floor(Date.now() / 1000));
/** Noon of today's UTC day, and the last second before and the first after midnight. */
const NOON = TODAY * SECONDS_PER_DAY + SECONDS_PER_DAY / 2;
const LAST_SECOND = (TODAY + 1) * SECONDS_PER_DAY - 1;
const NEXT_DAY = (TODAY + 1) * SECONDS_PER_DAY;
const RETENTION = 400;

const visitor = () => randomUUID();

/** Opens a fresh, empty store of the backend that keeps the daily counters `retentionDays` after each day. */
export type OpenStore = (retentionDays: number) => Promise<Store>;

/** Inside a describe: opens a fresh store behind the validating wrapper per call, closing each after its test. */
export function freshStores(open: OpenStore): (retentionDays?: number) => Promise<Store> {
  const opened: Store[] = [];
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });
  return async (retentionDays = 400) => {
    const store = checked(await open(retentionDays));
    opened.push(store);
    return store;
  };
}

export function describeAnalyticsContract(name: string, open: OpenStore) {
  describe(`analytics contract: ${name}`, () => {
    let store: Store;
    beforeEach(async () => {
      store = checked(await open(RETENTION));
    });
    afterEach(async () => {
      await store.close();
    });

    async function ownedCode(): Promise<string> {
      const wallet = randomWallet();
      await store.registerWallet(wallet, NOON);
      return refCodeOf(wallet);
    }

    const visit = (refCode: string, visitorId: string, now = NOON) =>
      store.countVisit({ refCode, visitorId, now });

    it("counts a visit and its visitor for the code and for every code; a code nobody owns counts nothing", async () => {
      const code = await ownedCode();
      expect(await visit(code, visitor())).toBe(true);
      expect(await visit(randomCode(), visitor())).toBe(false);
      expect(await store.getVisits(code, TODAY, TODAY)).toEqual([{ day: TODAY, visits: 1, uniqueVisitors: 1 }]);
      const [all] = await store.getVisits(null, TODAY, TODAY);
      expect(all!.visits).toBeGreaterThanOrEqual(1);
    });

    it("a visitor counts once per code and day, and again on the next UTC day", async () => {
      const code = await ownedCode();
      const id = visitor();
      await visit(code, id, NOON);
      await visit(code, id, LAST_SECOND);
      await visit(code, id, NEXT_DAY);
      expect(await store.getVisits(code, TODAY - 1, TODAY + 1)).toEqual([
        { day: TODAY - 1, visits: 0, uniqueVisitors: 0 },
        { day: TODAY, visits: 2, uniqueVisitors: 1 },
        { day: TODAY + 1, visits: 1, uniqueVisitors: 1 },
      ]);
    });

    it("over every code, one visitor of two links is one unique visitor and two visits", async () => {
      const [first, second] = [await ownedCode(), await ownedCode()];
      // A day nothing else in the suite counts on, so the all-codes figures are this test's alone.
      const day = TODAY + 2;
      const now = day * SECONDS_PER_DAY + 60;
      const id = visitor();
      await visit(first, id, now);
      await visit(second, id, now);
      expect(await store.getVisits(null, day, day)).toEqual([{ day, visits: 2, uniqueVisitors: 1 }]);
    });

    it("concurrent visits are all counted", async () => {
      const code = await ownedCode();
      const ids = Array.from({ length: 40 }, visitor);
      await Promise.all([...ids, ...ids].map((id) => visit(code, id)));
      const [day] = await store.getVisits(code, TODAY, TODAY);
      expect(day!.visits).toBe(80);
      expect(Math.abs(day!.uniqueVisitors - 40)).toBeLessThanOrEqual(Math.max(1, 40 * 0.02));
    });

    it("drops a day's counters once the retention after it has passed", async () => {
      await store.close();
      store = checked(await open(3));
      const code = await ownedCode();
      const old = TODAY - 10;
      await visit(code, visitor(), old * SECONDS_PER_DAY + 60);
      // A later write is what removes expired rows on SQLite; on Redis the keys have expired already.
      await visit(code, visitor(), NOON);
      expect(await store.getVisits(code, old, old)).toEqual([{ day: old, visits: 0, uniqueVisitors: 0 }]);
      expect((await store.getVisits(code, TODAY, TODAY))[0]!.visits).toBe(1);
    });

    it("reads up to 366 days in one call, and refuses a longer, reversed or malformed range", async () => {
      const code = await ownedCode();
      const year = await store.getVisits(code, TODAY - 365, TODAY);
      expect(year).toHaveLength(366);
      expect(year.map((d) => d.day)).toEqual(Array.from({ length: 366 }, (_, i) => TODAY - 365 + i));
      await expect(store.getVisits(code, TODAY - 366, TODAY)).rejects.toThrow(RangeError);
      await expect(store.getVisits(code, TODAY, TODAY - 1)).rejects.toThrow(RangeError);
      await expect(store.getVisits("nothex!!", TODAY, TODAY)).rejects.toThrow(RangeError);
      await expect(visit(code, "short")).rejects.toThrow(RangeError);
    });
  });
}
