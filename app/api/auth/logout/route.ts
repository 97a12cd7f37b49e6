// POST /api/auth/logout: end the session by clearing its cookie
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { NO_STORE, signOut } from "@/lib/auth/service";

export const POST = handle(routes.logout, ({ publicOrigin }) =>
  Response.json({ ok: true }, { headers: { ...NO_STORE, "set-cookie": signOut(publicOrigin.origin) } }),
);
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
