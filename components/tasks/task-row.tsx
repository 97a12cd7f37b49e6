import type { ComponentType, ReactNode, SVGProps } from "react";
import { CheckIcon } from "@/components/ui/icons";

/** One quest: icon, title, description, and an action area of fixed width so state changes never reflow the row. */
export function TaskRow({
  icon: Icon,
  title,
  description,
  done,
  action,
  note,
  testId,
  status,
}: {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  description: ReactNode;
  done: boolean;
  action: ReactNode;
  /** A message under the row: an error or a verification result. */
  note?: ReactNode;
  testId: string;
  /** Where a row has more states than done or not (a quest's status), for tests and styles to read. */
  status?: string;
}) {
  return (
    <li data-testid={testId} data-done={done} data-status={status} className="py-3.5">
      <RowGrid
        icon={
          <span
            className={`relative grid size-10 place-items-center rounded-2xl ${
              done
                ? "bg-emerald-50 text-emerald-600 dark:bg-emerald-950/60 dark:text-emerald-400"
                : "bg-brand-50 text-brand-600 dark:bg-brand-950/60 dark:text-brand-300"
            }`}
          >
            <Icon className="size-5" />
            {done && (
              <span className="absolute -right-1 -bottom-1 grid size-4 place-items-center rounded-full bg-emerald-500 text-white ring-2 ring-white dark:ring-zinc-900">
                <CheckIcon className="size-2.5" strokeWidth={3.5} />
              </span>
            )}
          </span>
        }
        text={
          <>
            <h4 className="text-sm leading-5 font-semibold">{title}</h4>
            <p className="mt-0.5 text-sm leading-5 text-zinc-500 dark:text-zinc-400">{description}</p>
          </>
        }
        action={action}
      />
      {note && <div className="mt-2.5 pl-[3.25rem] min-[480px]:pl-14">{note}</div>}
    </li>
  );
}

/**
 * Icon, text and action side by side from 480 px; below that the action moves
 * under the text, so a 360 px phone never squeezes the text into a narrow column.
 * Skeleton rows use the same grid, so nothing moves when the data arrives.
 */
export function RowGrid({ icon, text, action }: { icon: ReactNode; text: ReactNode; action: ReactNode }) {
  return (
    <div className="grid grid-cols-[2.5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2.5 min-[480px]:grid-cols-[2.5rem_minmax(0,1fr)_8.5rem] min-[480px]:gap-x-4 sm:grid-cols-[2.5rem_minmax(0,1fr)_9rem]">
      <div className="self-start min-[480px]:self-center">{icon}</div>
      <div className="min-w-0">{text}</div>
      <div className="col-start-2 flex min-[480px]:col-start-3 min-[480px]:justify-end">
        <div className="flex w-40 min-[480px]:w-full min-[480px]:justify-end">{action}</div>
      </div>
    </div>
  );
}

export function DoneBadge({ label = "Done" }: { label?: string }) {
  return (
    <span className="inline-flex h-9 items-center gap-1.5 rounded-xl bg-emerald-50 px-3 text-sm font-semibold text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300">
      <CheckIcon className="size-4" />
      {label}
    </span>
  );
}

const NOTE_TONES = {
  error: "bg-red-50 text-red-800 dark:bg-red-950/50 dark:text-red-200",
  warning: "bg-amber-50 text-amber-900 dark:bg-amber-950/50 dark:text-amber-200",
  success: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-200",
};

export function TaskNote({ tone, children }: { tone: keyof typeof NOTE_TONES; children: ReactNode }) {
  return (
    <p role={tone === "success" ? "status" : "alert"} className={`rounded-xl px-3 py-2 text-sm ${NOTE_TONES[tone]}`}>
      {children}
    </p>
  );
}
