// POST /api/admin/quests: add a quest; GET: every quest with its completions; admin only
import { MAX_QUEST_BODY_BYTES } from "@/lib/contract/quest-limits";
import { createQuestBody } from "@/lib/contract/quest-schemas";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { createQuest, listQuests } from "@/lib/services/quest-catalog";

const NO_STORE = { "cache-control": "no-store" };

export const POST = handle({ auth: "admin", body: createQuestBody, maxBodyBytes: MAX_QUEST_BODY_BYTES }, async ({ body }) =>
  Response.json(await createQuest(await deps(), body), { status: 201, headers: NO_STORE }),
);
export const GET = handle({ auth: "admin" }, async () => Response.json(await listQuests(await deps()), { headers: NO_STORE }));
export const { DELETE, OPTIONS, PATCH, PUT } = refuseOtherMethods({ GET, POST });
