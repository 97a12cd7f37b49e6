/**
 * Which quests a deployment offers. A quest nobody could finish there (its verification is not
 * configured) or one that sends people to a page asking nothing of them (a placeholder target) is
 * not offered: the dashboard neither shows it nor counts it in "N of M complete". The API answers
 * for every task all the same.
 */
import { TASK_IDS, type SocialTaskId, type TaskId } from "@/lib/domain/tasks";

/**
 * What each social task opens until its TASK_*_URL is set: Farcaster's home page and its mini app
 * directory, which name no account, cast or app of the campaign.
 */
export const PLACEHOLDER_TASK_URLS: Record<SocialTaskId, string> = {
  add_miniapp: "https://farcaster.xyz/miniapps",
  fc_follow: "https://farcaster.xyz",
  fc_like_recast: "https://farcaster.xyz",
  fc_comment: "https://farcaster.xyz",
};

/** Offered everywhere, only inside a Farcaster client, or not on this deployment. */
export type TaskAvailability = "offered" | "in-farcaster" | "not-offered";

/** The parts of the parsed configuration the rule reads. */
export interface TaskSetup {
  /** On-chain verification (RPC_URL with NFT_CONTRACT and/or STAKING_CONTRACT); absent without RPC_URL. */
  chain?: { nftContract?: string; stakingContract?: string };
  /** Each social task's target (TASK_*_URL). */
  taskUrls: Record<SocialTaskId, string>;
}

/** A page as a person sees it: the scheme, a trailing slash, a query or a fragment make no other page of it. */
function pageOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.host + u.pathname.replace(/\/+$/, "");
  } catch {
    return null;
  }
}

const placeholders = new Set(Object.values(PLACEHOLDER_TASK_URLS).map(pageOf));

/** Whether a target is one of the placeholder pages, however it is spelt. */
export function isPlaceholderTaskUrl(url: string): boolean {
  const page = pageOf(url);
  return page !== null && placeholders.has(page);
}

/** Whether nft_mint can be verified here: the check passes on a stake as well as an NFT, so either contract does. */
export function verifiesNftMint(chain: TaskSetup["chain"]): boolean {
  return Boolean(chain && (chain.nftContract || chain.stakingContract));
}

function availabilityOf(id: TaskId, setup: TaskSetup): TaskAvailability {
  switch (id) {
    case "nft_mint":
      return verifiesNftMint(setup.chain) ? "offered" : "not-offered";
    case "add_miniapp":
      // Inside a Farcaster client the quest asks the client to add the app: no target needed.
      return isPlaceholderTaskUrl(setup.taskUrls.add_miniapp) ? "in-farcaster" : "offered";
    case "fc_follow":
    case "fc_like_recast":
    case "fc_comment":
      return isPlaceholderTaskUrl(setup.taskUrls[id]) ? "not-offered" : "offered";
    default:
      return "offered";
  }
}

export function taskAvailability(setup: TaskSetup): Record<TaskId, TaskAvailability> {
  return Object.fromEntries(TASK_IDS.map((id) => [id, availabilityOf(id, setup)])) as Record<TaskId, TaskAvailability>;
}

/** The quests shown and counted, in TASK_IDS order; `inFarcaster`: the page runs inside a Farcaster client. */
export function offeredTaskIds(availability: Record<TaskId, TaskAvailability>, inFarcaster: boolean): TaskId[] {
  return TASK_IDS.filter((id) => availability[id] === "offered" || (inFarcaster && availability[id] === "in-farcaster"));
}
