// GET /api/referral/link: a wallet's own referral link, its referrer and its referral count
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { getReferralLink } from "@/lib/services/referrals";

// The link is on the request's public origin and the count is live: no cache may hand it to another request.
export const GET = handle(routes.referralLink, async ({ query, publicOrigin }) =>
  Response.json(await getReferralLink(await deps(), query.user, publicOrigin.linkBase), { headers: { "cache-control": "no-store" } }),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
