// GET /api/referral/check: whether a wallet already has a referrer
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { checkReferral } from "@/lib/services/referrals";

export const GET = handle(routes.checkReferral, async ({ query }) =>
  Response.json(await checkReferral(await deps(), query.wallet)),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
