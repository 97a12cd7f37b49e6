// POST /api/user/init: register a wallet when it connects, so its refCode resolves
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { initUser } from "@/lib/services/users";

export const POST = handle(routes.initUser, async ({ body, publicOrigin }) =>
  Response.json(await initUser(await deps(), body.wallet, publicOrigin)),
);
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
