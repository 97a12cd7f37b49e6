"use client";

/**
 * The console's form to add a webhook endpoint, then its signing secret, shown this once: the API
 * never answers it again. The body is checked with the contract's own schema (createWebhookBody,
 * loaded with the first check) before anything is sent; the server's refusals ("Invalid url: ...",
 * a private address) land on their field.
 */
import { useId, useState, type FormEvent } from "react";
import { fieldClass } from "@/components/admin/console-section";
import { FormFooter } from "@/components/admin/form-footer";
import { buttonClass } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { errorText } from "@/lib/client/api";
import type { z } from "zod";
import type { createWebhookResponse } from "@/lib/contract/webhook-schemas";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/domain/webhooks";

type Created = z.infer<typeof createWebhookResponse>;
type Field = "url" | "events" | "";
type Errors = Partial<Record<Field, string>>;

/** What each event type tells the receiver, beside its checkbox. */
export const EVENT_HINTS: Record<WebhookEventType, string> = {
  "referral.recorded": "a referee was bound to its referrer",
  "referral.credited": "a referral's points were given",
  "task.completed": "a task done (each check-in, with its streak)",
  "quest.completed": "a quest done, with its points",
  "wallet.disqualified": "wallets disqualified by an admin",
  "wallet.reinstated": "wallets put back by an admin",
  "payout.created": "a payout plan was built",
};

/** A refusal names its field first ("Invalid url: ..."); anything else goes above the buttons. */
function fieldOf(message: string): Field {
  const field = /^Invalid (\w+)/.exec(message)?.[1];
  return field === "url" || field === "events" ? field : "";
}

export function WebhookForm({ save, onDone }: { save(body: Record<string, unknown>): Promise<Created>; onDone(): void }) {
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    try {
      const { createWebhookBody } = await import("@/lib/contract/webhook-schemas");
      const body = { url: url.trim(), events };
      const checked = createWebhookBody.safeParse(body);
      if (!checked.success) {
        const found: Errors = {};
        for (const issue of checked.error.issues) found[fieldOf(issue.message)] ??= issue.message;
        return setErrors(found);
      }
      setCreated(await save(body));
    } catch (error) {
      const message = errorText(error);
      setErrors({ [fieldOf(message)]: message });
    } finally {
      setBusy(false);
    }
  }

  if (created) return <SecretOnce created={created} onDone={onDone} />;

  const toggle = (type: WebhookEventType, on: boolean) => setEvents((old) => (on ? [...old, type] : old.filter((t) => t !== type)));
  return (
    <form onSubmit={submit} noValidate data-testid="webhook-form" className="flex flex-col gap-4">
      <div className="min-w-0">
        <label htmlFor={`${id}-url`} className="block text-sm font-medium">
          URL
        </label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com/webhooks/refboard"
          autoComplete="off"
          aria-invalid={Boolean(errors.url)}
          aria-describedby={errors.url ? `${id}-url-error` : `${id}-url-hint`}
          className={`mt-1.5 ${fieldClass}`}
        />
        {errors.url ? (
          <p id={`${id}-url-error`} role="alert" data-testid="webhook-field-error" className="mt-1 text-xs text-red-600 dark:text-red-400">
            {errors.url}
          </p>
        ) : (
          <p id={`${id}-url-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            https, on a public address. Each event is POSTed here, signed.
          </p>
        )}
      </div>
      <fieldset className="min-w-0" aria-invalid={Boolean(errors.events)} aria-describedby={errors.events ? `${id}-events-error` : undefined}>
        <legend className="text-sm font-medium">Events</legend>
        <div className="mt-1.5 flex flex-col gap-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-start gap-2 text-sm">
              <input type="checkbox" checked={events.includes(type)} onChange={(e) => toggle(type, e.target.checked)} className="mt-0.5 size-4 shrink-0 accent-brand-600" />
              <span className="min-w-0">
                <span className="font-mono text-xs">{type}</span>
                <span className="block text-xs text-zinc-500 dark:text-zinc-400">{EVENT_HINTS[type]}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.events && (
          <p id={`${id}-events-error`} role="alert" data-testid="webhook-field-error" className="mt-1 text-xs text-red-600 dark:text-red-400">
            {errors.events}
          </p>
        )}
      </fieldset>
      <FormFooter name="webhook" error={errors[""]} busy={busy} submit="Add endpoint" onCancel={onDone} />
    </form>
  );
}

/** The secret, which the receiver verifies signatures with: the console cannot show it again. */
function SecretOnce({ created, onDone }: { created: Created; onDone(): void }) {
  return (
    <div data-testid="webhook-created" className="flex flex-col gap-4">
      <p className="text-sm">
        Endpoint <span className="font-mono">{created.id}</span> added. Its signing secret:
      </p>
      <code data-testid="webhook-secret" className="block rounded-xl bg-zinc-100 p-3 font-mono text-xs break-all dark:bg-zinc-800">
        {created.secret}
      </code>
      <p role="status" className="text-sm font-medium text-amber-700 dark:text-amber-400">
        It is shown only now: copy it into your receiver before you close this. If it is lost, delete the endpoint and add it again.
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <CopyButton text={created.secret} label="Copy secret" className={buttonClass({ variant: "secondary" })}>
          Copy secret
        </CopyButton>
        <button type="button" onClick={onDone} data-testid="webhook-done" className={buttonClass()}>
          Done
        </button>
      </div>
    </div>
  );
}
