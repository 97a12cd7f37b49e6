// GET /api/admin/disqualified: the ban list, every disqualified wallet with its reason, CSV or JSON, streamed; admin only
import { banListResponse } from "@/lib/http/admin-tables";
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { banList } from "@/lib/services/moderation";

export const GET = handle(routes.banList, async ({ query }) => banListResponse(banList(await deps()), query.format));
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
