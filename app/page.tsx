import { HomeView } from "@/components/home-view";
import type { InviteVerdict } from "@/components/referral/invite-verdict";
import { ApiError } from "@/lib/contract/errors";
import type { BoardOverview } from "@/lib/contract/schemas";
import { config, siteConfig } from "@/lib/config";
import { taskAvailability } from "@/lib/domain/task-availability";
import { normaliseRefCode } from "@/lib/domain/wallet";
import { deps } from "@/lib/services/context";
import { readBoardOverview } from "@/lib/services/leaderboard";
import { getWalletByCode } from "@/lib/services/referrals";
import { verifiedTaskIds } from "@/lib/services/social-checks";

/** Wallets the hero shows from the top of the board. */
const HERO_TOP = 3;

/** The board for the hero; null when the store does not answer, so the page still renders, without figures. */
async function loadBoard(): Promise<BoardOverview | null> {
  try {
    return await readBoardOverview(await deps(), HERO_TOP);
  } catch (error) {
    console.error("[refboard] landing board failed:", error);
    return null;
  }
}

/** Resolves the ?ref= here, so the browser never asks (and never logs the 404 of an unknown code). */
async function resolveInvite(ref: string | undefined): Promise<InviteVerdict> {
  if (ref === undefined || ref === "") return { kind: "none" };
  const code = normaliseRefCode(ref);
  if (code === null) return { kind: "invalid" };
  try {
    const { wallet } = await getWalletByCode(await deps(), code);
    return { kind: "known", code, referrer: wallet };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: "unknown", code };
    console.error("[refboard] landing invite lookup failed:", error);
    return { kind: "unchecked", code };
  }
}

export default async function Home({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { ref } = await searchParams;
  const site = siteConfig();
  const [board, invite] = await Promise.all([loadBoard(), resolveInvite(typeof ref === "string" ? ref : undefined)]);
  return (
    <HomeView
      invite={invite}
      board={board}
      appName={site.name}
      settings={{
        taskUrls: site.taskUrls,
        nftMintUrl: site.nftMintUrl,
        availability: taskAvailability({ chain: config().chain, taskUrls: site.taskUrls }),
        verifiedTasks: verifiedTaskIds(config().socialTargets),
      }}
      qualify={config().qualify.rule}
      quickAuthOrigin={config().notifications?.quickAuthOrigin ?? null}
    />
  );
}
