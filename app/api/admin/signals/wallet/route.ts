// GET /api/admin/signals/wallet: one referrer's farm signals; admin only
import { adminWalletSignalsQuery } from "@/lib/contract/signals-schemas";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { getWalletSignals } from "@/lib/services/signals";

export const GET = handle({ auth: "admin", query: adminWalletSignalsQuery }, async ({ query }) =>
  Response.json(await getWalletSignals(await deps(), query.wallet), { headers: { "cache-control": "no-store" } }),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
