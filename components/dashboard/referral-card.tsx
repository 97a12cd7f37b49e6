"use client";

import Link from "next/link";
import { useMiniApp } from "@/components/farcaster/miniapp-provider";
import { MilestoneProgress } from "@/components/dashboard/milestone-progress";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { AlertIcon, RefreshIcon, ShareIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { WalletAvatar } from "@/components/wallet/wallet-avatar";
import { errorText } from "@/lib/client/api";
import { useLeaderboardUser, useReferralLink } from "@/lib/client/hooks";
import { REWARD_PER_FRIEND } from "@/lib/domain/leaderboard";
import type { QualifyRule } from "@/lib/domain/qualify";
import { QUALIFY_STEPS } from "@/components/referral/qualify-steps";
import { shortWallet } from "@/lib/domain/wallet";
import { useState } from "react";

const numberFormat = new Intl.NumberFormat("en-US");

function shareText(appName: string) {
  return `Join me on ${appName}: connect your wallet with my link and we both earn ${REWARD_PER_FRIEND} reward units.`;
}

export function ReferralCard({ wallet, appName, qualify }: { wallet: string; appName: string; qualify: QualifyRule }) {
  const link = useReferralLink(wallet);
  const me = useLeaderboardUser(wallet);

  return (
    <Card aria-labelledby="referral-title" className="p-5 sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="referral-title" className="text-lg font-semibold">
          Your referrals
        </h2>
        <Link href="/leaderboard" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
          Leaderboard →
        </Link>
      </div>

      <dl className="mt-5 grid grid-cols-3 gap-2">
        <Stat label="Rewards" testId="stat-rewards" value={me.data?.rewards} loading={!me.data && !me.error} suffix="units" />
        <Stat label="Referrals" testId="stat-referrals" value={link.data?.referralsCount} loading={!link.data && !link.error} />
        <Stat
          label="Rank"
          testId="stat-rank"
          value={me.data ? (me.data.rank > 0 ? `#${me.data.rank}` : "–") : undefined}
          loading={!me.data && !me.error}
        />
      </dl>
      {me.data?.rank === 0 && (
        <p role="status" data-testid="not-ranked" className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-200 dark:ring-amber-900">
          This wallet is not on the leaderboard: the campaign team has excluded it from the board and its rewards. Your quests and
          your invite link keep working.
        </p>
      )}

      {qualify !== "none" && (link.data?.pendingReferrals ?? 0) > 0 && (
        <p data-testid="pending-referrals" className="mt-3 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900 ring-1 ring-brand-100 dark:bg-brand-950/40 dark:text-brand-100 dark:ring-brand-900">
          <span className="font-semibold">
            {link.data?.pendingReferrals} {link.data?.pendingReferrals === 1 ? "friend is" : "friends are"} pending
          </span>
          : each counts for you both once the friend {QUALIFY_STEPS[qualify].friend}.
        </p>
      )}

      <div className="mt-6">
        <label htmlFor="referral-link" className="text-sm font-medium">
          Your invite link
        </label>
        {link.error ? (
          <InlineError message={errorText(link.error)} onRetry={() => void link.refetch()} />
        ) : (
          <>
            <input
              id="referral-link"
              readOnly
              value={link.data?.link ?? ""}
              placeholder={link.data ? "" : "Loading your link…"}
              onFocus={(e) => e.currentTarget.select()}
              className="mt-2 h-11 w-full rounded-xl bg-zinc-50 px-3 font-mono text-sm text-zinc-800 ring-1 ring-zinc-200 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none dark:bg-zinc-950 dark:text-zinc-200 dark:ring-zinc-800"
            />
            <div className="mt-2 grid grid-cols-2 gap-2">
              <CopyButton
                text={link.data?.link ?? ""}
                disabled={!link.data}
                label="Copy your invite link"
                className={buttonClass({ variant: "primary" })}
              >
                Copy link
              </CopyButton>
              <ShareButton link={link.data?.link} appName={appName} />
            </div>
          </>
        )}
      </div>

      <div className="mt-6">
        <MilestoneProgress count={link.data?.referralsCount ?? 0} />
      </div>

      <div className="mt-6 flex min-h-10 items-center gap-3 rounded-2xl bg-zinc-50 px-3 py-2 text-sm dark:bg-zinc-950/60" data-testid="own-referrer">
        {link.data ? (
          link.data.bound ? (
            <>
              <WalletAvatar wallet={link.data.referrer} className="size-6" />
              <span>
                Invited by <span className="font-mono font-semibold">{shortWallet(link.data.referrer)}</span>
                {link.data.referralPending && qualify !== "none" && (
                  <span data-testid="referral-pending" className="block text-zinc-600 dark:text-zinc-400">
                    Your invite counts for you both once you {QUALIFY_STEPS[qualify].you}.
                  </span>
                )}
              </span>
            </>
          ) : (
            <span className="text-zinc-500 dark:text-zinc-400">You joined without an invite.</span>
          )
        ) : (
          <Skeleton className="h-4 w-48" />
        )}
      </div>
    </Card>
  );
}

function Stat({
  label,
  value,
  loading,
  suffix,
  testId,
}: {
  label: string;
  value: number | string | undefined;
  loading: boolean;
  suffix?: string;
  testId: string;
}) {
  return (
    <div className="rounded-2xl bg-zinc-50 px-3 py-3 dark:bg-zinc-950/60">
      <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{label}</dt>
      {/* On a phone the unit goes under the figure: a third of the card has no room beside it. It is there while loading, so nothing moves. */}
      <dd className="mt-1 flex flex-col sm:flex-row sm:items-baseline sm:gap-1" data-testid={testId}>
        <span className="flex h-8 items-center text-xl font-bold tracking-tight tabular-nums sm:text-2xl">
          {loading ? <Skeleton className="h-7 w-12" /> : typeof value === "number" ? numberFormat.format(value) : (value ?? "–")}
        </span>
        {suffix && <span className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{suffix}</span>}
      </dd>
    </div>
  );
}

function InlineError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div role="alert" className="mt-2 flex items-center gap-3 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/50 dark:text-red-200">
      <AlertIcon className="size-4 shrink-0" />
      <span className="flex-1">{message}</span>
      <button type="button" onClick={onRetry} className="inline-flex items-center gap-1 font-semibold underline-offset-2 hover:underline">
        <RefreshIcon className="size-3.5" /> Retry
      </button>
    </div>
  );
}

/** composeCast inside Farcaster, the native share sheet where there is one, else Farcaster's web composer. */
function ShareButton({ link, appName }: { link: string | undefined; appName: string }) {
  const { miniApp } = useMiniApp();
  const [error, setError] = useState<string | null>(null);
  async function share() {
    if (!link) return;
    setError(null);
    const text = shareText(appName);
    try {
      if (miniApp.status === "miniapp") {
        await miniApp.sdk.actions.composeCast({ text, embeds: [link] });
      } else if (typeof navigator.share === "function") {
        await navigator.share({ title: appName, text, url: link });
      } else {
        const url = new URL("https://farcaster.xyz/~/compose");
        url.searchParams.set("text", text);
        url.searchParams.append("embeds[]", link);
        window.open(url, "_blank", "noopener,noreferrer");
      }
    } catch (e) {
      // Closing the share sheet is not an error worth showing.
      if (!(e instanceof DOMException && e.name === "AbortError")) setError(errorText(e));
    }
  }
  return (
    <>
      <button type="button" onClick={share} disabled={!link} className={buttonClass({ variant: "secondary" })}>
        <ShareIcon className="size-4" />
        Share
      </button>
      {error && (
        <p role="alert" className="col-span-2 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </>
  );
}
