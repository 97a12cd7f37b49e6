"use client";

/**
 * The console's Webhooks section: the team's endpoints with their state and last delivery, adding one
 * (its secret shown once), a test event, disabling and enabling, deleting, and one endpoint's
 * deliveries. Read and changed through the admin API with the admin's session cookie.
 */
import { useState } from "react";
import { bodyRows, ConsoleSection } from "@/components/admin/console-section";
import { formatTime } from "@/components/admin/format";
import { WebhookDeliveries } from "@/components/admin/webhooks-deliveries";
import { WebhookForm } from "@/components/admin/webhooks-form";
import { EndpointState, LastDelivery } from "@/components/admin/webhooks-state";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { api, errorText } from "@/lib/client/api";
import { useWebhooks, useWebhooksChange } from "@/lib/client/webhook-hooks";
import type { WebhookEndpointView } from "@/lib/contract/webhook-schemas";

/** The small caps of the console's table headers, over each fact of an endpoint. */
const label = "font-semibold tracking-wider text-zinc-500 uppercase dark:text-zinc-400";

/** The API reference's Webhooks tag on /docs. */
const DOCS_HREF = "/docs#webhooks";

export function WebhooksPanel() {
  const webhooks = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<WebhookEndpointView | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [queued, setQueued] = useState<{ endpoint: string; eventId: string } | null>(null);
  const create = useWebhooksChange((body: Record<string, unknown>) => api.createWebhook(body));
  const setEnabled = useWebhooksChange(({ id, enabled }: { id: string; enabled: boolean }) => api.setWebhookEnabled(id, enabled));
  const remove = useWebhooksChange((id: string) => api.deleteWebhook(id));
  const test = useWebhooksChange(async (id: string) => ({ endpoint: id, ...(await api.testWebhook(id)) }));
  const list = webhooks.data?.webhooks;
  const showing = list?.find((endpoint) => endpoint.id === shown);
  const failed = setEnabled.error ?? test.error;

  function sendTest(id: string) {
    test.mutate(id, {
      onSuccess: (answer) => {
        setQueued(answer);
        setShown(id);
      },
    });
  }

  return (
    <ConsoleSection
      id="webhooks"
      title="Webhooks"
      description="Your own systems hear of each referral, task, quest, moderation and payout as it happens: a signed POST per event, tried again for about a day when it fails."
      downloads={
        <button type="button" onClick={() => setAdding(true)} data-testid="webhook-new" className={buttonClass({ size: "sm" })}>
          Add endpoint
        </button>
      }
    >
      {queued && (
        <p role="status" data-testid="webhook-test-queued" className="px-4 pb-4 text-sm text-emerald-700 sm:px-6 dark:text-emerald-400">
          Test event <span className="font-mono break-all">{queued.eventId}</span> queued; its delivery is listed below.
        </p>
      )}
      {!list ? (
        <p className="px-4 pb-8 text-center text-sm text-zinc-500 sm:px-6 dark:text-zinc-400">{webhooks.error ? errorText(webhooks.error) : <Spinner />}</p>
      ) : list.length === 0 ? (
        <p data-testid="webhooks-empty" className="px-4 pb-8 text-sm text-zinc-600 sm:px-6 dark:text-zinc-400">
          No endpoints yet. Add one to push every referral, task, quest, moderation and payout event to a CRM, a bot or a warehouse the moment it happens, signed
          so it can tell the events are yours.{" "}
          <a href={DOCS_HREF} className="font-semibold text-brand-600 underline dark:text-brand-400">
            The events and how to verify them
          </a>
        </p>
      ) : (
        // A list, not a table: on a phone each endpoint and its buttons fit the screen instead of scrolling sideways.
        <ul aria-label="Webhook endpoints" className={`border-t border-zinc-100 dark:border-zinc-800 ${bodyRows}`}>
          {list.map((endpoint) => (
            <li key={endpoint.id} data-testid={`webhook-${endpoint.id}`} data-state={endpoint.state} className="px-4 py-4 sm:px-6">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <span className="block font-mono text-sm break-all" data-testid="webhook-url">
                    {endpoint.url}
                  </span>
                  <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                    <span className="font-mono">{endpoint.id}</span> · added {formatTime(endpoint.createdAt)}
                  </span>
                </div>
                <div className="flex flex-wrap gap-2">
                  <button type="button" onClick={() => sendTest(endpoint.id)} disabled={test.isPending} data-testid="webhook-test" className={buttonClass({ variant: "secondary", size: "sm" })}>
                    Send test
                  </button>
                  <button
                    type="button"
                    onClick={() => setShown(shown === endpoint.id ? null : endpoint.id)}
                    aria-expanded={shown === endpoint.id}
                    data-testid="webhook-deliveries-open"
                    className={buttonClass({ variant: "secondary", size: "sm" })}
                  >
                    Deliveries
                  </button>
                  <button
                    type="button"
                    onClick={() => setEnabled.mutate({ id: endpoint.id, enabled: endpoint.state === "disabled" })}
                    disabled={setEnabled.isPending}
                    data-testid="webhook-toggle"
                    className={buttonClass({ variant: "secondary", size: "sm" })}
                  >
                    {endpoint.state === "disabled" ? "Enable" : "Disable"}
                  </button>
                  <button type="button" onClick={() => setDeleting(endpoint)} data-testid="webhook-delete" className={buttonClass({ variant: "secondary", size: "sm" })}>
                    Delete
                  </button>
                </div>
              </div>
              <dl className="mt-3 grid gap-3 text-xs sm:grid-cols-3">
                <div>
                  <dt className={label}>Events</dt>
                  <dd className="mt-1 flex flex-wrap gap-1 font-mono">
                    {endpoint.events.map((type) => (
                      <span key={type} className="rounded-md bg-zinc-100 px-1.5 py-0.5 dark:bg-zinc-800">
                        {type}
                      </span>
                    ))}
                  </dd>
                </div>
                <div>
                  <dt className={label}>State</dt>
                  <dd className="mt-1" data-testid="webhook-state">
                    <EndpointState endpoint={endpoint} />
                  </dd>
                </div>
                <div>
                  <dt className={label}>Last delivery</dt>
                  <dd className="mt-1" data-testid="webhook-last">
                    <LastDelivery endpoint={endpoint} />
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
      {failed && (
        <p role="alert" className="px-4 pt-4 text-sm text-red-600 sm:px-6 dark:text-red-400">
          {errorText(failed)}
        </p>
      )}
      {showing ? <WebhookDeliveries key={showing.id} endpoint={showing} onClose={() => setShown(null)} /> : <div className="pb-2" />}
      {adding && (
        <Dialog title="Add endpoint" onClose={() => setAdding(false)}>
          <WebhookForm save={(body) => create.mutateAsync(body)} onDone={() => setAdding(false)} />
        </Dialog>
      )}
      {deleting && (
        <Dialog title="Delete endpoint?" onClose={() => setDeleting(null)}>
          <DeleteConfirm
            endpoint={deleting}
            remove={async () => {
              await remove.mutateAsync(deleting.id);
              if (shown === deleting.id) setShown(null);
            }}
            onDone={() => setDeleting(null)}
          />
        </Dialog>
      )}
    </ConsoleSection>
  );
}

/** Mounted with its dialog, so each opening starts without the last one's error. */
function DeleteConfirm({ endpoint, remove, onDone }: { endpoint: WebhookEndpointView; remove(): Promise<void>; onDone(): void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await remove();
      onDone();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div data-testid="webhook-delete-form">
      <p className="text-sm break-all">{endpoint.url}</p>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">It stops receiving events at once; its deliveries, sent or still waiting, are deleted with it.</p>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onDone} className={buttonClass({ variant: "secondary" })}>
          Cancel
        </button>
        {/* Not disabled while busy: a disabled button would drop the focus out of the dialog. */}
        <button type="button" onClick={() => void confirm()} aria-busy={busy} data-testid="webhook-delete-confirm" className={buttonClass({ variant: "danger" })}>
          {busy && <Spinner />}
          Delete
        </button>
      </div>
    </div>
  );
}
