"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState, type ReactNode } from "react";
import { BoardStatus } from "@/components/leaderboard/board-status";
import { LeaderboardHeading, SkeletonRows } from "@/components/leaderboard/leaderboard-skeleton";
import { BoardRows } from "@/components/leaderboard/leaderboard-rows";
import { Neighbourhood, neighbourhoodOf } from "@/components/leaderboard/neighbourhood";
import { BOARD_PANEL_ID, SeasonTabs, boardTabId, formatLeft, seasonAtNow, useNow } from "@/components/leaderboard/season-tabs";
import { useBoardStream } from "@/components/leaderboard/use-board-stream";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { AlertIcon, CalendarIcon, RefreshIcon, TrophyIcon } from "@/components/ui/icons";
import type { SeasonView } from "@/lib/contract/board-schemas";
import type { LeaderboardEntry } from "@/lib/contract/schemas";
import { api, errorText, queryKeys, type BoardTab } from "@/lib/client/api";
import { useLeaderboardAround, useLeaderboardUser, useSeasonLeaderboard } from "@/lib/client/hooks";
import { useWallet } from "@/lib/client/wallet";

/** The fallback while the stream is down: the board is read every 30 s. */
const POLL_MS = 30_000;

export function LeaderboardView({
  initialEntries,
  initialSeasonEntries = null,
  renderedAt,
  size,
  season = null,
}: {
  initialEntries: LeaderboardEntry[] | null;
  /** The top list of season `season.current`, when seasons are on and one is running. */
  initialSeasonEntries?: LeaderboardEntry[] | null;
  renderedAt: number;
  size: number;
  /** Seasons as the server saw them; null while they are off. */
  season?: SeasonView | null;
}) {
  const stream = useBoardStream();
  const live = stream === "live";
  const poll = live ? false : POLL_MS;

  // Seasons: the page follows the clock past a season's end without a reload.
  const now = useNow(renderedAt, season ? 1_000 : null);
  const running = season ? seasonAtNow(season, now) : null;
  const [tab, setTab] = useState<BoardTab>(season && season.current > 0 ? "season" : "all");
  const onSeason = running !== null && tab === "season";
  const seasonNumber = running?.current ?? 0;

  const allTime = useQuery({
    queryKey: queryKeys.leaderboard,
    queryFn: api.leaderboard,
    initialData: initialEntries ?? undefined,
    initialDataUpdatedAt: renderedAt,
    // The server just rendered it: no read on mount. The stream then pushes every change; while it
    // is down, the list is read whenever the tab regains focus, and every 30 s while visible.
    staleTime: 0,
    refetchOnMount: initialEntries === null,
    refetchOnWindowFocus: live ? false : "always",
    refetchInterval: tab === "all" ? poll : false,
  });
  const seasonBoard = useSeasonLeaderboard(seasonNumber, {
    enabled: onSeason && seasonNumber > 0,
    initialData: season && seasonNumber === season.current ? (initialSeasonEntries ?? undefined) : undefined,
    renderedAt,
    refetchInterval: poll,
  });
  const board = onSeason ? seasonBoard : allTime;
  // Before season 1 the season tab has no board yet: it says when it starts.
  const startsIn = running && running.current === 0 ? formatLeft(Math.max(0, running.start - Math.floor(now / 1000))) : null;
  const notStarted = onSeason && startsIn !== null;
  const entries = notStarted ? undefined : board.data;
  const boardKey = onSeason ? `season-${seasonNumber}` : "all";

  // The wallet's own rank: reading it on the all-time board creates its entry (score 0) when missing.
  const { address } = useWallet();
  const me = address?.toLowerCase();
  const mine = useLeaderboardUser(me);
  const meInList = Boolean(me && entries?.some((e) => e.wallet === me));
  const ranked = onSeason ? seasonNumber > 0 : (mine.data?.rank ?? 0) > 0;
  const around = useLeaderboardAround(me, onSeason ? seasonNumber : "all", ranked && !meInList && entries !== undefined, poll);
  // Until the neighbourhood arrives, the wallet's own row stands in for it on the all-time board.
  const ownRow = !onSeason && mine.data && mine.data.rank > 0 ? [mine.data] : undefined;
  const listed = entries?.length ?? 0;
  const neighbourhood = entries && !meInList ? neighbourhoodOf(around.data ?? ownRow, listed, me) : null;
  const unrankedInSeason = onSeason && Boolean(me) && !meInList && around.data?.length === 0;

  // Without the stream: when the wallet's new entry lands inside the list, read the list again to show it there.
  const { refetch } = allTime;
  const ownRank = mine.data?.rank;
  useEffect(() => {
    if (live || ownRank === undefined || listed === 0 || meInList || onSeason) return;
    if (ownRank > 0 && ownRank <= size && ownRank <= listed + 1) void refetch();
  }, [live, ownRank, listed, meInList, onSeason, size, refetch]);

  const panel = running ? { role: "tabpanel", id: BOARD_PANEL_ID, "aria-labelledby": boardTabId(tab) } : {};

  return (
    // A screen tall at least, as the loading skeleton is: rows arriving never move the footer into or out of view.
    <div data-testid="leaderboard-view" className="min-h-dvh">
      <LeaderboardHeading
        size={size}
        status={<BoardStatus stream={stream} fetching={board.isFetching} stale={Boolean(board.error && entries)} />}
      />
      {running && <SeasonTabs season={running} nowMs={now} selected={tab} onSelect={setTab} />}

      <Card className={running ? "mt-4 overflow-hidden" : "mt-8 overflow-hidden"} {...panel}>
        {notStarted ? (
          <SeasonNotStarted startsIn={startsIn} />
        ) : entries && entries.length === 0 ? (
          <EmptyState season={onSeason} />
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
            <caption className="sr-only">
              {onSeason ? `Season ${seasonNumber} leaderboard` : "Leaderboard"}: rank, wallet, referrals and rewards
            </caption>
            <thead className="border-b border-zinc-100 bg-zinc-50/80 text-xs font-semibold tracking-wider text-zinc-500 uppercase dark:border-zinc-800 dark:bg-zinc-950/40 dark:text-zinc-400">
              <tr className="h-11">
                <th scope="col" className="w-12 pl-3 text-left sm:w-20 sm:pl-6">
                  Rank
                </th>
                <th scope="col" className="px-2 text-left">
                  Wallet
                </th>
                {/* On a phone the two figure columns keep at least 12 px between them, so their heads never read as one. */}
                <th scope="col" className="w-14 pr-3 pl-1 text-right sm:w-28 sm:px-2">
                  <span className="sm:hidden" aria-hidden="true">Refs</span>
                  <span className="sr-only sm:not-sr-only">Referrals</span>
                </th>
                <th scope="col" className="w-20 pr-3 text-right sm:w-32 sm:pr-6">
                  Rewards
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {entries ? <BoardRows key={boardKey} entries={entries} me={me} /> : <SkeletonRows count={Math.min(size, 8)} />}
            </tbody>
            {me && neighbourhood && <Neighbourhood entries={neighbourhood} listed={listed} me={me} boardKey={boardKey} />}
          </table>
        )}
      </Card>
      {unrankedInSeason && (
        <p data-testid="season-unranked" className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
          You&apos;re not on this season&apos;s board yet: your next referral puts you on it.
        </p>
      )}
      {me && !meInList && (onSeason ? around.error : mine.error ?? around.error) && (
        <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
          Couldn&apos;t load your own rank: {errorText(onSeason ? around.error : (mine.error ?? around.error))}
        </p>
      )}
    </div>
  );
}

function EmptyState({ season }: { season: boolean }) {
  return (
    <BoardNotice
      testId="leaderboard-empty"
      icon={<TrophyIcon className="size-7" />}
      title={season ? "No rewards this season, yet" : "The board is empty, for now"}
      text={
        season
          ? "Share your link: the season's first referral puts you and your friend on top."
          : "Connect your wallet and share your link: the first referral puts you and your friend on top."
      }
    >
      <Link href="/" className={buttonClass({ className: "mt-6" })}>
        Get your invite link
      </Link>
    </BoardNotice>
  );
}

function SeasonNotStarted({ startsIn }: { startsIn: string }) {
  return (
    <BoardNotice
      testId="season-not-started"
      icon={<CalendarIcon className="size-7" />}
      title={`Season 1 starts in ${startsIn}`}
      text="Every reward earned from then on also counts on the season's board. Until then, climb the all-time board."
    />
  );
}

/** What the board's card shows instead of rows. */
function BoardNotice({ testId, icon, title, text, children }: { testId: string; icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center" data-testid={testId}>
      <span className="grid size-14 place-items-center rounded-3xl bg-brand-50 text-brand-600 dark:bg-brand-950 dark:text-brand-300">{icon}</span>
      <h2 className="mt-4 text-lg font-semibold">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-zinc-600 dark:text-zinc-400">{text}</p>
      {children}
    </div>
  );
}
