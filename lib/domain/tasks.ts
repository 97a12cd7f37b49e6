/** Task ids, the daily check-in cooldown and referral milestones: pure rules, no I/O. */

export const CHECKIN_COOLDOWN_SECONDS = 86_400;

/** Tasks a wallet completes by calling POST /api/steam/task/complete. */
export const COMPLETABLE_TASK_IDS = [
  "daily_checkin",
  "add_miniapp",
  "fc_follow",
  "fc_like_recast",
  "fc_comment",
] as const;
export type CompletableTaskId = (typeof COMPLETABLE_TASK_IDS)[number];

/** Social tasks: completed once, forever; a repeat keeps the original timestamp. */
export const SOCIAL_TASK_IDS = ["add_miniapp", "fc_follow", "fc_like_recast", "fc_comment"] as const;
export type SocialTaskId = (typeof SOCIAL_TASK_IDS)[number];

/** What each social task opens while its TASK_*_URL is unset: Farcaster's own pages, placeholders for a campaign's. */
export const DEFAULT_TASK_URLS: Record<SocialTaskId, string> = {
  add_miniapp: "https://farcaster.xyz/miniapps",
  fc_follow: "https://farcaster.xyz",
  fc_like_recast: "https://farcaster.xyz",
  fc_comment: "https://farcaster.xyz",
};

/** Tasks verified on chain through POST /api/steam/verify. */
export const VERIFIABLE_TASK_IDS = ["nft_mint"] as const;
export type VerifiableTaskId = (typeof VERIFIABLE_TASK_IDS)[number];

/** Referral tasks and the referral count each needs. */
export const MILESTONES = [
  { taskId: "referral", threshold: 1 },
  { taskId: "referral_milestone_5", threshold: 5 },
  { taskId: "referral_milestone_10", threshold: 10 },
  { taskId: "referral_milestone_30", threshold: 30 },
  { taskId: "referral_milestone_50", threshold: 50 },
] as const;
export type MilestoneTaskId = (typeof MILESTONES)[number]["taskId"];

/** Every task id, in the order GET /api/steam/task-status lists its keys. */
export const TASK_IDS = [
  ...COMPLETABLE_TASK_IDS,
  ...MILESTONES.map((m) => m.taskId),
  ...VERIFIABLE_TASK_IDS,
] as const;
export type TaskId = CompletableTaskId | MilestoneTaskId | VerifiableTaskId;

/**
 * Whole seconds until the next check-in may happen; 0 means available.
 * `last` is the server time of the previous check-in, null when there was none.
 */
export function checkInCooldown(last: number | null, now: number): number {
  if (last === null) return 0;
  const elapsed = now - last;
  return elapsed >= CHECKIN_COOLDOWN_SECONDS ? 0 : Math.ceil(CHECKIN_COOLDOWN_SECONDS - elapsed);
}

/** Whether each social task is completed, from its completion time. */
export function socialFlags(completedAt: Record<SocialTaskId, number | null>): Record<SocialTaskId, boolean> {
  return Object.fromEntries(SOCIAL_TASK_IDS.map((id) => [id, completedAt[id] !== null])) as Record<SocialTaskId, boolean>;
}

export function milestoneFlags(referralsCount: number): Record<MilestoneTaskId, boolean> {
  return Object.fromEntries(MILESTONES.map((m) => [m.taskId, referralsCount >= m.threshold])) as Record<
    MilestoneTaskId,
    boolean
  >;
}

/** The first milestone not yet reached, or null when all are. */
export function nextMilestone(referralsCount: number): number | null {
  return MILESTONES.find((m) => referralsCount < m.threshold)?.threshold ?? null;
}
