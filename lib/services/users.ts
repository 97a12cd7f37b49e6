import type { InitUserResponse } from "@/lib/contract/schemas";
import { referralLink, refCodeOf, type Wallet } from "@/lib/domain/wallet";
import type { Deps } from "@/lib/services/context";
import type { RequestContext } from "@/lib/services/events";
import { creditIfQualified } from "@/lib/services/qualify";
import type { ReferralStore, WalletStore } from "@/lib/store/types";

type UserDeps = Pick<Deps, "clock" | "rules" | "qualification" | "events"> & { store: WalletStore & Pick<ReferralStore, "creditReferral"> };

/**
 * POST /api/user/init: makes the wallet known (its refCode resolvable); idempotent. A pending referee
 * may qualify on chain (referral.credited).
 */
export async function initUser(deps: UserDeps, wallet: Wallet, request: RequestContext): Promise<InitUserResponse> {
  const { isNew, referralPending } = await deps.store.registerWallet(wallet, deps.clock());
  if (referralPending) await creditIfQualified(deps, wallet, request);
  return { success: true, wallet, refCode: refCodeOf(wallet), link: referralLink(request.linkBase, wallet), isNew };
}
