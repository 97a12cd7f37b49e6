// GET /api/referral/wallet-by-code: which wallet a refCode belongs to
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { getWalletByCode } from "@/lib/services/referrals";

export const GET = handle(routes.walletByCode, async ({ query }) =>
  Response.json(await getWalletByCode(await deps(), query.code)),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
