// POST /api/farcaster/link: links the fid a Quick Auth token proves to the request's wallet
import { bearerToken } from "@/lib/auth/bearer";
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { linkFarcasterAccount } from "@/lib/services/notifications";

export const POST = handle(routes.linkFarcaster, async ({ body, request, publicOrigin }) =>
  Response.json(
    await linkFarcasterAccount(await deps(), bearerToken(request.headers.get("authorization")), body.wallet, new URL(publicOrigin.origin).host),
  ),
);
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
