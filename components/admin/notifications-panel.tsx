import { ConsoleSection, ConsoleTable, EmptyRow, bodyRows, firstCell, headRow, lastCell, numberCell } from "@/components/admin/console-section";
import { formatCount, formatDay } from "@/components/admin/format";
import { TileCard } from "@/components/admin/stat-tiles";
import type { AdminNotificationsResponse } from "@/lib/contract/notification-schemas";

const COUNTS = ["sent", "failed", "invalid"] as const;
const COUNT_LABELS = { sent: "Sent", failed: "Failed", invalid: "Invalid" } as const;
const countCell = (key: (typeof COUNTS)[number]) => (key === "invalid" ? `${numberCell} ${lastCell}` : numberCell);

/** Farcaster notifications: who can receive them now, and the period's tokens by outcome. */
export function NotificationsPanel({ notifications }: { notifications: AdminNotificationsResponse }) {
  const { enabled, kinds, subscribers, linked, totals } = notifications;
  return (
    <ConsoleSection
      id="notifications"
      title="Notifications"
      description={
        enabled
          ? "Subscribers (fids with notifications on) and linked fids (with a wallet) now; tokens sent, failed (rate-limited included) and invalid in the period."
          : undefined
      }
    >
      <div data-testid="notifications-panel" data-enabled={enabled}>
        {enabled ? (
          <>
            <ul className="grid grid-cols-2 gap-3 px-4 sm:grid-cols-3 sm:px-6 lg:grid-cols-5">
              <TileCard id="subscribers" label="Subscribers" value={subscribers} shown={formatCount(subscribers)} change={null} />
              <TileCard id="linked" label="Linked" value={linked} shown={formatCount(linked)} change={null} />
              {COUNTS.map((key) => (
                <TileCard key={key} id={key} label={COUNT_LABELS[key]} value={totals[key]} shown={formatCount(totals[key])} change={null} />
              ))}
            </ul>
            <Kinds kinds={kinds} />
            <DaysTable days={notifications.days} />
          </>
        ) : (
          <p className="px-4 pb-6 text-sm text-zinc-600 sm:px-6 dark:text-zinc-400">
            Farcaster notifications are off. Set NEYNAR_API_KEY to turn them on (see the README, Farcaster notifications).
          </p>
        )}
      </div>
    </ConsoleSection>
  );
}

/** NOTIFICATIONS_OFF can leave a kind (or both) unsent while subscribers still count. */
function Kinds({ kinds }: { kinds: string[] }) {
  return (
    <p data-testid="notification-kinds" data-kinds={kinds.join(",")} className="mt-4 px-4 text-sm text-zinc-600 sm:px-6 dark:text-zinc-400">
      {kinds.length === 0 ? (
        "Sending no kind: NOTIFICATIONS_OFF turns off both."
      ) : (
        <>
          Sending:{" "}
          {kinds.map((kind) => (
            <span key={kind} className="mr-1.5 inline-block rounded-md bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
              {kind}
            </span>
          ))}
        </>
      )}
    </p>
  );
}

/**
 * The store answers every day of the period, zeros included (all time is a year of them): the
 * table lists only the days with any tokens, newest first, so it stays short.
 */
function DaysTable({ days }: { days: AdminNotificationsResponse["days"] }) {
  const active = days.filter((d) => d.sent + d.failed + d.invalid > 0).reverse();
  return (
    <div className="mt-4">
      <ConsoleTable caption="Notification tokens per UTC day, days with any only, newest first: sent, failed and invalid">
        <thead>
          <tr className={headRow}>
            <th scope="col" className={`text-left ${firstCell}`}>
              Day
            </th>
            {COUNTS.map((key) => (
              <th key={key} scope="col" className={countCell(key)}>
                {COUNT_LABELS[key]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={bodyRows}>
          {active.length === 0 ? (
            <EmptyRow columns={4}>No notifications sent in this period.</EmptyRow>
          ) : (
            active.map((d) => (
              <tr key={d.date} data-testid="notification-day" data-date={d.date} className="h-12">
                <td className={`whitespace-nowrap tabular-nums ${firstCell}`}>{formatDay(d.date)}</td>
                {COUNTS.map((key) => (
                  <td key={key} data-testid={key} data-value={d[key]} className={key === "sent" ? `${countCell(key)} font-bold` : countCell(key)}>
                    {formatCount(d[key])}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </ConsoleTable>
    </div>
  );
}
