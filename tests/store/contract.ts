/**
 * The ONE store contract suite: every backend runs exactly these tests.
 * `open` must return a fresh, isolated, empty backend; the suite runs it behind the validating
 * wrapper, as getStore() serves it, and closes it.
 */
import { randomBytes, randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { refCodeOf } from "@/lib/domain/wallet";
import { checked } from "@/lib/store/checked";
import type { RateLimitHit, Store } from "@/lib/store/types";
import { expectBoard, LeaderboardModel } from "@/tests/store/leaderboard-model";
import { boardRows } from "@/tests/support/board";
import { randomCode, randomWallet, walletWithCode } from "@/tests/support/wallets";
import { AT_ONCE } from "@/tests/support/rules";
import { STREAK_WINDOW_SECONDS } from "@/lib/domain/rulebook";

const T0 = 1_750_000_000;
const DAY = 86_400;

const newNonce = () => randomBytes(24).toString("hex");

export function describeStoreContract(name: string, open: () => Promise<Store>) {
  describe(`store contract: ${name}`, () => {
    let store: Store;
    beforeEach(async () => {
      store = checked(await open());
    });
    afterEach(async () => {
      await store.close();
    });

    async function known(now = T0) {
      const wallet = randomWallet();
      await store.registerWallet(wallet, now);
      return wallet;
    }

    async function refer(referee: string, referrer: string, now = T0) {
      return store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now, terms: AT_ONCE });
    }

    describe("wallet registration and the refCode index", () => {
      it("registering a wallet makes its refCode resolve to it, once", async () => {
        const wallet = randomWallet();
        expect(await store.resolveRefCode(refCodeOf(wallet))).toBeNull();
        expect(await store.registerWallet(wallet, T0)).toEqual({ isNew: true, codeOwner: wallet, referralPending: false });
        expect(await store.registerWallet(wallet, T0 + 5)).toEqual({ isNew: false, codeOwner: wallet, referralPending: false });
        expect(await store.resolveRefCode(refCodeOf(wallet))).toBe(wallet);
      });

      it("an unknown code resolves to nobody", async () => {
        await known();
        expect(await store.resolveRefCode(randomCode())).toBeNull();
      });

      it("on a collision the first wallet known keeps the code, never taken over", async () => {
        const code = randomCode();
        const first = walletWithCode(code);
        const second = walletWithCode(code);
        await store.registerWallet(first, T0);
        expect(await store.registerWallet(second, T0 + 100)).toEqual({ isNew: true, codeOwner: first, referralPending: false });
        expect(await store.resolveRefCode(code)).toBe(first);
        const info = await store.getReferralInfo(second, T0);
        expect(info.codeOwner).toBe(first);
      });

      it("getReferralInfo registers the wallet and reports referrer and count", async () => {
        const wallet = randomWallet();
        expect(await store.getReferralInfo(wallet, T0)).toEqual({
          isNew: true,
          codeOwner: wallet,
          referralPending: false,
          referrer: null,
          referralsCount: 0,
          pendingReferrals: 0,
        });
        expect(await store.resolveRefCode(refCodeOf(wallet))).toBe(wallet);
        const referee = randomWallet();
        await refer(referee, wallet);
        expect(await store.getReferralInfo(wallet, T0)).toMatchObject({ referrer: null, referralsCount: 1, isNew: false });
        expect(await store.getReferralInfo(referee, T0)).toMatchObject({ referrer: wallet, referralsCount: 0 });
      });

      it("reads make nobody known", async () => {
        const wallet = randomWallet();
        await store.getReferrer(wallet);
        await store.getWalletState(wallet);
        expect(await store.resolveRefCode(refCodeOf(wallet))).toBeNull();
      });

      it("completing a task, checking in, verifying and a leaderboard entry each make a wallet known", async () => {
        const [a, b, c, d] = [randomWallet(), randomWallet(), randomWallet(), randomWallet()];
        await store.completeSocialTask(a, "fc_follow", T0);
        await store.checkIn(b, T0, DAY, null, STREAK_WINDOW_SECONDS);
        await store.markNftMint(c, T0, null);
        await store.getRankOrCreate(d, T0);
        for (const w of [a, b, c, d]) expect(await store.resolveRefCode(refCodeOf(w))).toBe(w);
      });
    });

    describe("recording a referral", () => {
      it("binds the referee, counts the referral and gives both sides +1 score", async () => {
        const referrer = await known();
        const referee = randomWallet();
        expect(await refer(referee, referrer)).toEqual({ outcome: "recorded", referrer, credited: true });
        expect(await store.getReferrer(referee)).toBe(referrer);
        expect(await store.getWalletState(referrer)).toMatchObject({ referralsCount: 1, score: 1, referrer: null });
        expect(await store.getWalletState(referee)).toMatchObject({ referralsCount: 0, score: 1, referrer });
      });

      it("the referee becomes known: its own code resolves", async () => {
        const referrer = await known();
        const referee = randomWallet();
        await refer(referee, referrer);
        expect(await store.resolveRefCode(refCodeOf(referee))).toBe(referee);
      });

      it("an unknown code is not found and records nothing", async () => {
        const referee = randomWallet();
        const result = await store.recordReferral({ referee, refCode: randomCode(), selfReferral: false, now: T0, terms: AT_ONCE });
        expect(result).toEqual({ outcome: "code-not-found" });
        expect(await store.getReferrer(referee)).toBeNull();
        expect(await boardRows(store, 100)).toEqual([]);
      });

      it("a self-referral is refused and records nothing", async () => {
        const wallet = await known();
        const result = await store.recordReferral({
          referee: wallet,
          refCode: refCodeOf(wallet),
          selfReferral: true,
          now: T0, terms: AT_ONCE });
        expect(result).toEqual({ outcome: "self-referral" });
        expect(await store.getWalletState(wallet)).toMatchObject({ referrer: null, score: 0, referralsCount: 0 });
      });

      it("a bound referee gets its EXISTING referrer back whatever code it sends, even its own or an unknown one", async () => {
        const referrer = await known();
        const other = await known();
        const referee = randomWallet();
        await refer(referee, referrer);
        expect(await refer(referee, other)).toEqual({ outcome: "already-recorded", referrer });
        expect(
          await store.recordReferral({ referee, refCode: refCodeOf(referee), selfReferral: true, now: T0, terms: AT_ONCE }),
        ).toEqual({ outcome: "already-recorded", referrer });
        expect(await store.recordReferral({ referee, refCode: randomCode(), selfReferral: false, now: T0, terms: AT_ONCE })).toEqual({
          outcome: "already-recorded",
          referrer,
        });
      });

      it("a duplicate referral grants no second reward", async () => {
        const referrer = await known();
        const referee = randomWallet();
        await refer(referee, referrer);
        await refer(referee, referrer, T0 + 10);
        expect(await store.getWalletState(referrer)).toMatchObject({ referralsCount: 1, score: 1 });
        expect(await store.getWalletState(referee)).toMatchObject({ score: 1 });
      });

      it("50 concurrent recordings of one referee give exactly one relationship and one set of rewards", async () => {
        const referrers = await Promise.all(Array.from({ length: 50 }, () => known()));
        const referee = randomWallet();
        const results = await Promise.all(referrers.map((r) => refer(referee, r)));
        const recorded = results.filter((r) => r.outcome === "recorded");
        expect(recorded).toHaveLength(1);
        const winner = (recorded[0] as { referrer: string }).referrer;
        expect(results.filter((r) => r.outcome === "already-recorded")).toHaveLength(49);
        for (const r of results) expect(r).toHaveProperty("referrer", winner);
        const board = await boardRows(store, 1000);
        expect(board.reduce((sum, row) => sum + row.score, 0)).toBe(2);
        expect(board.reduce((sum, row) => sum + row.referralsCount, 0)).toBe(1);
        expect(await store.getReferrer(referee)).toBe(winner);
      });

      it("30 concurrent referees of one referrer give exactly +30", async () => {
        const referrer = await known();
        await Promise.all(Array.from({ length: 30 }, () => refer(randomWallet(), referrer)));
        expect(await store.getWalletState(referrer)).toMatchObject({ referralsCount: 30, score: 30 });
      });
    });

    describe("daily check-in", () => {
      it("succeeds once, refuses within 24 h with the previous time, and succeeds again after 24 h", async () => {
        const wallet = randomWallet();
        expect(await store.checkIn(wallet, T0, DAY, null, STREAK_WINDOW_SECONDS)).toEqual({ checkedIn: true, streak: 1, referralPending: false });
        expect(await store.checkIn(wallet, T0 + DAY - 1, DAY, null, STREAK_WINDOW_SECONDS)).toEqual({ checkedIn: false, last: T0, referralPending: false });
        expect((await store.getWalletState(wallet)).checkInLast).toBe(T0);
        expect(await store.checkIn(wallet, T0 + DAY, DAY, null, STREAK_WINDOW_SECONDS)).toEqual({ checkedIn: true, streak: 2, referralPending: false });
        expect((await store.getWalletState(wallet)).checkInLast).toBe(T0 + DAY);
      });

      it("20 concurrent check-ins give exactly one success", async () => {
        const wallet = randomWallet();
        const results = await Promise.all(Array.from({ length: 20 }, () => store.checkIn(wallet, T0, DAY, null, STREAK_WINDOW_SECONDS)));
        expect(results.filter((r) => r.checkedIn)).toHaveLength(1);
      });
    });

    describe("check-in streak", () => {
      const WINDOW = 2 * DAY;
      const streakOf = async (wallet: string) => (await store.readQuests(wallet)).wallet.checkIn;

      it("starts at 1, continues at exactly the window minus 1 s, and starts again at exactly the window", async () => {
        const wallet = randomWallet();
        expect(await streakOf(wallet)).toEqual({ last: null, streak: 0 });
        expect(await store.checkIn(wallet, T0, DAY, null, WINDOW)).toMatchObject({ checkedIn: true, streak: 1 });
        const second = T0 + WINDOW - 1;
        expect(await store.checkIn(wallet, second, DAY, null, WINDOW)).toMatchObject({ checkedIn: true, streak: 2 });
        expect(await streakOf(wallet)).toEqual({ last: second, streak: 2 });
        expect(await store.checkIn(wallet, second + DAY, DAY, null, WINDOW)).toMatchObject({ checkedIn: true, streak: 3 });
        expect(await store.checkIn(wallet, second + DAY + WINDOW, DAY, null, WINDOW)).toMatchObject({ checkedIn: true, streak: 1 });
        expect(await streakOf(wallet)).toEqual({ last: second + DAY + WINDOW, streak: 1 });
      });

      it("a refused check-in changes nothing: the streak continues from the check-in before it", async () => {
        const wallet = randomWallet();
        await store.checkIn(wallet, T0, DAY, null, WINDOW);
        await store.checkIn(wallet, T0 + DAY, DAY, null, WINDOW);
        expect(await store.checkIn(wallet, T0 + 2 * DAY - 1, DAY, null, WINDOW)).toMatchObject({ checkedIn: false, last: T0 + DAY });
        expect(await streakOf(wallet)).toEqual({ last: T0 + DAY, streak: 2 });
        expect(await store.checkIn(wallet, T0 + DAY + WINDOW - 1, DAY, null, WINDOW)).toMatchObject({ checkedIn: true, streak: 3 });
      });

      it("of 20 concurrent check-ins one succeeds and adds 1, once", async () => {
        const wallet = randomWallet();
        await store.checkIn(wallet, T0, DAY, null, WINDOW);
        const results = await Promise.all(Array.from({ length: 20 }, () => store.checkIn(wallet, T0 + DAY, DAY, null, WINDOW)));
        expect(results.filter((r) => r.checkedIn)).toEqual([{ checkedIn: true, streak: 2, referralPending: false }]);
        expect(await streakOf(wallet)).toEqual({ last: T0 + DAY, streak: 2 });
      });
    });

    describe("social tasks and nft_mint", () => {
      it("a repeat completion keeps the ORIGINAL timestamp", async () => {
        const wallet = randomWallet();
        expect(await store.completeSocialTask(wallet, "fc_like_recast", T0)).toEqual({ completedAt: T0, completed: true });
        expect(await store.completeSocialTask(wallet, "fc_like_recast", T0 + 500)).toEqual({ completedAt: T0, completed: false });
        expect((await store.getWalletState(wallet)).social.fc_like_recast).toBe(T0);
      });

      it("of concurrent first completions of one task, exactly one says it completed it", async () => {
        const wallet = randomWallet();
        const social = await Promise.all(Array.from({ length: 8 }, (_, i) => store.completeSocialTask(wallet, "fc_follow", T0 + i)));
        expect(social.filter((r) => r.completed)).toHaveLength(1);
        const first = social.find((r) => r.completed)!.completedAt;
        expect(social.every((r) => r.completedAt === first)).toBe(true);
        const minted = await Promise.all(Array.from({ length: 8 }, (_, i) => store.markNftMint(wallet, T0 + i, null)));
        expect(minted.filter((r) => r.marked)).toHaveLength(1);
      });

      it("concurrent completions of different tasks of one wallet are all stored", async () => {
        const wallet = randomWallet();
        await Promise.all([
          store.completeSocialTask(wallet, "add_miniapp", T0),
          store.completeSocialTask(wallet, "fc_follow", T0 + 1),
          store.completeSocialTask(wallet, "fc_like_recast", T0 + 2),
          store.completeSocialTask(wallet, "fc_comment", T0 + 3),
          store.checkIn(wallet, T0 + 4, DAY, null, STREAK_WINDOW_SECONDS),
          store.markNftMint(wallet, T0 + 5, null),
        ]);
        expect(await store.getWalletState(wallet)).toEqual({
          referrer: null,
          referralsCount: 0,
          score: 0,
          checkInLast: T0 + 4,
          social: { add_miniapp: T0, fc_follow: T0 + 1, fc_like_recast: T0 + 2, fc_comment: T0 + 3 },
          nftMint: true,
          referralPending: false,
          pendingReferrals: 0,
          fid: null,
        });
      });

      it("an unknown wallet has every default", async () => {
        expect(await store.getWalletState(randomWallet())).toEqual({
          referrer: null,
          referralsCount: 0,
          score: 0,
          checkInLast: null,
          social: { add_miniapp: null, fc_follow: null, fc_like_recast: null, fc_comment: null },
          nftMint: false,
          referralPending: false,
          pendingReferrals: 0,
          fid: null,
        });
      });

      it("no task changes the leaderboard", async () => {
        const wallet = randomWallet();
        await store.completeSocialTask(wallet, "fc_comment", T0);
        await store.checkIn(wallet, T0, DAY, null, STREAK_WINDOW_SECONDS);
        await store.markNftMint(wallet, T0, null);
        expect(await boardRows(store, 100)).toEqual([]);
        expect((await store.getWalletState(wallet)).score).toBe(0);
      });
    });

    describe("leaderboard", () => {
      it("is empty when nobody has an entry", async () => {
        await known();
        expect(await boardRows(store, 100)).toEqual([]);
      });

      it("orders by score, then the earlier achiever, then wallet ascending; rank equals list position", async () => {
        const top = await known();
        const early = await known();
        const late = await known();
        const [r1, r2, r3, r4] = [randomWallet(), randomWallet(), randomWallet(), randomWallet()];
        await refer(r1, top, T0); // top 1 and r1 1, both at T0
        await refer(r2, top, T0 + 1); // top 2 at T0+1; r2 1 at T0+1
        await refer(r3, early, T0 + 10); // early and r3: 1 at T0+10
        await refer(r4, late, T0 + 20); // late and r4: 1 at T0+20
        const board = await boardRows(store, 100);
        expect(board[0]).toEqual({ wallet: top, score: 2, referralsCount: 2 });
        const ones = board.slice(1).map((r) => r.wallet);
        expect(board.slice(1).every((r) => r.score === 1)).toBe(true);
        expect(ones.slice(0, 2)).toEqual([r1, r2]);
        expect(ones.slice(2, 4)).toEqual([early, r3].sort());
        expect(ones.slice(4, 6)).toEqual([late, r4].sort());
        for (const [i, row] of board.entries()) {
          expect((await store.getRankOrCreate(row.wallet, T0 + 99)).rank).toBe(i + 1);
        }
      });

      it("equal scores reached at the same time are ordered by wallet ascending", async () => {
        const wallets = ["0x" + "c".repeat(40), "0x" + "a".repeat(40), "0x" + "b".repeat(40)];
        for (const w of wallets) await store.getRankOrCreate(w, T0);
        expect((await boardRows(store, 100)).map((r) => r.wallet)).toEqual([...wallets].sort());
      });

      it("getRankOrCreate creates a missing entry with score 0 and counts every entry for its rank", async () => {
        const referrer = await known();
        await refer(randomWallet(), referrer, T0);
        const newcomer = randomWallet();
        const row = await store.getRankOrCreate(newcomer, T0 + 50);
        expect(row).toEqual({ wallet: newcomer, score: 0, referralsCount: 0, rank: 3, version: expect.any(Number) });
        const board = await boardRows(store, 100);
        expect(board.map((r) => r.wallet)[2]).toBe(newcomer);
        expect(await store.getRankOrCreate(newcomer, T0 + 60)).toEqual(row);
      });

      it("a zero-score entry reached earlier ranks after every positive score", async () => {
        const zero = randomWallet();
        await store.getRankOrCreate(zero, T0 - 1000);
        const referrer = await known();
        await refer(randomWallet(), referrer, T0);
        expect((await boardRows(store, 100)).at(-1)?.wallet).toBe(zero);
        expect((await store.getRankOrCreate(zero, T0)).rank).toBe(3);
      });

      it("returns at most `limit` rows, the top ones", async () => {
        const referrer = await known();
        for (let i = 0; i < 4; i++) await refer(randomWallet(), referrer, T0 + i);
        const board = await boardRows(store, 2);
        expect(board).toHaveLength(2);
        expect(board[0]).toEqual({ wallet: referrer, score: 4, referralsCount: 4 });
      });

      it("a referral moves the referrer up at once", async () => {
        const a = await known();
        const b = await known();
        await refer(randomWallet(), a, T0);
        expect((await store.getRankOrCreate(b, T0)).rank).toBeGreaterThan(1);
        await refer(randomWallet(), b, T0 + 1);
        await refer(randomWallet(), b, T0 + 2);
        expect(await store.getRankOrCreate(b, T0 + 3)).toMatchObject({ rank: 1, score: 2, referralsCount: 2 });
      });

      it("a wallet that scores again passes everyone at its old score and queues behind its new score's earlier achievers", async () => {
        const [x, y, z] = [await known(), await known(), await known()];
        const [ry, lateReferee] = [randomWallet(), randomWallet()];
        await refer(randomWallet(), x, T0);
        await refer(ry, y, T0 + 1);
        await refer(randomWallet(), z, T0 + 2);
        await refer(randomWallet(), z, T0 + 3); // z: 2, reached at T0+3
        await refer(lateReferee, y, T0 + 4); // y: 2, reached later than z
        expect(await store.getRankOrCreate(z, T0 + 9)).toMatchObject({ rank: 1, score: 2 });
        expect(await store.getRankOrCreate(y, T0 + 9)).toMatchObject({ rank: 2, score: 2 });
        expect(await store.getRankOrCreate(ry, T0 + 9)).toMatchObject({ rank: 5, score: 1 }); // behind x and its referee
        expect(await store.getRankOrCreate(lateReferee, T0 + 9)).toMatchObject({ rank: 8, score: 1 });
        const board = await boardRows(store, 100);
        expect(board).toHaveLength(8);
        for (const [i, row] of board.entries()) expect((await store.getRankOrCreate(row.wallet, T0 + 9)).rank).toBe(i + 1);
      });

      it("score-0 entries rank below every positive score, earlier first, and one that scores leaves them", async () => {
        const [first, second, third] = [randomWallet(), randomWallet(), randomWallet()];
        for (const [i, w] of [first, second, third].entries()) await store.getRankOrCreate(w, T0 + 100 * i);
        await refer(randomWallet(), await known(), T0 + 1000);
        expect((await boardRows(store, 100)).slice(2).map((r) => r.wallet)).toEqual([first, second, third]);
        expect((await store.getRankOrCreate(third, T0 + 2000)).rank).toBe(5);
        await refer(randomWallet(), third, T0 + 2000); // third and its referee: 1 at T0+2000, ranks 3 and 4
        expect((await store.getRankOrCreate(third, T0 + 2001)).rank).toBeLessThanOrEqual(4);
        expect((await store.getRankOrCreate(first, T0 + 2001)).rank).toBe(5);
        expect((await store.getRankOrCreate(second, T0 + 2001)).rank).toBe(6);
      });

      it("after any sequence of referrals and look-ups, every rank is the entry's position in the order of lib/domain", async () => {
        const POOL = 24;
        // Time steps cross the bucket edges of every granularity a backend may count by; some go back,
        // as clocks of two servers may.
        const advance = fc.constantFrom(0, 0, 1, -1, 63, 64, -64, 4_096, 262_144, 16_777_216);
        // Mostly the first few wallets refer and look up, so scores spread out and wallets overtake each other.
        const busy = fc.oneof(fc.nat(2), fc.nat(POOL - 1));
        const step = fc.oneof(
          fc.record({ kind: fc.constant("refer" as const), referee: fc.nat(POOL - 1), referrer: busy, advance }),
          fc.record({ kind: fc.constant("rank" as const), wallet: busy, advance }),
        );
        await fc.assert(
          fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 60, size: "max" }), async (steps) => {
            const fresh = await open();
            try {
              const wallets = Array.from({ length: POOL }, () => randomWallet());
              const model = new LeaderboardModel();
              for (const w of wallets) {
                await fresh.registerWallet(w, T0);
                model.register(w);
              }
              let now = T0;
              for (const s of steps) {
                now += s.advance;
                if (s.kind === "refer") {
                  const [referee, referrer] = [wallets[s.referee]!, wallets[s.referrer]!];
                  const selfReferral = referee === referrer;
                  const result = await fresh.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral, now, terms: AT_ONCE });
                  expect(result).toEqual(model.refer(referee, referrer, now));
                } else {
                  const wallet = wallets[s.wallet]!;
                  expect(await fresh.getRankOrCreate(wallet, now)).toEqual({ ...model.rankOrCreate(wallet, now), version: expect.any(Number) });
                }
              }
              await expectBoard(fresh, model.order(), now);
            } finally {
              await fresh.close();
            }
          }),
          { numRuns: 30 },
        );
      }, 60_000);
    });

    describe("board overview", () => {
      it("an empty store has no rows, no entries and no referrals", async () => {
        await known();
        expect(await store.readBoardOverview(3)).toEqual({ top: [], entries: 0, referrals: 0 });
      });

      it("holds the top rows exactly as readBoard returns them, every entry and every referral recorded", async () => {
        const [a, b] = [await known(), await known()];
        for (let i = 0; i < 3; i++) await refer(randomWallet(), a, T0 + i);
        await refer(randomWallet(), b, T0 + 10);
        await store.getRankOrCreate(randomWallet(), T0 + 20); // a zero-score entry is on the board too
        const overview = await store.readBoardOverview(3);
        expect(overview.top).toEqual(await boardRows(store, 3));
        expect(overview.top[0]).toEqual({ wallet: a, score: 3, referralsCount: 3 });
        expect(overview).toMatchObject({ entries: 7, referrals: 4 });
        expect(await store.readBoardOverview(0)).toEqual({ top: [], entries: 7, referrals: 4 });
        expect((await store.readBoardOverview(100)).top).toEqual(await boardRows(store, 100));
      });

      it("counts a referral once: a duplicate, a self-referral and an unknown code add nothing", async () => {
        const referrer = await known();
        const referee = randomWallet();
        await refer(referee, referrer);
        await refer(referee, referrer);
        await refer(referee, await known());
        await store.recordReferral({ referee: referrer, refCode: refCodeOf(referrer), selfReferral: true, now: T0, terms: AT_ONCE });
        await store.recordReferral({ referee: randomWallet(), refCode: randomCode(), selfReferral: false, now: T0, terms: AT_ONCE });
        expect((await store.readBoardOverview(1)).referrals).toBe(1);
      });

      it("concurrent referrals are each counted exactly once", async () => {
        const referrer = await known();
        const referees = Array.from({ length: 20 }, () => randomWallet());
        const contested = randomWallet();
        await Promise.all([
          ...referees.map((referee) => refer(referee, referrer)),
          ...Array.from({ length: 10 }, () => refer(contested, referrer)),
        ]);
        expect(await store.readBoardOverview(1)).toEqual({
          top: [{ wallet: referrer, score: 21, referralsCount: 21 }],
          entries: 22,
          referrals: 21,
        });
      });
    });

    describe("sign-in nonces", () => {
      it("a nonce is accepted once, then never again", async () => {
        const nonce = newNonce();
        await store.createNonce(nonce, T0, 300);
        expect(await store.consumeNonce(nonce, T0 + 10)).toBe(true);
        expect(await store.consumeNonce(nonce, T0 + 11)).toBe(false);
      });

      it("of concurrent uses of one nonce exactly one succeeds", async () => {
        const nonce = newNonce();
        await store.createNonce(nonce, T0, 300);
        const results = await Promise.all(Array.from({ length: 10 }, () => store.consumeNonce(nonce, T0 + 1)));
        expect(results.filter(Boolean)).toHaveLength(1);
      });

      it("a nonce expires after its TTL, by the service's clock", async () => {
        const [fresh, stale] = [newNonce(), newNonce()];
        await store.createNonce(fresh, T0, 300);
        await store.createNonce(stale, T0, 300);
        expect(await store.consumeNonce(fresh, T0 + 299)).toBe(true);
        expect(await store.consumeNonce(stale, T0 + 300)).toBe(false);
        expect(await store.consumeNonce(stale, T0 + 1)).toBe(false); // an expired nonce is gone for good
      });

      it("a nonce this store never issued is refused; a malformed one too, without an error", async () => {
        expect(await store.consumeNonce(newNonce(), T0)).toBe(false);
        expect(await store.consumeNonce("short", T0)).toBe(false);
        expect(await store.consumeNonce("has spaces and more", T0)).toBe(false);
        await expect(store.createNonce("no", T0, 300)).rejects.toThrow(RangeError);
      });
    });

    describe("rate limits (fixed windows on the service clock)", () => {
      const hit = (limit: number, windowSeconds: number, key = `test:${randomUUID()}`): RateLimitHit => ({
        key,
        limit,
        windowSeconds,
      });
      /** A minute-window start after T0: T0 itself is 40 s into its minute and 400 s into its hour. */
      const MINUTE = Math.ceil(T0 / 60) * 60;

      it("allows `limit` requests in a window, refuses the next with the seconds left in the window", async () => {
        const rule = hit(3, 3600);
        for (let i = 0; i < 3; i++) expect(await store.hitRateLimits([rule], T0 + i)).toEqual({ allowed: true });
        expect(await store.hitRateLimits([rule], T0 + 3)).toEqual({ allowed: false, retryAfter: 3600 - 400 - 3 });
        expect(await store.hitRateLimits([rule], T0 + 3199)).toEqual({ allowed: false, retryAfter: 1 });
      });

      it("windows follow the given clock: a new window starts afresh, and an earlier one is not counted into it", async () => {
        const rule = hit(2, 60);
        expect(await store.hitRateLimits([rule], MINUTE)).toEqual({ allowed: true });
        expect(await store.hitRateLimits([rule], MINUTE + 30)).toEqual({ allowed: true });
        expect(await store.hitRateLimits([rule], MINUTE + 59)).toEqual({ allowed: false, retryAfter: 1 });
        expect(await store.hitRateLimits([rule], MINUTE + 60)).toEqual({ allowed: true });
        expect(await store.hitRateLimits([rule], MINUTE + 61)).toEqual({ allowed: true });
        expect(await store.hitRateLimits([rule], MINUTE + 62)).toEqual({ allowed: false, retryAfter: 58 });
      });

      it("counts every counter of a request; refused requests count too; keys are independent", async () => {
        const strict = hit(1, 3600);
        const loose = hit(4, 3600);
        const now = T0;
        expect(await store.hitRateLimits([strict, loose], now)).toEqual({ allowed: true });
        expect(await store.hitRateLimits([strict, loose], now)).toEqual({ allowed: false, retryAfter: 3200 }); // loose: 2
        expect(await store.hitRateLimits([loose], now)).toEqual({ allowed: true }); // 3
        expect(await store.hitRateLimits([loose], now)).toEqual({ allowed: true }); // 4
        expect(await store.hitRateLimits([loose], now)).toEqual({ allowed: false, retryAfter: 3200 }); // 5
        expect(await store.hitRateLimits([strict], now)).toEqual({ allowed: false, retryAfter: 3200 }); // refused: 3
        expect(await store.hitRateLimits([hit(1, 3600)], now)).toEqual({ allowed: true });
      });

      it("a refusal names the latest end among the exceeded windows, in one step across rules", async () => {
        const minute = hit(1, 60);
        const hour = hit(1, 3600);
        const roomy = hit(100, 86_400);
        const now = MINUTE + 10; // 50 s left in the minute, 3600 - 400 - 30 in the hour
        expect(await store.hitRateLimits([minute, hour, roomy], now)).toEqual({ allowed: true });
        expect(await store.hitRateLimits([minute, hour, roomy], now)).toEqual({ allowed: false, retryAfter: 3600 - 430 });
        expect(await store.hitRateLimits([minute, roomy], now)).toEqual({ allowed: false, retryAfter: 50 });
      });

      it("20 concurrent requests against a limit of 5: exactly 5 pass", async () => {
        const rule = hit(5, 3600);
        const verdicts = await Promise.all(Array.from({ length: 20 }, () => store.hitRateLimits([rule], T0)));
        expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
        expect(verdicts.filter((v) => !v.allowed)).toEqual(Array(15).fill({ allowed: false, retryAfter: 3200 }));
      });

      it("refuses malformed input", async () => {
        await expect(store.hitRateLimits([], T0)).rejects.toThrow(RangeError);
        await expect(store.hitRateLimits([hit(0, 60)], T0)).rejects.toThrow(RangeError);
        await expect(store.hitRateLimits([hit(1, 0)], T0)).rejects.toThrow(RangeError);
      });
    });

    it("ping answers", async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
