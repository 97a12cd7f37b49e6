// POST /api/admin/quests/import: create or replace every quest of a catalog file, all or none; admin only
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { importQuests } from "@/lib/services/quest-catalog";

export const POST = handle(routes.importQuests, async ({ body }) => Response.json(await importQuests(await deps(), body), { headers: { "cache-control": "no-store" } }));
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
