// GET /api/claim?wallet=: what the wallet may claim from every payout plan with a distributor (one store round trip)
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { deps } from "@/lib/services/context";
import { getClaims } from "@/lib/services/payouts";

export const GET = handle(routes.claims, async ({ query }) => Response.json(await getClaims(await deps(), query.wallet), { headers: { "cache-control": "no-store" } }));
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
