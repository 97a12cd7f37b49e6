// POST /api/admin/webhooks/{id}/test: queue a webhook.test event for the endpoint, sent after the response; admin only
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { testWebhook, webhookIdOfPath } from "@/lib/services/webhooks";

export const POST = handle(routes.testWebhook, async ({ request }) =>
  Response.json(await testWebhook(await deps(), webhookIdOfPath(new URL(request.url).pathname, 2)), { status: 202, headers: { "cache-control": "no-store" } }),
);
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
