"use client";

import type { ReactNode } from "react";
import { useReferralSession, type ReferralOutcome } from "@/components/referral/referral-session";
import { AlertIcon, CheckIcon, InfoIcon, RefreshIcon, XIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { REWARD_PER_FRIEND } from "@/lib/domain/leaderboard";
import { shortWallet } from "@/lib/domain/wallet";

type Tone = "success" | "info" | "warning" | "error";

function describe(outcome: ReferralOutcome): { tone: Tone; title: string; body: ReactNode } {
  switch (outcome.kind) {
    case "recorded":
      return {
        tone: "success",
        title: `You're in! Invited by ${shortWallet(outcome.referrer)}`,
        body: `Your invite is recorded: you and your friend each earned ${REWARD_PER_FRIEND} reward units.`,
      };
    case "already":
      return {
        tone: "info",
        title: `Already invited by ${shortWallet(outcome.referrer)}`,
        body: "Your wallet was bound to its referrer earlier; a referral never changes.",
      };
    case "self":
      return {
        tone: "warning",
        title: "That's your own link: you cannot refer yourself",
        body: `Share your link with friends instead; each friend who joins earns you both ${REWARD_PER_FRIEND} reward units.`,
      };
    case "not-found":
      return {
        tone: "info",
        title: "This invite code isn't known",
        body: (
          <>
            No wallet has the code <span className="font-mono">{outcome.code}</span>, so no referrer was recorded.
          </>
        ),
      };
    case "rejected":
      return { tone: "warning", title: "This invite link is not valid", body: outcome.message };
    case "failed":
      return {
        tone: "error",
        title:
          outcome.step === "signin"
            ? "Sign in with your wallet to continue"
            : outcome.step === "init"
              ? "Couldn't register your wallet"
              : "Couldn't record your invite yet",
        body: outcome.step === "record" ? `${outcome.message} Your invite is kept; try again.` : outcome.message,
      };
  }
}

const tones: Record<Tone, { ring: string; icon: ReactNode }> = {
  success: {
    ring: "ring-emerald-200 dark:ring-emerald-900",
    icon: <CheckIcon className="size-5 text-emerald-600 dark:text-emerald-400" />,
  },
  info: { ring: "ring-brand-200 dark:ring-brand-900", icon: <InfoIcon className="size-5 text-brand-600 dark:text-brand-300" /> },
  warning: { ring: "ring-amber-200 dark:ring-amber-900", icon: <AlertIcon className="size-5 text-amber-600 dark:text-amber-400" /> },
  error: { ring: "ring-red-200 dark:ring-red-900", icon: <AlertIcon className="size-5 text-red-600 dark:text-red-400" /> },
};

/**
 * The result of recording the invite, as a banner at the top of the page's content: in the flow,
 * so it moves the content down instead of covering any of it, and it stays until dismissed. The
 * live region is always there, so a screen reader announces the outcome when it arrives.
 */
export function ReferralOutcomeBanner() {
  const { outcome, syncing, retry, dismiss } = useReferralSession();
  const content = outcome ? describe(outcome) : null;
  return (
    <div role="status" aria-live="polite">
      {content && outcome && (
        <div
          data-testid="referral-outcome"
          data-outcome={outcome.kind}
          className={`mb-6 flex gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 sm:mb-8 dark:bg-zinc-900 ${tones[content.tone].ring}`}
        >
          <span className="mt-0.5 shrink-0">{tones[content.tone].icon}</span>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold">{content.title}</p>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{content.body}</p>
            {outcome.kind === "failed" && (
              <button
                type="button"
                onClick={retry}
                disabled={syncing}
                className="mt-3 inline-flex h-9 items-center gap-2 rounded-lg bg-zinc-900 px-3 text-sm font-semibold text-white hover:bg-zinc-700 disabled:opacity-60 dark:bg-white dark:text-zinc-900 dark:hover:bg-zinc-200"
              >
                {syncing ? <Spinner /> : <RefreshIcon className="size-4" />}
                Try again
              </button>
            )}
          </div>
          <button
            type="button"
            onClick={dismiss}
            aria-label="Dismiss"
            className="-m-1 size-8 shrink-0 rounded-full p-1.5 text-zinc-500 hover:bg-zinc-100 dark:text-zinc-400 hover:text-zinc-700 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
          >
            <XIcon className="size-5" />
          </button>
        </div>
      )}
    </div>
  );
}
