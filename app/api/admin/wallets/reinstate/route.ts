// POST /api/admin/wallets/reinstate: put a disqualified wallet back, with the referees its cascade took out; admin only
import { routes } from "@/lib/contract/routes";
import { adminOf, handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { reinstateWallet } from "@/lib/services/moderation";

export const POST = handle(routes.reinstate, async ({ body, admin }) =>
  Response.json(await reinstateWallet(await deps(), adminOf(admin), body.wallet), { headers: { "cache-control": "no-store" } }),
);
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
