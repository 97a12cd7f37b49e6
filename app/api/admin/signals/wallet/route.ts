// GET /api/admin/signals/wallet: one referrer's farm signals; admin only
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { getWalletSignals } from "@/lib/services/signals";

export const GET = handle(routes.adminWalletSignals, async ({ query }) =>
  Response.json(await getWalletSignals(await deps(), query.wallet), { headers: { "cache-control": "no-store" } }),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
