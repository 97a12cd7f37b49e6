// POST /api/referral/visit: the beacon a page opened from a referral link sends once loaded
import { visitBody } from "@/lib/contract/schemas";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { countVisit } from "@/lib/services/analytics";
import { deps } from "@/lib/services/context";

export const POST = handle({ body: visitBody, rateLimit: { ip: "writes" } }, async ({ body, request }) =>
  Response.json(await countVisit(await deps(), body, request.headers.get("user-agent"))),
);
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
