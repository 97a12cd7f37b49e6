/**
 * The console's tables as CSV: each /api/admin/* answer with `format=csv`, and what the
 * console's download buttons fetch. Columns carry the JSON answers' names.
 */
import type { AdminReferrers, AdminStats, AdminWallet } from "@/lib/contract/admin-schemas";
import type { AdminAudit, DisqualificationJson } from "@/lib/contract/moderation-schemas";
import type { AdminSignals } from "@/lib/contract/signals-schemas";
import { csvLines, csvResponse, toCsv } from "@/lib/http/csv";
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
    ["wallet", "referrals", "referralsAllTime", "visits", "uniqueVisitors", "conversion", "disqualified"],
    data.referrers.map((r) => [r.wallet, r.referrals, r.referralsAllTime, r.visits, r.uniqueVisitors, r.conversion, r.disqualified]),
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

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

export function auditCsv(page: AdminAudit): Response {
  return csvResponse(
    `refboard-audit-${page.offset}.csv`,
    ["id", "at", "admin", "action", "wallet", "reason", "cascade", "wallets"],
    page.entries.map((e) => [e.id, iso(e.at), e.admin, e.action, e.wallet, e.reason, e.cascade, e.wallets]),
  );
}

/** Columns of the ban list's CSV; `npm run import:ban-list` reads the same. */
export const BAN_LIST_COLUMNS = ["wallet", "reason", "at", "admin", "via"] as const;

/**
 * The ban list as a download, written page by page as the store streams it, so its size never
 * sits in memory: CSV, or JSON `{ "disqualified": [...] }` with `at` in Unix seconds. The first
 * page is read before the answer starts, so a store that is down is a 500, not a cut-off 200.
 */
export async function banListResponse(pages: AsyncGenerator<DisqualificationJson[]>, format: "csv" | "json"): Promise<Response> {
  const encoder = new TextEncoder();
  let next = await pages.next();
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next.done) {
        if (format === "csv" && first) controller.enqueue(encoder.encode(toCsv(BAN_LIST_COLUMNS, [])));
        if (format === "json") controller.enqueue(encoder.encode(first ? '{"disqualified":[]}\n' : "]}\n"));
        controller.close();
        return;
      }
      const rows = next.value;
      const text =
        format === "csv"
          ? csvLines([...(first ? [BAN_LIST_COLUMNS] : []), ...rows.map((r) => [r.wallet, r.reason, iso(r.at), r.admin, r.via])])
          : (first ? '{"disqualified":[\n' : ",\n") + rows.map((r) => JSON.stringify(r)).join(",\n");
      first = false;
      controller.enqueue(encoder.encode(text));
      next = await pages.next();
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "content-type": format === "csv" ? "text/csv; charset=utf-8" : "application/json",
      "content-disposition": `attachment; filename="refboard-ban-list.${format}"`,
      "cache-control": "no-store",
    },
  });
}

export function signalsCsv(page: AdminSignals): Response {
  return csvResponse(
    `refboard-signals-${page.offset}.csv`,
    ["wallet", "suspicion", "referrals", "burst", "quickReferees", "activeReferees", "idleShare", "cycles", "disqualified"],
    page.referrers.map((r) => [r.wallet, r.suspicion, r.referrals, r.burst, r.quickReferees, r.activeReferees, r.idleShare, r.cycles, r.disqualified]),
  );
}
