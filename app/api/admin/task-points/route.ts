// POST /api/admin/task-points: the points of the check-in and the social tasks and the check-in's streak bonuses, replaced whole; admin only
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { setTaskPoints } from "@/lib/services/quest-catalog";

export const POST = handle(routes.setTaskPoints, async ({ body }) => Response.json(await setTaskPoints(await deps(), body), { headers: { "cache-control": "no-store" } }));
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
