// GET /api/admin/payouts/{id}: one payout plan as JSON, or its CSV (format=csv) or OpenZeppelin tree dump (format=tree), streamed; admin only
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { planIdOfPath, PLAN_CONTENT_TYPES, readPayoutPlan } from "@/lib/services/payouts";

export const GET = handle(routes.payoutPlan, async ({ query, request }) => {
  const id = planIdOfPath(new URL(request.url).pathname);
  const answer = await readPayoutPlan(await deps(), id, query.format);
  if (!(answer instanceof ReadableStream)) return Response.json(answer, { headers: { "cache-control": "no-store" } });
  const file = query.format === "csv" ? `payout-${id}.csv` : `payout-${id}-tree.json`;
  return new Response(answer, {
    headers: { "content-type": PLAN_CONTENT_TYPES[query.format], "content-disposition": `attachment; filename="${file}"`, "cache-control": "no-store" },
  });
});
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
