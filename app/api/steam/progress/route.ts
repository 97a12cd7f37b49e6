// GET /api/steam/progress: every task flag plus the referral count, after an nft_mint check
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { getProgress } from "@/lib/services/tasks";

export const GET = handle(routes.progress, async ({ query, publicOrigin }) =>
  Response.json(await getProgress(await deps(), query.wallet, publicOrigin)),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
