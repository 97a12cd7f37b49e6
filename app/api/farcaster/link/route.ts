// POST /api/farcaster/link: links the fid a Quick Auth token proves to the request's wallet
import { farcasterLinkBody } from "@/lib/contract/notification-schemas";
import { bearerToken } from "@/lib/auth/bearer";
import { handle, refuseOtherMethods, WALLET_WRITE } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { linkFarcasterAccount } from "@/lib/services/notifications";

export const POST = handle({ body: farcasterLinkBody, ...WALLET_WRITE }, async ({ body, request, publicOrigin }) =>
  Response.json(
    await linkFarcasterAccount(await deps(), bearerToken(request.headers.get("authorization")), body.wallet, new URL(publicOrigin.origin).host),
  ),
);
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
