"use client";

/**
 * The team's quests, after the interface's tasks: each with its points, its status and the action
 * its type asks for. Not rendered while the catalog is empty, so a deployment without quests shows
 * exactly what it did before.
 */
import type { ComponentType, SVGProps } from "react";
import { QuestAction, questNote, useQuestStep } from "@/components/tasks/quest-actions";
import { TaskRow } from "@/components/tasks/task-row";
import { Card } from "@/components/ui/card";
import {
  ExternalIcon,
  HeartIcon,
  MessageIcon,
  ShieldIcon,
  SparklesIcon,
  TrophyIcon,
  UserPlusIcon,
  UsersIcon,
  WalletIcon,
} from "@/components/ui/icons";
import { useCountdown, useQuests } from "@/lib/client/hooks";
import type { PublicQuest } from "@/lib/contract/quest-schemas";
import type { QuestStatus, QuestType, Recurrence } from "@/lib/domain/quests";

const ICONS: Record<QuestType, ComponentType<SVGProps<SVGSVGElement>>> = {
  visit: ExternalIcon,
  quiz: SparklesIcon,
  erc20_balance: WalletIcon,
  erc721_balance: ShieldIcon,
  tx_count: WalletIcon,
  contract_read: ShieldIcon,
  farcaster_follow: UserPlusIcon,
  farcaster_reaction: HeartIcon,
  farcaster_reply: MessageIcon,
  farcaster_channel: UsersIcon,
  farcaster_score: TrophyIcon,
};

const RECURRENCE_LABELS: Record<Recurrence, string> = { once: "Once", daily: "Daily", weekly: "Weekly" };

const numberFormat = new Intl.NumberFormat("en-US");

export function QuestList({ wallet, quickAuthOrigin }: { wallet: string; quickAuthOrigin: string | null }) {
  const quests = useQuests(wallet);
  const data = quests.data;
  if (!data || data.quests.length === 0) return null;
  return (
    <Card aria-labelledby="team-quests-title" data-testid="team-quests" className="mt-6 p-5 sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="team-quests-title" className="text-lg font-semibold">
          Bonus quests
        </h2>
        <p className="text-sm text-zinc-500 tabular-nums dark:text-zinc-400" aria-live="polite" data-testid="quest-points">
          {numberFormat.format(data.points)} {data.points === 1 ? "point" : "points"} earned
        </p>
      </div>
      <ul className="mt-3 divide-y divide-zinc-100 dark:divide-zinc-800">
        {data.quests.map((quest) => (
          <QuestItem key={quest.id} wallet={wallet} quest={quest} readAt={quests.dataUpdatedAt} quickAuthOrigin={quickAuthOrigin} />
        ))}
      </ul>
    </Card>
  );
}

/** A quest's row. A cooldown counts down from the read and the quest becomes available at zero, without a reload. */
function QuestItem({ wallet, quest, readAt, quickAuthOrigin }: { wallet: string; quest: PublicQuest; readAt: number; quickAuthOrigin: string | null }) {
  const left = useCountdown(quest.status === "cooldown" ? readAt + quest.cooldownRemaining * 1000 : null);
  const status: QuestStatus = quest.status === "cooldown" && left === 0 ? "available" : quest.status;
  const step = useQuestStep(wallet, quest.id);
  return (
    <TaskRow
      testId={`quest-${quest.id}`}
      icon={ICONS[quest.type]}
      title={quest.title}
      description={
        <>
          {quest.description && <span className="block whitespace-pre-line">{quest.description}</span>}
          <span className="mt-0.5 block text-xs font-medium text-zinc-500 dark:text-zinc-400">
            <span className="text-brand-700 dark:text-brand-300">{numberFormat.format(quest.points)} points</span> · {RECURRENCE_LABELS[quest.recurrence]}
            {quest.endsAt && status !== "ended" && <> · until {formatInstant(quest.endsAt)}</>}
          </span>
        </>
      }
      done={status === "completed" || status === "cooldown"}
      action={<QuestAction wallet={wallet} quest={quest} status={status} cooldownLeft={left} step={step} quickAuthOrigin={quickAuthOrigin} />}
      note={questNote({ quest, status, step })}
      status={status}
    />
  );
}

export function formatInstant(iso: string): string {
  return new Date(iso).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
}
