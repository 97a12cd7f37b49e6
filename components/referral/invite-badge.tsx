"use client";

/**
 * "Invited by 0x12…abcd": who the invite code belongs to, as the server resolved it while
 * rendering the page (or, for a code it did not see, through wallet-by-code). Always one line
 * of the same height, whatever it says, so resolving the code never moves the page.
 */
import type { ReactNode } from "react";
import type { InviteVerdict } from "@/components/referral/invite-verdict";
import { useReferralSession } from "@/components/referral/referral-session";
import { AlertIcon, InfoIcon, SparklesIcon } from "@/components/ui/icons";
import { WalletAvatar } from "@/components/wallet/wallet-avatar";
import { ApiRequestError } from "@/lib/client/api";
import { useWalletByCode } from "@/lib/client/hooks";
import type { RefParam } from "@/lib/client/pending-ref";
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

/** The verdict as the URL parameter it was made for: the server's view of the URL until the page has read it. */
function paramOf(invite: InviteVerdict): RefParam {
  if (invite.kind === "none") return { kind: "none" };
  if (invite.kind === "invalid") return { kind: "invalid", raw: "" };
  return { kind: "valid", code: invite.code };
}

/**
 * `invite`: what the server found for the ?ref= it rendered the page for. Only a code it did not
 * see (one pending from an earlier visit, or opened on another page) is looked up from here.
 */
export function InviteBadge({ invite, fallback }: { invite: InviteVerdict; fallback: ReactNode }) {
  const { urlRef, pendingCode } = useReferralSession();
  const fromUrl = urlRef.kind === "none" ? paramOf(invite) : urlRef;
  const code = fromUrl.kind === "valid" ? fromUrl.code : pendingCode;
  const answered = invite.kind !== "none" && invite.kind !== "invalid" && invite.code === code ? invite : null;
  const lookup = useWalletByCode(answered ? null : code);
  const referrer = answered?.kind === "known" ? answered.referrer : lookup.data?.wallet;

  if (code === null && fromUrl.kind === "invalid") {
    return (
      <Pill tone="muted" testId="invite-status">
        <InfoIcon className="size-4 shrink-0 text-zinc-500" />
        <span className="truncate">This invite link is broken: codes have 8 characters</span>
      </Pill>
    );
  }
  if (code === null) return <Pill tone="muted">{fallback}</Pill>;
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
  if (answered?.kind === "unknown" || (lookup.error instanceof ApiRequestError && lookup.error.status === 404)) {
    return (
      <Pill tone="muted" testId="invite-status">
        <InfoIcon className="size-4 shrink-0 text-zinc-500" />
        <span className="truncate">This invite code isn&apos;t known</span>
      </Pill>
    );
  }
  if (answered?.kind === "unchecked" || lookup.error) {
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
