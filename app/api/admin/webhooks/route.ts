// POST /api/admin/webhooks: add an endpoint (its secret answered once); GET: every endpoint; admin only
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { createWebhook, listWebhooks } from "@/lib/services/webhooks";

const NO_STORE = { "cache-control": "no-store" };

export const POST = handle(routes.createWebhook, async ({ body }) => Response.json(await createWebhook(await deps(), body), { status: 201, headers: NO_STORE }));
export const GET = handle(routes.webhooks, async () => Response.json(await listWebhooks(await deps()), { headers: NO_STORE }));
export const { DELETE, OPTIONS, PATCH, PUT } = refuseOtherMethods({ GET, POST });
