import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export function LeaderboardHeading({ size, status }: { size: number; status?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Leaderboard</h1>
        <p className="mt-1 text-zinc-600 dark:text-zinc-400">Top {size} by rewards. Every referral is +20 for both sides.</p>
      </div>
      <div className="h-6 text-sm text-zinc-500 dark:text-zinc-400">{status}</div>
    </div>
  );
}

export function SkeletonRows({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <tr key={i} aria-hidden="true" className="h-14 sm:h-16">
          <td className="pl-3 sm:pl-6">
            <Skeleton className="h-5 w-6" />
          </td>
          <td className="px-2">
            <div className="flex items-center gap-3">
              <span className="hidden min-[480px]:block">
                <Skeleton className="size-8 rounded-full" />
              </span>
              <Skeleton className="h-4 w-24 sm:w-28" />
            </div>
          </td>
          <td className="pr-3 pl-1 sm:px-2">
            <Skeleton className="ml-auto h-4 w-6" />
          </td>
          <td className="pr-3 sm:pr-6">
            <Skeleton className="ml-auto h-4 w-12" />
          </td>
        </tr>
      ))}
    </>
  );
}

/** A screen tall at least, as the list is: the footer stays below the fold however many rows arrive. */
export function LeaderboardSkeleton({ size }: { size: number }) {
  return (
    <div className="min-h-dvh">
      <LeaderboardHeading size={size} />
      <Card className="mt-8 overflow-hidden">
        <table className="w-full table-fixed">
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            <SkeletonRows count={8} />
          </tbody>
        </table>
      </Card>
    </div>
  );
}
