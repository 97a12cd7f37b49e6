// POST /api/auth/logout: end the session by clearing its cookie
import { handle } from "@/lib/api/handle";
import { NO_STORE, signOut } from "@/lib/auth/service";

export const POST = handle({}, ({ origin }) =>
  Response.json({ ok: true }, { headers: { ...NO_STORE, "set-cookie": signOut(origin) } }),
);
