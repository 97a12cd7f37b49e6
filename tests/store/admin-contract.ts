/**
 * The OperatorStore contract: what every backend's bulk and streaming operations promise the
 * operator tools (seed, import, export, invariant checker). `open` must return a fresh,
 * isolated, empty backend; the suite runs it behind the validating wrapper, as getStore()
 * serves it, and closes it.
 */
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { refCodeOf } from "@/lib/domain/wallet";
import { checked } from "@/lib/store/checked";
import { ADMIN_BATCH_LIMIT, MAX_ENTRY_SCORE, type Store, type WalletRecord } from "@/lib/store/types";
import { boardOrder, compareEntries, expectBoard, type ModelEntry } from "@/tests/store/leaderboard-model";
import { boardRows } from "@/tests/support/board";
import { randomCode, randomWallet, walletWithCode } from "@/tests/support/wallets";
import { AT_ONCE } from "@/tests/support/rules";
import { describeOperatorQuestsContract } from "@/tests/store/admin-quests-contract";
import { STREAK_WINDOW_SECONDS } from "@/lib/domain/rulebook";

const T0 = 1_750_000_000;

/** A record with nothing but a wallet and its createdAt, as a fresh registration would leave it. */
export function bareRecord(overrides: Partial<WalletRecord> = {}): WalletRecord {
  return {
    wallet: randomWallet(),
    createdAt: T0,
    referrer: null,
    referredAt: null,
    referralsCount: 0,
    entry: null,
    checkInLast: null,
    social: { add_miniapp: null, fc_follow: null, fc_like_recast: null, fc_comment: null },
    nftMint: false,
    ...overrides,
  };
}

/** A record with every field set. */
function fullRecord(overrides: Partial<WalletRecord> = {}): WalletRecord {
  return bareRecord({
    createdAt: T0 - 100,
    referrer: randomWallet(),
    referredAt: T0 - 50,
    referralsCount: 3,
    entry: { score: 4, reachedAt: T0 - 10 },
    checkInLast: T0 - 5,
    checkInStreak: 3,
    social: { add_miniapp: T0 - 40, fc_follow: T0 - 39, fc_like_recast: T0 - 30, fc_comment: T0 - 20 },
    nftMint: true,
    ...overrides,
  });
}

/** Drains a cursor stream; fails rather than loop forever. */
async function drain<T>(page: (cursor: string) => Promise<{ cursor: string; items: T[] }>) {
  const items: T[] = [];
  let cursor = "0";
  let pages = 0;
  do {
    const next = await page(cursor);
    items.push(...next.items);
    cursor = next.cursor;
    if (++pages > 100_000) throw new Error("stream did not end");
  } while (cursor !== "0");
  return { items, pages };
}

export function describeOperatorStoreContract(name: string, openBackend: () => Promise<Store>) {
  describeOperatorQuestsContract(name, openBackend);
  const open = async () => checked(await openBackend());
  describe(`operator store contract: ${name}`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    const scanAllWallets = (count: number) =>
      drain(async (cursor) => {
        const page = await store.scanWallets(cursor, count);
        return { cursor: page.cursor, items: page.records };
      });

    const scanWholeLeaderboard = (count: number) =>
      drain(async (cursor) => {
        const page = await store.scanLeaderboard(cursor, count);
        return { cursor: page.cursor, items: page.rows };
      });

    describe("putWallets / getWallets / scanWallets", () => {
      it("a record comes back exactly as put: every field, a null entry, partial social times", async () => {
        const full = fullRecord();
        const bare = bareRecord({ createdAt: T0 + 1 });
        const partial = bareRecord({
          social: { add_miniapp: null, fc_follow: T0 + 3, fc_like_recast: null, fc_comment: null },
          checkInLast: T0 + 4,
          entry: { score: 0, reachedAt: T0 + 2 },
        });
        await store.putWallets([full, bare, partial]);
        const unknown = randomWallet();
        expect(await store.getWallets([partial.wallet, unknown, full.wallet, bare.wallet])).toEqual([
          partial,
          null,
          full,
          bare,
        ]);
        const { items } = await scanAllWallets(10);
        expect(sortByWallet(items)).toEqual(sortByWallet([full, bare, partial]));
      });

      it("the request path sees what was put", async () => {
        const full = fullRecord();
        await store.putWallets([full]);
        expect(await store.getWalletState(full.wallet)).toEqual({
          referrer: full.referrer,
          referralsCount: 3,
          score: 4,
          checkInLast: full.checkInLast,
          social: full.social,
          nftMint: true,
          referralPending: false,
          pendingReferrals: 0,
          fid: null,
        });
        expect(await store.getReferrer(full.wallet)).toBe(full.referrer);
        expect(await store.resolveRefCode(refCodeOf(full.wallet))).toBe(full.wallet);
        expect(await store.registerWallet(full.wallet, T0 + 999)).toEqual({ isNew: false, codeOwner: full.wallet, referralPending: false });
        expect(await boardRows(store, 10)).toEqual([{ wallet: full.wallet, score: 4, referralsCount: 3 }]);
        // A check-in 5 s after the stored one is on cooldown: the stored time counts.
        expect(await store.checkIn(full.wallet, T0, 86_400, null, STREAK_WINDOW_SECONDS)).toEqual({ checkedIn: false, last: T0 - 5, referralPending: false });
        // The put streak is the one the next check-in continues.
        expect(await store.checkIn(full.wallet, T0 - 5 + 86_400, 86_400, null, STREAK_WINDOW_SECONDS)).toMatchObject({ checkedIn: true, streak: 4 });
      });

      it("re-putting the same records changes nothing (idempotent import)", async () => {
        const records = [fullRecord(), bareRecord(), fullRecord({ entry: null })];
        await store.putWallets(records);
        const before = {
          wallets: await store.getWallets(records.map((r) => r.wallet)),
          board: await store.getLeaderboardPage(0, 10),
          count: await store.countLeaderboard(),
        };
        await store.putWallets(records);
        expect(await store.getWallets(records.map((r) => r.wallet))).toEqual(before.wallets);
        expect(await store.getLeaderboardPage(0, 10)).toEqual(before.board);
        expect(await store.countLeaderboard()).toBe(before.count);
        expect((await scanAllWallets(10)).items).toHaveLength(3);
      });

      it("a put overwrites the whole record: cleared fields, a removed entry, no longer active", async () => {
        const first = fullRecord();
        await store.putWallets([first]);
        const second = bareRecord({ wallet: first.wallet, createdAt: first.createdAt });
        await store.putWallets([second]);
        expect(await store.getWallets([first.wallet])).toEqual([second]);
        expect(await store.countLeaderboard()).toBe(0);
        expect(await boardRows(store, 10)).toEqual([]);
        expect(await store.areActiveReferrers([first.wallet])).toEqual([false]);
        expect((await store.getWalletState(first.wallet)).nftMint).toBe(false);
      });

      it("the referral total follows the records: a gained referrer adds one, a lost one takes one, a re-put nothing", async () => {
        const [first, second, third] = [fullRecord(), fullRecord(), fullRecord()];
        const unreferred = bareRecord();
        const referrals = async () => (await store.readBoardOverview(0)).referrals;
        await store.putWallets([first, second, third, unreferred]);
        expect(await referrals()).toBe(3);
        await store.putWallets([first, second, third, unreferred]);
        expect(await referrals()).toBe(3);
        await store.putWallets([
          { ...first, referrer: null, referredAt: null },
          { ...unreferred, referrer: third.wallet, referredAt: T0 },
        ]);
        expect(await referrals()).toBe(3);
        await store.putWallets([bareRecord({ wallet: second.wallet })]);
        expect(await referrals()).toBe(2);
        const referee = randomWallet();
        await store.recordReferral({ referee, refCode: refCodeOf(third.wallet), selfReferral: false, now: T0, terms: AT_ONCE });
        expect(await referrals()).toBe(3);
      });

      it("an empty batch is a no-op; an oversized batch or a malformed record is refused before anything is written", async () => {
        await store.putWallets([]);
        expect(store.putBatchLimit).toBeGreaterThanOrEqual(ADMIN_BATCH_LIMIT);
        const tooMany = Array.from({ length: store.putBatchLimit + 1 }, () => bareRecord());
        await expect(store.putWallets(tooMany)).rejects.toBeInstanceOf(RangeError);
        const good = bareRecord();
        const bad = [
          bareRecord({ wallet: good.wallet.toUpperCase().replace("0X", "0x") }),
          bareRecord({ createdAt: 1.5 }),
          bareRecord({ entry: { score: -1, reachedAt: T0 } }),
          bareRecord({ referrer: "nobody" }),
          bareRecord({ referralsCount: Number.NaN }),
        ];
        for (const record of bad) await expect(store.putWallets([good, record])).rejects.toBeInstanceOf(RangeError);
        expect(await store.getWallets([good.wallet])).toEqual([null]);
        expect(await store.getWallets([])).toEqual([]);
      });

      it("scanWallets streams 2,500 wallets exactly once, pages of about 100, wallets of the request path included", async () => {
        const records = Array.from({ length: 2_500 }, (_, i) => bareRecord({ createdAt: T0 + i }));
        for (let i = 0; i < records.length; i += ADMIN_BATCH_LIMIT) {
          await store.putWallets(records.slice(i, i + ADMIN_BATCH_LIMIT));
        }
        const [registered, referee] = [randomWallet(), randomWallet()];
        await store.registerWallet(registered, T0);
        await store.recordReferral({ referee, refCode: refCodeOf(registered), selfReferral: false, now: T0 + 7, terms: AT_ONCE });
        await store.completeSocialTask(referee, "fc_comment", T0 + 8);

        const { items, pages } = await scanAllWallets(100);
        expect(pages).toBeGreaterThan(1);
        const wallets = items.map((r) => r.wallet);
        expect(new Set(wallets).size).toBe(wallets.length);
        expect(new Set(wallets)).toEqual(new Set([...records.map((r) => r.wallet), registered, referee]));
        const byWallet = new Map(items.map((r) => [r.wallet, r]));
        expect(byWallet.get(records[1_234]!.wallet)).toEqual(records[1_234]);
        expect(byWallet.get(registered)).toEqual(
          bareRecord({ wallet: registered, referralsCount: 1, entry: { score: 1, reachedAt: T0 + 7 } }),
        );
        expect(byWallet.get(referee)).toEqual(
          bareRecord({
            wallet: referee,
            createdAt: T0 + 7,
            referrer: registered,
            referredAt: T0 + 7,
            entry: { score: 1, reachedAt: T0 + 7 },
            social: { add_miniapp: null, fc_follow: null, fc_like_recast: null, fc_comment: T0 + 8 },
          }),
        );
      });

      it("an empty store streams nothing and ends", async () => {
        const { items } = await scanAllWallets(50);
        expect(items).toEqual([]);
      });
    });

    describe("the refCode index", () => {
      it("each put wallet's code resolves to it; unknown codes resolve to nobody", async () => {
        const records = [bareRecord(), bareRecord()];
        await store.putWallets(records);
        const unknown = randomCode();
        expect(await store.getCodeOwners([...records.map((r) => refCodeOf(r.wallet)), unknown])).toEqual([
          ...records.map((r) => r.wallet),
          null,
        ]);
        for (const r of records) expect(await store.resolveRefCode(refCodeOf(r.wallet))).toBe(r.wallet);
        expect(await store.resolveRefCode(unknown)).toBeNull();
      });

      it("the earlier-known wallet keeps a shared code, even when it is put later", async () => {
        const code = randomCode();
        const late = bareRecord({ wallet: walletWithCode(code), createdAt: T0 + 100 });
        const early = bareRecord({ wallet: walletWithCode(code), createdAt: T0 });
        const middle = bareRecord({ wallet: walletWithCode(code), createdAt: T0 + 50 });
        await store.putWallets([late]);
        expect(await store.getCodeOwners([code])).toEqual([late.wallet]);
        await store.putWallets([early]);
        expect(await store.getCodeOwners([code])).toEqual([early.wallet]);
        await store.putWallets([middle, late]);
        expect(await store.getCodeOwners([code])).toEqual([early.wallet]);
        expect(await store.resolveRefCode(code)).toBe(early.wallet);
        expect((await store.getReferralInfo(late.wallet, T0 + 200)).codeOwner).toBe(early.wallet);
      });

      it("on equal createdAt the smaller address keeps the code, in one batch or across batches", async () => {
        const code = randomCode();
        const [small, large] = [walletWithCode(code), walletWithCode(code)].sort();
        await store.putWallets([bareRecord({ wallet: large!, createdAt: T0 }), bareRecord({ wallet: small!, createdAt: T0 })]);
        expect(await store.getCodeOwners([code])).toEqual([small]);
        const code2 = randomCode();
        const [small2, large2] = [walletWithCode(code2), walletWithCode(code2)].sort();
        await store.putWallets([bareRecord({ wallet: small2!, createdAt: T0 })]);
        await store.putWallets([bareRecord({ wallet: large2!, createdAt: T0 })]);
        expect(await store.getCodeOwners([code2])).toEqual([small2]);
      });

      it("a put record with an earlier createdAt takes a code over from a wallet the request path registered", async () => {
        const code = randomCode();
        const registered = walletWithCode(code);
        await store.registerWallet(registered, T0 + 10);
        const imported = bareRecord({ wallet: walletWithCode(code), createdAt: T0 });
        await store.putWallets([imported]);
        expect(await store.resolveRefCode(code)).toBe(imported.wallet);
        // A later registration never takes a code over.
        const code2 = randomCode();
        const owner = walletWithCode(code2);
        await store.putWallets([bareRecord({ wallet: owner, createdAt: T0 })]);
        expect(await store.registerWallet(walletWithCode(code2), T0 + 1)).toMatchObject({ codeOwner: owner });
      });

      it("getCodeOwners reads many codes at once and refuses what is not a code", async () => {
        expect(await store.getCodeOwners([])).toEqual([]);
        await expect(store.getCodeOwners(["ABCDEF12"])).rejects.toBeInstanceOf(RangeError);
        await expect(store.getCodeOwners([":complete"])).rejects.toBeInstanceOf(RangeError);
      });
    });

    describe("the leaderboard", () => {
      /** Entries with every kind of tie, plus wallets without an entry. */
      async function putBoard() {
        const entries = [
          ...Array.from({ length: 12 }, () => ({ score: 5, reachedAt: T0 })), // ties on score and time
          ...Array.from({ length: 5 }, (_, i) => ({ score: 5, reachedAt: T0 - 1 - i })), // earlier achievers
          { score: 7, reachedAt: T0 + 50 },
          { score: 900_000, reachedAt: 9_999_999_999 },
          ...Array.from({ length: 4 }, () => ({ score: 0, reachedAt: T0 + 3 })),
          { score: 1, reachedAt: 0 },
        ];
        const records = entries.map((entry, i) => bareRecord({ entry, referralsCount: i % 3 }));
        const without = [bareRecord(), bareRecord({ referralsCount: 2 })];
        await store.putWallets([...records, ...without]);
        const order = [...records]
          .sort((a, b) => compareEntries({ wallet: a.wallet, ...a.entry! }, { wallet: b.wallet, ...b.entry! }))
          .map((r) => ({ wallet: r.wallet, score: r.entry!.score, referralsCount: r.referralsCount }));
        return { order, records };
      }

      it("pages follow the tie order of docs/api.md (Leaderboard), the same order as readBoard and rank", async () => {
        const { order } = await putBoard();
        expect(await boardRows(store, 100)).toEqual(order);
        const pages = [];
        for (let offset = 0; offset < order.length + 7; offset += 7) pages.push(...(await store.getLeaderboardPage(offset, 7)));
        expect(pages).toEqual(order);
        expect(await store.getLeaderboardPage(3, 5)).toEqual(order.slice(3, 8));
        expect(await store.getLeaderboardPage(order.length, 5)).toEqual([]);
        expect(await store.getLeaderboardPage(0, 0)).toEqual([]);
        const tenth = order[9]!;
        expect(await store.getRankOrCreate(tenth.wallet, T0 + 999)).toEqual({ ...tenth, rank: 10, version: expect.any(Number) });
      });

      it("scanLeaderboard streams the whole board in order, each entry once, whatever the page size", async () => {
        const { order } = await putBoard();
        for (const count of [1, 4, 7, order.length, 100]) {
          const { items } = await scanWholeLeaderboard(count);
          expect(items, `pages of ${count}`).toEqual(order);
        }
        await expect(store.scanLeaderboard("not a cursor", 10)).rejects.toBeInstanceOf(RangeError);
      });

      it("counts the entries, zero scores included, wallets without one excluded", async () => {
        expect(await store.countLeaderboard()).toBe(0);
        const { records } = await putBoard();
        expect(await store.countLeaderboard()).toBe(records.length);
        await store.getRankOrCreate(randomWallet(), T0);
        expect(await store.countLeaderboard()).toBe(records.length + 1);
      });

      it("after puts that add, move and remove entries, every rank is the entry's position in the order of lib/domain", async () => {
        const POOL = 16;
        const entry = fc.option(
          fc.record({
            score: fc.constantFrom(0, 1, 1, 2, 3, 8, MAX_ENTRY_SCORE),
            // Edges of every time-bucket granularity a backend may count by, and both ends of the valid range.
            reachedAt: fc.constantFrom(0, T0, T0, T0 + 1, T0 + 63, T0 + 64, T0 + 4_096, T0 + 262_144, 9_999_999_999),
          }),
          { freq: 4 },
        );
        const put = fc.array(fc.record({ wallet: fc.nat(POOL - 1), entry, referralsCount: fc.nat(2) }), {
          minLength: 1,
          maxLength: 12,
        });
        await fc.assert(
          fc.asyncProperty(fc.array(put, { minLength: 1, maxLength: 6 }), async (batches) => {
            const fresh = await open();
            try {
              const wallets = Array.from({ length: POOL }, () => randomWallet());
              const board = new Map<string, ModelEntry>();
              for (const batch of batches) {
                const records = batch.map((r) => bareRecord({ wallet: wallets[r.wallet]!, entry: r.entry, referralsCount: r.referralsCount }));
                await fresh.putWallets(records);
                for (const r of records) {
                  if (r.entry) board.set(r.wallet, { ...r.entry, referralsCount: r.referralsCount });
                  else board.delete(r.wallet);
                }
                await expectBoard(fresh, boardOrder(board), T0);
              }
            } finally {
              await fresh.close();
            }
          }),
          { numRuns: 20 },
        );
      }, 60_000);

      it("a consistent store has no leaderboard member without a wallet", async () => {
        await putBoard();
        await store.getRankOrCreate(randomWallet(), T0);
        const { items } = await drain(async (cursor) => {
          const page = await store.scanLeaderboardMembers(cursor, 5);
          return { cursor: page.cursor, items: page.wallets };
        });
        expect(items).toEqual([]);
      });
    });

    describe("active referrers", () => {
      it("a wallet is active exactly when its put record has referrals; the request path marks referrers too", async () => {
        const [active, idle] = [bareRecord({ referralsCount: 2 }), bareRecord()];
        await store.putWallets([active, idle]);
        const [referrer, referee] = [randomWallet(), randomWallet()];
        await store.registerWallet(referrer, T0);
        await store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now: T0, terms: AT_ONCE });
        expect(await store.areActiveReferrers([active.wallet, idle.wallet, referrer, referee, randomWallet()])).toEqual([
          true,
          false,
          true,
          false,
          false,
        ]);
        expect(await store.areActiveReferrers([])).toEqual([]);
      });
    });

    describe("referees index", () => {
      it("holds each bound referee under its referrer with its referredAt, from referrals and from put records", async () => {
        const [referrer, referee, imported, other] = [randomWallet(), randomWallet(), randomWallet(), randomWallet()];
        await store.registerWallet(referrer, T0);
        await store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now: T0 + 1, terms: AT_ONCE });
        await store.putWallets([bareRecord({ wallet: imported, referrer, referredAt: T0 - 5 })]);
        const pairs = [
          { referrer, referee },
          { referrer, referee: imported },
          { referrer: other, referee: imported },
          { referrer, referee: other },
        ];
        expect(await store.getRefereeIndex(pairs)).toEqual([T0 + 1, T0 - 5, null, null]);
        await store.putWallets([bareRecord({ wallet: imported, referrer: other, referredAt: T0 - 4 })]);
        expect(await store.getRefereeIndex(pairs)).toEqual([T0 + 1, null, T0 - 4, null]);
        expect(await store.getRefereeIndex([])).toEqual([]);
        await expect(store.getRefereeIndex([{ referrer: "0x12", referee }])).rejects.toThrow(RangeError);
      });
    });
  });
}

function sortByWallet(records: WalletRecord[]): WalletRecord[] {
  return [...records].sort((a, b) => (a.wallet < b.wallet ? -1 : 1));
}
