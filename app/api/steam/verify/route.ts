// POST /api/steam/verify: on-chain verification of nft_mint
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { verifyTask } from "@/lib/services/tasks";

export const POST = handle(routes.verifyTask, async ({ body, publicOrigin }) =>
  Response.json(await verifyTask(await deps(), body.wallet, body.taskId, publicOrigin)),
);
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
