// POST /api/referral/record: bind a referee to a referrer, once, rewarding both
import { handle, refuseOtherMethods, WALLET_WRITE } from "@/lib/http/handle";
import { recordReferralBody } from "@/lib/contract/schemas";
import { deps } from "@/lib/services/context";
import { recordReferral } from "@/lib/services/referrals";

export const POST = handle({ body: recordReferralBody, ...WALLET_WRITE }, async ({ body, publicOrigin }) =>
  Response.json(await recordReferral(await deps(), body.wallet, body.refCode, publicOrigin)),
);
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
