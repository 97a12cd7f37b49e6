"use client";

/**
 * "Invited by 0x12…abcd": who the pending code belongs to, resolved through
 * wallet-by-code. Always one line of the same height, whatever it says, so
 * resolving the code never moves the page.
 */
import type { ReactNode } from "react";
import { useReferralSession } from "@/components/referral/referral-session";
import { AlertIcon, SparklesIcon } from "@/components/ui/icons";
import { WalletAvatar } from "@/components/wallet/wallet-avatar";
import { ApiRequestError } from "@/lib/client/api";
import { useWalletByCode } from "@/lib/client/hooks";
import { parseRefParam } from "@/lib/client/pending-ref";
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

/** `serverRef`: the ?ref= the server saw, so the first paint already shows "Checking your invite…". */
export function InviteBadge({ serverRef, fallback }: { serverRef: string | null; fallback: ReactNode }) {
  const { urlRef, pendingCode } = useReferralSession();
  // Before the provider has read the URL (first paint, hydration) the server's view stands in for it.
  const fromUrl = urlRef.kind === "none" ? parseRefParam(serverRef) : urlRef;
  const code = fromUrl.kind === "valid" ? fromUrl.code : pendingCode;
  const lookup = useWalletByCode(code);

  if (code === null && fromUrl.kind === "invalid") {
    return (
      <Pill tone="warning" testId="invite-status">
        <AlertIcon className="size-4 shrink-0" />
        <span className="truncate">This invite link is broken: codes have 8 characters</span>
      </Pill>
    );
  }
  if (code === null) return <Pill tone="muted">{fallback}</Pill>;
  if (lookup.data) {
    return (
      <Pill tone="brand" testId="invite-status">
        <WalletAvatar wallet={lookup.data.wallet} className="size-5" />
        <span className="truncate">
          Invited by <span className="font-mono font-semibold">{shortWallet(lookup.data.wallet)}</span>
        </span>
      </Pill>
    );
  }
  if (lookup.error instanceof ApiRequestError && lookup.error.status === 404) {
    return (
      <Pill tone="warning" testId="invite-status">
        <AlertIcon className="size-4 shrink-0" />
        <span className="truncate">
          Unknown invite code <span className="font-mono">{code}</span>
        </span>
      </Pill>
    );
  }
  if (lookup.error) {
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
