// GET /api/steam/progress: every task flag plus the referral count, after an nft_mint check
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { walletQuery } from "@/lib/contract/schemas";
import { deps } from "@/lib/services/context";
import { getProgress } from "@/lib/services/tasks";

export const GET = handle({ query: walletQuery }, async ({ query, publicOrigin }) =>
  Response.json(await getProgress(await deps(), query.wallet, publicOrigin)),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
