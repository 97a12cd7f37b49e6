// GET /api/admin/signals: referrers ranked by how suspicious they look, with the evidence, JSON or CSV; admin only
import { signalsCsv } from "@/lib/http/admin-tables";
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { getSignalsPage } from "@/lib/services/signals";

export const GET = handle(routes.adminSignals, async ({ query }) => {
  const page = await getSignalsPage(await deps(), query.offset, query.limit);
  return query.format === "csv" ? signalsCsv(page) : Response.json(page, { headers: { "cache-control": "no-store" } });
});
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
