/**
 * Qualified referrals (REFERRAL_QUALIFY, the rulebook's `qualify`): a pending referee's own requests
 * credit its referral once it meets the rule. A check-in ("checkin") and a verified nft_mint
 * ("nft_mint") credit inside the store step that records them; what is left here is the read of
 * "onchain" (the account on chain) and of "farcaster" (the Neynar score of the linked fid), and a
 * referee that met the rule before the rule was switched on.
 */
import type { Address } from "viem";
import type { QualifyConfig } from "@/lib/config";
import { qualifiesOnChain, qualifiesOnFarcaster } from "@/lib/domain/qualify";
import { referralCredit } from "@/lib/domain/rulebook";
import type { Wallet } from "@/lib/domain/wallet";
import type { WalletActivity } from "@/lib/chain/activity";
import type { NeynarClient } from "@/lib/farcaster/neynar";
import type { Deps } from "@/lib/services/context";
import type { RequestContext } from "@/lib/services/events";
import type { NotificationStore, ReferralStore, WalletState } from "@/lib/store/types";

/** What the rulebook cannot tell alone: the outside read of "onchain" and "farcaster". */
export interface Qualification {
  /**
   * Whether the wallet meets the rule now, read from the chain or from Neynar; throws when that read fails. null under the other rules.
   * `fid`: the wallet's linked fid when the request already read it with the wallet state (WalletState.fid); read from the store otherwise.
   */
  read: ((wallet: Wallet, fid?: number | null) => Promise<boolean>) | null;
}

/** Every rule but "onchain" and "farcaster" is decided without an outside read. */
export const NO_QUALIFY_READ: Qualification = { read: null };

/** What the "farcaster" rule reads: the wallet's linked fid in the store, that fid's score at Neynar. */
export interface FarcasterReads {
  neynar: NeynarClient;
  store: Pick<NotificationStore, "linkedFid">;
}

export function qualificationOf(cfg: QualifyConfig, activity: WalletActivity | null, farcaster: FarcasterReads | null = null): Qualification {
  if (cfg.rule === "farcaster") {
    // config() refuses "farcaster" without NEYNAR_API_KEY, and the composition root builds the client whenever it is set.
    if (!farcaster) throw new Error("REFERRAL_QUALIFY=farcaster without a Neynar client to read scores from");
    return {
      read: async (wallet, known) => {
        const fid = known === undefined ? await farcaster.store.linkedFid(wallet) : known;
        return fid !== null && qualifiesOnFarcaster(await farcaster.neynar.userScore(fid), cfg.minNeynarScore);
      },
    };
  }
  if (cfg.rule !== "onchain") return NO_QUALIFY_READ;
  // config() refuses "onchain" without RPC_URL, and activity exists whenever RPC_URL is set.
  if (!activity) throw new Error("REFERRAL_QUALIFY=onchain without an RPC to read accounts from");
  return {
    read: async (wallet) => {
      const [account] = await activity.accountsOf([wallet as Address]);
      return account !== undefined && qualifiesOnChain(account, cfg.onchain);
    },
  };
}

type QualifyDeps = Pick<Deps, "clock" | "rules" | "qualification" | "events"> & { store: Pick<ReferralStore, "creditReferral"> };

/** What the request already read of the wallet: enough to tell whether it meets a rule told by what the store keeps. */
type Known = Partial<Pick<WalletState, "checkInLast" | "nftMint" | "fid">>;

/**
 * Called after a request of a wallet whose referral is pending: credits it when the wallet meets
 * the rule now, and emits referral.credited when this call credited it. A chain or Neynar failure is logged
 * and leaves the referral pending, so that the request answers as it would have; the next request
 * tries again.
 */
export async function creditIfQualified(deps: QualifyDeps, wallet: Wallet, request: RequestContext | undefined, known: Known = {}): Promise<void> {
  if (!(await meetsRule(deps, wallet, known))) return;
  const at = deps.clock();
  emitCredited(deps, await deps.store.creditReferral(wallet, at, referralCredit(deps.rules)), wallet, at, request);
}

/** referral.credited, when a store step says it credited `referee`'s referral (it names the referrer only then). */
export function emitCredited(deps: Pick<Deps, "events">, referrer: string | null | undefined, referee: Wallet, at: number, request: RequestContext | undefined): void {
  if (referrer) deps.events.emit({ type: "referral.credited", referrer, referee, at }, request);
}

async function meetsRule({ rules, qualification }: Pick<Deps, "rules" | "qualification">, wallet: Wallet, known: Known): Promise<boolean> {
  switch (rules.qualify) {
    case "none":
      return false;
    case "checkin":
      return known.checkInLast != null;
    case "nft_mint":
      return known.nftMint === true;
    case "onchain":
    case "farcaster":
      try {
        return (await qualification.read?.(wallet, known.fid)) ?? false;
      } catch (error) {
        console.error(`[refboard] the ${rules.qualify} qualification read failed; the referral stays pending:`, error);
        return false;
      }
  }
}
