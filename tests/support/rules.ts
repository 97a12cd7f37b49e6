/** The rulebook's terms as tests hand them to the store: the default rulebook's, or under another REFERRAL_QUALIFY rule. */
import type { QualifyRule } from "@/lib/domain/qualify";
import { DEFAULT_RULEBOOK, referralCredit, referralTerms, rulebookOf, type ReferralTerms } from "@/lib/domain/rulebook";

/** A binding credited at once, +1/+1. */
export const AT_ONCE: ReferralTerms = referralTerms(DEFAULT_RULEBOOK);

/** The default credit, +1/+1, for creditReferral and a qualifying check-in or nft_mint. */
export const CREDIT = referralCredit(DEFAULT_RULEBOOK);

/** A binding's terms under `qualify`. */
export function termsUnder(qualify: QualifyRule): ReferralTerms {
  return referralTerms(rulebookOf(qualify));
}
