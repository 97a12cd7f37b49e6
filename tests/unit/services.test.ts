/** The use cases on the real embedded store with a controlled clock: time passes without sleeping. */
import { DEFAULT_RETENTION_DAYS, utcDay } from "@/lib/domain/analytics";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/contract/errors";
import { refCodeOf } from "@/lib/domain/wallet";
import type { DomainEvent } from "@/lib/domain/events";
import type { QualifyRule } from "@/lib/domain/qualify";
import { DEFAULT_RULEBOOK, rulebookOf, STREAK_WINDOW_SECONDS } from "@/lib/domain/rulebook";
import { getCampaignStats } from "@/lib/services/campaign";
import type { Deps } from "@/lib/services/context";
import { disqualifyWallet, reinstateWallet } from "@/lib/services/moderation";
import { conditionalAnswer, knownVersions } from "@/lib/http/conditional";
import { readAround, readBoard, readLeaderboard, readLeaderboardUser, seasonView, type BoardRead, type KnownVersion } from "@/lib/services/leaderboard";
import { getQuests } from "@/lib/services/quests";
import { getReferralLink, getWalletByCode, recordReferral } from "@/lib/services/referrals";
import { REASON_NOT_CONFIGURED, completeTask, getProgress, getTaskStatus, verifyTask } from "@/lib/services/tasks";
import { initUser } from "@/lib/services/users";
import { NO_QUALIFY_READ } from "@/lib/services/qualify";
import { checked } from "@/lib/store/checked";
import { openSqliteStore } from "@/lib/store/sqlite";
import { randomCode, randomWallet, walletWithCode } from "@/tests/support/wallets";
import { webhookRuntime } from "@/lib/services/webhooks";

const T0 = 1_750_000_000;

/** A client that holds no version of any board. */
const none: KnownVersion = () => undefined;

/** A board read answered as GET /api/leaderboard* answers it to a request with this If-None-Match. */
async function conditional<T>(ifNoneMatch: string | null, read: (known: KnownVersion) => Promise<BoardRead<T>>) {
  const headers = new Headers(ifNoneMatch === null ? {} : { "if-none-match": ifNoneMatch });
  return conditionalAnswer(headers, await read(knownVersions(headers)));
}

describe("services", () => {
  let dir: string;
  let now: number;
  let deps: Deps;
  /** What the use cases emitted, in order (the dispatcher's own behaviour: tests/unit/events.test.ts). */
  let emitted: DomainEvent[];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "refboard-services-"));
    now = T0;
    emitted = [];
    const events = { emit: (event: DomainEvent) => void emitted.push(event) };
    deps = { store: checked(openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS })), clock: () => now, chain: null, activity: null, rules: DEFAULT_RULEBOOK, qualification: NO_QUALIFY_READ, socialChecks: null, seasons: null, notifications: null, events, questReads: null, neynar: null, distributorReads: null, webhooks: webhookRuntime(false, () => {}) };
  });
  afterEach(async () => {
    await deps.store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function rejection(promise: Promise<unknown>): Promise<ApiError> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }

  describe("daily check-in", () => {
    it("the cooldown counts down on the server clock and ends after exactly 24 h", async () => {
      const wallet = randomWallet();
      expect(await completeTask(deps, wallet, "daily_checkin")).toEqual({
        success: true,
        taskId: "daily_checkin",
        timestamp: T0,
      });
      now = T0 + 3600;
      const onCooldown = await rejection(completeTask(deps, wallet, "daily_checkin"));
      expect(onCooldown.status).toBe(400);
      expect(onCooldown.message).toBe("Task on cooldown");
      expect(onCooldown.extra).toEqual({ cooldownRemaining: 86_400 - 3600 });
      expect(await getTaskStatus(deps, wallet)).toMatchObject({
        fishingCooldown: 82_800,
        tasks: { daily_checkin: true },
        timestamp: new Date((T0 + 3600) * 1000).toISOString(),
      });

      now = T0 + 86_399;
      expect((await rejection(completeTask(deps, wallet, "daily_checkin"))).extra).toEqual({ cooldownRemaining: 1 });

      now = T0 + 86_400;
      expect(await getTaskStatus(deps, wallet)).toMatchObject({ fishingCooldown: 0, tasks: { daily_checkin: false } });
      expect(await completeTask(deps, wallet, "daily_checkin")).toMatchObject({ timestamp: T0 + 86_400 });
    });

    it("each check-in's task.completed tells its streak; the quests read tells the streak now, 0 once the window ran out", async () => {
      const wallet = randomWallet();
      await completeTask(deps, wallet, "daily_checkin");
      now = T0 + STREAK_WINDOW_SECONDS - 1;
      await completeTask(deps, wallet, "daily_checkin");
      await rejection(completeTask(deps, wallet, "daily_checkin"));
      expect(emitted).toEqual([
        { type: "task.completed", wallet, task: "daily_checkin", at: T0, streak: 1 },
        { type: "task.completed", wallet, task: "daily_checkin", at: now, streak: 2 },
      ]);
      expect(await getQuests(deps, wallet)).toEqual({ wallet, points: 0, streak: 2, streakBonuses: [], quests: [] });
      const last = now;
      now = last + STREAK_WINDOW_SECONDS - 1;
      expect((await getQuests(deps, wallet)).streak).toBe(2);
      now = last + STREAK_WINDOW_SECONDS;
      expect((await getQuests(deps, wallet)).streak).toBe(0);
      await completeTask(deps, wallet, "daily_checkin");
      expect(emitted.at(-1)).toMatchObject({ streak: 1 });
      expect((await getQuests(deps, wallet)).streak).toBe(1);
    });
  });

  it("a repeated social task keeps its original timestamp", async () => {
    const wallet = randomWallet();
    await completeTask(deps, wallet, "fc_comment");
    now += 999;
    expect(await completeTask(deps, wallet, "fc_comment")).toEqual({ success: true, taskId: "fc_comment", timestamp: T0 });
    // One event per fact: the first completion, not the repeat.
    expect(emitted).toEqual([{ type: "task.completed", wallet, task: "fc_comment", at: T0 }]);
  });

  it("the first verification of nft_mint emits task.completed once; a chain that says yes again adds nothing", async () => {
    const wallet = randomWallet();
    deps = { ...deps, chain: { hasNftOrStake: async () => true, ping: async () => {} } };
    // Both read nft_mint unset and ask the chain; the store step tells which one set it.
    const both = await Promise.all([verifyTask(deps, wallet, "nft_mint"), verifyTask(deps, wallet, "nft_mint")]);
    expect(both).toEqual([1, 2].map(() => ({ success: true, taskId: "nft_mint", verified: true })));
    now += 5;
    await verifyTask(deps, wallet, "nft_mint");
    await getProgress(deps, wallet);
    expect(emitted).toEqual([{ type: "task.completed", wallet, task: "nft_mint", at: T0 }]);
  });

  describe("referrals", () => {
    it("maps the store's outcomes to the contract's answers", async () => {
      const referrer = randomWallet();
      await initUser(deps, referrer, { linkBase: "https://app.example.com" });
      const referee = randomWallet();
      expect(await recordReferral(deps, referee, refCodeOf(referrer))).toEqual({ success: true, referrer });
      expect(await recordReferral(deps, referee, randomCode())).toEqual({ success: true, referrer, alreadyRecorded: true });

      const self = await rejection(recordReferral(deps, referrer, refCodeOf(referrer)));
      expect([self.status, self.message]).toEqual([400, "Cannot refer yourself"]);
      const unknown = await rejection(recordReferral(deps, randomWallet(), randomCode()));
      expect([unknown.status, unknown.message]).toEqual([404, "RefCode not found"]);
      // One event per fact: the binding, and (no rule) its credit; a repeated or refused record tells nothing.
      expect(emitted).toEqual([
        { type: "referral.recorded", referrer, referee, at: T0 },
        { type: "referral.credited", referrer, referee, at: T0 },
      ]);
    });

    it("the link uses the given base and flags a code conflict for the later wallet", async () => {
      const code = randomCode();
      const first = walletWithCode(code);
      const later = walletWithCode(code);
      expect(await initUser(deps, first, { linkBase: "https://app.example.com" })).toEqual({
        success: true,
        wallet: first,
        refCode: code,
        link: `https://app.example.com?ref=${code}`,
        isNew: true,
      });
      expect(await getReferralLink(deps, later, "https://other.example.org")).toEqual({
        bound: false,
        referrer: "",
        link: `https://other.example.org?ref=${code}`,
        referralsCount: 0,
        refCode: code,
        codeConflict: true,
      });
      expect(await getWalletByCode(deps, code)).toEqual({ wallet: first, refCode: code });
    });

    it("a code that cannot be hex is not found without asking the store", async () => {
      const error = await rejection(getWalletByCode(deps, "zzzzzzzz"));
      expect(error.status).toBe(404);
    });
  });

  describe("qualified referrals (REFERRAL_QUALIFY)", () => {
    const BASE = "https://app.example.com";
    const bind = async (qualify: QualifyRule) => {
      deps = { ...deps, rules: rulebookOf(qualify) };
      const referrer = randomWallet();
      const referee = randomWallet();
      await initUser(deps, referrer, { linkBase: BASE });
      expect(await recordReferral(deps, referee, refCodeOf(referrer))).toEqual({ success: true, referrer });
      return { referrer, referee };
    };

    it("without a rule the link's answer is exactly the contract's, with nothing pending", async () => {
      const { referrer, referee } = await bind("none");
      expect(Object.keys(await getReferralLink(deps, referrer, BASE)).sort()).toEqual(["bound", "link", "refCode", "referralsCount", "referrer"]);
      expect(Object.keys(await getReferralLink(deps, referee, BASE)).sort()).toEqual(["bound", "link", "refCode", "referralsCount", "referrer"]);
    });

    it("checkin: the referrer sees a pending friend and no milestone until the friend's check-in credits both", async () => {
      const { referrer, referee } = await bind("checkin");
      expect(await getReferralLink(deps, referrer, BASE)).toMatchObject({ referralsCount: 0, pendingReferrals: 1 });
      expect(await getReferralLink(deps, referee, BASE)).toMatchObject({ bound: true, referrer, referralPending: true, pendingReferrals: 0 });
      expect((await getTaskStatus(deps, referrer)).tasks.referral).toBe(false);
      expect((await readLeaderboardUser(deps, referrer, undefined)).body).toMatchObject({ referrals_count: 0, rewards: 0 });

      expect(emitted).toEqual([{ type: "referral.recorded", referrer, referee, at: T0 }]);

      now += 60;
      await completeTask(deps, referee, "daily_checkin");
      expect(emitted.slice(1)).toEqual([
        { type: "task.completed", wallet: referee, task: "daily_checkin", at: T0 + 60, streak: 1 },
        { type: "referral.credited", referrer, referee, at: T0 + 60 },
      ]);
      await rejection(completeTask(deps, referee, "daily_checkin"));
      await getProgress(deps, referee);
      expect(emitted).toHaveLength(3);
      expect(await getReferralLink(deps, referrer, BASE)).toMatchObject({ referralsCount: 1, pendingReferrals: 0 });
      expect((await getReferralLink(deps, referee, BASE)).referralPending).toBeUndefined();
      expect((await getTaskStatus(deps, referrer)).tasks.referral).toBe(true);
      expect((await readLeaderboardUser(deps, referee, undefined)).body).toMatchObject({ referrals_count: 0, rewards: 20 });
    });

    it("checkin: a referee that checked in before it was bound is credited by the binding, which tells both facts", async () => {
      deps = { ...deps, rules: rulebookOf("checkin") };
      const referrer = randomWallet();
      const referee = randomWallet();
      await initUser(deps, referrer, { linkBase: BASE });
      await completeTask(deps, referee, "daily_checkin");
      emitted = [];
      now += 60;
      expect(await recordReferral(deps, referee, refCodeOf(referrer))).toEqual({ success: true, referrer });
      expect(emitted).toEqual([
        { type: "referral.recorded", referrer, referee, at: T0 + 60 },
        { type: "referral.credited", referrer, referee, at: T0 + 60 },
      ]);
      expect(await getReferralLink(deps, referrer, BASE)).toMatchObject({ referralsCount: 1, pendingReferrals: 0 });
    });

    it("changing the rulebook alone changes what is stored and shown: 3 points to the referrer, 2 to the referee", async () => {
      const referral = { referrer: 3, referee: 2 };
      const { referrer, referee } = await bind("none");
      deps = { ...deps, rules: { referral, qualify: "none" } };
      const other = randomWallet();
      now += 10;
      await recordReferral(deps, other, refCodeOf(referrer));
      expect((await deps.store.getWalletState(referrer)).score).toBe(1 + 3);
      expect((await deps.store.getWalletState(referee)).score).toBe(1);
      expect((await deps.store.getWalletState(other)).score).toBe(2);
      expect((await readLeaderboardUser(deps, other, undefined)).body).toMatchObject({ rewards: 40 });

      // The condition comes from the same rulebook: pending until the check-in applies 3/2.
      deps = { ...deps, rules: { referral, qualify: "checkin" } };
      const late = randomWallet();
      await recordReferral(deps, late, refCodeOf(referrer));
      expect((await deps.store.getWalletState(referrer)).score).toBe(4);
      now += 10;
      await completeTask(deps, late, "daily_checkin");
      expect((await deps.store.getWalletState(referrer)).score).toBe(7);
      expect((await deps.store.getWalletState(late)).score).toBe(2);
      // The console prices the period's three credited referrals by the rulebook in use: 3 + 2 points each.
      const day = utcDay(T0);
      expect((await getCampaignStats(deps, { fromDay: day, toDay: day }, false)).totals.rewardsAdded).toBe(3 * 5 * 20);
    });

    it("a referee that checked in while no rule asked for it qualifies at its next request under the rule", async () => {
      const { referrer, referee } = await bind("onchain");
      await completeTask(deps, referee, "daily_checkin");
      deps = { ...deps, rules: rulebookOf("checkin") };
      // On cooldown: the answer is the contract's 400, and the check-in already made counts.
      expect((await rejection(completeTask(deps, referee, "daily_checkin"))).status).toBe(400);
      expect(await getReferralLink(deps, referrer, BASE)).toMatchObject({ referralsCount: 1, pendingReferrals: 0 });
      expect(emitted.filter((e) => e.type === "referral.credited")).toEqual([{ type: "referral.credited", referrer, referee, at: T0 }]);
    });

    it("admin steps emit the wallets they changed, and nothing when nothing changed", async () => {
      const { referrer, referee } = await bind("none");
      emitted = [];
      await disqualifyWallet(deps, "token", { wallet: referrer, reason: "farm", cascade: true });
      await disqualifyWallet(deps, "token", { wallet: referrer, reason: "farm", cascade: false });
      now += 5;
      await reinstateWallet(deps, "token", referrer);
      await reinstateWallet(deps, "token", referrer);
      expect(emitted).toEqual([
        { type: "wallet.disqualified", wallets: [referrer, referee], admin: "token", at: T0 },
        { type: "wallet.reinstated", wallets: [referrer, referee], admin: "token", at: T0 + 5 },
      ]);
    });
  });

  describe("nft_mint without chain configuration", () => {
    it("verify gives the not-configured reason and progress still answers", async () => {
      const wallet = randomWallet();
      expect(await verifyTask(deps, wallet, "nft_mint")).toEqual({
        success: false,
        taskId: "nft_mint",
        verified: false,
        reason: REASON_NOT_CONFIGURED,
      });
      expect((await getProgress(deps, wallet)).progress.nft_mint).toBe(false);
    });

    it("a stored pass stays true without any chain", async () => {
      const wallet = randomWallet();
      await deps.store.markNftMint(wallet, now, null);
      expect(await verifyTask(deps, wallet, "nft_mint")).toEqual({ success: true, taskId: "nft_mint", verified: true });
      expect((await getProgress(deps, wallet)).progress.nft_mint).toBe(true);
    });
  });

  it("leaderboard ranks equal list positions and rewards are score x 20", async () => {
    const a = randomWallet();
    await initUser(deps, a, { linkBase: "https://x.example" });
    for (let i = 0; i < 3; i++) {
      now += 1;
      await recordReferral(deps, randomWallet(), refCodeOf(a));
    }
    const list = (await readBoard(deps, 100, "all")).entries!;
    expect(list[0]).toEqual({ rank: 1, wallet: a, referrals_count: 3, rewards: 60 });
    for (const entry of list) expect((await readLeaderboardUser(deps, entry.wallet as `0x${string}`, undefined)).body).toEqual(entry);
    expect(list.map((e) => e.rank)).toEqual([1, 2, 3, 4]);
  });

  describe("the board's reads: ETag, around-me and seasons", () => {
    const DAY = 86_400;
    /** Weekly seasons from the day of T0: season 1 is running at T0. */
    const weekly = { startDay: Math.floor(T0 / DAY), lengthDays: 7 };
    const withSeasons = async () => {
      await deps.store.close();
      deps = { ...deps, store: checked(openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS, seasons: weekly })), seasons: weekly };
    };

    it("the ETag names the board version; If-None-Match with it (weak, or in a list) gets no body until the board moves", async () => {
      const a = randomWallet();
      await initUser(deps, a, { linkBase: "https://x.example" });
      await recordReferral(deps, randomWallet(), refCodeOf(a));
      const top = (ifNoneMatch: string | null) => conditional(ifNoneMatch, (known) => readLeaderboard(deps, 10, undefined, known));
      const first = await top(null);
      expect(first.etag).toMatch(/^"\d+-all"$/);
      expect(first.body).toHaveLength(2);
      expect((await top(first.etag)).body).toBeNull();
      expect((await top(`"0-all", W/${first.etag}`)).body).toBeNull();
      expect((await top(`"${first.etag.slice(1, -5)}-s1"`)).body).toHaveLength(2);
      const user = await conditional(null, () => readLeaderboardUser(deps, a, undefined));
      expect(user.etag).toBe(first.etag);
      expect((await conditional(user.etag, () => readLeaderboardUser(deps, a, undefined))).body).toBeNull();
      await recordReferral(deps, randomWallet(), refCodeOf(a));
      const moved = await top(first.etag);
      expect(moved.etag).not.toBe(first.etag);
      expect(moved.body?.[0]).toMatchObject({ wallet: a, rewards: 40 });
    });

    it("around-me answers ranked entries; an unranked wallet gets none", async () => {
      const a = randomWallet();
      await initUser(deps, a, { linkBase: "https://x.example" });
      const referees = [randomWallet(), randomWallet(), randomWallet()];
      // One second apart: the earlier referee ranks first among equal scores.
      for (const referee of referees) {
        now += 1;
        await recordReferral(deps, referee, refCodeOf(a));
      }
      const around = (await readAround(deps, referees[1]!, 1, undefined)).body!;
      expect(around.map((e) => [e.rank, e.wallet])).toEqual([
        [2, referees[0]],
        [3, referees[1]],
        [4, referees[2]],
      ]);
      expect(around[1]).toEqual({ rank: 3, wallet: referees[1], referrals_count: 0, rewards: 20 });
      expect((await readAround(deps, randomWallet(), 5, undefined)).body).toEqual([]);
    });

    it("a season param is refused while seasons are off, and checked against the schedule when on", async () => {
      expect((await rejection(readLeaderboard(deps, 10, "current", none))).message).toBe("Seasons are not enabled");
      await withSeasons();
      now = weekly.startDay * DAY - 1;
      expect((await rejection(readLeaderboard(deps, 10, "current", none))).message).toBe("No season has started yet");
      expect(seasonView(deps)).toEqual({ current: 0, start: weekly.startDay * DAY, end: (weekly.startDay + 7) * DAY });
      now = weekly.startDay * DAY + 10;
      const a = randomWallet();
      await initUser(deps, a, { linkBase: "https://x.example" });
      await recordReferral(deps, randomWallet(), refCodeOf(a));
      expect((await readLeaderboard(deps, 10, "current", none)).body?.find((e) => e.wallet === a)).toMatchObject({ referrals_count: 1, rewards: 20 });
      expect((await conditional(null, (known) => readLeaderboard(deps, 10, "current", known))).etag).toMatch(/^"\d+-s1"$/);
      expect((await rejection(readLeaderboard(deps, 10, 2, none))).message).toBe("Season 2 has not started");
      now += 7 * DAY;
      expect(seasonView(deps)).toMatchObject({ current: 2 });
      expect((await readLeaderboard(deps, 10, "current", none)).body).toEqual([]);
      expect((await readLeaderboard(deps, 10, 1, none)).body).toHaveLength(2);
      expect((await readLeaderboardUser(deps, a, "current")).body).toEqual({ rank: 0, wallet: a, referrals_count: 0, rewards: 0 });
      expect((await readLeaderboardUser(deps, a, 1)).body).toMatchObject({ referrals_count: 1, rewards: 20 });
    });
  });
});
