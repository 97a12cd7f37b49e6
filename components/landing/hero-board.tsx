/**
 * The hero's picture of the board: the real top three and the board's figures, rendered on the
 * server in the page's own request. With no board (the store did not answer) it shows only how
 * rewards work: nothing on it may look like data that is not.
 */
import Link from "next/link";
import { ArrowRightIcon, CalendarIcon, GiftIcon, TrophyIcon, UserPlusIcon } from "@/components/ui/icons";
import { WalletAvatar } from "@/components/wallet/wallet-avatar";
import type { BoardOverview } from "@/lib/contract/schemas";
import { REWARD_PER_FRIEND } from "@/lib/domain/leaderboard";
import { MILESTONES } from "@/lib/domain/tasks";
import { shortWallet } from "@/lib/domain/wallet";

const numberFormat = new Intl.NumberFormat("en-US");
const THRESHOLDS = MILESTONES.map((m) => m.threshold);

export function HeroBoard({ board }: { board: BoardOverview | null }) {
  return (
    <div className="relative mx-auto flex w-full max-w-md flex-col gap-4 lg:mx-0">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 rounded-[2.5rem] bg-gradient-to-br from-brand-400/30 via-violet-400/20 to-fuchsia-400/30 blur-2xl sm:-inset-4"
      />
      {board && <BoardCard board={board} />}
      <RulesCard />
    </div>
  );
}

function BoardCard({ board }: { board: BoardOverview }) {
  return (
    <section
      aria-labelledby="hero-board-title"
      data-testid="hero-board"
      className="rounded-3xl bg-white p-5 shadow-xl ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="hero-board-title" className="flex items-center gap-2 text-sm font-semibold">
          <TrophyIcon className="size-4 text-amber-500" /> Top of the board
        </h2>
        <Link
          href="/leaderboard"
          className="inline-flex items-center gap-1 rounded-lg text-xs font-semibold text-brand-600 hover:text-brand-700 dark:text-brand-400 dark:hover:text-brand-300"
        >
          Full board <ArrowRightIcon className="size-3.5" />
        </Link>
      </div>
      {board.top.length === 0 ? (
        <div data-testid="hero-board-empty" className="mt-4 rounded-2xl bg-zinc-50 px-4 py-5 text-center dark:bg-zinc-800/60">
          <p className="font-semibold">Be the first on the board</p>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            Invite a friend and you both land on it with {REWARD_PER_FRIEND} reward units.
          </p>
        </div>
      ) : (
        <>
          <ol className="mt-4 space-y-2">
            {board.top.map((entry) => (
              <li
                key={entry.wallet}
                data-testid="hero-board-row"
                className="flex items-center gap-3 rounded-2xl bg-zinc-50 px-3 py-2.5 text-sm dark:bg-zinc-800/60"
              >
                <span className="w-4 text-center font-bold text-zinc-400 tabular-nums">{entry.rank}</span>
                <WalletAvatar wallet={entry.wallet} className="size-6" />
                <span className="min-w-0 flex-1 truncate font-mono" title={entry.wallet}>
                  {shortWallet(entry.wallet)}
                </span>
                <span className="shrink-0 text-right font-semibold tabular-nums">
                  {numberFormat.format(entry.rewards)} <span className="text-xs font-medium text-zinc-500 dark:text-zinc-400">units</span>
                </span>
              </li>
            ))}
          </ol>
          <dl className="mt-4 grid grid-cols-2 gap-3">
            <Figure testId="hero-wallets" label="Wallets on the board" value={board.entries} />
            <Figure testId="hero-referrals" label="Referrals so far" value={board.referrals} />
          </dl>
        </>
      )}
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-2xl px-3 py-2 ring-1 ring-zinc-200 ring-inset dark:ring-zinc-800">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd data-testid={testId} className="mt-0.5 text-2xl font-extrabold tracking-tight tabular-nums">
        {numberFormat.format(value)}
      </dd>
    </div>
  );
}

/** How rewards add up: the rules, the same for everyone. */
function RulesCard() {
  const rules = [
    { icon: UserPlusIcon, text: `+${REWARD_PER_FRIEND} reward units per friend, for both of you` },
    { icon: GiftIcon, text: `Milestones at ${THRESHOLDS.slice(0, -1).join(", ")} and ${THRESHOLDS.at(-1)} friends` },
    { icon: CalendarIcon, text: "A daily check-in and quests to finish" },
  ];
  return (
    <section aria-labelledby="hero-rules-title" className="rounded-3xl bg-white/90 p-5 shadow-lg ring-1 ring-zinc-200 dark:bg-zinc-900/90 dark:ring-zinc-800">
      <h2 id="hero-rules-title" className="text-sm font-semibold">
        How rewards add up
      </h2>
      <ul className="mt-3 space-y-2.5">
        {rules.map((rule) => (
          <li key={rule.text} className="flex items-center gap-3 text-sm text-zinc-700 dark:text-zinc-300">
            <span className="grid size-8 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-600 dark:bg-brand-950 dark:text-brand-300">
              <rule.icon className="size-4" />
            </span>
            {rule.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
