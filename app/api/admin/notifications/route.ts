// GET /api/admin/notifications: Farcaster notifications sent, failed and invalid per day, with subscribers and links; admin only
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { periodOf } from "@/lib/services/campaign";
import { deps } from "@/lib/services/context";
import { getNotificationStats } from "@/lib/services/notifications";

export const GET = handle(routes.adminNotifications, async ({ query }) => {
  const d = await deps();
  return Response.json(await getNotificationStats(d, periodOf(query, d.clock())), { headers: { "cache-control": "no-store" } });
});
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
