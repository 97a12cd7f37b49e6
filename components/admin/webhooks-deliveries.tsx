"use client";

/** One endpoint's newest deliveries, as the console shows them below the endpoints. */
import { useEffect } from "react";
import { bodyRows, ConsoleTable, EmptyRow, firstCell, headRow, lastCell, numberCell } from "@/components/admin/console-section";
import { formatCount, formatTime } from "@/components/admin/format";
import { buttonClass } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/client/api";
import { useReadWebhooksAgain, useWebhookDeliveries } from "@/lib/client/webhook-hooks";
import type { WebhookEndpointView } from "@/lib/contract/webhook-schemas";
import { LISTED_DELIVERIES, MAX_ATTEMPTS } from "@/lib/domain/webhooks";

const COLUMNS = 6;

const STATE_STYLES = {
  pending: "text-amber-700 dark:text-amber-400",
  delivered: "text-emerald-700 dark:text-emerald-400",
  failed: "text-red-600 dark:text-red-400",
} as const;

export function WebhookDeliveries({ endpoint, onClose }: { endpoint: WebhookEndpointView; onClose(): void }) {
  const deliveries = useWebhookDeliveries(endpoint.id, endpoint.state === "active");
  const readEndpointsAgain = useReadWebhooksAgain();
  const list = deliveries.data?.deliveries;
  const attempts = list?.reduce((sum, delivery) => sum + delivery.attempts, 0);
  // An attempt made since the last read changed its endpoint's last delivery (and maybe its state) in the list above.
  useEffect(() => {
    if (attempts !== undefined) void readEndpointsAgain();
  }, [attempts, readEndpointsAgain]);

  return (
    <div data-testid="webhook-deliveries" data-endpoint={endpoint.id} className="mt-4 border-t border-zinc-100 pt-4 dark:border-zinc-800">
      <div className="flex flex-wrap items-start justify-between gap-3 px-4 sm:px-6">
        <div className="min-w-0">
          <h3 className="text-base font-semibold">Deliveries</h3>
          <p className="text-sm break-all text-zinc-600 dark:text-zinc-400">{endpoint.url}</p>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            The newest {formatCount(LISTED_DELIVERIES)}; a failed attempt is tried again later, {MAX_ATTEMPTS} times in all, with the same event id.
          </p>
        </div>
        <div className="flex gap-2">
          <button type="button" onClick={() => void deliveries.refetch()} data-testid="webhook-deliveries-refresh" className={buttonClass({ variant: "secondary", size: "sm" })}>
            {deliveries.isFetching && <Spinner />} Refresh
          </button>
          <button type="button" onClick={onClose} className={buttonClass({ variant: "secondary", size: "sm" })}>
            Close
          </button>
        </div>
      </div>
      <div className="mt-3">
        <ConsoleTable caption={`Deliveries to ${endpoint.url}`} minWidth="min-w-[50rem]">
          <thead>
            <tr className={headRow}>
              <th scope="col" className={`${firstCell} text-left`}>
                Event
              </th>
              <th scope="col" className="px-3 text-left">
                State
              </th>
              <th scope="col" className={numberCell}>
                Attempts
              </th>
              <th scope="col" className="px-3 text-left">
                Last status
              </th>
              <th scope="col" className="px-3 text-left">
                Last attempt
              </th>
              <th scope="col" className={`${lastCell} text-left`}>
                Next attempt
              </th>
            </tr>
          </thead>
          <tbody className={bodyRows}>
            {!list ? (
              <EmptyRow columns={COLUMNS}>{deliveries.error ? errorText(deliveries.error) : <Spinner />}</EmptyRow>
            ) : list.length === 0 ? (
              <EmptyRow columns={COLUMNS}>Nothing sent to this endpoint yet. Send a test, or wait for one of its events.</EmptyRow>
            ) : (
              list.map((delivery) => (
                <tr key={delivery.eventId} data-testid="webhook-delivery" data-type={delivery.type} data-state={delivery.state}>
                  <td className={`${firstCell} py-3 whitespace-nowrap`}>
                    <span className="block font-mono text-xs">{delivery.type}</span>
                    <span className="block font-mono text-xs text-zinc-500 dark:text-zinc-400" data-testid="webhook-delivery-id">
                      {delivery.eventId}
                    </span>
                  </td>
                  <td className={`px-3 font-medium whitespace-nowrap ${STATE_STYLES[delivery.state]}`} data-testid="webhook-delivery-state">
                    {delivery.state}
                  </td>
                  <td className={numberCell}>{formatCount(delivery.attempts)}</td>
                  {/* The answer's first 1 kB, on hover: enough to tell a receiver's own error page. */}
                  <td className="px-3 text-xs" data-testid="webhook-delivery-status" title={delivery.lastResponse ?? undefined}>
                    <span className="whitespace-nowrap">{delivery.lastStatus ?? "–"}</span>
                    {delivery.lastError && <span className="block text-zinc-500 dark:text-zinc-400">{delivery.lastError}</span>}
                  </td>
                  <td className="px-3 text-xs whitespace-nowrap">{delivery.lastAttemptAt === null ? "–" : formatTime(delivery.lastAttemptAt)}</td>
                  <td className={`${lastCell} text-xs whitespace-nowrap`} data-testid="webhook-delivery-next">
                    {delivery.nextAttemptAt === null ? "–" : formatTime(delivery.nextAttemptAt)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </ConsoleTable>
      </div>
    </div>
  );
}
