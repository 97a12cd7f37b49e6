"use client";

/**
 * The day-by-day chart, code-split: Recharts (about 115 kB gzip) downloads with a page that draws
 * a chart, so the sign-in panel on /admin and every other page go without it.
 */
import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";
import type { CampaignDayRow } from "@/lib/contract/admin-schemas";

const DailyLines = dynamic(() => import("@/components/admin/daily-lines").then((m) => m.DailyLines), {
  loading: () => (
    <div className="px-4 pb-5 sm:px-6">
      <Skeleton className="h-[19rem] w-full sm:h-[21rem]" />
    </div>
  ),
});

export function DailyChart({ days }: { days: CampaignDayRow[] }) {
  if (days.length === 0) {
    return <p className="px-4 pt-6 pb-10 text-center text-sm text-zinc-500 sm:px-6 dark:text-zinc-400">No days counted in this period yet.</p>;
  }
  return <DailyLines days={days} />;
}
