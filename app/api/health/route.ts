// GET /api/health: store and RPC reachability; 503 when either is down
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { getHealth } from "@/lib/services/health";

export const GET = handle(routes.health, async () => {
  const health = await getHealth(await deps());
  return Response.json(health, { status: health.ok ? 200 : 503, headers: { "cache-control": "no-store" } });
});
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
