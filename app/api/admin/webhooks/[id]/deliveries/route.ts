// GET /api/admin/webhooks/{id}/deliveries: the endpoint's newest deliveries; admin only
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { listDeliveries, webhookIdOfPath } from "@/lib/services/webhooks";

export const GET = handle(routes.webhookDeliveries, async ({ request }) =>
  Response.json(await listDeliveries(await deps(), webhookIdOfPath(new URL(request.url).pathname, 2)), { headers: { "cache-control": "no-store" } }),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
