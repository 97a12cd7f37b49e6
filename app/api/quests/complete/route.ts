// POST /api/quests/complete: a quest verified, then credited once
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { completeQuest } from "@/lib/services/quests";

export const POST = handle(routes.completeQuest, async ({ body, publicOrigin }) => Response.json(await completeQuest(await deps(), body, publicOrigin)));
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
