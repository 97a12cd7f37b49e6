import type { HealthResponse } from "@/lib/contract/schemas";
import type { Deps } from "@/lib/services/context";
import type { StoreBackend } from "@/lib/store/types";

async function timed(probe: () => Promise<void>): Promise<{ ok: boolean; latencyMs: number }> {
  const start = performance.now();
  let ok = true;
  try {
    await probe();
  } catch (error) {
    console.error("[refboard] health probe failed:", error);
    ok = false;
  }
  return { ok, latencyMs: Math.round((performance.now() - start) * 10) / 10 };
}

/** GET /api/health: store and, when configured, RPC reachability with latency. */
export async function getHealth(deps: Pick<Deps, "chain"> & { store: StoreBackend }): Promise<HealthResponse> {
  const { store, chain: verifier } = deps;
  const storeHealth = { kind: store.kind, ...(await timed(() => store.ping())) };
  if (!verifier) return { ok: storeHealth.ok, store: storeHealth, chain: { configured: false } };
  const chainHealth = await timed(() => verifier.ping());
  return { ok: storeHealth.ok && chainHealth.ok, store: storeHealth, chain: { configured: true, ...chainHealth } };
}
