// GET /api/admin/referrers: the period's top referrers, from the per-day counters, JSON or CSV; admin only
import { referrersCsv } from "@/lib/http/admin-tables";
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { getTopReferrers, periodOf } from "@/lib/services/campaign";
import { deps } from "@/lib/services/context";

export const GET = handle(routes.adminReferrers, async ({ query }) => {
  const d = await deps();
  const data = await getTopReferrers(d, periodOf(query, d.clock()), query.limit);
  return query.format === "csv" ? referrersCsv(data) : Response.json(data, { headers: { "cache-control": "no-store" } });
});
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
