"use client";

import Link from "next/link";
import { HeroBoard } from "@/components/landing/hero-board";
import { InviteHeadline, isInvited } from "@/components/landing/invite-headline";
import { InviteBadge } from "@/components/referral/invite-badge";
import type { InviteVerdict } from "@/components/referral/invite-verdict";
import { buttonClass } from "@/components/ui/button";
import { ArrowRightIcon, SparklesIcon, TrophyIcon, UserPlusIcon, WalletIcon } from "@/components/ui/icons";
import { useMiniApp } from "@/components/farcaster/miniapp-provider";
import { ConnectButton } from "@/components/wallet/wallet-ui";
import type { BoardOverview } from "@/lib/contract/schemas";
import { errorText } from "@/lib/client/api";
import { REWARD_PER_FRIEND } from "@/lib/domain/leaderboard";
import type { QualifyRule } from "@/lib/domain/qualify";

const STEPS = [
  { icon: WalletIcon, title: "Connect your wallet", body: "No sign-up, no email. Your wallet is your account." },
  { icon: UserPlusIcon, title: "Share your link", body: `Every friend who joins with it earns you both ${REWARD_PER_FRIEND} reward units.` },
  { icon: TrophyIcon, title: "Climb the board", body: "Check in daily, finish quests and watch your rank rise live." },
];

export function Landing({
  invite,
  board,
  appName,
  qualify,
}: {
  invite: InviteVerdict;
  board: BoardOverview | null;
  appName: string;
  /** REFERRAL_QUALIFY: when an invited visitor's rewards are credited. */
  qualify: QualifyRule;
}) {
  const { connectError } = useMiniApp();
  return (
    <div className="flex flex-col gap-16 sm:gap-20">
      <section aria-labelledby="hero-title" className="grid items-center gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:gap-14">
        <div className="flex min-w-0 flex-col items-start">
          {isInvited(invite) ? (
            <InviteHeadline invite={invite} qualify={qualify} />
          ) : (
            <>
              <InviteBadge
                unchecked={invite.kind === "unchecked"}
                fallback={
                  <>
                    <SparklesIcon className="size-4 shrink-0 text-brand-500" />
                    <span className="truncate">Referral quests with a live leaderboard</span>
                  </>
                }
              />
              <h1 id="hero-title" className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
                Invite friends.{" "}
                <span className="bg-gradient-to-r from-brand-600 via-violet-500 to-fuchsia-500 bg-clip-text text-transparent dark:from-brand-400 dark:via-violet-400 dark:to-fuchsia-400">
                  Earn together.
                </span>
              </h1>
              <p className="mt-5 max-w-xl text-lg text-pretty text-zinc-600 dark:text-zinc-400">
                Join {appName} with your wallet, share your personal link and complete quests. Each friend who joins earns
                you both {REWARD_PER_FRIEND} reward units and pushes you up the leaderboard.
              </p>
            </>
          )}
          <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <ConnectButton size="lg" className="w-full sm:w-auto" icon={<WalletIcon className="size-5" />}>
              {invite.kind === "known" ? "Connect wallet to accept" : "Connect wallet to start"}
            </ConnectButton>
            <Link href="/leaderboard" className={buttonClass({ variant: "secondary", size: "lg", className: "w-full sm:w-auto" })}>
              See the leaderboard
              <ArrowRightIcon className="size-4" />
            </Link>
          </div>
          <p className="mt-3 min-h-5 text-sm text-red-600 dark:text-red-400" role="alert">
            {connectError ? `Couldn't connect your Farcaster wallet: ${errorText(connectError)}` : ""}
          </p>
        </div>
        <HeroBoard board={board} />
      </section>

      <section aria-labelledby="how-title">
        <h2 id="how-title" className="text-sm font-semibold tracking-wider text-brand-600 uppercase dark:text-brand-400">
          How it works
        </h2>
        <ol className="mt-5 grid gap-4 sm:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-3xl bg-white/80 p-6 ring-1 ring-zinc-200/80 dark:bg-zinc-900/70 dark:ring-zinc-800">
              <div className="flex items-center gap-3">
                <span className="grid size-10 place-items-center rounded-2xl bg-brand-50 text-brand-600 dark:bg-brand-950 dark:text-brand-300">
                  <step.icon className="size-5" />
                </span>
                <span className="text-sm font-semibold text-zinc-500 dark:text-zinc-400">Step {i + 1}</span>
              </div>
              <h3 className="mt-4 font-semibold">{step.title}</h3>
              <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{step.body}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
