// POST /api/referral/record: bind a referee to a referrer, once, rewarding both
import { handle, WALLET_WRITE } from "@/lib/api/handle";
import { recordReferralBody } from "@/lib/api/schemas";
import { deps } from "@/lib/services/context";
import { recordReferral } from "@/lib/services/referrals";

export const POST = handle({ body: recordReferralBody, ...WALLET_WRITE }, async ({ body }) =>
  Response.json(await recordReferral(await deps(), body.wallet, body.refCode)),
);
