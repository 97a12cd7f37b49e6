// POST /api/farcaster/webhook: a Farcaster client's signed event (added, removed, notifications on or off)
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { receiveWebhookEvent } from "@/lib/services/notifications";
import { webhookEventBody } from "@/lib/contract/notification-schemas";

export const POST = handle({ body: webhookEventBody }, async ({ body }) => Response.json(await receiveWebhookEvent(await deps(), body)));
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
