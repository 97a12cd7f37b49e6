import type { SocialTaskId, VerifiableTaskId } from "@/lib/domain/tasks";

/** What each task is called wherever it is shown: the quests list and the campaign console. */
export const TASK_TITLES: Record<"daily_checkin" | SocialTaskId | VerifiableTaskId, string> = {
  daily_checkin: "Daily check-in",
  add_miniapp: "Add the mini app",
  fc_follow: "Follow us on Farcaster",
  fc_like_recast: "Like or recast our cast",
  fc_comment: "Comment on our cast",
  nft_mint: "Hold the community NFT",
};
