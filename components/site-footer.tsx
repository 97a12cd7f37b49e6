import Link from "next/link";
import { REWARD_PER_FRIEND } from "@/lib/domain/leaderboard";

export function SiteFooter({ appName }: { appName: string }) {
  return (
    <footer className="border-t border-zinc-200/70 dark:border-zinc-800/70">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-2 px-4 py-6 text-xs text-zinc-500 sm:flex-row sm:items-start sm:justify-between sm:gap-6 sm:px-6 lg:px-8 dark:text-zinc-400">
        <div className="space-y-1">
          <p>{appName}: invite friends, complete quests, climb the board.</p>
          <p>
            Rewards are reward units ({REWARD_PER_FRIEND} per referral, for both sides); when the team pays tokens for them, winners{" "}
            <Link href="/claim" className="font-medium text-zinc-600 underline underline-offset-4 hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-white">
              claim them here
            </Link>
            .
          </p>
        </div>
        <nav aria-label="Footer">
          <Link
            href="/docs"
            className="rounded font-medium text-zinc-600 underline-offset-4 hover:text-zinc-900 hover:underline dark:text-zinc-300 dark:hover:text-white"
          >
            API reference
          </Link>
        </nav>
      </div>
    </footer>
  );
}
