// POST /api/quests/complete: a quest verified, then credited once
import { completeQuestBody } from "@/lib/contract/quest-schemas";
import { handle, refuseOtherMethods, WALLET_WRITE } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { completeQuest } from "@/lib/services/quests";

export const POST = handle({ body: completeQuestBody, ...WALLET_WRITE }, async ({ body, publicOrigin }) =>
  Response.json(await completeQuest(await deps(), body, publicOrigin)),
);
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
