// DELETE /api/admin/webhooks/{id}: remove an endpoint and its deliveries; PATCH: enable or disable it; admin only
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { deleteWebhook, setWebhookEnabled, webhookIdOfPath } from "@/lib/services/webhooks";

const NO_STORE = { "cache-control": "no-store" };

export const DELETE = handle(routes.deleteWebhook, async ({ request }) =>
  Response.json(await deleteWebhook(await deps(), webhookIdOfPath(new URL(request.url).pathname)), { headers: NO_STORE }),
);
export const PATCH = handle(routes.patchWebhook, async ({ body, request }) =>
  Response.json(await setWebhookEnabled(await deps(), webhookIdOfPath(new URL(request.url).pathname), body.enabled), { headers: NO_STORE }),
);
export const { GET, OPTIONS, POST, PUT } = refuseOtherMethods({ DELETE, PATCH });
