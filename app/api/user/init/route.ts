// POST /api/user/init: register a wallet when it connects, so its refCode resolves
import { handle, WALLET_WRITE } from "@/lib/api/handle";
import { walletBody } from "@/lib/api/schemas";
import { deps, linkBase } from "@/lib/services/context";
import { initUser } from "@/lib/services/users";

export const POST = handle({ body: walletBody, ...WALLET_WRITE }, async ({ body, origin }) =>
  Response.json(await initUser(await deps(), body.wallet, linkBase(origin))),
);
