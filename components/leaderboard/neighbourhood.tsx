"use client";

import { BoardRows } from "@/components/leaderboard/leaderboard-rows";
import type { LeaderboardEntry } from "@/lib/contract/schemas";

/**
 * "Your neighbourhood": the entries around the wallet's own rank, under the top list, with the
 * wallet's own row highlighted. Entries the list above already shows are left out, and a gap row
 * says when ranks are skipped between the two.
 */
export function Neighbourhood({ entries, listed, me, boardKey }: { entries: LeaderboardEntry[]; listed: number; me: string; boardKey: string }) {
  const gap = (entries[0]?.rank ?? 0) > listed + 1;
  return (
    <tbody
      data-testid="own-rank-pinned"
      aria-label="Your neighbourhood"
      className="border-t-2 border-dashed border-zinc-200 dark:border-zinc-700 [&>[data-wallet]+[data-wallet]]:border-t [&>[data-wallet]+[data-wallet]]:border-solid [&>[data-wallet]+[data-wallet]]:border-zinc-100 dark:[&>[data-wallet]+[data-wallet]]:border-zinc-800"
    >
      <tr aria-hidden="true">
        <td colSpan={4} className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wider text-zinc-500 uppercase sm:px-6 dark:text-zinc-400">
          Your neighbourhood
        </td>
      </tr>
      {gap && (
        <tr aria-hidden="true" data-testid="neighbourhood-gap">
          <td colSpan={4} className="px-3 text-xs leading-5 text-zinc-400 sm:px-6 dark:text-zinc-500">
            ⋮
          </td>
        </tr>
      )}
      <BoardRows key={boardKey} entries={entries} me={me} />
    </tbody>
  );
}

/**
 * The part of an around-me read to show under a top list of `listed` entries: the ranks after it,
 * when the wallet itself is among them; else null.
 */
export function neighbourhoodOf(around: LeaderboardEntry[] | undefined, listed: number, me: string | undefined): LeaderboardEntry[] | null {
  if (!me || !around) return null;
  const below = around.filter((entry) => entry.rank > listed);
  return below.some((entry) => entry.wallet === me && entry.rank > 0) ? below : null;
}
