import type { InitUserResponse } from "@/lib/contract/schemas";
import { referralLink, refCodeOf, type Wallet } from "@/lib/domain/wallet";
import type { Deps } from "@/lib/services/context";
import type { WalletStore } from "@/lib/store/types";

/** POST /api/user/init: makes the wallet known (its refCode resolvable); idempotent. */
export async function initUser(deps: Pick<Deps, "clock"> & { store: WalletStore }, wallet: Wallet, linkBase: string): Promise<InitUserResponse> {
  const { isNew } = await deps.store.registerWallet(wallet, deps.clock());
  return { success: true, wallet, refCode: refCodeOf(wallet), link: referralLink(linkBase, wallet), isNew };
}
