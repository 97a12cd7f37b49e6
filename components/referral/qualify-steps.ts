import type { QualifyRule } from "@/lib/domain/qualify";

/**
 * What a referee still has to do under each REFERRAL_QUALIFY rule, said of a friend (the referrer's
 * card) and of oneself (the invited landing, the referee's card): one wording for every page.
 */
export const QUALIFY_STEPS: Record<Exclude<QualifyRule, "none">, { friend: string; you: string }> = {
  checkin: { friend: "does their first daily check-in", you: "do your first daily check-in" },
  nft_mint: { friend: "verifies the NFT quest", you: "verify the NFT quest" },
  onchain: { friend: "has used their wallet on chain (sent a transaction)", you: "have used this wallet on chain (sent a transaction)" },
  farcaster: {
    friend: "links a Farcaster account that Neynar scores well",
    you: "link a Farcaster account that Neynar scores well (open the app in Farcaster and turn on notifications)",
  },
};
