/**
 * Farcaster verification as use cases, on the real embedded store with a scripted Neynar client: the
 * social tasks with and without targets (lib/services/social-checks.ts, tasks.ts) and the "farcaster"
 * qualification rule (lib/domain/qualify.ts, lib/services/qualify.ts). The HTTP side, against the
 * Neynar stand-in: tests/api/farcaster-verify.test.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/contract/errors";
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { qualifiesOnFarcaster } from "@/lib/domain/qualify";
import { DEFAULT_RULEBOOK, referralTerms, rulebookOf } from "@/lib/domain/rulebook";
import { NeynarError, type NeynarClient } from "@/lib/farcaster/neynar";
import type { Deps } from "@/lib/services/context";
import { NO_QUALIFY_READ, qualificationOf } from "@/lib/services/qualify";
import { recordReferral } from "@/lib/services/referrals";
import { REASON_NO_FID, socialChecksOf, verifiedTaskIds } from "@/lib/services/social-checks";
import { completeTask, getProgress } from "@/lib/services/tasks";
import { checked } from "@/lib/store/checked";
import { openSqliteStore } from "@/lib/store/sqlite";
import { refCodeOf, type Wallet } from "@/lib/domain/wallet";
import { randomWallet } from "@/tests/support/wallets";
import { webhookRuntime } from "@/lib/services/webhooks";

const NOW = 1_750_000_000;
const CAST = "0x" + "ab".repeat(20);
const LINK_BASE = { linkBase: "https://app.example" };

/** A Neynar client whose every check answers from the `did` set ("follow:<target>", "like:<hash>", ...) of each fid. */
function scriptedNeynar(did: Map<number, Set<string>>, scores: Map<number, number | null>): NeynarClient & { calls: string[] } {
  const calls: string[] = [];
  const verdict = (fid: number, what: string) =>
    did.get(fid)?.has(what) ? { verified: true } : { verified: false, reason: `fid ${fid} did not ${what}` };
  return {
    calls,
    follows: async (fid, target) => (calls.push(`follows ${fid} ${target}`), verdict(fid, `follow:${target}`)),
    reacted: async (fid, hash, reaction) => (calls.push(`${reaction} ${fid}`), verdict(fid, `${reaction}:${hash}`)),
    replied: async (fid, hash) => (calls.push(`replied ${fid}`), verdict(fid, `reply:${hash}`)),
    channelMember: async () => ({ verified: false }),
    followsChannel: async () => ({ verified: false }),
    userScore: async (fid) => (calls.push(`score ${fid}`), scores.get(fid) ?? null),
  };
}

let dir: string;
let deps: Deps;
let did: Map<number, Set<string>>;
let scores: Map<number, number | null>;
let neynar: ReturnType<typeof scriptedNeynar>;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "refboard-fc-"));
  did = new Map();
  scores = new Map();
  neynar = scriptedNeynar(did, scores);
  const store = checked(openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS }));
  const events = { emit: () => undefined };
  deps = { store, clock: () => NOW, chain: null, activity: null, rules: DEFAULT_RULEBOOK, qualification: NO_QUALIFY_READ, socialChecks: null, seasons: null, notifications: null, events, questReads: null, neynar: null, distributorReads: null, webhooks: webhookRuntime(false, () => {}) };
});
afterEach(async () => {
  await deps.store.close();
  rmSync(dir, { recursive: true, force: true });
});

const doing = (fid: number, ...what: string[]) => did.set(fid, new Set([...(did.get(fid) ?? []), ...what]));
async function linked(fid: number): Promise<Wallet> {
  const wallet = randomWallet();
  await deps.store.linkFarcaster(fid, wallet, NOW);
  return wallet;
}

describe("social tasks with targets", () => {
  beforeEach(() => {
    deps.socialChecks = socialChecksOf({ followFid: 3, castHash: CAST }, neynar);
  });

  it("each task asks its own check of the linked fid, and completes only when verified", async () => {
    const wallet = await linked(7);
    expect(await completeTask(deps, wallet, "fc_follow")).toEqual({ success: false, taskId: "fc_follow", verified: false, reason: "fid 7 did not follow:3" });
    expect(await completeTask(deps, wallet, "fc_comment")).toEqual({ success: false, taskId: "fc_comment", verified: false, reason: `fid 7 did not reply:${CAST}` });
    expect(await completeTask(deps, wallet, "fc_like_recast")).toEqual({
      success: false,
      taskId: "fc_like_recast",
      verified: false,
      reason: `fid 7 has neither liked nor recast cast ${CAST}`,
    });
    expect((await deps.store.getWalletState(wallet)).social).toMatchObject({ fc_follow: null, fc_like_recast: null, fc_comment: null });

    doing(7, "follow:3", `reply:${CAST}`, `like:${CAST}`);
    for (const taskId of ["fc_follow", "fc_like_recast", "fc_comment"] as const) {
      expect(await completeTask(deps, wallet, taskId)).toEqual({ success: true, taskId, timestamp: NOW });
    }
    expect(neynar.calls).toEqual(["follows 7 3", "replied 7", "like 7", "recast 7", "follows 7 3", "like 7", "replied 7"]);
  });

  it("a recast alone will do; a like asks no second question", async () => {
    const wallet = await linked(8);
    doing(8, `recast:${CAST}`);
    expect(await completeTask(deps, wallet, "fc_like_recast")).toMatchObject({ success: true });
    expect(neynar.calls).toEqual(["like 8", "recast 8"]);
  });

  it("no linked fid: not verified, saying to link Farcaster, without asking Neynar", async () => {
    const wallet = randomWallet();
    expect(await completeTask(deps, wallet, "fc_follow")).toEqual({ success: false, taskId: "fc_follow", verified: false, reason: REASON_NO_FID });
    expect(neynar.calls).toEqual([]);
  });

  it("a task done before answers its first time without asking Neynar, even if the fid undid it", async () => {
    const wallet = await linked(9);
    doing(9, "follow:3");
    expect(await completeTask(deps, wallet, "fc_follow")).toEqual({ success: true, taskId: "fc_follow", timestamp: NOW });
    did.clear();
    neynar.calls.length = 0;
    expect(await completeTask({ ...deps, clock: () => NOW + 60 }, wallet, "fc_follow")).toEqual({ success: true, taskId: "fc_follow", timestamp: NOW });
    expect(neynar.calls).toEqual([]);
  });

  it("Neynar failing is a 503 and stores nothing; any other error is not dressed as one", async () => {
    const wallet = await linked(10);
    vi.spyOn(neynar, "follows").mockRejectedValueOnce(new NeynarError("Neynar user/bulk answered 500"));
    const error = await completeTask(deps, wallet, "fc_follow").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, message: "Could not check Farcaster through Neynar, please retry" });
    expect((await deps.store.getWalletState(wallet)).social.fc_follow).toBeNull();

    vi.spyOn(neynar, "follows").mockRejectedValueOnce(new TypeError("a bug"));
    await expect(completeTask(deps, wallet, "fc_follow")).rejects.toThrow(TypeError);
  });

  it("add_miniapp stays self-attested; a task without its target too", async () => {
    const wallet = randomWallet();
    expect(await completeTask(deps, wallet, "add_miniapp")).toEqual({ success: true, taskId: "add_miniapp", timestamp: NOW });
    deps.socialChecks = socialChecksOf({ followFid: 3 }, neynar);
    expect(await completeTask(deps, wallet, "fc_comment")).toEqual({ success: true, taskId: "fc_comment", timestamp: NOW });
    expect(await completeTask(deps, wallet, "fc_like_recast")).toEqual({ success: true, taskId: "fc_like_recast", timestamp: NOW });
    expect(neynar.calls).toEqual([]);
    expect(verifiedTaskIds({ followFid: 3 })).toEqual(["fc_follow"]);
    expect(verifiedTaskIds({ castHash: CAST })).toEqual(["fc_like_recast", "fc_comment"]);
    expect(verifiedTaskIds({})).toEqual([]);
  });

  it("without targets there are no checks, and a target without a client is refused", () => {
    expect(socialChecksOf({}, neynar)).toBeNull();
    expect(socialChecksOf({}, null)).toBeNull();
    expect(() => socialChecksOf({ castHash: CAST }, null)).toThrow(/without a Neynar client/);
  });
});

describe("REFERRAL_QUALIFY=farcaster", () => {
  it("qualifies from the minimum score up; no score never", () => {
    expect(qualifiesOnFarcaster(0.5, 0.5)).toBe(true);
    expect(qualifiesOnFarcaster(0.499999, 0.5)).toBe(false);
    expect(qualifiesOnFarcaster(1, 1)).toBe(true);
    expect(qualifiesOnFarcaster(0, 0)).toBe(true);
    expect(qualifiesOnFarcaster(null, 0)).toBe(false);
  });

  it("is never credited at binding: the rulebook waits for a later read", () => {
    expect(referralTerms(rulebookOf("farcaster")).creditWhen).toBe("later");
  });

  it("credits the pending referee whose linked fid scores at least the minimum, at its next request", async () => {
    const cfg = { rule: "farcaster" as const, onchain: { minTx: 1, minBalanceWei: null }, minNeynarScore: 0.5 };
    // The fid comes with the wallet state the request reads: no second store read for it.
    const fidReads: string[] = [];
    const store = deps.store;
    const linkedFid = async (wallet: string) => (fidReads.push(wallet), store.linkedFid(wallet));
    deps = { ...deps, rules: rulebookOf("farcaster"), qualification: qualificationOf(cfg, null, { neynar, store: { linkedFid } }) };
    const referrer = randomWallet();
    await deps.store.registerWallet(referrer, NOW);
    const referee = randomWallet();
    await recordReferral(deps, referee, refCodeOf(referrer), LINK_BASE);
    const count = async () => (await deps.store.getWalletState(referrer)).referralsCount;

    await getProgress(deps, referee);
    expect([await count(), neynar.calls]).toEqual([0, []]); // no fid: Neynar not asked

    await deps.store.linkFarcaster(11, referee, NOW);
    scores.set(11, 0.499999);
    await getProgress(deps, referee);
    expect(await count()).toBe(0);

    scores.set(11, 0.5);
    await getProgress(deps, referee);
    expect(await count()).toBe(1);
    expect(neynar.calls).toEqual(["score 11", "score 11"]);
    expect(fidReads).toEqual([]);
  });

  it("the rule without a Neynar client is a programming error, caught at start-up", () => {
    const cfg = { rule: "farcaster" as const, onchain: { minTx: 1, minBalanceWei: null }, minNeynarScore: 0.5 };
    expect(() => qualificationOf(cfg, null)).toThrow(/without a Neynar client/);
    expect(qualificationOf({ ...cfg, rule: "checkin" }, null, { neynar, store: deps.store })).toBe(NO_QUALIFY_READ);
  });
});
