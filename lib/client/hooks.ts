"use client";

/** TanStack Query hooks over the typed API client: the only way components read or change server state. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { QueryClient } from "@tanstack/react-query";
import type { LeaderboardEntry, ReferralLinkResponse, TaskStatusResponse } from "@/lib/contract/schemas";
import { CHECKIN_COOLDOWN_SECONDS, type CompletableTaskId } from "@/lib/domain/tasks";
import { ApiRequestError, api, queryKeys } from "@/lib/client/api";
import { useWalletWrite } from "@/lib/client/sign-in";

export function useReferralLink(wallet: string) {
  return useQuery({ queryKey: queryKeys.referralLink(wallet), queryFn: () => api.referralLink(wallet) });
}

export function useLeaderboardUser(wallet: string | undefined) {
  return useQuery({
    queryKey: queryKeys.leaderboardUser(wallet ?? ""),
    queryFn: () => api.leaderboardUser(wallet ?? ""),
    enabled: Boolean(wallet),
  });
}

/** How many entries on each side of the wallet the board's "Your neighbourhood" shows. */
export const NEIGHBOURHOOD_RADIUS = 5;

/**
 * The entries around a wallet on the all-time board, or on season `board` (the one running now,
 * which the key names by number so that seasons never share a cache entry). `refetchInterval`:
 * the fallback polling while the live stream is down, else false.
 */
export function useLeaderboardAround(wallet: string | undefined, board: "all" | number, enabled: boolean, refetchInterval: number | false) {
  return useQuery({
    queryKey: queryKeys.leaderboardAround(wallet ?? "", board),
    queryFn: () => api.leaderboardAround(wallet ?? "", board === "all" ? "all" : "season", NEIGHBOURHOOD_RADIUS),
    enabled: Boolean(wallet) && enabled,
    refetchInterval,
  });
}

/** The top list of the season running now (number `season`), from `?season=current`. */
export function useSeasonLeaderboard(
  season: number,
  options: { enabled: boolean; initialData: LeaderboardEntry[] | undefined; renderedAt: number; refetchInterval: number | false },
) {
  return useQuery({
    queryKey: queryKeys.seasonLeaderboard(season),
    queryFn: api.seasonLeaderboard,
    enabled: options.enabled,
    initialData: options.initialData,
    initialDataUpdatedAt: options.renderedAt,
    refetchOnMount: options.initialData === undefined,
    refetchInterval: options.refetchInterval,
  });
}

export function useTaskStatus(wallet: string) {
  return useQuery({ queryKey: queryKeys.taskStatus(wallet), queryFn: () => api.taskStatus(wallet) });
}

/**
 * With REFERRAL_QUALIFY, the wallet's own pending referral may just have been credited by a check-in,
 * a verification or a progress read: the card reads its link and rank again. Without a pending
 * referral nothing is read.
 */
function refreshIfPending(qc: QueryClient, wallet: string): void {
  if (!qc.getQueryData<ReferralLinkResponse>(queryKeys.referralLink(wallet))?.referralPending) return;
  void qc.invalidateQueries({ queryKey: queryKeys.referralLink(wallet) });
  void qc.invalidateQueries({ queryKey: queryKeys.leaderboardUser(wallet) });
}

/** GET /api/steam/progress also re-checks nft_mint on chain, so it is read once per visit, not on every focus. */
export function useProgress(wallet: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: queryKeys.progress(wallet),
    queryFn: async () => {
      const progress = await api.progress(wallet);
      refreshIfPending(qc, wallet);
      return progress;
    },
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}

/**
 * Completes one task with an optimistic update of task-status; on failure the
 * previous state comes back, except a check-in cooldown, whose remaining time the
 * server just told us.
 */
export function useCompleteTask(wallet: string, taskId: CompletableTaskId) {
  const qc = useQueryClient();
  const write = useWalletWrite();
  const key = queryKeys.taskStatus(wallet);
  return useMutation({
    mutationFn: () => write(wallet, () => api.completeTask(wallet, taskId)),
    onMutate: async () => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<TaskStatusResponse>(key);
      if (previous) {
        qc.setQueryData<TaskStatusResponse>(key, {
          ...previous,
          tasks: { ...previous.tasks, [taskId]: true },
          fishingCooldown: taskId === "daily_checkin" ? CHECKIN_COOLDOWN_SECONDS : previous.fishingCooldown,
        });
      }
      return { previous };
    },
    onError: (error, _vars, context) => {
      const previous = context?.previous;
      if (!previous) return;
      if (error instanceof ApiRequestError && error.cooldownRemaining !== undefined) {
        qc.setQueryData<TaskStatusResponse>(key, {
          ...previous,
          tasks: { ...previous.tasks, daily_checkin: true },
          fishingCooldown: error.cooldownRemaining,
        });
      } else {
        qc.setQueryData(key, previous);
      }
    },
    onSettled: () => {
      refreshIfPending(qc, wallet);
      // A check-in moves the streak, which the quests read tells.
      if (taskId === "daily_checkin") void qc.invalidateQueries({ queryKey: queryKeys.quests(wallet) });
      return qc.invalidateQueries({ queryKey: key });
    },
  });
}

export function useVerifyNft(wallet: string) {
  const qc = useQueryClient();
  const write = useWalletWrite();
  return useMutation({
    mutationFn: () => write(wallet, () => api.verifyTask(wallet, "nft_mint")),
    onSuccess: (result) => {
      refreshIfPending(qc, wallet);
      if (!result.verified) return;
      qc.setQueryData<TaskStatusResponse>(queryKeys.taskStatus(wallet), (old) =>
        old ? { ...old, tasks: { ...old.tasks, nft_mint: true } } : old,
      );
    },
  });
}

/**
 * Whole seconds left until `deadline` (ms since epoch), ticking every second and
 * reaching 0 on its own: the caller re-enables its button without any reload.
 */
export function useCountdown(deadline: number | null): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(deadline));
  useEffect(() => {
    setSeconds(secondsUntil(deadline));
    if (deadline === null) return;
    const id = setInterval(() => {
      const left = secondsUntil(deadline);
      setSeconds(left);
      if (left === 0) clearInterval(id);
    }, 1000);
    return () => clearInterval(id);
  }, [deadline]);
  return seconds;
}

function secondsUntil(deadline: number | null): number {
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/** 86399 -> "23:59:59" */
export function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h, m, s].map((n) => String(n).padStart(2, "0")).join(":");
}

/** The team's quests as the wallet sees them: status, cooldown, its quest points. */
export function useQuests(wallet: string) {
  return useQuery({ queryKey: queryKeys.quests(wallet), queryFn: () => api.quests(wallet) });
}

/**
 * Completes (or verifies) one quest. Points credited move the wallet's score, so its rank, the
 * boards it is on and the quest list are read again; so is the list when the server names a
 * cooldown the page did not know of.
 */
export function useCompleteQuest(wallet: string, questId: string) {
  const qc = useQueryClient();
  const write = useWalletWrite();
  return useMutation({
    mutationFn: (answer?: number) => write(wallet, () => api.completeQuest(wallet, questId, answer)),
    // Pending until the list is read again: the row goes from its button to its new status in one step.
    onSuccess: async (result) => {
      if (!result.success) return;
      if (result.points > 0) {
        for (const queryKey of [queryKeys.leaderboardUser(wallet), queryKeys.leaderboard, queryKeys.seasonLeaderboards, queryKeys.leaderboardArounds]) {
          void qc.invalidateQueries({ queryKey });
        }
      }
      await qc.invalidateQueries({ queryKey: queryKeys.quests(wallet) });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 400) void qc.invalidateQueries({ queryKey: queryKeys.quests(wallet) });
    },
  });
}

/** Links the wallet's fid (`link`, null where it cannot be made), then reads the quests again: the Farcaster ones become available. */
export function useLinkFarcaster(wallet: string, link: (() => Promise<void>) | null) {
  const qc = useQueryClient();
  const mutation = useMutation({
    mutationFn: async () => link?.(),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.quests(wallet) }),
  });
  return link ? mutation : null;
}

/** The console's catalog: every quest, archived ones included, each with its completions. */
export function useAdminQuests() {
  return useQuery({ queryKey: queryKeys.adminQuests, queryFn: api.adminQuests });
}

/** A change to the catalog (create, edit, archive, import): the console's list is read again after it. */
export function useQuestCatalogChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.adminQuests }),
  });
}
