"use client";

/**
 * The period's days as lines: the only importer of Recharts, loaded through DailyChart alone.
 * Colours are mid-tones that read on both the light and the dark card.
 */
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import { formatCount, formatDay } from "@/components/admin/format";
import type { CampaignDayRow } from "@/lib/contract/admin-schemas";

const SERIES = [
  { key: "visits", label: "Visits", color: "#0ea5e9" },
  { key: "uniqueVisitors", label: "Unique visitors", color: "#6366f1" },
  { key: "newWallets", label: "New wallets", color: "#10b981" },
  { key: "referrals", label: "Referrals", color: "#d946ef" },
  { key: "checkIns", label: "Check-ins", color: "#f59e0b" },
] as const satisfies readonly { key: keyof CampaignDayRow; label: string; color: string }[];

const axis = { tick: { fill: "currentColor", fontSize: 12 }, stroke: "currentColor", strokeOpacity: 0.3 } as const;

export function DailyLines({ days }: { days: CampaignDayRow[] }) {
  return (
    <figure className="px-2 pb-5 sm:px-4">
      <figcaption className="sr-only">Visits, unique visitors, new wallets, referrals and check-ins per day (UTC)</figcaption>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 px-2 text-xs text-zinc-600 dark:text-zinc-400" aria-hidden="true">
        {SERIES.map((s) => (
          <li key={s.key} className="inline-flex items-center gap-1.5">
            <span className="size-2.5 rounded-full" style={{ backgroundColor: s.color }} />
            {s.label}
          </li>
        ))}
      </ul>
      <div className="mt-3 h-64 text-zinc-500 sm:h-72 dark:text-zinc-400">
        <LineChart responsive style={{ width: "100%", height: "100%" }} data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
          <XAxis dataKey="date" tickFormatter={(day: string) => formatDay(day, true)} minTickGap={24} {...axis} />
          <YAxis allowDecimals={false} width={44} tickFormatter={(n: number) => formatCount(n)} {...axis} />
          <Tooltip content={ChartTooltip} cursor={{ stroke: "currentColor", strokeOpacity: 0.3 }} />
          {SERIES.map((s) => (
            <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={s.color} strokeWidth={2} dot={false} isAnimationActive={false} />
          ))}
        </LineChart>
      </div>
    </figure>
  );
}

function ChartTooltip({ active, payload, label }: TooltipContentProps) {
  if (!active || payload.length === 0) return null;
  return (
    <div className="rounded-xl bg-white px-3 py-2 text-xs shadow-lg ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-700">
      <p className="font-semibold text-zinc-900 dark:text-zinc-100">{typeof label === "string" ? formatDay(label) : label}</p>
      <dl className="mt-1 grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5">
        {payload.map((entry) => (
          <div key={entry.name} className="contents">
            <dt className="inline-flex items-center gap-1.5 text-zinc-600 dark:text-zinc-400">
              <span className="size-2 rounded-full" style={{ backgroundColor: entry.color }} />
              {entry.name}
            </dt>
            <dd className="text-right font-medium text-zinc-900 tabular-nums dark:text-zinc-100">{formatCount(Number(entry.value))}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
