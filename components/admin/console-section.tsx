import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

/** One block of the console: a card with its title, what it counts, and its table as CSV (with any other downloads). */
export function ConsoleSection({
  id,
  title,
  description,
  csvHref,
  downloads,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  csvHref?: string;
  downloads?: ReactNode;
  children: ReactNode;
}) {
  // A link to the section (#wallet-lookup) lands with its title below the sticky site header (h-16).
  return (
    <Card id={id} aria-labelledby={`${id}-title`} className="mt-6 scroll-mt-24 overflow-hidden">
      <div className="flex flex-wrap items-start justify-between gap-3 px-4 pt-5 sm:px-6">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>}
        </div>
        {(csvHref || downloads) && (
          <div className="flex flex-wrap gap-2">
            {csvHref && <DownloadCsv href={csvHref} />}
            {downloads}
          </div>
        )}
      </div>
      <div className="mt-4">{children}</div>
    </Card>
  );
}

/** A same-origin GET: the browser sends the session cookie, and the API names the file. */
export function DownloadLink({ href, testId, children }: { href: string; testId: string; children: ReactNode }) {
  return (
    <a href={href} download className={buttonClass({ variant: "secondary", size: "sm" })} data-testid={testId}>
      {children}
    </a>
  );
}

export function DownloadCsv({ href }: { href: string }) {
  return (
    <DownloadLink href={href} testId="download-csv">
      Download CSV
    </DownloadLink>
  );
}

/** A text field of the console's forms. */
export const fieldClass =
  "h-11 w-full min-w-0 rounded-xl bg-white px-3 text-sm ring-1 ring-zinc-200 ring-inset placeholder:text-zinc-400 focus:ring-2 focus:ring-brand-500 focus:outline-none aria-invalid:ring-red-500 dark:bg-zinc-950 dark:ring-zinc-700";

/**
 * A table that scrolls inside its card when it is wider than a phone (`minWidth`), so the page never
 * does. Header and cell styles follow the leaderboard's.
 */
export function ConsoleTable({ caption, minWidth = "", children }: { caption: string; minWidth?: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className={`w-full text-sm ${minWidth}`}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** A column header that shortens on phones, as the leaderboard's "Refs"; screen readers hear the full one. */
export function Narrow({ short, full }: { short: string; full: string }) {
  return (
    <>
      <span className="sm:hidden" aria-hidden="true">
        {short}
      </span>
      <span className="sr-only sm:not-sr-only">{full}</span>
    </>
  );
}

export const headRow =
  "h-11 border-y border-zinc-100 bg-zinc-50/80 text-xs font-semibold tracking-wider text-zinc-500 uppercase dark:border-zinc-800 dark:bg-zinc-950/40 dark:text-zinc-400";

export const bodyRows = "divide-y divide-zinc-100 dark:divide-zinc-800";

/** Number cells: right-aligned, digits of one width so columns line up. */
export const numberCell = "px-3 text-right tabular-nums whitespace-nowrap";

/** The first and last cells keep the card's padding. */
export const firstCell = "pl-4 sm:pl-6";
export const lastCell = "pr-4 sm:pr-6";

export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-10 text-center text-sm text-zinc-500 sm:px-6 dark:text-zinc-400">
        {children}
      </td>
    </tr>
  );
}
