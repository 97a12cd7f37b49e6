// GET /api/admin/rewards: the rewards export (CSV or JSON, rank order, checksum trailer), streamed; bearer ADMIN_TOKEN
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { EXPORT_CONTENT_TYPES, openRewardsExportStream } from "@/lib/operators/rewards-export";
import { deps } from "@/lib/services/context";

export const GET = handle(routes.rewardsExport, async ({ query }) =>
  new Response(await openRewardsExportStream((await deps()).store, query), {
    headers: {
      "content-type": EXPORT_CONTENT_TYPES[query.format],
      "content-disposition": `attachment; filename="rewards.${query.format}"`,
      "cache-control": "no-store",
    },
  }),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
