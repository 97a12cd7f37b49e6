import { Card } from "@/components/ui/card";
import { CheckIcon, ChevronDownIcon } from "@/components/ui/icons";
import type { SetupItem } from "@/lib/domain/setup-checklist";

/**
 * The console's first section: what this deployment still lacks for a real campaign. Open while
 * anything is missing; once all is set it folds to one line, still there to check. A <details>
 * element: it folds without JavaScript.
 */
export function SetupChecklist({ items }: { items: SetupItem[] }) {
  const done = items.filter((item) => item.missing.length === 0).length;
  const complete = done === items.length;
  return (
    <Card id="setup" aria-labelledby="setup-title" className="mt-6 scroll-mt-24" data-testid="setup-checklist" data-complete={complete}>
      <details open={!complete} className="group">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-3xl px-4 py-5 sm:px-6 [&::-webkit-details-marker]:hidden">
          <div className="min-w-0">
            <h2 id="setup-title" className="text-lg font-semibold">
              Setup
            </h2>
            <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400" data-testid="setup-summary">
              {complete
                ? `All ${items.length} settings of a campaign are in place.`
                : `${done} of ${items.length} settings of a campaign are in place. Set the others in the deployment's environment and restart.`}
            </p>
          </div>
          <ChevronDownIcon className="size-5 shrink-0 text-zinc-500 transition group-open:rotate-180" />
        </summary>
        <ul className="divide-y divide-zinc-100 border-t border-zinc-100 dark:divide-zinc-800 dark:border-zinc-800">
          {items.map((item) => (
            <SetupRow key={item.id} item={item} />
          ))}
        </ul>
      </details>
    </Card>
  );
}

function SetupRow({ item }: { item: SetupItem }) {
  const done = item.missing.length === 0;
  return (
    <li data-testid="setup-item" data-item={item.id} data-status={done ? "done" : "missing"} className="flex gap-3 px-4 py-3 sm:px-6">
      <StatusBadge done={done} />
      <div className="min-w-0 text-sm">
        <p className="font-semibold">
          {item.title} <span className="font-mono text-xs font-normal wrap-anywhere text-zinc-500 dark:text-zinc-400">{item.settings}</span>
        </p>
        <p className="mt-0.5 text-pretty text-zinc-600 dark:text-zinc-400">{item.effect}</p>
        {!done && (
          <p className="mt-1 text-amber-800 dark:text-amber-300" data-testid="setup-missing">
            Set <span className="font-mono wrap-anywhere">{item.missing.join(", ")}</span>
          </p>
        )}
      </div>
    </li>
  );
}

function StatusBadge({ done }: { done: boolean }) {
  return done ? (
    <span className="inline-flex h-6 w-20 shrink-0 items-center justify-center gap-1 rounded-full bg-emerald-50 px-2 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200 ring-inset dark:bg-emerald-950/60 dark:text-emerald-300 dark:ring-emerald-900">
      <CheckIcon className="size-3.5" />
      Done
    </span>
  ) : (
    <span className="inline-flex h-6 w-20 shrink-0 items-center justify-center rounded-full bg-amber-50 px-2 text-xs font-semibold text-amber-800 ring-1 ring-amber-200 ring-inset dark:bg-amber-950/60 dark:text-amber-300 dark:ring-amber-900">
      Missing
    </span>
  );
}
