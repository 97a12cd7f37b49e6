import { formatCount, formatPercent } from "@/components/admin/format";
import type { AdminStats } from "@/lib/contract/admin-schemas";

const STEPS = [
  { id: "uniqueVisitors", label: "Unique visitors", detail: "opened a referral link" },
  { id: "connectedWithCode", label: "Wallets connected", detail: "with a pending invite code" },
  { id: "referrals", label: "Referrals", detail: "bound to their referrer" },
] as const;

/** Visitors to referrals, each step's bar against the first, with the share of the step before that it kept. */
export function Funnel({ funnel }: { funnel: AdminStats["funnel"] }) {
  const top = funnel.uniqueVisitors;
  return (
    <ol className="space-y-4 px-4 pb-6 sm:px-6">
      {STEPS.map((step, i) => {
        const count = funnel[step.id];
        const before = i > 0 ? funnel[STEPS[i - 1]!.id] : null;
        const kept = before ? count / before : null;
        const width = top > 0 ? Math.min(1, count / top) : 0;
        return (
          <li key={step.id} data-testid={`funnel-${step.id}`} data-count={count}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <p className="text-sm">
                <span className="font-semibold">{step.label}</span>{" "}
                <span className="text-zinc-600 dark:text-zinc-400">{step.detail}</span>
              </p>
              <p className="text-sm tabular-nums">
                <span data-testid="funnel-count" className="font-bold">
                  {formatCount(count)}
                </span>
                {i > 0 && (
                  <span data-testid="funnel-share" data-value={kept ?? ""} className="ml-2 text-zinc-600 dark:text-zinc-400">
                    {formatPercent(kept)} kept
                  </span>
                )}
              </p>
            </div>
            <div className="mt-1.5 h-3 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800" aria-hidden="true">
              <div className="h-full rounded-full bg-gradient-to-r from-brand-500 to-violet-500" style={{ width: `${width * 100}%` }} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
