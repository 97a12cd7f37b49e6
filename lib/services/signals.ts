/**
 * The console's farm signals: referrers ranked by how suspicious they look, and one referrer's
 * evidence. Each read is one store call; the store keeps the signals with the facts.
 */
import type { AdminSignals, ReferrerSignalsJson } from "@/lib/contract/signals-schemas";
import type { Wallet } from "@/lib/domain/wallet";
import type { ReferrerSignals, SignalsStore } from "@/lib/store/types";

type SignalsDeps = { store: SignalsStore };

function signalsOf(row: ReferrerSignals): ReferrerSignalsJson {
  const idle = row.referrals - row.activeReferees;
  return { ...row, idleShare: row.referrals > 0 ? Math.max(0, idle) / row.referrals : null };
}

/** GET /api/admin/signals: a page of the suspicion ranking. */
export async function getSignalsPage(deps: SignalsDeps, offset: number, limit: number): Promise<AdminSignals> {
  const { total, rows } = await deps.store.getSuspiciousReferrers(offset, limit);
  return { total, offset, referrers: rows.map(signalsOf) };
}

/** GET /api/admin/signals/wallet: one referrer's stored signals (all zero for a wallet that never referred). */
export async function getWalletSignals(deps: SignalsDeps, wallet: Wallet): Promise<ReferrerSignalsJson> {
  return signalsOf(await deps.store.getReferrerSignals(wallet));
}
