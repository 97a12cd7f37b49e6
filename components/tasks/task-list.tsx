"use client";

import { useState } from "react";
import { useMiniApp } from "@/components/farcaster/miniapp-provider";
import { CheckInTask } from "@/components/tasks/check-in-task";
import { DoneBadge, RowGrid, TaskNote, TaskRow } from "@/components/tasks/task-row";
import { TASK_TITLES } from "@/components/tasks/task-titles";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import {
  CheckIcon,
  ExternalIcon,
  HeartIcon,
  LockIcon,
  MessageIcon,
  RefreshIcon,
  ShieldIcon,
  SquarePlusIcon,
  UserPlusIcon,
  type UsersIcon,
} from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/client/api";
import { useCompleteTask, useProgress, useTaskStatus, useVerifyNft } from "@/lib/client/hooks";
import { offeredTaskIds, type TaskAvailability } from "@/lib/domain/task-availability";
import { MILESTONES, type SocialTaskId, type TaskId } from "@/lib/domain/tasks";

export interface TaskSettings {
  taskUrls: Record<SocialTaskId, string>;
  nftMintUrl?: string;
  /** Which quests this deployment offers (lib/domain/task-availability.ts); the others are neither shown nor counted. */
  availability: Record<TaskId, TaskAvailability>;
  /** The Farcaster tasks whose target the team set: the server checks them through Farcaster before they complete. */
  verifiedTasks: SocialTaskId[];
}

const SOCIAL: { id: SocialTaskId; title: string; description: string; icon: typeof UsersIcon }[] = [
  { id: "add_miniapp", title: TASK_TITLES.add_miniapp, description: "Save the app in your Farcaster client.", icon: SquarePlusIcon },
  { id: "fc_follow", title: TASK_TITLES.fc_follow, description: "Stay in the loop for new quests.", icon: UserPlusIcon },
  { id: "fc_like_recast", title: TASK_TITLES.fc_like_recast, description: "Help your friends find us.", icon: HeartIcon },
  { id: "fc_comment", title: TASK_TITLES.fc_comment, description: "Say hi to the community.", icon: MessageIcon },
];

export function TaskList({ wallet, settings }: { wallet: string; settings: TaskSettings }) {
  const status = useTaskStatus(wallet);
  const progress = useProgress(wallet);
  const { miniApp } = useMiniApp();
  const offered = offeredTaskIds(settings.availability, miniApp.status === "miniapp");
  const social = SOCIAL.filter((task) => offered.includes(task.id));
  const data = status.data;
  const nftDone = Boolean(data?.tasks.nft_mint || progress.data?.progress.nft_mint);
  const doneCount = data ? offered.filter((id) => (id === "nft_mint" ? nftDone : data.tasks[id])).length : 0;

  return (
    <Card aria-labelledby="quests-title" className="p-5 sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="quests-title" className="text-lg font-semibold">
          Quests
        </h2>
        <p className="text-sm text-zinc-500 tabular-nums dark:text-zinc-400" aria-live="polite">
          {data ? `${doneCount} of ${offered.length} complete` : <Skeleton className="h-4 w-28" />}
        </p>
      </div>

      {status.error && !data ? (
        <div role="alert" className="mt-6 rounded-2xl bg-red-50 p-4 text-sm text-red-800 dark:bg-red-950/50 dark:text-red-200">
          <p className="font-semibold">Couldn&apos;t load your quests</p>
          <p className="mt-1">{errorText(status.error)}</p>
          <button type="button" onClick={() => void status.refetch()} className={buttonClass({ variant: "secondary", size: "sm", className: "mt-3" })}>
            <RefreshIcon className="size-4" /> Try again
          </button>
        </div>
      ) : (
        <>
          <TaskGroup title="Daily">
            {data ? <CheckInTask wallet={wallet} data={data} updatedAt={status.dataUpdatedAt} /> : <RowSkeleton />}
          </TaskGroup>
          {social.length > 0 && (
            <TaskGroup title="Social">
              {social.map((task) =>
                data ? (
                  <SocialTask
                    key={task.id}
                    wallet={wallet}
                    task={task}
                    done={data.tasks[task.id]}
                    url={settings.taskUrls[task.id]}
                    verified={settings.verifiedTasks.includes(task.id)}
                  />
                ) : (
                  <RowSkeleton key={task.id} />
                ),
              )}
            </TaskGroup>
          )}
          {offered.includes("nft_mint") && (
            <TaskGroup title="On-chain">
              {data ? <NftTask wallet={wallet} done={nftDone} mintUrl={settings.nftMintUrl} /> : <RowSkeleton />}
            </TaskGroup>
          )}
          <div className="mt-5">
            <h3 className="text-xs font-semibold tracking-wider text-zinc-500 uppercase dark:text-zinc-400">Referral milestones</h3>
            <ul className="mt-3 grid grid-cols-5 gap-2">
              {MILESTONES.map((m) =>
                data ? (
                  <MilestoneTile key={m.taskId} taskId={m.taskId} threshold={m.threshold} reached={data.tasks[m.taskId]} />
                ) : (
                  <li key={m.taskId} aria-hidden="true">
                    <Skeleton className="h-[4.75rem] rounded-2xl" />
                  </li>
                ),
              )}
            </ul>
            <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">Milestones complete themselves as friends join with your link.</p>
          </div>
        </>
      )}
    </Card>
  );
}

function TaskGroup({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mt-5">
      <h3 className="text-xs font-semibold tracking-wider text-zinc-500 uppercase dark:text-zinc-400">{title}</h3>
      <ul className="mt-1 divide-y divide-zinc-100 dark:divide-zinc-800">{children}</ul>
    </div>
  );
}

function RowSkeleton() {
  return (
    <li className="py-3.5" aria-hidden="true">
      <RowGrid
        icon={<Skeleton className="size-10 rounded-2xl" />}
        text={
          <>
            <span className="flex h-5 items-center">
              <Skeleton className="h-3.5 w-40 max-w-full" />
            </span>
            <span className="mt-0.5 flex h-5 items-center">
              <Skeleton className="h-3 w-56 max-w-full" />
            </span>
          </>
        }
        action={<Skeleton className="h-9 w-full rounded-xl" />}
      />
    </li>
  );
}

/** A referral milestone: read-only, it follows the referral count. */
function MilestoneTile({ taskId, threshold, reached }: { taskId: string; threshold: number; reached: boolean }) {
  return (
    <li
      data-testid={`task-${taskId}`}
      data-done={reached}
      className={`flex h-[4.75rem] flex-col items-center justify-center gap-0.5 rounded-2xl ring-1 ring-inset ${
        reached
          ? "bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950/50 dark:text-emerald-200 dark:ring-emerald-900"
          : "bg-zinc-50 text-zinc-500 ring-zinc-200/80 dark:bg-zinc-950/50 dark:text-zinc-400 dark:ring-zinc-800"
      }`}
    >
      {reached ? <CheckIcon className="size-4 text-emerald-600 dark:text-emerald-400" /> : <LockIcon className="size-3.5 opacity-70" />}
      <span className="text-lg leading-6 font-bold tabular-nums">{threshold}</span>
      <span className="text-[11px] leading-3">{threshold === 1 ? "friend" : "friends"}</span>
      <span className="sr-only">{reached ? "milestone reached" : "milestone not reached yet"}</span>
    </li>
  );
}

/** Open the target (a new tab, or the Farcaster client's own viewer), then complete. add_miniapp asks Farcaster directly. */
function SocialTask({
  wallet,
  task,
  done,
  url,
  verified,
}: {
  wallet: string;
  task: (typeof SOCIAL)[number];
  done: boolean;
  url: string;
  /** Checked through Farcaster: the server may answer "not verified", with its reason. */
  verified: boolean;
}) {
  const complete = useCompleteTask(wallet, task.id);
  const { miniApp, markAdded } = useMiniApp();
  const [opened, setOpened] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const inFarcaster = miniApp.status === "miniapp";

  async function addMiniApp() {
    if (miniApp.status !== "miniapp") return;
    setActionError(null);
    try {
      if (!miniApp.added) await miniApp.sdk.actions.addMiniApp();
      markAdded();
      complete.mutate();
    } catch (e) {
      const name = e instanceof Error ? e.name : "";
      setActionError(
        name.includes("RejectedByUser")
          ? "You dismissed the prompt. Try again when you're ready."
          : name.includes("InvalidDomainManifest")
            ? "Farcaster can't add this app: its manifest doesn't match this domain."
            : errorText(e),
      );
    }
  }

  let action;
  if (done) action = <DoneBadge />;
  else if (complete.isPending)
    action = (
      <span className={buttonClass({ variant: "secondary", size: "sm", className: "w-full" })} aria-live="polite">
        <Spinner /> Saving
      </span>
    );
  else if (task.id === "add_miniapp" && inFarcaster)
    action = (
      <button type="button" onClick={addMiniApp} className={buttonClass({ size: "sm", className: "w-full" })}>
        Add app
      </button>
    );
  else if (!opened)
    action = (
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        onClick={(e) => {
          if (inFarcaster && miniApp.status === "miniapp") {
            e.preventDefault();
            void miniApp.sdk.actions.openUrl(url);
          }
          setOpened(true);
        }}
        className={buttonClass({ variant: "secondary", size: "sm", className: "w-full" })}
      >
        Open
        <ExternalIcon className="size-3.5 opacity-60" />
        <span className="sr-only">{task.title} (opens in a new tab)</span>
      </a>
    );
  else
    action = (
      <button type="button" onClick={() => complete.mutate()} className={buttonClass({ size: "sm", className: "w-full" })}>
        Complete
        <span className="sr-only">: {task.title}</span>
      </button>
    );

  const error = actionError ?? (complete.error ? errorText(complete.error) : null);
  const refused = !done && complete.data?.success === false ? complete.data.reason : null;
  return (
    <TaskRow
      testId={`task-${task.id}`}
      icon={task.icon}
      title={task.title}
      description={verified ? `${task.description} Verified through Farcaster.` : task.description}
      done={done}
      action={action}
      note={
        error ? (
          <TaskNote tone="error">{error}</TaskNote>
        ) : refused ? (
          <TaskNote tone="warning">
            <span className="font-semibold">Not verified:</span> <span data-testid={`${task.id}-reason`}>{refused}</span>
          </TaskNote>
        ) : undefined
      }
    />
  );
}

/** nft_mint: verified on chain by the server; the reason is shown when it is not. */
function NftTask({ wallet, done, mintUrl }: { wallet: string; done: boolean; mintUrl?: string }) {
  const verify = useVerifyNft(wallet);
  const verified = done || verify.data?.verified === true;
  const reason = verify.data && !verify.data.verified ? verify.data.reason : null;
  return (
    <TaskRow
      testId="task-nft_mint"
      icon={ShieldIcon}
      title={TASK_TITLES.nft_mint}
      description={
        mintUrl ? (
          <>
            Own it or stake it, then verify.{" "}
            <a href={mintUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
              Get the NFT<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </>
        ) : (
          "Own it or stake it, then verify on chain."
        )
      }
      done={verified}
      action={
        verified ? (
          <DoneBadge label="Verified" />
        ) : (
          <button
            type="button"
            onClick={() => verify.mutate()}
            disabled={verify.isPending}
            aria-busy={verify.isPending}
            className={buttonClass({ size: "sm", className: "w-full" })}
          >
            {verify.isPending ? (
              <>
                <Spinner /> Verifying…
              </>
            ) : reason || verify.error ? (
              "Verify again"
            ) : (
              "Verify"
            )}
          </button>
        )
      }
      note={
        verified ? undefined : reason ? (
          <TaskNote tone="warning">
            <span className="font-semibold">Not verified:</span> <span data-testid="nft-reason">{reason}</span>
          </TaskNote>
        ) : verify.error ? (
          <TaskNote tone="error">
            <span className="font-semibold">Verification failed:</span> {errorText(verify.error)}
          </TaskNote>
        ) : undefined
      }
    />
  );
}
