/** The use cases on the real embedded store with a controlled clock: time passes without sleeping. */
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/contract/errors";
import { refCodeOf } from "@/lib/domain/wallet";
import type { Deps } from "@/lib/services/context";
import { getLeaderboard, getLeaderboardUser } from "@/lib/services/leaderboard";
import { getReferralLink, getWalletByCode, recordReferral } from "@/lib/services/referrals";
import { REASON_NOT_CONFIGURED, completeTask, getProgress, getTaskStatus, verifyTask } from "@/lib/services/tasks";
import { initUser } from "@/lib/services/users";
import { checked } from "@/lib/store/checked";
import { openSqliteStore } from "@/lib/store/sqlite";
import { randomCode, randomWallet, walletWithCode } from "@/tests/support/wallets";

const T0 = 1_750_000_000;

describe("services", () => {
  let dir: string;
  let now: number;
  let deps: Deps;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "refboard-services-"));
    now = T0;
    deps = { store: checked(openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS })), clock: () => now, chain: null, activity: null };
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
  });

  it("a repeated social task keeps its original timestamp", async () => {
    const wallet = randomWallet();
    await completeTask(deps, wallet, "fc_comment");
    now += 999;
    expect(await completeTask(deps, wallet, "fc_comment")).toEqual({ success: true, taskId: "fc_comment", timestamp: T0 });
  });

  describe("referrals", () => {
    it("maps the store's outcomes to the contract's answers", async () => {
      const referrer = randomWallet();
      await initUser(deps, referrer, "https://app.example.com");
      const referee = randomWallet();
      expect(await recordReferral(deps, referee, refCodeOf(referrer))).toEqual({ success: true, referrer });
      expect(await recordReferral(deps, referee, randomCode())).toEqual({ success: true, referrer, alreadyRecorded: true });

      const self = await rejection(recordReferral(deps, referrer, refCodeOf(referrer)));
      expect([self.status, self.message]).toEqual([400, "Cannot refer yourself"]);
      const unknown = await rejection(recordReferral(deps, randomWallet(), randomCode()));
      expect([unknown.status, unknown.message]).toEqual([404, "RefCode not found"]);
    });

    it("the link uses the given base and flags a code conflict for the later wallet", async () => {
      const code = randomCode();
      const first = walletWithCode(code);
      const later = walletWithCode(code);
      expect(await initUser(deps, first, "https://app.example.com")).toEqual({
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
      await deps.store.markNftMint(wallet, now);
      expect(await verifyTask(deps, wallet, "nft_mint")).toEqual({ success: true, taskId: "nft_mint", verified: true });
      expect((await getProgress(deps, wallet)).progress.nft_mint).toBe(true);
    });
  });

  it("leaderboard ranks equal list positions and rewards are score x 20", async () => {
    const a = randomWallet();
    await initUser(deps, a, "https://x.example");
    for (let i = 0; i < 3; i++) {
      now += 1;
      await recordReferral(deps, randomWallet(), refCodeOf(a));
    }
    const list = await getLeaderboard(deps, 100);
    expect(list[0]).toEqual({ rank: 1, wallet: a, referrals_count: 3, rewards: 60 });
    for (const entry of list) expect(await getLeaderboardUser(deps, entry.wallet as `0x${string}`)).toEqual(entry);
    expect(list.map((e) => e.rank)).toEqual([1, 2, 3, 4]);
  });
});
