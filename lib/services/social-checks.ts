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

/** What the wallet is told when no fid is linked to it: the dashboard links one when notifications are turned on in Farcaster. */
export const REASON_NO_FID = "No Farcaster account is linked to this wallet: open the app in Farcaster and turn on notifications to link yours";

/** Each Farcaster task and the target it is checked against. */
const TARGET_OF = { fc_follow: "followFid", fc_like_recast: "castHash", fc_comment: "castHash" } as const satisfies Partial<
  Record<SocialTaskId, keyof SocialTargets>
>;
type FarcasterTaskId = keyof typeof TARGET_OF;
const FARCASTER_TASK_IDS = Object.keys(TARGET_OF) as FarcasterTaskId[];

/** null when no target is set: every task is self-attested, as the interface has it. */
export function socialChecksOf(targets: SocialTargets, neynar: NeynarClient | null): SocialChecks | null {
  if (verifiedTaskIds(targets).length === 0) return null;
  // config() refuses a target without NEYNAR_API_KEY, and the composition root builds the client whenever it is set.
  if (!neynar) throw new Error("Farcaster task targets without a Neynar client to check them");
  return { neynar, targets };
}

/** The tasks checked through Farcaster: those whose target is set. */
export function verifiedTaskIds(targets: SocialTargets): SocialTaskId[] {
  return FARCASTER_TASK_IDS.filter((id) => targets[TARGET_OF[id]] !== undefined);
}

/**
 * The Neynar check of `taskId` for a fid, or null when the task is self-attested. A like or a recast
 * of the cast will do (the task's title names both). Throws NeynarError when Neynar cannot answer.
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
