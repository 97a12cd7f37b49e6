// POST /api/admin/wallets/disqualify: take a wallet (with cascade, also its referees) off the board and the payout; admin only
import { routes } from "@/lib/contract/routes";
import { adminOf, handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { disqualifyWallet } from "@/lib/services/moderation";

export const POST = handle(routes.disqualify, async ({ body, admin }) =>
  Response.json(await disqualifyWallet(await deps(), adminOf(admin), body), { headers: { "cache-control": "no-store" } }),
);
export const { DELETE, GET, OPTIONS, PATCH, PUT } = refuseOtherMethods({ POST });
