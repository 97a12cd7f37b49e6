"use client";

import { useCallback, useEffect, useRef, useState, type Ref } from "react";
import { useFlip } from "@/components/leaderboard/use-flip";
import { CopyButton } from "@/components/ui/copy-button";
import { WalletAvatar } from "@/components/wallet/wallet-avatar";
import type { LeaderboardEntry } from "@/lib/contract/schemas";
import { shortWallet } from "@/lib/domain/wallet";

const numberFormat = new Intl.NumberFormat("en-US");

/** How long a "+N" stays next to a row's rewards. */
const GAIN_MS = 2_600;

interface Gain {
  amount: number;
  /** Grows with every gain: a new one restarts the badge. */
  id: number;
}

let nextGainId = 0;

/** Wallets whose rewards grew from `before` to `after`, by how much (added to a gain still shown). */
function gainsBetween(before: LeaderboardEntry[], after: LeaderboardEntry[], shown: ReadonlyMap<string, Gain>): Map<string, Gain> {
  const was = new Map(before.map((entry) => [entry.wallet, entry.rewards]));
  const gains = new Map(shown);
  for (const entry of after) {
    const previous = was.get(entry.wallet);
    if (previous !== undefined && entry.rewards > previous) {
      gains.set(entry.wallet, { amount: entry.rewards - previous + (shown.get(entry.wallet)?.amount ?? 0), id: ++nextGainId });
    }
  }
  return gains;
}

/**
 * The rows of one list of a board. When the list changes, a row that moved slides from its old
 * place to its new one, and a row whose rewards grew shows "+N" (reward units) for a moment.
 * Mount it with a key per board: switching boards is not a change of the list.
 */
export function BoardRows({ entries, me }: { entries: LeaderboardEntry[]; me: string | undefined }) {
  const rowRef = useFlip(entries);
  const [previous, setPrevious] = useState(entries);
  const [gains, setGains] = useState<ReadonlyMap<string, Gain>>(() => new Map());
  // A new list: its gains are known during this render (React's "state from the previous render").
  if (previous !== entries) {
    setPrevious(entries);
    setGains(gainsBetween(previous, entries, gains));
  }
  const clear = useCallback((wallet: string, id: number) => {
    setGains((current) => {
      if (current.get(wallet)?.id !== id) return current;
      const next = new Map(current);
      next.delete(wallet);
      return next;
    });
  }, []);

  return entries.map((entry) => (
    <Row key={entry.wallet} ref={rowRef(entry.wallet)} entry={entry} isMe={entry.wallet === me} gain={gains.get(entry.wallet)} onGainShown={clear} />
  ));
}

const medal: Record<number, string> = {
  1: "bg-amber-100 text-amber-800 ring-amber-300 dark:bg-amber-500/20 dark:text-amber-300 dark:ring-amber-500/40",
  2: "bg-zinc-100 text-zinc-700 ring-zinc-300 dark:bg-zinc-500/20 dark:text-zinc-200 dark:ring-zinc-500/40",
  3: "bg-orange-100 text-orange-800 ring-orange-300 dark:bg-orange-500/20 dark:text-orange-300 dark:ring-orange-500/40",
};

export function Row({
  entry,
  isMe,
  gain,
  onGainShown,
  ref,
}: {
  entry: LeaderboardEntry;
  isMe: boolean;
  gain?: Gain;
  onGainShown?: (wallet: string, id: number) => void;
  ref?: Ref<HTMLTableRowElement>;
}) {
  return (
    <tr
      ref={ref}
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
      <td className="pr-3 pl-1 text-right font-medium tabular-nums sm:px-2" data-testid="referrals">
        {numberFormat.format(entry.referrals_count)}
      </td>
      <td className="pr-3 text-right sm:pr-6">
        {/* The badge floats above the number: the row keeps its size while it shows. */}
        <span className="relative inline-block">
          <span className="font-bold tabular-nums" data-testid="rewards">
            {numberFormat.format(entry.rewards)}
          </span>
          {gain && onGainShown && <GainBadge key={gain.id} wallet={entry.wallet} gain={gain} onShown={onGainShown} />}
        </span>
      </td>
    </tr>
  );
}

function GainBadge({ wallet, gain, onShown }: { wallet: string; gain: Gain; onShown: (wallet: string, id: number) => void }) {
  const badge = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    // Rises in and fades out; under prefers-reduced-motion it only fades.
    const still = typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const shift = (px: number) => (still ? "none" : `translateY(${px}px)`);
    const animation = badge.current?.animate?.(
      [
        { opacity: 0, transform: shift(6) },
        { opacity: 1, transform: "none", offset: 0.12 },
        { opacity: 1, transform: "none", offset: 0.8 },
        { opacity: 0, transform: shift(-4) },
      ],
      { duration: GAIN_MS, easing: "ease-out", fill: "forwards" },
    );
    const timer = setTimeout(() => onShown(wallet, gain.id), GAIN_MS);
    return () => {
      clearTimeout(timer);
      animation?.cancel();
    };
  }, [wallet, gain.id, onShown]);
  return (
    <span
      ref={badge}
      data-testid="reward-gain"
      className="pointer-events-none absolute right-0 bottom-full mb-0.5 rounded-full bg-emerald-100 px-1.5 text-[11px] leading-4 font-bold whitespace-nowrap text-emerald-700 tabular-nums dark:bg-emerald-500/20 dark:text-emerald-300"
    >
      +{numberFormat.format(gain.amount)}
    </span>
  );
}
