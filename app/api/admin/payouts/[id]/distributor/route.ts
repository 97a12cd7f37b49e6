// POST /api/admin/payouts/{id}/distributor: record the distributor deployed for a plan, checked on chain; admin only
import { config } from "@/lib/config";
import { routes } from "@/lib/contract/routes";
import { adminOf, handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { distributorReader } from "@/lib/services/payout-distributor-check";
import { planIdOfPath, recordDistributor } from "@/lib/services/payouts";

export const POST = handle(routes.recordDistributor, async ({ body, admin, request }) => {
  const id = planIdOfPath(new URL(request.url).pathname, "distributor");
  const plan = await recordDistributor(await deps(), adminOf(admin), id, body.address, distributorReader(config().chain));
  return Response.json(plan, { headers: { "cache-control": "no-store" } });
});
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
