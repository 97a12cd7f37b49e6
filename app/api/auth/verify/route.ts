// POST /api/auth/verify: check a signed EIP-4361 message and start the wallet's session cookie
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { NO_STORE, verifySignIn } from "@/lib/auth/service";
import { deps } from "@/lib/services/context";

export const POST = handle(routes.signIn, async ({ body, publicOrigin }) => {
  const { address, cookie } = await verifySignIn(body, publicOrigin.origin, deps);
  return Response.json({ ok: true, address }, { headers: { ...NO_STORE, "set-cookie": cookie } });
});
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
