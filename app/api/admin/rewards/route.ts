// GET /api/admin/rewards: the rewards export (CSV or JSON, rank order, checksum trailer), streamed; bearer ADMIN_TOKEN
import { handle } from "@/lib/api/handle";
import { EXPORT_CONTENT_TYPES, rewardsExportQuery, openRewardsExportStream } from "@/lib/services/rewards-export";
import { getStore } from "@/lib/store";

export const GET = handle({ auth: "admin", query: rewardsExportQuery }, async ({ query }) =>
  new Response(await openRewardsExportStream(await getStore(), query), {
    headers: {
      "content-type": EXPORT_CONTENT_TYPES[query.format],
      "content-disposition": `attachment; filename="rewards.${query.format}"`,
      "cache-control": "no-store",
    },
  }),
);
