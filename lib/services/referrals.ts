import { errors } from "@/lib/contract/errors";
import type {
  CheckReferralResponse,
  RecordReferralResponse,
  ReferralLinkResponse,
  WalletByCodeResponse,
} from "@/lib/contract/schemas";
import { referralTerms } from "@/lib/domain/rulebook";
import { isResolvableRefCode, isSelfReferral, referralLink, refCodeOf, type Wallet } from "@/lib/domain/wallet";
import type { Deps } from "@/lib/services/context";
import type { RequestContext } from "@/lib/services/events";
import { emitCredited } from "@/lib/services/qualify";
import type { ReferralStore } from "@/lib/store/types";

type ReferralDeps = Pick<Deps, "clock" | "rules"> & { store: ReferralStore };
type RecordDeps = ReferralDeps & Pick<Deps, "events">;

/**
 * POST /api/referral/record: binds the referee to the code's owner, once (see ReferralStore.recordReferral
 * for the order of the checks). A new binding emits referral.recorded, and referral.credited when the
 * store credited it in the same step (at once, or the referee already met the REFERRAL_QUALIFY rule);
 * otherwise the credit waits, and the step that credits it emits it.
 */
export async function recordReferral(deps: RecordDeps, referee: Wallet, refCode: string, request?: RequestContext): Promise<RecordReferralResponse> {
  const at = deps.clock();
  const terms = referralTerms(deps.rules);
  const result = await deps.store.recordReferral({ referee, refCode, selfReferral: isSelfReferral(referee, refCode), now: at, terms });
  switch (result.outcome) {
    case "recorded":
      deps.events.emit({ type: "referral.recorded", referrer: result.referrer, referee, at }, request);
      if (result.credited) emitCredited(deps, result.referrer, referee, at, request);
      return { success: true, referrer: result.referrer };
    case "already-recorded":
      return { success: true, referrer: result.referrer, alreadyRecorded: true };
    case "self-referral":
      throw errors.selfReferral();
    case "code-not-found":
      throw errors.refCodeNotFound();
  }
}

/** GET /api/referral/check: read-only. */
export async function checkReferral(deps: ReferralDeps, wallet: Wallet): Promise<CheckReferralResponse> {
  return { hasReferrer: (await deps.store.getReferrer(wallet)) !== null, wallet };
}

/** GET /api/referral/link: the wallet's own link and stats; makes the wallet known. With REFERRAL_QUALIFY, also what waits. */
export async function getReferralLink(deps: ReferralDeps, wallet: Wallet, linkBase: string): Promise<ReferralLinkResponse> {
  const info = await deps.store.getReferralInfo(wallet, deps.clock());
  return {
    bound: info.referrer !== null,
    referrer: info.referrer ?? "",
    link: referralLink(linkBase, wallet),
    referralsCount: info.referralsCount,
    refCode: refCodeOf(wallet),
    ...(info.codeOwner !== wallet && { codeConflict: true as const }),
    ...(deps.rules.qualify !== "none" && { pendingReferrals: info.pendingReferrals }),
    ...(info.referralPending && { referralPending: true as const }),
  };
}

/** GET /api/referral/wallet-by-code: reverse lookup; codes that cannot be hex never reach the store. */
export async function getWalletByCode(deps: ReferralDeps, refCode: string): Promise<WalletByCodeResponse> {
  const wallet = isResolvableRefCode(refCode) ? await deps.store.resolveRefCode(refCode) : null;
  if (wallet === null) throw errors.refCodeNotFound();
  return { wallet, refCode };
}
