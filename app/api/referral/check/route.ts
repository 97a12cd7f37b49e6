// GET /api/referral/check: whether a wallet already has a referrer
import { handle } from "@/lib/api/handle";
import { walletQuery } from "@/lib/api/schemas";
import { deps } from "@/lib/services/context";
import { checkReferral } from "@/lib/services/referrals";

export const GET = handle({ query: walletQuery }, async ({ query }) =>
  Response.json(await checkReferral(await deps(), query.wallet)),
);
