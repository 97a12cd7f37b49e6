/**
 * The console's tables as CSV: each /api/admin/* answer with `format=csv`, and what the
 * console's download buttons fetch. Columns carry the JSON answers' names.
 */
import type { AdminReferrers, AdminStats, AdminWallet } from "@/lib/contract/admin-schemas";
import { csvResponse } from "@/lib/http/csv";
import { SOCIAL_TASK_IDS } from "@/lib/domain/tasks";

type StatsTable = "days" | "tiles" | "funnel" | "tasks";

const TILE_METRICS = ["visits", "uniqueVisitors", "newWallets", "connectedWithCode", "referrals", "conversion", "checkIns", "nftMints", "rewardsAdded"] as const;

export function statsCsv(stats: AdminStats, table: StatsTable): Response {
  const name = `refboard-${table}-${stats.period.from}-${stats.period.to}.csv`;
  switch (table) {
    case "days":
      return csvResponse(
        name,
        ["date", "visits", "uniqueVisitors", "newWallets", "connectedWithCode", "referrals", "checkIns", "nftMints", ...SOCIAL_TASK_IDS],
        stats.days.map((d) => [d.date, d.visits, d.uniqueVisitors, d.newWallets, d.connectedWithCode, d.referrals, d.checkIns, d.nftMints, ...SOCIAL_TASK_IDS.map((id) => d.socialTasks[id])]),
      );
    case "tiles":
      return csvResponse(name, ["metric", "period", "previous"], [
        ...TILE_METRICS.map((metric) => [metric, stats.totals[metric], stats.previousTotals?.[metric] ?? null]),
        ["liability", stats.liability, null],
      ]);
    case "funnel": {
      const steps = [
        ["uniqueVisitors", stats.funnel.uniqueVisitors],
        ["connectedWithCode", stats.funnel.connectedWithCode],
        ["referrals", stats.funnel.referrals],
      ] as const;
      return csvResponse(name, ["step", "count"], steps);
    }
    case "tasks":
      return csvResponse(name, ["task", "completions", "previous", "rate"], stats.tasks.map((t) => [t.task, t.completions, t.previous, t.rate]));
  }
}

export function referrersCsv(data: AdminReferrers): Response {
  return csvResponse(
    `refboard-referrers-${data.period.from}-${data.period.to}.csv`,
    ["wallet", "referrals", "referralsAllTime", "visits", "uniqueVisitors", "conversion"],
    data.referrers.map((r) => [r.wallet, r.referrals, r.referralsAllTime, r.visits, r.uniqueVisitors, r.conversion]),
  );
}

/** A wallet's page of referees, with when each was bound (ISO 8601, UTC). */
export function refereesCsv(report: AdminWallet): Response {
  return csvResponse(
    `refboard-referees-${report.wallet}-${report.referees.offset}.csv`,
    ["wallet", "referredAt"],
    report.referees.items.map((r) => [r.wallet, new Date(r.referredAt * 1000).toISOString()]),
  );
}
