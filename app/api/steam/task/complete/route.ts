// POST /api/steam/task/complete: daily check-in (server-side cooldown) or a social task
import { handle, WALLET_WRITE } from "@/lib/api/handle";
import { completeTaskBody } from "@/lib/api/schemas";
import { deps } from "@/lib/services/context";
import { completeTask } from "@/lib/services/tasks";

export const POST = handle({ body: completeTaskBody, ...WALLET_WRITE }, async ({ body }) =>
  Response.json(await completeTask(await deps(), body.wallet, body.taskId)),
);
