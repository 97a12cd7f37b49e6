/**
 * The ModerationStore contract (lib/store/ports/moderation.ts): disqualify, cascade, reinstate
 * and the audit log, and what a disqualified wallet looks like to every other read. Every
 * backend runs exactly these tests, behind the validating wrapper, each on a fresh store.
 */
import { describe, expect, it } from "vitest";
import { SECONDS_PER_DAY, utcDay } from "@/lib/domain/analytics";
import { refCodeOf } from "@/lib/domain/wallet";
import { MAX_CASCADE, type LeaderboardRow, type Store } from "@/lib/store/types";
import { freshStores, type OpenStore } from "@/tests/store/analytics-contract";
import { bareRecord } from "@/tests/store/admin-contract";
import { boardRows } from "@/tests/support/board";
import { randomWallet } from "@/tests/support/wallets";
import { AT_ONCE } from "@/tests/support/rules";

const TODAY = utcDay(Math.floor(Date.now() / 1000));
const NOON = TODAY * SECONDS_PER_DAY + SECONDS_PER_DAY / 2;
const ADMIN = "0x00000000000000000000000000000000000000ad";

/** `count` wallets in ascending order, for ties that order by wallet. */
const sortedWallets = (count: number) => Array.from({ length: count }, randomWallet).sort();

export function describeModerationContract(name: string, open: OpenStore) {
  describe(`moderation contract: ${name}`, () => {
    const fresh = freshStores(open);
    const refer = (store: Store, referee: string, referrer: string, now = NOON) =>
      store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now, terms: AT_ONCE });
    const disqualify = (store: Store, wallet: string, cascade = false, reason = "farm") =>
      store.disqualify({ wallet, reason, cascade, admin: ADMIN, now: NOON + 100 });
    const reinstate = (store: Store, wallet: string) => store.reinstate({ wallet, admin: ADMIN, now: NOON + 200 });
    const board = async (store: Store): Promise<LeaderboardRow[]> => boardRows(store, 100);
    const streamed = async (store: Store) => {
      const rows: LeaderboardRow[] = [];
      let cursor = "0";
      do {
        const page = await store.scanLeaderboard(cursor, 2);
        rows.push(...page.rows);
        cursor = page.cursor;
      } while (cursor !== "0");
      return rows;
    };
    const totalScore = async (store: Store) => (await store.getCampaign(TODAY, TODAY, [])).totalScore;

    /** A board of five entries with a tie of three at score 3, put directly: wallets in tie order. */
    async function tiedBoard(store: Store) {
      const [a, b, c, d, e] = sortedWallets(5) as [string, string, string, string, string];
      await store.putWallets([
        bareRecord({ wallet: a, entry: { score: 5, reachedAt: NOON - 50 } }),
        bareRecord({ wallet: b, entry: { score: 3, reachedAt: NOON - 40 } }),
        bareRecord({ wallet: c, entry: { score: 3, reachedAt: NOON - 40 } }),
        bareRecord({ wallet: d, entry: { score: 3, reachedAt: NOON - 30 } }),
        bareRecord({ wallet: e, entry: { score: 1, reachedAt: NOON - 20 } }),
      ]);
      return [a, b, c, d, e] as const;
    }

    it("a disqualified wallet leaves every board read, its rank is 0, and it keeps its score and relationships", async () => {
      const store = await fresh();
      const referrer = randomWallet();
      const referees = [randomWallet(), randomWallet()];
      await store.registerWallet(referrer, NOON);
      for (const referee of referees) await refer(store, referee, referrer);
      const before = await board(store);
      expect(before[0]).toEqual({ wallet: referrer, score: 2, referralsCount: 2 });
      expect(await totalScore(store)).toBe(4);

      const result = await disqualify(store, referrer);
      expect(result).toMatchObject({ outcome: "disqualified", wallets: [referrer] });

      expect((await board(store)).map((row) => row.wallet).sort()).toEqual([...referees].sort());
      expect((await streamed(store)).map((row) => row.wallet).sort()).toEqual([...referees].sort());
      expect(await store.countLeaderboard()).toBe(2);
      const overview = await store.readBoardOverview(10);
      expect(overview.entries).toBe(2);
      expect(overview.top.map((row) => row.wallet)).not.toContain(referrer);
      expect(overview.referrals).toBe(2);
      expect(await store.getLeaderboardPage(0, 10)).toEqual(await board(store));
      expect(await totalScore(store)).toBe(2);

      expect(await store.getRankOrCreate(referrer, NOON + 300)).toEqual({ wallet: referrer, score: 2, referralsCount: 2, rank: 0, version: expect.any(Number) });
      expect(await store.countLeaderboard()).toBe(2);
      const state = await store.getWalletState(referrer);
      expect(state).toMatchObject({ score: 2, referralsCount: 2, referrer: null });
      for (const referee of referees) expect(await store.getReferrer(referee)).toBe(referrer);
      const [record] = await store.getWallets([referrer]);
      expect(record?.entry).toEqual({ score: 2, reachedAt: NOON });

      const report = await store.getWalletReport(referrer, 0, 10);
      expect(report.rank).toBe(0);
      expect(report.referees.total).toBe(2);
      expect(report.disqualification).toEqual({ wallet: referrer, reason: "farm", at: NOON + 100, admin: ADMIN, via: null });
      const [top] = await store.getTopReferrers(TODAY, TODAY, 10);
      expect(top).toMatchObject({ wallet: referrer, referrals: 2, disqualified: true });
    });

    it("reinstating puts a wallet back in its exact place among equal scores, and every other rank with it", async () => {
      const store = await fresh();
      const wallets = await tiedBoard(store);
      const ranks = async () => Promise.all(wallets.map(async (w) => (await store.getRankOrCreate(w, NOON)).rank));
      const original = await board(store);
      expect(original.map((row) => row.wallet)).toEqual(wallets);
      expect(await ranks()).toEqual([1, 2, 3, 4, 5]);

      await disqualify(store, wallets[2]);
      expect((await board(store)).map((row) => row.wallet)).toEqual([wallets[0], wallets[1], wallets[3], wallets[4]]);
      expect(await ranks()).toEqual([1, 2, 0, 3, 4]);

      const back = await reinstate(store, wallets[2]);
      expect(back.wallets).toEqual([wallets[2]]);
      expect(await board(store)).toEqual(original);
      expect(await streamed(store)).toEqual(original);
      expect(await ranks()).toEqual([1, 2, 3, 4, 5]);
      expect((await store.getWalletReport(wallets[2], 0, 1)).disqualification).toBeNull();
      expect(await totalScore(store)).toBe(15);
    });

    it("a disqualified wallet goes on scoring while held, and comes back with that score", async () => {
      const store = await fresh();
      const referrer = randomWallet();
      await store.registerWallet(referrer, NOON);
      await refer(store, randomWallet(), referrer, NOON);
      await disqualify(store, referrer);
      const late = randomWallet();
      expect(await refer(store, late, referrer, NOON + 500)).toEqual({ outcome: "recorded", referrer, credited: true });
      expect((await store.getWalletState(referrer)).score).toBe(2);
      expect((await board(store)).map((row) => row.wallet)).not.toContain(referrer);
      expect(await totalScore(store)).toBe(2); // the two referees' points only

      await reinstate(store, referrer);
      expect((await board(store))[0]).toEqual({ wallet: referrer, score: 2, referralsCount: 2 });
      const [record] = await store.getWallets([referrer]);
      expect(record?.entry).toEqual({ score: 2, reachedAt: NOON + 500 });
      expect(await totalScore(store)).toBe(4);
    });

    it("a wallet never seen can be disqualified ahead: it is made known by nothing and never enters the board", async () => {
      const store = await fresh();
      const stranger = randomWallet();
      await disqualify(store, stranger);
      expect((await store.getRankOrCreate(stranger, NOON)).rank).toBe(0);
      expect(await store.countLeaderboard()).toBe(0);
      await reinstate(store, stranger);
      expect((await store.getRankOrCreate(stranger, NOON)).rank).toBe(1);
    });

    it("cascade takes out every referee not yet disqualified, and reinstating the referrer brings back only those", async () => {
      const store = await fresh();
      const referrer = randomWallet();
      const referees = [randomWallet(), randomWallet(), randomWallet()];
      await store.registerWallet(referrer, NOON);
      for (const referee of referees) await refer(store, referee, referrer);
      await disqualify(store, referees[0]!, false, "own reason");

      const result = await disqualify(store, referrer, true, "farm of 3");
      if (result.outcome !== "disqualified") throw new Error(result.outcome);
      expect(result.wallets[0]).toBe(referrer);
      expect(result.wallets.slice(1).sort()).toEqual([referees[1], referees[2]].sort());
      expect(result.audit).toMatchObject({ action: "disqualify", wallet: referrer, reason: "farm of 3", cascade: true, wallets: 3, admin: ADMIN });
      expect(await board(store)).toEqual([]);
      expect(await totalScore(store)).toBe(0);
      const records = await store.getDisqualifications([referrer, ...referees, randomWallet()]);
      expect(records.map((r) => r?.via ?? null)).toEqual([null, null, referrer, referrer, null]);
      expect(records.map((r) => r?.reason ?? null)).toEqual(["farm of 3", "own reason", "farm of 3", "farm of 3", null]);

      const back = await reinstate(store, referrer);
      expect(back.wallets[0]).toBe(referrer);
      expect(back.wallets.slice(1).sort()).toEqual([referees[1], referees[2]].sort());
      expect(back.audit).toMatchObject({ action: "reinstate", wallet: referrer, reason: null, cascade: false, wallets: 3 });
      expect((await board(store)).map((row) => row.wallet).sort()).toEqual([referrer, referees[1], referees[2]].sort());
      expect((await store.getDisqualifications([referees[0]!]))[0]?.reason).toBe("own reason");
    });

    it("disqualifying again keeps the first record and changes nothing, but is still logged", async () => {
      const store = await fresh();
      const wallet = randomWallet();
      await store.registerWallet(wallet, NOON);
      await disqualify(store, wallet, false, "first");
      const again = await store.disqualify({ wallet, reason: "second", cascade: false, admin: "token", now: NOON + 900 });
      expect(again).toMatchObject({ outcome: "disqualified", wallets: [], audit: { wallets: 0, reason: "second", admin: "token" } });
      expect((await store.getDisqualifications([wallet]))[0]).toMatchObject({ reason: "first", at: NOON + 100 });
      const none = await store.reinstate({ wallet: randomWallet(), admin: ADMIN, now: NOON + 901 });
      expect(none).toMatchObject({ wallets: [], audit: { action: "reinstate", wallets: 0 } });
    });

    it("the audit log lists every action newest first with its id, and pages", async () => {
      const store = await fresh();
      const [a, b] = [randomWallet(), randomWallet()];
      await disqualify(store, a, false, "r1");
      await disqualify(store, b, true, "r2");
      await reinstate(store, a);
      const { total, entries } = await store.getAuditLog(0, 10);
      expect(total).toBe(3);
      expect(entries).toEqual([
        { id: 3, at: NOON + 200, admin: ADMIN, action: "reinstate", wallet: a, reason: null, cascade: false, wallets: 1 },
        { id: 2, at: NOON + 100, admin: ADMIN, action: "disqualify", wallet: b, reason: "r2", cascade: true, wallets: 1 },
        { id: 1, at: NOON + 100, admin: ADMIN, action: "disqualify", wallet: a, reason: "r1", cascade: false, wallets: 1 },
      ]);
      expect(await store.getAuditLog(1, 1)).toEqual({ total: 3, entries: [entries[1]] });
      expect(await store.getAuditLog(5, 10)).toEqual({ total: 3, entries: [] });
    });

    it("a reason keeps any text: separators, quotes, a formula, non-ASCII", async () => {
      const store = await fresh();
      const wallet = randomWallet();
      const reason = 'a|b,c "quoted" =SUM(A1) ünïcode | 0x1';
      await disqualify(store, wallet, false, reason);
      expect((await store.getDisqualifications([wallet]))[0]?.reason).toBe(reason);
      expect((await store.getAuditLog(0, 1)).entries[0]?.reason).toBe(reason);
    });

    it("a ban list disqualifies the wallets not yet disqualified as one audited action, and streams back", async () => {
      const store = await fresh();
      const known = randomWallet();
      await store.registerWallet(known, NOON);
      await refer(store, randomWallet(), known);
      const already = randomWallet();
      await disqualify(store, already, false, "kept");
      const rows = [
        { wallet: known, reason: "list: farm" },
        { wallet: already, reason: "list: other" },
        ...Array.from({ length: 5 }, () => ({ wallet: randomWallet(), reason: "list" })),
      ];
      const result = await store.disqualifyMany({ rows, admin: "import ban-list.csv", now: NOON + 300 });
      expect(result.wallets.sort()).toEqual(rows.filter((r) => r.wallet !== already).map((r) => r.wallet).sort());
      expect(result.audit).toMatchObject({ action: "import-ban-list", wallet: null, reason: null, wallets: 6, admin: "import ban-list.csv" });
      expect((await store.getAuditLog(0, 10)).total).toBe(2);
      expect((await board(store)).map((row) => row.wallet)).not.toContain(known);

      const listed = new Map<string, string>();
      let cursor = "0";
      do {
        const page = await store.scanDisqualified(cursor, 3);
        for (const row of page.rows) listed.set(row.wallet, row.reason);
        cursor = page.cursor;
      } while (cursor !== "0");
      expect(listed.size).toBe(7);
      expect(listed.get(already)).toBe("kept");
      expect(listed.get(known)).toBe("list: farm");
    });

    /** A referrer with `count` referees on the board, put directly (a thousand a call). */
    async function bigFarm(store: Store, count: number) {
      const referrer = randomWallet();
      const referees = Array.from({ length: count }, () =>
        bareRecord({ wallet: randomWallet(), referrer, referredAt: NOON, entry: { score: 1, reachedAt: NOON } }),
      );
      for (let i = 0; i < referees.length; i += 1000) await store.putWallets(referees.slice(i, i + 1000));
      await store.putWallets([bareRecord({ wallet: referrer, referralsCount: count, entry: { score: count, reachedAt: NOON } })]);
      return { referrer, referees: referees.map((r) => r.wallet) };
    }

    it("a cascade over more than MAX_CASCADE referees changes and logs nothing", async () => {
      const store = await fresh();
      const { referrer } = await bigFarm(store, MAX_CASCADE + 1);
      expect(await disqualify(store, referrer, true)).toEqual({ outcome: "too-many-referees", referees: MAX_CASCADE + 1 });
      expect((await store.getDisqualifications([referrer]))[0]).toBeNull();
      expect((await store.getAuditLog(0, 1)).total).toBe(0);
      expect(await store.countLeaderboard()).toBe(MAX_CASCADE + 2);
    });

    it("a cascade over exactly MAX_CASCADE referees takes them all, counting those already out", async () => {
      const store = await fresh();
      const { referrer, referees } = await bigFarm(store, MAX_CASCADE);
      await disqualify(store, referees[0]!, false, "own reason");
      const result = await disqualify(store, referrer, true, "farm of 5000");
      if (result.outcome !== "disqualified") throw new Error(`${result.outcome}: ${result.referees}`);
      expect(result.wallets).toHaveLength(MAX_CASCADE);
      expect(result.wallets[0]).toBe(referrer);
      expect(new Set(result.wallets.slice(1))).toEqual(new Set(referees.slice(1)));
      // The referrer and the MAX_CASCADE - 1 referees not out yet.
      expect(result.audit).toEqual({ id: 2, at: NOON + 100, admin: ADMIN, action: "disqualify", wallet: referrer, reason: "farm of 5000", cascade: true, wallets: MAX_CASCADE });
      expect(await store.countLeaderboard()).toBe(0);
    });

    it("referrals recorded while their referrer is disqualified and reinstated leave the board and totals consistent", async () => {
      const store = await fresh();
      const referrer = randomWallet();
      await store.registerWallet(referrer, NOON);
      const referees = Array.from({ length: 20 }, randomWallet);
      await Promise.all([
        ...referees.map((referee, i) => refer(store, referee, referrer, NOON + i)),
        disqualify(store, referrer),
        disqualify(store, referrer),
        reinstate(store, referrer),
        disqualify(store, referrer),
      ]);
      const held = (await store.getDisqualifications([referrer]))[0] !== null;
      expect((await store.getWalletState(referrer)).score).toBe(20);
      const rows = await board(store);
      expect(rows.some((row) => row.wallet === referrer)).toBe(!held);
      expect(await store.countLeaderboard()).toBe(rows.length);
      expect(await totalScore(store)).toBe(rows.reduce((sum, row) => sum + row.score, 0));
      await reinstate(store, referrer);
      expect((await board(store))[0]).toEqual({ wallet: referrer, score: 20, referralsCount: 20 });
      expect(await totalScore(store)).toBe(40);
    });

    it("putWallets writes a disqualified wallet's entry to its held place", async () => {
      const store = await fresh();
      const wallet = randomWallet();
      await disqualify(store, wallet);
      await store.putWallets([bareRecord({ wallet, entry: { score: 7, reachedAt: NOON } })]);
      expect(await store.countLeaderboard()).toBe(0);
      expect((await store.getWallets([wallet]))[0]?.entry).toEqual({ score: 7, reachedAt: NOON });
      await reinstate(store, wallet);
      expect(await board(store)).toEqual([{ wallet, score: 7, referralsCount: 0 }]);
    });

    it("the wrapper refuses malformed input before the backend sees it", async () => {
      const store = await fresh();
      const wallet = randomWallet();
      const base = { wallet, reason: "farm", cascade: false, admin: ADMIN, now: NOON };
      await expect(store.disqualify({ ...base, wallet: wallet.toUpperCase() })).rejects.toThrow(RangeError);
      await expect(store.disqualify({ ...base, reason: "" })).rejects.toThrow(/reason must be 1 to 500/);
      await expect(store.disqualify({ ...base, reason: "x".repeat(501) })).rejects.toThrow(/reason must be 1 to 500/);
      await expect(store.disqualify({ ...base, reason: "line\nbreak" })).rejects.toThrow(/control characters/);
      await expect(store.disqualify({ ...base, admin: "" })).rejects.toThrow(/admin must be/);
      await expect(store.reinstate({ wallet: "0x12", admin: ADMIN, now: NOON })).rejects.toThrow(RangeError);
      await expect(store.disqualifyMany({ rows: [{ wallet, reason: "a" }, { wallet, reason: "b" }], admin: ADMIN, now: NOON })).rejects.toThrow(/listed twice/);
      await expect(store.getAuditLog(-1, 10)).rejects.toThrow(RangeError);
      await expect(store.getAuditLog(0, 10_001)).rejects.toThrow(RangeError);
      expect((await store.getAuditLog(0, 10)).total).toBe(0);
    });
  });
}
