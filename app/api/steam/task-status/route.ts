// GET /api/steam/task-status: task flags and the check-in cooldown of a wallet
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { walletQuery } from "@/lib/contract/schemas";
import { deps } from "@/lib/services/context";
import { getTaskStatus } from "@/lib/services/tasks";

export const GET = handle({ query: walletQuery }, async ({ query }) =>
  Response.json(await getTaskStatus(await deps(), query.wallet)),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
