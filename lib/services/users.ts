import type { InitUserResponse } from "@/lib/contract/schemas";
import { referralLink, refCodeOf, type Wallet } from "@/lib/domain/wallet";
import type { Deps } from "@/lib/services/context";
import { notifyReferralCredited } from "@/lib/services/notifications";
import { creditIfQualified } from "@/lib/services/qualify";
import type { NotificationStore, ReferralStore, WalletStore } from "@/lib/store/types";

type UserDeps = Pick<Deps, "clock" | "qualification" | "notifications"> & { store: WalletStore & Pick<ReferralStore, "creditReferral"> & NotificationStore };

/**
 * POST /api/user/init: makes the wallet known (its refCode resolvable); idempotent. A pending referee
 * may qualify on chain, and its referrer hears of it after the response.
 */
export async function initUser(deps: UserDeps, wallet: Wallet, linkBase: string): Promise<InitUserResponse> {
  const { isNew, referralPending } = await deps.store.registerWallet(wallet, deps.clock());
  if (referralPending) notifyReferralCredited(deps, await creditIfQualified(deps, wallet), linkBase);
  return { success: true, wallet, refCode: refCodeOf(wallet), link: referralLink(linkBase, wallet), isNew };
}
