// GET /api/steam/progress: every task flag plus the referral count, after an nft_mint check
import { handle } from "@/lib/api/handle";
import { walletQuery } from "@/lib/api/schemas";
import { deps } from "@/lib/services/context";
import { getProgress } from "@/lib/services/tasks";

export const GET = handle({ query: walletQuery }, async ({ query }) =>
  Response.json(await getProgress(await deps(), query.wallet)),
);
