// GET /api/admin/quests/export: the whole quest catalog as one JSON file; admin only
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { exportQuests } from "@/lib/services/quest-catalog";

export const GET = handle(routes.exportQuests, async () =>
  Response.json(await exportQuests(await deps()), {
    headers: { "cache-control": "no-store", "content-disposition": 'attachment; filename="quests.json"' },
  }),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
