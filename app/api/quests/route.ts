// GET /api/quests: the team's quests with one wallet's status and its quest points
import { walletQuery } from "@/lib/contract/schemas";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { getQuests } from "@/lib/services/quests";

export const GET = handle({ query: walletQuery }, async ({ query }) => Response.json(await getQuests(await deps(), query.wallet)));
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
