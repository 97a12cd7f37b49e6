// PATCH /api/admin/quests/{id}: change a quest (any field but id and type; archived: true archives); admin only
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { patchQuest, questIdOfPath } from "@/lib/services/quest-catalog";

export const PATCH = handle(routes.patchQuest, async ({ body, request }) =>
  Response.json(await patchQuest(await deps(), questIdOfPath(new URL(request.url).pathname), body), { headers: { "cache-control": "no-store" } }),
);
export const { DELETE, GET, OPTIONS, POST, PUT } = refuseOtherMethods({ PATCH });
