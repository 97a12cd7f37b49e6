// GET /api/admin/wallet: one wallet's fields, tasks, rank, referrer and a page of referees (CSV: the referees); admin only
import { refereesCsv } from "@/lib/http/admin-tables";
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { getWalletReport } from "@/lib/services/campaign";
import { deps } from "@/lib/services/context";

export const GET = handle(routes.adminWallet, async ({ query }) => {
  const report = await getWalletReport(await deps(), query.wallet, query.offset);
  return query.format === "csv" ? refereesCsv(report) : Response.json(report, { headers: { "cache-control": "no-store" } });
});
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
