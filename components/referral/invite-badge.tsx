"use client";

/**
 * "Invited by 0x12…abcd" on the landing opened without an invite in its URL: the code pending
 * from an earlier visit, looked up through wallet-by-code (a ?ref= in the URL is the headline's,
 * resolved by the server). Always one line of the same height, whatever it says, so resolving the
 * code never moves the page.
 */
import type { ReactNode } from "react";
import { useReferralSession } from "@/components/referral/referral-session";
import { AlertIcon, InfoIcon, SparklesIcon } from "@/components/ui/icons";
import { WalletAvatar } from "@/components/wallet/wallet-avatar";
import { ApiRequestError } from "@/lib/client/api";
import { useWalletByCode } from "@/lib/client/invite-hooks";
import { shortWallet } from "@/lib/domain/wallet";

function Pill({ tone, children, testId }: { tone: "brand" | "warning" | "muted"; children: ReactNode; testId?: string }) {
  const tones = {
    brand: "bg-brand-50 text-brand-800 ring-brand-200 dark:bg-brand-950/60 dark:text-brand-200 dark:ring-brand-800",
    warning: "bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950/50 dark:text-amber-200 dark:ring-amber-900",
    muted: "bg-white/70 text-zinc-700 ring-zinc-200 dark:bg-zinc-900/70 dark:text-zinc-300 dark:ring-zinc-800",
  };
  return (
    <p
      data-testid={testId}
      className={`inline-flex h-9 max-w-full items-center gap-2 rounded-full px-3.5 text-sm font-medium ring-1 ring-inset ${tones[tone]}`}
    >
      {children}
    </p>
  );
}

/** `unchecked`: the server could not look up the page's ?ref= (the store did not answer); the code is kept. */
export function InviteBadge({ unchecked, fallback }: { unchecked: boolean; fallback: ReactNode }) {
  const { pendingCode: code } = useReferralSession();
  const lookup = useWalletByCode(unchecked ? null : code);
  const referrer = lookup.data?.wallet;

  if (!unchecked && code === null) return <Pill tone="muted">{fallback}</Pill>;
  if (referrer) {
    return (
      <Pill tone="brand" testId="invite-status">
        <WalletAvatar wallet={referrer} className="size-5" />
        <span className="truncate">
          Invited by <span className="font-mono font-semibold">{shortWallet(referrer)}</span>
        </span>
      </Pill>
    );
  }
  if (lookup.error instanceof ApiRequestError && lookup.error.status === 404) {
    return (
      <Pill tone="muted" testId="invite-status">
        <InfoIcon className="size-4 shrink-0 text-zinc-500" />
        <span className="truncate">This invite code isn&apos;t known</span>
      </Pill>
    );
  }
  if (unchecked || lookup.error) {
    return (
      <Pill tone="warning" testId="invite-status">
        <AlertIcon className="size-4 shrink-0" />
        <span className="truncate">Couldn&apos;t check your invite right now</span>
      </Pill>
    );
  }
  return (
    <Pill tone="brand" testId="invite-status">
      <SparklesIcon className="size-4 shrink-0 animate-pulse" />
      <span className="truncate">Checking your invite…</span>
    </Pill>
  );
}
