"use client";

/**
 * What a quest's row offers for its status and type (open then complete, answer, verify, link
 * Farcaster), and the note under it: the points a completion gave, why it was not verified, or
 * what went wrong. The row's action and its note share one step, so a quiz's options (in the note)
 * and its Submit (in the action) are one form.
 */
import { useId, useState, type ReactNode } from "react";
import { useMiniApp } from "@/components/farcaster/miniapp-provider";
import { useFarcasterLink } from "@/components/farcaster/use-farcaster-link";
import { DoneBadge, TaskNote } from "@/components/tasks/task-row";
import { buttonClass } from "@/components/ui/button";
import { ClockIcon, ExternalIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { ApiRequestError, errorText } from "@/lib/client/api";
import { formatCountdown, useCompleteQuest, useLinkFarcaster } from "@/lib/client/hooks";
import type { PublicQuest } from "@/lib/contract/quest-schemas";
import { verifierOf, type QuestStatus } from "@/lib/domain/quests";

export interface QuestStep {
  complete: ReturnType<typeof useCompleteQuest>;
  /** A quiz's chosen option. */
  answer: number | null;
  choose(answer: number): void;
  /** A visit's URL was opened: Complete is offered (until a completion, so a daily visit opens it again). */
  opened: boolean;
  open(): void;
  /** Completes the quest, with a quiz's answer. */
  submit(answer?: number): void;
  formId: string;
}

export function useQuestStep(wallet: string, questId: string): QuestStep {
  const complete = useCompleteQuest(wallet, questId);
  const [answer, choose] = useState<number | null>(null);
  const [opened, setOpened] = useState(false);
  const formId = useId();
  const submit = (answer?: number) => complete.mutate(answer, { onSuccess: (result) => result.success && setOpened(false) });
  return { complete, answer, choose, opened, open: () => setOpened(true), submit, formId };
}

const wide = "w-full";

export function QuestAction({
  wallet,
  quest,
  status,
  cooldownLeft,
  step,
  quickAuthOrigin,
}: {
  wallet: string;
  quest: PublicQuest;
  status: QuestStatus;
  cooldownLeft: number;
  step: QuestStep;
  quickAuthOrigin: string | null;
}) {
  const { complete } = step;
  switch (status) {
    case "completed":
      return <DoneBadge />;
    case "cooldown":
      return (
        <span className={buttonClass({ variant: "secondary", size: "sm", className: `${wide} tabular-nums` })} aria-label={`Again in ${formatCountdown(cooldownLeft)}`}>
          <ClockIcon className="size-4 opacity-60" />
          <span role="timer" aria-hidden="true" className="font-mono" data-testid="quest-countdown">
            {formatCountdown(cooldownLeft)}
          </span>
        </span>
      );
    case "upcoming":
      return <Badge>Starts {quest.startsAt ? new Date(quest.startsAt).toLocaleDateString("en-US", { month: "short", day: "numeric" }) : "soon"}</Badge>;
    case "ended":
      return <Badge>Ended</Badge>;
    case "needs_farcaster":
      return <LinkFarcasterAction wallet={wallet} quickAuthOrigin={quickAuthOrigin} />;
    case "available":
      break;
  }
  // Beside the row from 480 px; below that the quiz's form has its own, under the options.
  if (quest.type === "quiz")
    return (
      <div className="hidden w-full min-[480px]:flex">
        <SubmitAnswer quest={quest} step={step} className={wide} />
      </div>
    );
  if (complete.isPending)
    return (
      <span className={buttonClass({ variant: "secondary", size: "sm", className: wide })} aria-live="polite">
        <Spinner /> {verifierOf(quest.type) === "on-chain" || verifierOf(quest.type) === "farcaster" ? "Verifying" : "Saving"}
      </span>
    );
  if (quest.type === "visit") return step.opened ? <CompleteButton quest={quest} step={step} label="Complete" /> : <OpenLink quest={quest} url={quest.params.url} step={step} />;
  return <CompleteButton quest={quest} step={step} label={complete.data?.success === false || complete.error ? "Verify again" : "Verify"} />;
}

function SubmitAnswer({ quest, step, className }: { quest: PublicQuest; step: QuestStep; className: string }) {
  return (
    <button type="submit" form={step.formId} disabled={step.answer === null || step.complete.isPending} className={buttonClass({ size: "sm", className })}>
      {step.complete.isPending && <Spinner />}
      Submit<span className="sr-only">: {quest.title}</span>
    </button>
  );
}

function Badge({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex h-9 items-center rounded-xl bg-zinc-100 px-3 text-sm font-semibold whitespace-nowrap text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
      {children}
    </span>
  );
}

function CompleteButton({ quest, step, label }: { quest: PublicQuest; step: QuestStep; label: string }) {
  return (
    <button type="button" onClick={() => step.submit()} className={buttonClass({ size: "sm", className: wide })}>
      {label}
      <span className="sr-only">: {quest.title}</span>
    </button>
  );
}

/** Opens the URL (a new tab, or the Farcaster client's own viewer); Complete comes next. */
function OpenLink({ quest, url, step }: { quest: PublicQuest; url: string; step: QuestStep }) {
  const { miniApp } = useMiniApp();
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(e) => {
        if (miniApp.status === "miniapp") {
          e.preventDefault();
          void miniApp.sdk.actions.openUrl(url);
        }
        step.open();
      }}
      className={buttonClass({ variant: "secondary", size: "sm", className: wide })}
    >
      Open
      <ExternalIcon className="size-3.5 opacity-60" />
      <span className="sr-only">{quest.title} (opens in a new tab)</span>
    </a>
  );
}

/** A Farcaster quest before the wallet has a fid: the link notifications make, where the client can give a Quick Auth token. */
function LinkFarcasterAction({ wallet, quickAuthOrigin }: { wallet: string; quickAuthOrigin: string | null }) {
  const link = useLinkFarcaster(wallet, useFarcasterLink(wallet, quickAuthOrigin));
  if (!link) return <Badge>Needs Farcaster</Badge>;
  return (
    <div className="flex w-full flex-col gap-2">
      <button type="button" onClick={() => link.mutate()} disabled={link.isPending} className={buttonClass({ size: "sm", className: wide })}>
        {link.isPending && <Spinner />} Link Farcaster
      </button>
      {link.error && (
        <span role="alert" className="text-xs text-red-700 dark:text-red-300">
          {errorText(link.error)}
        </span>
      )}
    </div>
  );
}

/** The note under a quest's row: a quiz's options while it can be answered, then what the last step said. */
export function questNote({ quest, status, step }: { quest: PublicQuest; status: QuestStatus; step: QuestStep }): ReactNode {
  const { complete } = step;
  const result = complete.data;
  const quiz = quest.type === "quiz" && status === "available" ? <QuizForm quest={quest} step={step} /> : null;
  let message: ReactNode = null;
  if (status === "needs_farcaster")
    message = <TaskNote tone="warning">Link your Farcaster account to do this quest: open this app in Farcaster.</TaskNote>;
  else if (result?.success === false)
    message = (
      <TaskNote tone="warning">
        <span className="font-semibold">{quest.type === "quiz" ? "Not quite:" : "Not verified:"}</span>{" "}
        <span data-testid="quest-reason">{result.reason}</span>
        {quest.type === "quiz" && `${/[.!?]$/.test(result.reason) ? "" : "."} Try again.`}
      </TaskNote>
    );
  else if (result?.success && !("alreadyCompleted" in result && result.alreadyCompleted) && status !== "available")
    message = (
      <TaskNote tone="success">
        <span className="font-semibold" data-testid="quest-points-gained">
          +{result.points} {result.points === 1 ? "point" : "points"}
        </span>{" "}
        added to your score.
      </TaskNote>
    );
  // A refusal the list read again explains by itself (a cooldown, its countdown; not active, the badge) is not repeated.
  else if (complete.error && status === "available" && !(complete.error instanceof ApiRequestError && complete.error.cooldownRemaining !== undefined))
    message = <TaskNote tone="error">{errorText(complete.error)}</TaskNote>;
  if (!quiz && !message) return null;
  return (
    <div className="flex flex-col gap-2.5">
      {quiz}
      {message}
    </div>
  );
}

/** A quiz's question and options; the row's Submit sends the chosen one. A wrong answer may be tried again. */
function QuizForm({ quest, step }: { quest: Extract<PublicQuest, { type: "quiz" }>; step: QuestStep }) {
  return (
    <form
      id={step.formId}
      onSubmit={(e) => {
        e.preventDefault();
        if (step.answer !== null && !step.complete.isPending) step.submit(step.answer);
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium">{quest.params.question}</legend>
        <div className="mt-2 flex flex-col gap-1.5">
          {quest.params.options.map((option, index) => (
            <label
              key={option}
              className="flex cursor-pointer items-center gap-2.5 rounded-xl px-3 py-2 text-sm ring-1 ring-zinc-200 ring-inset has-checked:bg-brand-50 has-checked:ring-brand-500 dark:ring-zinc-700 dark:has-checked:bg-brand-950/50"
            >
              <input type="radio" name={step.formId} checked={step.answer === index} onChange={() => step.choose(index)} className="size-4 shrink-0 accent-brand-600" />
              <span className="min-w-0 break-words">{option}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-2.5 min-[480px]:hidden">
        <SubmitAnswer quest={quest} step={step} className="w-40" />
      </div>
    </form>
  );
}
