import type { Metadata } from "next";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { ArrowRightIcon, TrophyIcon } from "@/components/ui/icons";

export const metadata: Metadata = { title: "Page not found" };

/** Any URL no page answers: the site's own header and footer, and a way back. */
export default function NotFound() {
  return (
    <section aria-labelledby="not-found-title" className="mx-auto flex max-w-xl flex-col items-center py-10 text-center sm:py-16">
      <p className="bg-gradient-to-r from-brand-600 via-violet-500 to-fuchsia-500 bg-clip-text text-7xl font-extrabold tracking-tight text-transparent sm:text-8xl dark:from-brand-400 dark:via-violet-400 dark:to-fuchsia-400">
        404
      </p>
      <h1 id="not-found-title" className="mt-4 text-2xl font-extrabold tracking-tight text-balance sm:text-3xl">
        This page doesn&apos;t exist
      </h1>
      <p className="mt-3 text-pretty text-zinc-600 dark:text-zinc-400">
        The link may be old or mistyped. Your quests and the leaderboard are where they always are.
      </p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link href="/" className={buttonClass({ size: "lg", className: "w-full sm:w-auto" })}>
          Back to the home page
          <ArrowRightIcon className="size-4" />
        </Link>
        <Link href="/leaderboard" className={buttonClass({ variant: "secondary", size: "lg", className: "w-full sm:w-auto" })}>
          <TrophyIcon className="size-4" />
          See the leaderboard
        </Link>
      </div>
    </section>
  );
}
