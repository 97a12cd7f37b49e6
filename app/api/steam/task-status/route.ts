// GET /api/steam/task-status: task flags and the check-in cooldown of a wallet
import { handle } from "@/lib/api/handle";
import { walletQuery } from "@/lib/api/schemas";
import { deps } from "@/lib/services/context";
import { getTaskStatus } from "@/lib/services/tasks";

export const GET = handle({ query: walletQuery }, async ({ query }) =>
  Response.json(await getTaskStatus(await deps(), query.wallet)),
);
