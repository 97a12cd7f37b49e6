import type { Clock } from "@/lib/domain/clock";
import type { NftVerifier } from "@/lib/chain/types";
import type { GuardStore, Store } from "@/lib/store/types";

/** What every service function takes: the store (with the sign-in and rate-limit part), the clock and, when configured, the chain. */
export interface Deps {
  store: Store & GuardStore;
  clock: Clock;
  /** null when on-chain verification is not configured. */
  chain: NftVerifier | null;
}
