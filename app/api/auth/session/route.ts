// GET /api/auth/session: the signed-in wallet (or null) and whether writes need a session
import { handle } from "@/lib/api/handle";
import { currentSession, NO_STORE } from "@/lib/auth/service";

export const GET = handle({}, async ({ request, origin }) =>
  Response.json(await currentSession(request, origin), { headers: NO_STORE }),
);
