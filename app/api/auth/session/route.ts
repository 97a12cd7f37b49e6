// GET /api/auth/session: the signed-in wallet (or null) and whether writes need a session
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { currentSession, NO_STORE } from "@/lib/auth/service";
import { deps } from "@/lib/services/context";

export const GET = handle(routes.session, async ({ request, publicOrigin }) =>
  Response.json(await currentSession(request, publicOrigin.origin, deps), { headers: NO_STORE }),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
