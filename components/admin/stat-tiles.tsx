import { DownloadCsv } from "@/components/admin/console-section";
import { statsCsvHref } from "@/components/admin/console-links";
import { formatCount, formatDay, formatPercent } from "@/components/admin/format";
import type { AdminStats, PeriodTotals } from "@/lib/contract/admin-schemas";
import { changeOf } from "@/lib/domain/analytics";

interface Tile {
  /** The totals' field: data-testid `tile-<id>`. */
  id: "uniqueVisitors" | "newWallets" | "referrals" | "conversion" | "checkIns";
  /** The tile's name; `estimated` when the figure is a HyperLogLog estimate (unique visitors of several days). */
  label: string | ((estimated: boolean) => string);
  /** The exact figure; null for a conversion without visitors. */
  value(totals: PeriodTotals): number | null;
}

const TILES: Tile[] = [
  // Over several days every store merges the days' HyperLogLog sketches: the figure is an estimate.
  { id: "uniqueVisitors", label: (estimated) => (estimated ? "Unique visitors (estimate, about 1%)" : "Unique visitors"), value: (t) => t.uniqueVisitors },
  { id: "newWallets", label: "New wallets", value: (t) => t.newWallets },
  { id: "referrals", label: "Referrals", value: (t) => t.referrals },
  { id: "conversion", label: "Visit → referral", value: (t) => t.conversion },
  { id: "checkIns", label: "Check-ins", value: (t) => t.checkIns },
];

/** The period's totals, each with its change against the period before (none for all time). */
export function StatTiles({ stats }: { stats: AdminStats }) {
  const { totals, previousTotals: previous } = stats;
  return (
    <section aria-labelledby="totals-title" className="mt-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="totals-title" className="text-lg font-semibold">
            Totals
          </h2>
          <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">
            {stats.previous
              ? `Changes against the ${stats.previous.days} days before: ${formatDay(stats.previous.from)} – ${formatDay(stats.previous.to)}.`
              : "All time: no period before to compare."}
          </p>
        </div>
        <DownloadCsv href={statsCsvHref(stats.period, "tiles")} />
      </div>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {TILES.map(({ id, label, value }) => (
          <TileCard
            key={id}
            id={id}
            label={typeof label === "string" ? label : label(stats.period.days > 1)}
            value={value(totals)}
            shown={id === "conversion" ? formatPercent(value(totals)) : formatCount(value(totals) ?? 0)}
            // A conversion without visitors compares as 0.
            change={changeOf(value(totals) ?? 0, previous && (value(previous) ?? 0))}
          />
        ))}
        <TileCard
          id="liability"
          label="Reward liability"
          value={stats.liability}
          shown={formatCount(stats.liability)}
          change={changeOf(totals.rewardsAdded, previous && previous.rewardsAdded)}
          added={totals.rewardsAdded}
        />
      </ul>
    </section>
  );
}

/** One figure as a tile; the notifications section shows its counts in these too. */
export function TileCard({
  id,
  label,
  value,
  shown,
  change,
  added,
}: {
  id: string;
  label: string;
  value: number | null;
  shown: string;
  change: number | "new" | null;
  /** Reward liability only: what the period added to it, which its change is about. */
  added?: number;
}) {
  return (
    <li
      data-testid={`tile-${id}`}
      className="flex min-w-0 flex-col rounded-3xl bg-white/90 p-4 shadow-sm ring-1 ring-zinc-200/80 dark:bg-zinc-900/80 dark:ring-zinc-800"
    >
      <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{label}</p>
      <p data-testid="tile-value" data-value={value ?? ""} className="mt-1 truncate text-2xl font-bold tracking-tight tabular-nums">
        {shown}
      </p>
      {added !== undefined && (
        <p data-testid="tile-added" data-value={added} className="mt-1 text-xs font-medium text-zinc-600 tabular-nums dark:text-zinc-400">
          +{formatCount(added)} this period
        </p>
      )}
      {change !== null && <Change change={change} />}
    </li>
  );
}

/** An arrow and the change in percent; "New" when the period before had none. */
function Change({ change }: { change: number | "new" }) {
  const base = "mt-1 inline-flex w-fit items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums";
  if (change === "new") {
    return (
      <p data-testid="tile-change" data-change="new" className={`${base} bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300`}>
        New<span className="sr-only">: none in the period before</span>
      </p>
    );
  }
  const tone =
    change > 0
      ? "bg-emerald-50 text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300"
      : change < 0
        ? "bg-red-50 text-red-700 dark:bg-red-950/60 dark:text-red-300"
        : "bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300";
  return (
    <p data-testid="tile-change" data-change={change} className={`${base} ${tone}`}>
      <span aria-hidden="true">{change > 0 ? "↑" : change < 0 ? "↓" : "→"}</span>
      <span className="sr-only">{change > 0 ? "up" : change < 0 ? "down" : "unchanged,"}</span>
      {formatPercent(Math.abs(change))}
      <span className="sr-only"> on the period before</span>
    </p>
  );
}
