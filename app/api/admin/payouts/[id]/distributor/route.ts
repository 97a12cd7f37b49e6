// POST /api/admin/payouts/{id}/distributor: record the distributor deployed for a plan, checked on chain; admin only
import { routes } from "@/lib/contract/routes";
import { adminOf, handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { planIdOfPath, recordDistributor } from "@/lib/services/payouts";

export const POST = handle(routes.recordDistributor, async ({ body, admin, request }) => {
  const id = planIdOfPath(new URL(request.url).pathname, 2);
  return Response.json(await recordDistributor(await deps(), adminOf(admin), id, body.address), { headers: { "cache-control": "no-store" } });
});
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
