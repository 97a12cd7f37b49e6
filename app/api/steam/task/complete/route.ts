// POST /api/steam/task/complete: daily check-in (server-side cooldown) or a social task
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { completeTask } from "@/lib/services/tasks";

export const POST = handle(routes.completeTask, async ({ body, publicOrigin }) =>
  Response.json(await completeTask(await deps(), body.wallet, body.taskId, publicOrigin)),
);
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
