"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect } from "react";
import { LeaderboardHeading, SkeletonRows } from "@/components/leaderboard/leaderboard-skeleton";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { AlertIcon, RefreshIcon, TrophyIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { WalletAvatar } from "@/components/wallet/wallet-avatar";
import type { LeaderboardEntry } from "@/lib/contract/schemas";
import { api, errorText, queryKeys } from "@/lib/client/api";
import { useLeaderboardUser } from "@/lib/client/hooks";
import { useWallet } from "@/lib/client/wallet";
import { shortWallet } from "@/lib/domain/wallet";

const numberFormat = new Intl.NumberFormat("en-US");

export function LeaderboardView({
  initialEntries,
  renderedAt,
  size,
}: {
  initialEntries: LeaderboardEntry[] | null;
  renderedAt: number;
  size: number;
}) {
  const board = useQuery({
    queryKey: queryKeys.leaderboard,
    queryFn: api.leaderboard,
    initialData: initialEntries ?? undefined,
    initialDataUpdatedAt: renderedAt,
    // The server just rendered it: no refetch on mount, but one whenever the tab regains focus, and every 30 s while visible.
    staleTime: 0,
    refetchOnMount: initialEntries === null,
    refetchOnWindowFocus: "always",
    refetchInterval: 30_000,
  });
  const { address } = useWallet();
  const me = address?.toLowerCase();
  const mine = useLeaderboardUser(me);
  const entries = board.data;
  const meInList = Boolean(me && entries?.some((e) => e.wallet === me));
  const pinned = me && mine.data && !meInList && entries ? mine.data : null;

  // Reading one's own rank creates the entry (score 0) when missing; if it lands inside the list, show it there.
  const { refetch } = board;
  const ownRank = mine.data?.rank;
  const listLength = entries?.length;
  useEffect(() => {
    if (ownRank !== undefined && listLength !== undefined && !meInList && ownRank > 0 && ownRank <= size && ownRank <= listLength + 1) {
      void refetch();
    }
  }, [ownRank, listLength, meInList, size, refetch]);

  return (
    <div>
      <LeaderboardHeading
        size={size}
        status={
          board.isFetching ? (
            <span className="inline-flex items-center gap-2">
              <Spinner className="size-3.5" /> Updating…
            </span>
          ) : board.error && entries ? (
            <span className="inline-flex items-center gap-1.5 text-amber-700 dark:text-amber-400">
              <AlertIcon className="size-4" /> Showing the last update
            </span>
          ) : (
            <span className="inline-flex items-center gap-2">
              <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" /> Live
            </span>
          )
        }
      />

      <Card className="mt-8 overflow-hidden">
        {entries && entries.length === 0 ? (
          <EmptyState />
        ) : !entries && board.error ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-6 py-16 text-center">
            <AlertIcon className="size-8 text-red-500" />
            <p className="font-semibold">Couldn&apos;t load the leaderboard</p>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{errorText(board.error)}</p>
            <button type="button" onClick={() => void board.refetch()} className={buttonClass({ variant: "secondary", size: "sm" })}>
              <RefreshIcon className="size-4" /> Try again
            </button>
          </div>
        ) : (
          <table className="w-full table-fixed text-sm">
            <caption className="sr-only">Leaderboard: rank, wallet, referrals and rewards</caption>
            <thead className="border-b border-zinc-100 bg-zinc-50/80 text-xs font-semibold tracking-wider text-zinc-500 uppercase dark:border-zinc-800 dark:bg-zinc-950/40 dark:text-zinc-400">
              <tr className="h-11">
                <th scope="col" className="w-12 pl-3 text-left sm:w-20 sm:pl-6">
                  Rank
                </th>
                <th scope="col" className="px-2 text-left">
                  Wallet
                </th>
                <th scope="col" className="w-12 px-1 text-right sm:w-28 sm:px-2">
                  <span className="sm:hidden" aria-hidden="true">Refs</span>
                  <span className="sr-only sm:not-sr-only">Referrals</span>
                </th>
                <th scope="col" className="w-[4.75rem] pr-3 text-right sm:w-32 sm:pr-6">
                  Rewards
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {entries ? entries.map((entry) => <Row key={entry.wallet} entry={entry} isMe={entry.wallet === me} />) : <SkeletonRows count={8} />}
            </tbody>
            {pinned && (
              <tbody data-testid="own-rank-pinned" className="border-t-2 border-dashed border-zinc-200 dark:border-zinc-700">
                <tr aria-hidden="true">
                  <td colSpan={4} className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wider text-zinc-500 uppercase sm:px-6 dark:text-zinc-400">
                    Your position
                  </td>
                </tr>
                <Row entry={pinned} isMe />
              </tbody>
            )}
          </table>
        )}
      </Card>
      {me && mine.error && !meInList && (
        <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
          Couldn&apos;t load your own rank: {errorText(mine.error)}
        </p>
      )}
    </div>
  );
}

const medal: Record<number, string> = {
  1: "bg-amber-100 text-amber-800 ring-amber-300 dark:bg-amber-500/20 dark:text-amber-300 dark:ring-amber-500/40",
  2: "bg-zinc-100 text-zinc-700 ring-zinc-300 dark:bg-zinc-500/20 dark:text-zinc-200 dark:ring-zinc-500/40",
  3: "bg-orange-100 text-orange-800 ring-orange-300 dark:bg-orange-500/20 dark:text-orange-300 dark:ring-orange-500/40",
};

function Row({ entry, isMe }: { entry: LeaderboardEntry; isMe: boolean }) {
  return (
    <tr
      data-testid="leaderboard-row"
      data-wallet={entry.wallet}
      data-me={isMe || undefined}
      aria-current={isMe ? "true" : undefined}
      className={`h-14 sm:h-16 ${isMe ? "bg-brand-50/80 dark:bg-brand-950/40" : ""}`}
    >
      <td className={`pl-3 sm:pl-6 ${isMe ? "shadow-[inset_3px_0_0] shadow-brand-500" : ""}`}>
        <span
          data-testid="rank"
          className={`inline-grid h-7 min-w-7 place-items-center rounded-full px-1.5 text-xs font-bold tabular-nums ${
            medal[entry.rank] ? `ring-1 ${medal[entry.rank]}` : "text-zinc-500 dark:text-zinc-400"
          }`}
        >
          {entry.rank > 0 ? entry.rank : "–"}
        </span>
      </td>
      <td className="px-2">
        <div className="flex min-w-0 items-center gap-1.5 sm:gap-3">
          <WalletAvatar wallet={entry.wallet} className="hidden size-8 min-[480px]:block" />
          <span className="truncate font-mono text-[13px] font-medium" title={entry.wallet}>
            {shortWallet(entry.wallet)}
          </span>
          {isMe && (
            <span className="shrink-0 rounded-full bg-brand-600 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-white uppercase">
              You
            </span>
          )}
          <CopyButton
            text={entry.wallet}
            label={`Copy wallet ${entry.wallet}`}
            className="-my-2 -ml-1 grid size-8 shrink-0 place-items-center rounded-lg text-zinc-500 hover:bg-zinc-100 dark:text-zinc-400 hover:text-zinc-700 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
          />
        </div>
      </td>
      <td className="px-1 text-right font-medium tabular-nums sm:px-2" data-testid="referrals">
        {numberFormat.format(entry.referrals_count)}
      </td>
      <td className="pr-3 text-right font-bold tabular-nums sm:pr-6" data-testid="rewards">
        {numberFormat.format(entry.rewards)}
      </td>
    </tr>
  );
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center" data-testid="leaderboard-empty">
      <span className="grid size-14 place-items-center rounded-3xl bg-brand-50 text-brand-600 dark:bg-brand-950 dark:text-brand-300">
        <TrophyIcon className="size-7" />
      </span>
      <h2 className="mt-4 text-lg font-semibold">The board is empty, for now</h2>
      <p className="mt-1 max-w-sm text-sm text-zinc-600 dark:text-zinc-400">
        Connect your wallet and share your link: the first referral puts you and your friend on top.
      </p>
      <Link href="/" className={buttonClass({ className: "mt-6" })}>
        Get your invite link
      </Link>
    </div>
  );
}
