// POST /api/admin/payouts: build a payout plan from the board; GET: every plan; admin only
import { routes } from "@/lib/contract/routes";
import { adminOf, handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { buildPayoutPlan, listPayoutPlans } from "@/lib/services/payouts";

const NO_STORE = { "cache-control": "no-store" };

export const POST = handle(routes.createPayout, async ({ body, admin }) =>
  Response.json(await buildPayoutPlan(await deps(), adminOf(admin), body), { status: 201, headers: NO_STORE }),
);
export const GET = handle(routes.payoutPlans, async () => Response.json(await listPayoutPlans(await deps()), { headers: NO_STORE }));
export const { DELETE, OPTIONS, PATCH, PUT } = refuseOtherMethods({ GET, POST });
