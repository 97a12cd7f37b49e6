// GET /api/admin/stats: the campaign's counters for a period (tiles, days, funnel, tasks), JSON or CSV; admin only
import { statsCsv } from "@/lib/http/admin-tables";
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { getCampaignStats, periodOf } from "@/lib/services/campaign";
import { deps } from "@/lib/services/context";

export const GET = handle(routes.adminStats, async ({ query }) => {
  const d = await deps();
  const stats = await getCampaignStats(d, periodOf(query, d.clock()));
  return query.format === "csv" ? statsCsv(stats, query.table) : Response.json(stats, { headers: { "cache-control": "no-store" } });
});
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
