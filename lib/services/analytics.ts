import { isbot } from "isbot";
import type { VisitResponse } from "@/lib/contract/schemas";
import { isResolvableRefCode } from "@/lib/domain/wallet";
import type { Deps } from "@/lib/services/context";
import type { AnalyticsStore } from "@/lib/store/types";

type AnalyticsDeps = Pick<Deps, "clock"> & { store: AnalyticsStore };

/**
 * POST /api/referral/visit: counts one opening of a referral link, once the page has loaded.
 * A client whose User-Agent is a bot's, and a code nobody owns, count nothing (200, counted
 * false): neither is an error of the page that sent the beacon.
 */
export async function countVisit(
  deps: AnalyticsDeps,
  visit: { refCode: string; visitorId: string },
  userAgent: string | null,
): Promise<VisitResponse> {
  if (isbot(userAgent) || !isResolvableRefCode(visit.refCode)) return { counted: false };
  const counted = await deps.store.countVisit({ ...visit, now: deps.clock() });
  return { counted };
}
