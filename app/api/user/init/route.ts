// POST /api/user/init: register a wallet when it connects, so its refCode resolves
import { handle, refuseOtherMethods, WALLET_WRITE } from "@/lib/http/handle";
import { walletBody } from "@/lib/contract/schemas";
import { deps } from "@/lib/services/context";
import { initUser } from "@/lib/services/users";

export const POST = handle({ body: walletBody, ...WALLET_WRITE }, async ({ body, publicOrigin }) =>
  Response.json(await initUser(await deps(), body.wallet, publicOrigin)),
);
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
