// POST /api/steam/verify: on-chain verification of nft_mint
import { handle, refuseOtherMethods, WALLET_WRITE } from "@/lib/http/handle";
import { verifyTaskBody } from "@/lib/contract/schemas";
import { deps } from "@/lib/services/context";
import { verifyTask } from "@/lib/services/tasks";

export const POST = handle({ body: verifyTaskBody, ...WALLET_WRITE }, async ({ body, publicOrigin }) =>
  Response.json(await verifyTask(await deps(), body.wallet, body.taskId, publicOrigin)),
);
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
