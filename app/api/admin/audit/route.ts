// GET /api/admin/audit: the audit log of admin actions, newest first, JSON or CSV; admin only
import { auditCsv } from "@/lib/http/admin-tables";
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { getAuditPage } from "@/lib/services/moderation";

export const GET = handle(routes.adminAudit, async ({ query }) => {
  const page = await getAuditPage(await deps(), query.offset, query.limit);
  return query.format === "csv" ? auditCsv(page) : Response.json(page, { headers: { "cache-control": "no-store" } });
});
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
