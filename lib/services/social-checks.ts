/**
 * Opt-in verification of the interface's Farcaster tasks: when the team names a task's target
 * (FARCASTER_FOLLOW_FID for fc_follow, FARCASTER_CAST_HASH for fc_like_recast and fc_comment), the
 * task completes only when Neynar says the wallet's linked fid did it. A task without its target,
 * and add_miniapp always, stay self-attested.
 */
import type { SocialTargets } from "@/lib/config";
import type { SocialTaskId } from "@/lib/domain/tasks";
import type { NeynarClient, NeynarVerdict } from "@/lib/farcaster/neynar";

export interface SocialChecks {
  neynar: NeynarClient;
  targets: SocialTargets;
}

/** What the wallet is told when no fid is linked to it: the link is made in the Farcaster app. */
export const REASON_NO_FID = "No Farcaster account is linked to this wallet: open the app in Farcaster and turn on notifications to link yours";

/** null when no target is set: every task is self-attested, as the interface has it. */
export function socialChecksOf(targets: SocialTargets, neynar: NeynarClient | null): SocialChecks | null {
  if (targets.followFid === undefined && targets.castHash === undefined) return null;
  // config() refuses a target without NEYNAR_API_KEY, and the composition root builds the client whenever it is set.
  if (!neynar) throw new Error("Farcaster task targets without a Neynar client to check them");
  return { neynar, targets };
}

/** The tasks the dashboard may say are verified through Farcaster. */
export function verifiedTaskIds(targets: SocialTargets): SocialTaskId[] {
  return (["fc_follow", "fc_like_recast", "fc_comment"] as const).filter((id) => targetOf(targets, id) !== undefined);
}

function targetOf({ followFid, castHash }: SocialTargets, taskId: SocialTaskId): number | string | undefined {
  if (taskId === "fc_follow") return followFid;
  return taskId === "add_miniapp" ? undefined : castHash;
}

/**
 * The Neynar check of `taskId` for a fid, or null when the task is self-attested. A like or a recast
 * of the cast will do (the task's title says both; either is the reaction the team asks for). Throws
 * NeynarError when Neynar cannot answer.
 */
export function socialCheckOf(checks: SocialChecks | null, taskId: SocialTaskId): ((fid: number) => Promise<NeynarVerdict>) | null {
  if (!checks) return null;
  const { neynar, targets } = checks;
  const { followFid, castHash } = targets;
  if (taskId === "fc_follow" && followFid !== undefined) return (fid) => neynar.follows(fid, followFid);
  if (taskId === "fc_comment" && castHash !== undefined) return (fid) => neynar.replied(fid, castHash);
  if (taskId === "fc_like_recast" && castHash !== undefined) {
    return async (fid) => {
      const liked = await neynar.reacted(fid, castHash, "like");
      if (liked.verified) return liked;
      const recast = await neynar.reacted(fid, castHash, "recast");
      return recast.verified ? recast : { verified: false, reason: `fid ${fid} has neither liked nor recast cast ${castHash}` };
    };
  }
  return null;
}
