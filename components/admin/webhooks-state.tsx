/** An endpoint's state and last delivery as the console's Webhooks section lists them. */
import { formatTime } from "@/components/admin/format";
import type { WebhookEndpointView } from "@/lib/contract/webhook-schemas";
import { DISABLE_AFTER_SECONDS } from "@/lib/domain/webhooks";

const disableDays = DISABLE_AFTER_SECONDS / 86_400;

/** Active, failing (still tried), or disabled: by the 3 days of failures, or by an admin. */
export function EndpointState({ endpoint }: { endpoint: WebhookEndpointView }) {
  const { state, disabledAt, disabledBy, failingSince } = endpoint;
  if (state === "active") {
    return (
      <>
        <span className="font-semibold text-emerald-700 dark:text-emerald-400">Active</span>
        {failingSince !== null && <span className="block text-amber-700 dark:text-amber-400">failing since {formatTime(failingSince)}</span>}
      </>
    );
  }
  return (
    <>
      <span className="font-semibold text-red-600 dark:text-red-400">Disabled</span>
      <span className="block text-zinc-500 dark:text-zinc-400" data-testid="webhook-disabled-why">
        {disabledBy === "failures" ? `after ${disableDays} days of failures` : "by an admin"}
        {disabledAt !== null && `, ${formatTime(disabledAt)}`}
      </span>
    </>
  );
}

export function LastDelivery({ endpoint: { lastDelivery } }: { endpoint: WebhookEndpointView }) {
  if (!lastDelivery) return <span className="text-zinc-500 dark:text-zinc-400">none yet</span>;
  return (
    <>
      <span className="block">{formatTime(lastDelivery.at)}</span>
      <span className={`block font-medium ${lastDelivery.ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-600 dark:text-red-400"}`}>
        {lastDelivery.status ?? "no answer"} · {lastDelivery.ok ? "ok" : "failed"}
      </span>
    </>
  );
}
