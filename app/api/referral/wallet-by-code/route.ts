// GET /api/referral/wallet-by-code: which wallet a refCode belongs to
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { codeQuery } from "@/lib/contract/schemas";
import { deps } from "@/lib/services/context";
import { getWalletByCode } from "@/lib/services/referrals";

export const GET = handle({ query: codeQuery, rateLimit: { ip: "codeLookups" } }, async ({ query }) =>
  Response.json(await getWalletByCode(await deps(), query.code)),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
