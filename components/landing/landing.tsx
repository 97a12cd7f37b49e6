"use client";

import Link from "next/link";
import { InviteBadge } from "@/components/referral/invite-badge";
import { buttonClass } from "@/components/ui/button";
import { ArrowRightIcon, CalendarIcon, ShieldIcon, SparklesIcon, TrophyIcon, UserPlusIcon, UsersIcon, WalletIcon } from "@/components/ui/icons";
import { useMiniApp } from "@/components/farcaster/miniapp-provider";
import { useConnectWallet } from "@/components/wallet/wallet-ui";
import { errorText } from "@/lib/client/api";
import { useWallet } from "@/lib/client/wallet";

const STEPS = [
  { icon: WalletIcon, title: "Connect your wallet", body: "No sign-up, no email. Your wallet is your account." },
  { icon: UserPlusIcon, title: "Share your link", body: "Every friend who joins with it earns you both 20 reward units." },
  { icon: TrophyIcon, title: "Climb the board", body: "Check in daily, finish quests and watch your rank rise live." },
];

export function Landing({ serverRef, appName }: { serverRef: string | null; appName: string }) {
  const { openConnect, preloadModal } = useConnectWallet();
  const { connectError } = useMiniApp();
  const { status } = useWallet();
  return (
    <div className="flex flex-col gap-16 sm:gap-20">
      <section aria-labelledby="hero-title" className="grid items-center gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:gap-14">
        <div className="flex min-w-0 flex-col items-start">
          <InviteBadge
            serverRef={serverRef}
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
            you both 20 reward units and pushes you up the leaderboard.
          </p>
          <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <button
              type="button"
              onClick={openConnect}
              onPointerEnter={preloadModal}
              onFocus={preloadModal}
              disabled={status === "connecting"}
              className={buttonClass({ size: "lg", className: "w-full sm:w-auto" })}
            >
              <WalletIcon className="size-5" />
              Connect wallet to start
            </button>
            <Link href="/leaderboard" className={buttonClass({ variant: "secondary", size: "lg", className: "w-full sm:w-auto" })}>
              See the leaderboard
              <ArrowRightIcon className="size-4" />
            </Link>
          </div>
          <p className="mt-3 min-h-5 text-sm text-red-600 dark:text-red-400" role="alert">
            {connectError ? `Couldn't connect your Farcaster wallet: ${errorText(connectError)}` : ""}
          </p>
        </div>
        <HeroPreview />
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

/** A static picture of what waits after connecting: decorative, hidden from assistive tech. */
function HeroPreview() {
  const rows = [
    { name: "0x7a3f…91c2", pts: 1240 },
    { name: "0x19be…0d4a", pts: 980 },
    { name: "0xc04e…77f1", pts: 620 },
  ];
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md select-none lg:mx-0">
      <div className="absolute inset-0 -z-10 rounded-[2.5rem] bg-gradient-to-br from-brand-400/30 via-violet-400/20 to-fuchsia-400/30 blur-2xl sm:-inset-4" />
      <div className="rounded-3xl bg-white p-5 shadow-xl ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800">
        <div className="flex items-center justify-between">
          <p className="text-sm font-semibold">Your rewards</p>
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
            +20 per friend
          </span>
        </div>
        <p className="mt-2 text-4xl font-extrabold tracking-tight tabular-nums">
          240 <span className="text-base font-semibold text-zinc-400">units</span>
        </p>
        <div className="mt-4 h-2 rounded-full bg-zinc-100 dark:bg-zinc-800">
          <div className="h-2 w-3/5 rounded-full bg-gradient-to-r from-brand-500 to-fuchsia-500" />
        </div>
        <p className="mt-2 text-xs text-zinc-500">3 of 5 friends to the next milestone</p>
        <ul className="mt-5 space-y-2">
          {[
            { icon: CalendarIcon, label: "Daily check-in", done: true },
            { icon: UsersIcon, label: "Invite your first friend", done: true },
            { icon: ShieldIcon, label: "Hold the community NFT", done: false },
          ].map((t) => (
            <li key={t.label} className="flex items-center gap-3 rounded-2xl bg-zinc-50 px-3 py-2.5 text-sm dark:bg-zinc-800/60">
              <t.icon className="size-4 text-brand-500" />
              <span className="flex-1">{t.label}</span>
              <span className={`text-xs font-semibold ${t.done ? "text-emerald-600 dark:text-emerald-400" : "text-zinc-400"}`}>
                {t.done ? "Done" : "To do"}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-4 rounded-3xl bg-white p-4 shadow-lg ring-1 ring-zinc-200 sm:absolute sm:-right-6 sm:-bottom-24 sm:mt-0 sm:w-64 dark:bg-zinc-900 dark:ring-zinc-800">
        <p className="flex items-center gap-2 text-xs font-semibold text-zinc-500">
          <TrophyIcon className="size-4 text-amber-500" /> Top of the board
        </p>
        <ul className="mt-3 space-y-2">
          {rows.map((r, i) => (
            <li key={r.name} className="flex items-center gap-2 text-xs">
              <span className="w-4 font-bold text-zinc-400">{i + 1}</span>
              <span className="font-mono">{r.name}</span>
              <span className="ml-auto font-semibold tabular-nums">{r.pts}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
