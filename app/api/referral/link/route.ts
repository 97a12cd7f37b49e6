// GET /api/referral/link: a wallet's own referral link, its referrer and its referral count
import { handle } from "@/lib/api/handle";
import { userQuery } from "@/lib/api/schemas";
import { deps, linkBase } from "@/lib/services/context";
import { getReferralLink } from "@/lib/services/referrals";

export const GET = handle({ query: userQuery, headerFallback: { user: "x-user-wallet" } }, async ({ query, origin }) =>
  Response.json(await getReferralLink(await deps(), query.user, linkBase(origin))),
);
