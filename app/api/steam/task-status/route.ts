// GET /api/steam/task-status: task flags and the check-in cooldown of a wallet
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { getTaskStatus } from "@/lib/services/tasks";

export const GET = handle(routes.taskStatus, async ({ query }) =>
  Response.json(await getTaskStatus(await deps(), query.wallet)),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
