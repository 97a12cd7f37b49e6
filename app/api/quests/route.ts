// GET /api/quests: the team's quests with one wallet's status and its quest points
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { getQuests } from "@/lib/services/quests";

export const GET = handle(routes.quests, async ({ query }) => Response.json(await getQuests(await deps(), query.wallet)));
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
