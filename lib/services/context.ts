/** The process's service dependencies, built once from configuration. Route handlers call deps(). */
import "server-only";
import { config } from "@/lib/config";
import { systemClock } from "@/lib/domain/clock";
import { createNftVerifier } from "@/lib/chain/verifier";
import type { NftVerifier } from "@/lib/chain/types";
import type { Deps } from "@/lib/services/deps";
import { getStore } from "@/lib/store";

let chain: NftVerifier | null | undefined;

export async function deps(): Promise<Deps> {
  const cfg = config();
  chain ??= cfg.chain ? createNftVerifier(cfg.chain) : null;
  return { store: await getStore(), clock: systemClock, chain };
}

/** Base of referral links: APP_URL when set, else the origin the request came to. */
export function linkBase(origin: string): string {
  return config().appUrl ?? origin;
}
