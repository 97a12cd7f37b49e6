// GET /api/cron/webhooks: one run of webhook delivery (retries, and events whose after-response run never happened); Vercel Cron calls it with CRON_SECRET
import { requireCron } from "@/lib/auth/cron";
import { config } from "@/lib/config";
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { runWebhookCron } from "@/lib/services/webhooks";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

// CRON_SECRET alone turns this job on (the reminders' route also needs NEYNAR_API_KEY), so the secret is passed here.
export const GET = handle(routes.webhooksCron, async ({ request }) => {
  requireCron(request.headers, config().webhooks.cronSecret);
  return Response.json(await runWebhookCron(await deps()), { headers: { "cache-control": "no-store" } });
});
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
