/**
 * Admin actions against referral farms: disqualify (optionally with every referee), reinstate,
 * the audit log and the ban list. Each action is one store step that also writes its audit entry.
 */
import { ApiError } from "@/lib/contract/errors";
import type { AdminAudit, DisqualifyAnswer, DisqualifyBody, ReinstateAnswer } from "@/lib/contract/moderation-schemas";
import { MAX_CASCADE } from "@/lib/domain/moderation";
import type { Wallet } from "@/lib/domain/wallet";
import type { Deps } from "@/lib/services/context";
import type { Disqualification, ModerationStore } from "@/lib/store/types";

type ModerationDeps = Pick<Deps, "clock" | "events"> & { store: ModerationStore };

/** Wallets of the ban list read per store call. */
const BAN_LIST_PAGE = 1000;

/** POST /api/admin/wallets/disqualify */
export async function disqualifyWallet(deps: ModerationDeps, admin: string, input: DisqualifyBody): Promise<DisqualifyAnswer> {
  const at = deps.clock();
  const result = await deps.store.disqualify({ ...input, admin, now: at });
  if (result.outcome === "too-many-referees") {
    throw new ApiError(
      400,
      `Invalid cascade: the wallet has ${result.referees} referees, more than the ${MAX_CASCADE} one step takes; import them as a ban list instead`,
    );
  }
  if (result.wallets.length > 0) deps.events.emit({ type: "wallet.disqualified", wallets: result.wallets, admin, at });
  return { disqualified: result.wallets, audit: result.audit };
}

/** POST /api/admin/wallets/reinstate */
export async function reinstateWallet(deps: ModerationDeps, admin: string, wallet: Wallet): Promise<ReinstateAnswer> {
  const at = deps.clock();
  const result = await deps.store.reinstate({ wallet, admin, now: at });
  if (result.wallets.length > 0) deps.events.emit({ type: "wallet.reinstated", wallets: result.wallets, admin, at });
  return { reinstated: result.wallets, audit: result.audit };
}

/** GET /api/admin/audit: a page of the audit log, newest first. */
export async function getAuditPage(deps: ModerationDeps, offset: number, limit: number): Promise<AdminAudit> {
  const { total, entries } = await deps.store.getAuditLog(offset, limit);
  return { total, offset, entries };
}

/** Every disqualified wallet, a store page at a time (the ban list's download and export). */
export async function* banList(deps: Pick<ModerationDeps, "store">): AsyncGenerator<Disqualification[]> {
  let cursor = "0";
  do {
    const page = await deps.store.scanDisqualified(cursor, BAN_LIST_PAGE);
    if (page.rows.length > 0) yield page.rows;
    cursor = page.cursor;
  } while (cursor !== "0");
}
