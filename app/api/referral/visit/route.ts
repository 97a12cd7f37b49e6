// POST /api/referral/visit: the beacon a page opened from a referral link sends once loaded
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { countVisit } from "@/lib/services/analytics";
import { deps } from "@/lib/services/context";

export const POST = handle(routes.visit, async ({ body, request }) =>
  Response.json(await countVisit(await deps(), body, request.headers.get("user-agent"))),
);
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
