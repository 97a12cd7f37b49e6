import type { Clock } from "@/lib/domain/clock";
import type { NftVerifier } from "@/lib/chain/types";
import type { Store } from "@/lib/store/types";

/** What every service function takes: the store, the clock and, when configured, the chain. */
export interface Deps {
  store: Store;
  clock: Clock;
  /** null when on-chain verification is not configured. */
  chain: NftVerifier | null;
}
