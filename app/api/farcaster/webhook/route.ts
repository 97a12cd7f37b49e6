// POST /api/farcaster/webhook: a Farcaster client's signed event (added, removed, notifications on or off)
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { receiveWebhookEvent } from "@/lib/services/notifications";

export const POST = handle(routes.farcasterWebhook, async ({ body }) => Response.json(await receiveWebhookEvent(await deps(), body)));
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
