/**
 * The daily fact counters of the AnalyticsStore, by the one name each backend stores them under
 * (a field of Redis's day hash, a row of SQLite's analytics_facts), and how a day's counts read
 * back as a CampaignDay. Social tasks are named from SOCIAL_TASK_IDS, so a new task is counted
 * with no change here. The Lua scripts that count write these names literally.
 */
import { SOCIAL_TASK_IDS, type SocialTaskId } from "@/lib/domain/tasks";
import type { CampaignDay, VisitDay } from "@/lib/store/ports/analytics";

export const FACTS = { newWallets: "wallets", referrals: "referrals", checkIns: "checkins", nftMints: "nft_mint" } as const;

/** First completions of a social task. */
export function socialTaskFact(taskId: SocialTaskId): string {
  return `task:${taskId}`;
}

/** Every fact, in the order the reads exchange them. */
export const FACT_NAMES: readonly string[] = [...Object.values(FACTS), ...SOCIAL_TASK_IDS.map(socialTaskFact)];

const SOCIAL_TASK_FACTS = SOCIAL_TASK_IDS.map((id) => [id, socialTaskFact(id)] as const);

/**
 * A day of the campaign from its visits, its connected wallets and its fact counts (`count` of a
 * FACT_NAMES name). A stats read makes 180 of these: a loop, no intermediate arrays.
 */
export function campaignDayOf(visits: VisitDay, connectedWithCode: number, count: (fact: string) => number): CampaignDay {
  const socialTasks = {} as Record<SocialTaskId, number>;
  for (const [id, fact] of SOCIAL_TASK_FACTS) socialTasks[id] = count(fact);
  return {
    day: visits.day,
    visits: visits.visits,
    uniqueVisitors: visits.uniqueVisitors,
    newWallets: count(FACTS.newWallets),
    connectedWithCode,
    referrals: count(FACTS.referrals),
    checkIns: count(FACTS.checkIns),
    socialTasks,
    nftMints: count(FACTS.nftMints),
  };
}
