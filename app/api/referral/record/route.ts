// POST /api/referral/record: bind a referee to a referrer, once, rewarding both
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { recordReferral } from "@/lib/services/referrals";

export const POST = handle(routes.recordReferral, async ({ body, publicOrigin }) =>
  Response.json(await recordReferral(await deps(), body.wallet, body.refCode, publicOrigin)),
);
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
