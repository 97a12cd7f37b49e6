// POST /api/admin/quests: add a quest; GET: every quest with its completions; admin only
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { createQuest, listQuests } from "@/lib/services/quest-catalog";

const NO_STORE = { "cache-control": "no-store" };

export const POST = handle(routes.createQuest, async ({ body }) => Response.json(await createQuest(await deps(), body), { status: 201, headers: NO_STORE }));
export const GET = handle(routes.adminQuests, async () => Response.json(await listQuests(await deps()), { headers: NO_STORE }));
export const { DELETE, OPTIONS, PATCH, PUT } = refuseOtherMethods({ GET, POST });
