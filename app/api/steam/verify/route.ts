// POST /api/steam/verify: on-chain verification of nft_mint
import { handle } from "@/lib/api/handle";
import { verifyTaskBody } from "@/lib/api/schemas";
import { deps } from "@/lib/services/context";
import { verifyTask } from "@/lib/services/tasks";

export const POST = handle({ body: verifyTaskBody }, async ({ body }) =>
  Response.json(await verifyTask(await deps(), body.wallet, body.taskId)),
);
