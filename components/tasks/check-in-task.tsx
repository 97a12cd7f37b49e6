"use client";

import { TaskNote, TaskRow } from "@/components/tasks/task-row";
import { TASK_TITLES } from "@/components/tasks/task-titles";
import { buttonClass } from "@/components/ui/button";
import { CalendarIcon, ClockIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/client/api";
import { formatCountdown, useCompleteTask, useCountdown, useQuests } from "@/lib/client/hooks";
import type { TaskStatusResponse } from "@/lib/contract/schemas";
import { nextStreakBonus } from "@/lib/domain/rulebook";

/**
 * Daily check-in: a countdown from fishingCooldown that ticks every second and re-enables the button at zero,
 * and the wallet's streak. The streak comes from the quests read the dashboard makes anyway (QuestList, even
 * with no quest), so it costs no request of its own; the interface's task-status answer stays as it is.
 */
export function CheckInTask({ wallet, data, updatedAt }: { wallet: string; data: TaskStatusResponse; updatedAt: number }) {
  const complete = useCompleteTask(wallet, "daily_checkin");
  const quests = useQuests(wallet).data;
  const streak = quests?.streak ?? 0;
  const bonus = quests ? nextStreakBonus(quests.streakBonuses, streak) : null;
  const deadline = data.fishingCooldown > 0 ? updatedAt + data.fishingCooldown * 1000 : null;
  const left = useCountdown(deadline);
  const onCooldown = left > 0;
  const hours = Math.floor(left / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const error = complete.error;
  const showError = error && !(onCooldown && "cooldownRemaining" in error && error.cooldownRemaining !== undefined);

  return (
    <TaskRow
      testId="task-daily_checkin"
      icon={CalendarIcon}
      title={TASK_TITLES.daily_checkin}
      description={
        <>
          {onCooldown ? "Checked in. Come back when the timer runs out." : "Check in once every 24 hours."}
          {streak > 0 && (
            <span data-testid="checkin-streak" className="mt-1 block font-medium text-amber-700 dark:text-amber-400">
              <span aria-hidden="true">🔥 </span>
              {streak}-day streak
            </span>
          )}
          {bonus && (
            <span data-testid="streak-bonus-next" className="mt-1 block text-zinc-600 dark:text-zinc-400">
              +{bonus.points.toLocaleString("en-US")} bonus points at a {bonus.streak}-day streak
            </span>
          )}
        </>
      }
      done={onCooldown}
      action={
        <button
          type="button"
          data-testid="checkin-button"
          disabled={onCooldown || complete.isPending}
          onClick={() => complete.mutate()}
          aria-label={onCooldown ? `Check in again in ${hours} hours ${minutes} minutes` : undefined}
          className={buttonClass({ variant: onCooldown ? "secondary" : "primary", size: "sm", className: "w-full tabular-nums" })}
        >
          {complete.isPending ? (
            <Spinner />
          ) : onCooldown ? (
            <>
              <ClockIcon className="size-4 opacity-60" />
              <span role="timer" aria-hidden="true" className="font-mono">
                {formatCountdown(left)}
              </span>
            </>
          ) : (
            "Check in"
          )}
        </button>
      }
      note={showError ? <TaskNote tone="error">{errorText(error)}</TaskNote> : undefined}
    />
  );
}
