import { errors } from "@/lib/contract/errors";
import type {
  CompleteTaskResponse,
  ProgressResponse,
  TaskStatusResponse,
  VerifyTaskResponse,
} from "@/lib/contract/schemas";
import {
  CHECKIN_COOLDOWN_SECONDS,
  checkInCooldown,
  milestoneFlags,
  socialFlags,
  type CompletableTaskId,
  type SocialTaskId,
  type TaskId,
  type VerifiableTaskId,
} from "@/lib/domain/tasks";
import { pendingCreditOn, STREAK_WINDOW_SECONDS } from "@/lib/domain/rulebook";
import type { Wallet } from "@/lib/domain/wallet";
import type { NftVerifier } from "@/lib/chain/types";
import type { Deps } from "@/lib/services/context";
import type { RequestContext } from "@/lib/services/events";
import { creditIfQualified, emitCredited } from "@/lib/services/qualify";
import { REASON_NO_FID, socialCheckOf } from "@/lib/services/social-checks";
import { NeynarError, type NeynarVerdict } from "@/lib/farcaster/neynar";
import type { ReferralStore, TaskStore, WalletState, WalletStore } from "@/lib/store/types";

type TaskDeps = Pick<Deps, "clock" | "chain" | "rules" | "qualification" | "events" | "socialChecks"> & {
  store: WalletStore & TaskStore & Pick<ReferralStore, "creditReferral">;
};

export const REASON_NOT_CONFIGURED = "On-chain verification is not configured";
export const REASON_NOT_VERIFIED = "No NFT or active stake found for this wallet";
const REASON_NOT_VERIFIED_ON_FARCASTER = "Not found on Farcaster yet";

/** The 11 task flags of one wallet; daily_checkin true means on cooldown. */
function taskFlags(state: WalletState, now: number): Record<TaskId, boolean> {
  return {
    daily_checkin: checkInCooldown(state.checkInLast, now) > 0,
    ...socialFlags(state.social),
    ...milestoneFlags(state.referralsCount),
    nft_mint: state.nftMint,
  };
}

/** GET /api/steam/task-status */
export async function getTaskStatus(deps: TaskDeps, wallet: Wallet): Promise<TaskStatusResponse> {
  const state = await deps.store.getWalletState(wallet);
  const now = deps.clock();
  return {
    wallet,
    tasks: taskFlags(state, now),
    fishingCooldown: checkInCooldown(state.checkInLast, now),
    timestamp: new Date(now * 1000).toISOString(),
  };
}

/**
 * POST /api/steam/task/complete: the check-in cooldown runs on the server clock only. A check-in (with
 * the streak it made) and a social task's first completion emit task.completed; a check-in also referral.credited when it credits
 * the wallet's referral. A Farcaster task whose target is set completes only once Neynar verifies it
 * (lib/services/social-checks.ts).
 */
export async function completeTask(deps: TaskDeps, wallet: Wallet, taskId: CompletableTaskId, request?: RequestContext): Promise<CompleteTaskResponse> {
  const now = deps.clock();
  if (taskId === "daily_checkin") {
    const result = await deps.store.checkIn(wallet, now, CHECKIN_COOLDOWN_SECONDS, pendingCreditOn(deps.rules, "check-in"), STREAK_WINDOW_SECONDS);
    if (result.checkedIn) {
      deps.events.emit({ type: "task.completed", wallet, task: taskId, at: now, streak: result.streak }, request);
      emitCredited(deps, result.creditedReferrer, wallet, now, request);
    }
    // A check-in made under another rule (or before one was set) counts too: the wallet has checked in.
    if (result.referralPending) await creditIfQualified(deps, wallet, request, { checkInLast: now });
    if (!result.checkedIn) throw errors.onCooldown(checkInCooldown(result.last, now));
    return { success: true, taskId, timestamp: now };
  }
  const check = socialCheckOf(deps.socialChecks, taskId);
  if (check) {
    const refused = await refusedOnFarcaster(deps, wallet, taskId, check);
    if (refused) return refused;
  }
  const result = await deps.store.completeSocialTask(wallet, taskId, now);
  if (result.completed) deps.events.emit({ type: "task.completed", wallet, task: taskId, at: now }, request);
  return { success: true, taskId, timestamp: result.completedAt };
}

/**
 * The not-verified answer of a Farcaster task whose target is set, or null when it may complete: done
 * before (a repeat keeps its answer, as the interface says, without asking Neynar), or verified now
 * for the wallet's linked fid. Neynar failing is a 503 and nothing is stored.
 */
async function refusedOnFarcaster(
  deps: TaskDeps,
  wallet: Wallet,
  taskId: SocialTaskId,
  check: (fid: number) => Promise<NeynarVerdict>,
): Promise<CompleteTaskResponse | null> {
  const state = await deps.store.getWalletState(wallet);
  if (state.social[taskId] !== null) return null;
  const { fid } = state;
  if (fid === null) return { success: false, taskId, verified: false, reason: REASON_NO_FID };
  let verdict: NeynarVerdict;
  try {
    verdict = await check(fid);
  } catch (error) {
    if (!(error instanceof NeynarError)) throw error;
    console.error(`[refboard] ${taskId} could not be checked through Neynar:`, error.message);
    throw errors.neynarUnavailable();
  }
  return verdict.verified ? null : { success: false, taskId, verified: false, reason: verdict.reason ?? REASON_NOT_VERIFIED_ON_FARCASTER };
}

/** POST /api/steam/verify: asks the chain unless nft_mint is already stored true. RPC errors propagate (500). */
export async function verifyTask(deps: TaskDeps, wallet: Wallet, taskId: VerifiableTaskId, request?: RequestContext): Promise<VerifyTaskResponse> {
  const state = await deps.store.getWalletState(wallet);
  if (state.referralPending) await creditIfQualified(deps, wallet, request, state);
  if (state.nftMint) return { success: true, taskId, verified: true };
  if (!deps.chain) return { success: false, taskId, verified: false, reason: REASON_NOT_CONFIGURED };
  if (!(await deps.chain.hasNftOrStake(wallet))) {
    return { success: false, taskId, verified: false, reason: REASON_NOT_VERIFIED };
  }
  await markNftMint(deps, wallet, request);
  return { success: true, taskId, verified: true };
}

/**
 * Stores a verified nft_mint: task.completed when this step set it, referral.credited when it credited
 * the wallet's referral under the "nft_mint" rule. Whether it credited.
 */
async function markNftMint(deps: TaskDeps, wallet: Wallet, request: RequestContext | undefined): Promise<boolean> {
  const at = deps.clock();
  const result = await deps.store.markNftMint(wallet, at, pendingCreditOn(deps.rules, "nft-mint"));
  if (result.marked) deps.events.emit({ type: "task.completed", wallet, task: "nft_mint", at }, request);
  emitCredited(deps, result.creditedReferrer, wallet, at, request);
  return result.creditedReferrer !== null;
}

/** GET /api/steam/progress: verifies nft_mint first; an RPC failure is logged and the stored state returned. */
export async function getProgress(deps: TaskDeps, wallet: Wallet, request?: RequestContext): Promise<ProgressResponse> {
  const state = await deps.store.getWalletState(wallet);
  if (!state.nftMint && deps.chain && (await hasNftOrStakeLogged(deps.chain, wallet))) {
    state.nftMint = true;
    if (await markNftMint(deps, wallet, request)) state.referralPending = false;
  }
  if (state.referralPending) await creditIfQualified(deps, wallet, request, state);
  return { progress: taskFlags(state, deps.clock()), referralCount: state.referralsCount };
}

/** Progress must answer while the RPC is down: a chain failure counts as "not verified this time". */
async function hasNftOrStakeLogged(chain: NftVerifier, wallet: Wallet): Promise<boolean> {
  try {
    return await chain.hasNftOrStake(wallet);
  } catch (error) {
    console.error("[refboard] nft_mint verification failed during progress:", error);
    return false;
  }
}
