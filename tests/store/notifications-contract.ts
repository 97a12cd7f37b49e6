/**
 * Farcaster notifications in the store: targets per (fid, client app), fid <-> wallet links, one
 * claim per (kind, fid, day), the reminders' cursor, and the daily counts. Every backend runs
 * exactly these tests, behind the validating wrapper, each on a fresh store.
 */
import { describe, expect, it } from "vitest";
import { SECONDS_PER_DAY, utcDay } from "@/lib/domain/analytics";
import type { NotificationTarget } from "@/lib/domain/notifications";
import { CHECKIN_COOLDOWN_SECONDS } from "@/lib/domain/tasks";
import type { Store } from "@/lib/store/types";
import { freshStores, type OpenStore } from "@/tests/store/analytics-contract";
import { randomWallet } from "@/tests/support/wallets";
import { STREAK_WINDOW_SECONDS } from "@/lib/domain/rulebook";

const TODAY = utcDay(Math.floor(Date.now() / 1000));
const NOON = TODAY * SECONDS_PER_DAY + SECONDS_PER_DAY / 2;
const WARPCAST = 9152;
const OTHER_CLIENT = 1234;
const URL_A = "https://api.farcaster.xyz/v1/frame-notifications";
const URL_B = "https://notify.example.com/hook";

const target = (fid: number, appFid = WARPCAST, token = `token-${fid}-${appFid}`, url = URL_A): NotificationTarget => ({ fid, appFid, url, token });
const none = { sent: 0, failed: 0, invalid: 0, drop: [], reminded: [] };

export function describeNotificationsContract(name: string, open: OpenStore) {
  describe(`notifications contract: ${name}`, () => {
    const fresh = freshStores(open);
    /** Every subscriber, walking the cursor once round from wherever it is. */
    const allCandidates = async (store: Store, limit = 1_000) => {
      const seen = [];
      for (;;) {
        const batch = await store.takeReminderBatch(limit);
        seen.push(...batch.candidates);
        if (batch.wrapped) return seen;
      }
    };

    it("keeps one target per (fid, client app): a new token replaces the old, removal forgets only that client", async () => {
      const store = await fresh();
      await store.saveNotificationTarget(target(7), NOON);
      await store.saveNotificationTarget(target(7, WARPCAST, "second"), NOON + 1);
      await store.saveNotificationTarget(target(7, OTHER_CLIENT, "other", URL_B), NOON + 2);
      await store.saveNotificationTarget(target(3), NOON + 3);
      expect(await allCandidates(store)).toEqual([
        { fid: 3, wallet: null, checkInLast: null, remindedAt: null, targets: [target(3)] },
        { fid: 7, wallet: null, checkInLast: null, remindedAt: null, targets: [target(7, OTHER_CLIENT, "other", URL_B), target(7, WARPCAST, "second")] },
      ]);

      await store.removeNotificationTarget(7, OTHER_CLIENT);
      await store.removeNotificationTarget(7, 4242); // a client it never had: nothing happens
      await store.removeNotificationTarget(99, WARPCAST);
      expect((await allCandidates(store)).map((c) => [c.fid, c.targets])).toEqual([
        [3, [target(3)]],
        [7, [target(7, WARPCAST, "second")]],
      ]);
      await store.removeNotificationTarget(7, WARPCAST);
      expect((await allCandidates(store)).map((c) => c.fid)).toEqual([3]);
      expect((await store.getNotificationStats(TODAY, TODAY)).subscribers).toBe(1);
    });

    it("links a fid and a wallet one to one; a new link replaces the old one of either side", async () => {
      const store = await fresh();
      const [w1, w2] = [randomWallet(), randomWallet()];
      expect(await store.linkFarcaster(10, w1, NOON)).toEqual({ notifications: false });
      await store.saveNotificationTarget(target(10), NOON);
      expect(await store.linkFarcaster(10, w1, NOON + 1)).toEqual({ notifications: true });
      const candidate = (wallet: string) => ({ fid: 10, wallet, checkInLast: null, remindedAt: null, targets: [target(10)] });
      expect(await allCandidates(store)).toEqual([candidate(w1)]);

      // The fid moves to another wallet: the first wallet is linked to nothing now.
      await store.linkFarcaster(10, w2, NOON + 2);
      expect(await store.claimNotification("referral", w1, TODAY)).toBeNull();
      expect(await allCandidates(store)).toEqual([candidate(w2)]);

      // The wallet moves to another fid: fid 10 has no wallet now.
      await store.saveNotificationTarget(target(11), NOON);
      await store.linkFarcaster(11, w2, NOON + 3);
      expect((await allCandidates(store)).map((c) => [c.fid, c.wallet])).toEqual([
        [10, null],
        [11, w2],
      ]);
      expect(await store.claimNotification("referral", w2, TODAY)).toEqual({ fid: 11, targets: [target(11)] });
      expect((await store.getNotificationStats(TODAY, TODAY)).linked).toBe(1);
    });

    it("reads the fid linked to a wallet: none before the link, the latest after a fid or the wallet moves", async () => {
      const store = await fresh();
      const [w1, w2] = [randomWallet(), randomWallet()];
      expect(await store.linkedFid(w1)).toBeNull();
      await store.linkFarcaster(30, w1, NOON);
      expect(await store.linkedFid(w1)).toBe(30);
      await store.linkFarcaster(30, w2, NOON + 1);
      expect([await store.linkedFid(w1), await store.linkedFid(w2)]).toEqual([null, 30]);
      await store.linkFarcaster(31, w2, NOON + 2);
      expect(await store.linkedFid(w2)).toBe(31);
    });

    it("the wallet state carries the linked fid, so a Farcaster-checked task reads it in the same round trip", async () => {
      const store = await fresh();
      const [w1, w2] = [randomWallet(), randomWallet()];
      expect((await store.getWalletState(w1)).fid).toBeNull();
      await store.registerWallet(w1, NOON);
      expect((await store.getWalletState(w1)).fid).toBeNull();
      await store.linkFarcaster(30, w1, NOON);
      expect((await store.getWalletState(w1)).fid).toBe(30);
      await store.linkFarcaster(30, w2, NOON + 1);
      expect([(await store.getWalletState(w1)).fid, (await store.getWalletState(w2)).fid]).toEqual([null, 30]);
    });

    it("claims one notification per (kind, fid, day), and none for a wallet without a linked fid or a target", async () => {
      const store = await fresh();
      const wallet = randomWallet();
      expect(await store.claimNotification("referral", wallet, TODAY)).toBeNull();
      await store.linkFarcaster(20, wallet, NOON);
      expect(await store.claimNotification("referral", wallet, TODAY)).toBeNull(); // linked, no target
      await store.saveNotificationTarget(target(20), NOON);
      await store.saveNotificationTarget(target(20, OTHER_CLIENT, "t2", URL_B), NOON);

      const claimed = await store.claimNotification("referral", wallet, TODAY);
      expect(claimed).toEqual({ fid: 20, targets: [target(20, OTHER_CLIENT, "t2", URL_B), target(20)] });
      expect(await store.claimNotification("referral", wallet, TODAY)).toBeNull();
      // Another kind the same day, and the same kind the next day, are claims of their own.
      expect(await store.claimNotification("checkin", wallet, TODAY)).toEqual(claimed);
      expect(await store.claimNotification("referral", wallet, TODAY + 1)).toEqual(claimed);
      expect(await store.claimNotification("referral", wallet, TODAY + 1)).toBeNull();
    });

    it("20 concurrent claims of the same notification: exactly one wins", async () => {
      const store = await fresh();
      const wallet = randomWallet();
      await store.linkFarcaster(30, wallet, NOON);
      await store.saveNotificationTarget(target(30), NOON);
      const results = await Promise.all(Array.from({ length: 20 }, () => store.claimNotification("referral", wallet, TODAY)));
      expect(results.filter((r) => r !== null)).toEqual([{ fid: 30, targets: [target(30)] }]);
    });

    it("walks the subscribers in fid order, a batch at a time, and starts over after the last", async () => {
      const store = await fresh();
      expect(await store.takeReminderBatch(10)).toEqual({ candidates: [], wrapped: true });
      for (const fid of [5, 1, 4, 2, 3]) await store.saveNotificationTarget(target(fid), NOON);
      const fids = async (limit: number) => {
        const batch = await store.takeReminderBatch(limit);
        return [batch.candidates.map((c) => c.fid), batch.wrapped];
      };
      expect(await fids(2)).toEqual([[1, 2], false]);
      expect(await fids(2)).toEqual([[3, 4], false]);
      expect(await fids(2)).toEqual([[5], true]);
      expect(await fids(3)).toEqual([[1, 2, 3], false]);
      // A subscriber added behind the cursor waits for the next round; one ahead of it is in this one.
      await store.saveNotificationTarget(target(6), NOON);
      await store.removeNotificationTarget(4, WARPCAST);
      expect(await fids(10)).toEqual([[5, 6], true]);
      expect(await fids(10)).toEqual([[1, 2, 3, 5, 6], true]);
    });

    it("concurrent runs take different batches, which together are every subscriber once", async () => {
      const store = await fresh();
      for (let fid = 1; fid <= 50; fid++) await store.saveNotificationTarget(target(fid), NOON);
      const batches = await Promise.all(Array.from({ length: 5 }, () => store.takeReminderBatch(10)));
      const fids = batches.flatMap((b) => b.candidates.map((c) => c.fid)).sort((a, b) => a - b);
      expect(fids).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(batches.filter((b) => b.wrapped)).toHaveLength(1);
    });

    it("a candidate carries its wallet's last check-in and its last reminder", async () => {
      const store = await fresh();
      const wallet = randomWallet();
      await store.saveNotificationTarget(target(40), NOON);
      await store.linkFarcaster(40, wallet, NOON);
      const candidate = { fid: 40, wallet, checkInLast: null, remindedAt: null, targets: [target(40)] };
      expect(await allCandidates(store)).toEqual([candidate]);
      await store.checkIn(wallet, NOON + 5, CHECKIN_COOLDOWN_SECONDS, null, STREAK_WINDOW_SECONDS);
      await store.recordNotificationOutcome({ ...none, day: TODAY, sent: 1, reminded: [40], now: NOON + 9 });
      expect(await allCandidates(store)).toEqual([{ ...candidate, checkInLast: NOON + 5, remindedAt: NOON + 9 }]);
    });

    it("records the day's counts, drops targets reported invalid unless their token changed, and reads the days back", async () => {
      const store = await fresh();
      await store.saveNotificationTarget(target(50), NOON);
      await store.saveNotificationTarget(target(51), NOON);
      await store.saveNotificationTarget(target(52, WARPCAST, "new-token"), NOON);
      await store.recordNotificationOutcome({
        day: TODAY,
        sent: 5,
        failed: 2,
        invalid: 2,
        drop: [target(50), target(52, WARPCAST, "old-token")],
        reminded: [],
        now: NOON,
      });
      await store.recordNotificationOutcome({ ...none, day: TODAY, sent: 1, failed: 1, now: NOON + 1 });
      await store.recordNotificationOutcome({ ...none, day: TODAY - 1, sent: 3, now: NOON - SECONDS_PER_DAY });
      expect((await allCandidates(store)).map((c) => c.fid)).toEqual([51, 52]);
      expect(await store.getNotificationStats(TODAY - 2, TODAY)).toEqual({
        days: [
          { day: TODAY - 2, sent: 0, failed: 0, invalid: 0 },
          { day: TODAY - 1, sent: 3, failed: 0, invalid: 0 },
          { day: TODAY, sent: 6, failed: 3, invalid: 2 },
        ],
        subscribers: 2,
        linked: 0,
      });
    });

    it("refuses malformed input before the backend sees it", async () => {
      const store = await fresh();
      await expect(store.saveNotificationTarget({ ...target(1), fid: 0 }, NOON)).rejects.toThrow(RangeError);
      await expect(store.saveNotificationTarget({ ...target(1), appFid: 1.5 }, NOON)).rejects.toThrow(RangeError);
      await expect(store.saveNotificationTarget({ ...target(1), url: "ftp://x" }, NOON)).rejects.toThrow(RangeError);
      await expect(store.saveNotificationTarget({ ...target(1), token: "" }, NOON)).rejects.toThrow(RangeError);
      await expect(store.saveNotificationTarget({ ...target(1), token: "a b" }, NOON)).rejects.toThrow(RangeError);
      await expect(store.linkFarcaster(1, "0xABC", NOON)).rejects.toThrow(RangeError);
      await expect(store.claimNotification("top10" as never, randomWallet(), TODAY)).rejects.toThrow(RangeError);
      await expect(store.takeReminderBatch(0)).rejects.toThrow(RangeError);
      await expect(store.takeReminderBatch(1_001)).rejects.toThrow(RangeError);
      await expect(store.takeReminderBatch(1.5)).rejects.toThrow(RangeError);
      await expect(store.getNotificationStats(TODAY, TODAY - 1)).rejects.toThrow(RangeError);
      expect(await allCandidates(store)).toEqual([]);
      // The limits themselves are served.
      expect(await store.takeReminderBatch(1)).toEqual({ candidates: [], wrapped: true });
      expect(await store.takeReminderBatch(1_000)).toEqual({ candidates: [], wrapped: true });
    });
  });
}
