/**
 * Progress through the referral milestones (1, 5, 10, 30, 50). The thresholds
 * are far apart, so each gets an equal share of the bar and the count moves
 * linearly within its segment.
 */
import { MILESTONES, nextMilestone } from "@/lib/domain/tasks";

const THRESHOLDS = MILESTONES.map((m) => m.threshold);

export function milestonePercent(count: number): number {
  const last = THRESHOLDS[THRESHOLDS.length - 1] ?? 1;
  if (count >= last) return 100;
  const i = THRESHOLDS.findIndex((t) => count < t);
  const lo = i === 0 ? 0 : (THRESHOLDS[i - 1] ?? 0);
  const hi = THRESHOLDS[i] ?? last;
  return ((i + (count - lo) / (hi - lo)) / THRESHOLDS.length) * 100;
}

/** What the next step is, in words: "Invite 4 more friends to reach 5 referrals". */
function milestoneCaption(count: number): string {
  const next = nextMilestone(count);
  if (next === null) return `All milestones reached: ${count} referrals`;
  if (count === 0) return "Invite your first friend to reach the first milestone";
  const missing = next - count;
  return `Invite ${missing} more ${missing === 1 ? "friend" : "friends"} to reach ${next} referrals`;
}

export function MilestoneProgress({ count }: { count: number }) {
  const next = nextMilestone(count);
  const pct = milestonePercent(count);
  const caption = milestoneCaption(count);
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id="milestone-label" className="font-medium">
          Milestones
        </span>
        <span className="text-zinc-500 dark:text-zinc-400">{caption}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="milestone-label"
        aria-valuemin={0}
        aria-valuemax={next ?? count}
        aria-valuenow={count}
        aria-valuetext={next === null ? `${count} referrals, all milestones reached` : `${count} of ${next} referrals`}
        className="relative mt-3 h-2.5 rounded-full bg-zinc-100 dark:bg-zinc-800"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-brand-500 via-violet-500 to-fuchsia-500 transition-[width] duration-700"
          style={{ width: `${pct}%` }}
        />
      </div>
      <ol className="mt-2 grid grid-cols-5 text-xs" aria-label="Milestone thresholds">
        {THRESHOLDS.map((t) => {
          const reached = count >= t;
          return (
            <li
              key={t}
              className={`text-right tabular-nums ${reached ? "font-semibold text-brand-700 dark:text-brand-300" : "text-zinc-500 dark:text-zinc-400"}`}
            >
              <span className="sr-only">{reached ? "Reached: " : "Not reached: "}</span>
              {t}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
