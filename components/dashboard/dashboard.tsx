"use client";

import dynamic from "next/dynamic";
import { ReferralCard } from "@/components/dashboard/referral-card";
import { NotificationsCard } from "@/components/farcaster/notifications-card";
import { QuestList } from "@/components/tasks/quest-list";
import { TaskList, type TaskSettings } from "@/components/tasks/task-list";
import type { QualifyRule } from "@/lib/domain/qualify";
import { shortWallet } from "@/lib/domain/wallet";

// Code-split: the payout hooks load apart from the dashboard, which most wallets see without a payout to claim.
const ClaimLink = dynamic(() => import("@/components/payouts/claim-link").then((m) => m.ClaimLink));

export function Dashboard({
  wallet,
  appName,
  settings,
  qualify,
  quickAuthOrigin,
}: {
  wallet: string;
  appName: string;
  settings: TaskSettings;
  qualify: QualifyRule;
  /** Set while Farcaster notifications are on: where the card gets its Quick Auth token. */
  quickAuthOrigin: string | null;
}) {
  return (
    <div>
      <div className="flex flex-col gap-1">
        <p className="font-mono text-sm text-zinc-500 dark:text-zinc-400">{shortWallet(wallet)}</p>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Your dashboard</h1>
        <p className="text-zinc-600 dark:text-zinc-400">Share your link, finish quests and climb the board.</p>
        <ClaimLink wallet={wallet} />
      </div>
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <div className="lg:sticky lg:top-24">
          <ReferralCard wallet={wallet} appName={appName} qualify={qualify} />
          {quickAuthOrigin && <NotificationsCard wallet={wallet} quickAuthOrigin={quickAuthOrigin} />}
        </div>
        <div>
          <TaskList wallet={wallet} settings={settings} />
          <QuestList wallet={wallet} quickAuthOrigin={quickAuthOrigin} />
        </div>
      </div>
    </div>
  );
}
