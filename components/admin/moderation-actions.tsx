"use client";

/**
 * Disqualify and reinstate, each behind a confirm step: a dialog that posts to the moderation API
 * with the admin's session cookie and shows the API's error text. On success the server renders
 * the console again, and the wallet's row and lookup show its new state from the store.
 */
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { StepError, useStepThenRefresh } from "@/components/admin/console-step";
import { fieldClass } from "@/components/admin/console-section";
import { formatCount } from "@/components/admin/format";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { api } from "@/lib/client/api";
import { MAX_REASON_LENGTH } from "@/lib/domain/moderation";
import { shortWallet } from "@/lib/domain/wallet";

type Action = "disqualify" | "reinstate";

const LABELS: Record<Action, string> = { disqualify: "Disqualify", reinstate: "Reinstate" };

const note = "text-sm text-pretty text-zinc-600 dark:text-zinc-400";

/** What a wallet's row offers: disqualify it, or reinstate it while it is disqualified. */
export function ModerationAction({ wallet, disqualified, referees }: { wallet: string; disqualified: boolean; referees: number }) {
  return disqualified ? <ReinstateAction wallet={wallet} /> : <DisqualifyAction wallet={wallet} referees={referees} />;
}

/** `referees`: how many the cascade would also take; no cascade is offered without any. */
function DisqualifyAction({ wallet, referees }: { wallet: string; referees: number }) {
  const reasonId = useId();
  const send = (form: FormData) => api.disqualify({ wallet, reason: String(form.get("reason") ?? ""), cascade: form.get("cascade") === "on" });
  return (
    <ConfirmStep action="disqualify" wallet={wallet} send={send}>
      <p className={note}>It leaves the leaderboard and the payout until it is reinstated. The audit log keeps who did it and why.</p>
      <label htmlFor={reasonId} className="mt-4 block text-sm font-medium">
        Reason
      </label>
      <input
        id={reasonId}
        name="reason"
        required
        maxLength={MAX_REASON_LENGTH}
        autoComplete="off"
        aria-describedby={`${reasonId}-hint`}
        data-testid="disqualify-reason"
        className={`mt-1.5 ${fieldClass}`}
      />
      <p id={`${reasonId}-hint`} className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">
        One line, up to {MAX_REASON_LENGTH} characters. It is written to the audit log and the ban list.
      </p>
      {referees > 0 && (
        <label className="mt-4 flex items-start gap-3 text-sm font-medium">
          <input type="checkbox" name="cascade" data-testid="disqualify-cascade" className="mt-0.5 size-4 shrink-0 accent-red-600" />
          <span>
            Also disqualify its {formatCount(referees)} {referees === 1 ? "referee" : "referees"}
          </span>
        </label>
      )}
    </ConfirmStep>
  );
}

function ReinstateAction({ wallet }: { wallet: string }) {
  return (
    <ConfirmStep action="reinstate" wallet={wallet} send={() => api.reinstate(wallet)}>
      <p className={note}>It returns to the leaderboard and the payout, with any referees its cascade took out. The audit log keeps who did it.</p>
    </ConfirmStep>
  );
}

/** The action's button, and its dialog while open. */
function ConfirmStep({ action, wallet, send, children }: { action: Action; wallet: string; send(form: FormData): Promise<unknown>; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`${LABELS[action]} ${wallet}`}
        data-testid={action}
        className={buttonClass({ variant: "secondary", size: "sm" })}
      >
        {LABELS[action]}
      </button>
      {open && (
        <Dialog title={`${LABELS[action]} ${shortWallet(wallet)}?`} onClose={() => setOpen(false)}>
          <ConfirmForm action={action} send={send} onDone={() => setOpen(false)}>
            {children}
          </ConfirmForm>
        </Dialog>
      )}
    </>
  );
}

/** Mounted with its dialog, so each opening starts without the last one's error. */
function ConfirmForm({ action, send, onDone, children }: { action: Action; send(form: FormData): Promise<unknown>; onDone(): void; children: ReactNode }) {
  const { run, busy, error } = useStepThenRefresh();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    // The dialog closes with the page that shows the wallet's new state, not before it.
    void run(() => send(form), onDone);
  }
  return (
    <form onSubmit={submit} data-testid="moderation-form" data-action={action}>
      {children}
      <StepError error={error} />
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onDone} className={buttonClass({ variant: "secondary" })}>
          Cancel
        </button>
        {/* Not disabled while busy: a disabled button would drop the focus out of the dialog. */}
        <button type="submit" aria-busy={busy} data-testid="moderation-confirm" className={buttonClass({ variant: action === "disqualify" ? "danger" : "primary" })}>
          {busy && <Spinner />}
          {LABELS[action]}
        </button>
      </div>
    </form>
  );
}
