// POST /api/steam/task/complete: daily check-in (server-side cooldown) or a social task
import { handle, refuseOtherMethods, WALLET_WRITE } from "@/lib/http/handle";
import { completeTaskBody } from "@/lib/contract/schemas";
import { deps } from "@/lib/services/context";
import { completeTask } from "@/lib/services/tasks";

export const POST = handle({ body: completeTaskBody, ...WALLET_WRITE }, async ({ body, publicOrigin }) =>
  Response.json(await completeTask(await deps(), body.wallet, body.taskId, publicOrigin)),
);
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
