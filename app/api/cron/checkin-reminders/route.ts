// GET /api/cron/checkin-reminders: one bounded run of the daily check-in reminders; Vercel Cron calls it with CRON_SECRET
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { runCheckinReminders } from "@/lib/services/notifications";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

export const GET = handle(routes.checkinReminders, async ({ publicOrigin }) =>
  Response.json(await runCheckinReminders(await deps(), publicOrigin.linkBase), { headers: { "cache-control": "no-store" } }),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
