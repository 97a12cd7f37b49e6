"use client";

/**
 * The console's form to build a payout plan. The body is checked with the contract's own schema
 * (createPayoutBody, loaded with the first check) before anything is sent, and every bad field is named
 * beside it; the server's own refusals ("Invalid board: season 3 is still running") land on their field too.
 */
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { fieldClass } from "@/components/admin/console-section";
import { FormFooter } from "@/components/admin/form-footer";
import { errorText } from "@/lib/client/api";
import type { CreatePayoutResponse } from "@/lib/contract/payout-schemas";

type Values = Record<string, string>;
type Errors = Record<string, string>;

const FIELDS = ["board", "season", "token", "chainId", "mode", "amount", "top", "minRewards", "deadline"] as const;

const optionalNumber = (value: string | undefined) => (value === undefined || value.trim() === "" ? undefined : Number(value));

/** The body the API takes: the amount goes to unitAmount or pool by the mode, the deadline in Unix seconds. */
function bodyOf(values: Values): Record<string, unknown> {
  const amount = (values.amount ?? "").trim();
  const deadline = values.deadline ? new Date(values.deadline).getTime() : NaN;
  return {
    board: values.board === "season" ? optionalNumber(values.season) : "all",
    token: (values.token ?? "").trim(),
    chainId: optionalNumber(values.chainId),
    mode: values.mode,
    // A blank amount is missing, not malformed: the schema then says it is required with this mode.
    ...(amount && (values.mode === "pool" ? { pool: amount } : { unitAmount: amount })),
    top: optionalNumber(values.top),
    minRewards: optionalNumber(values.minRewards),
    deadline: Number.isFinite(deadline) ? Math.floor(deadline / 1000) : undefined,
  };
}

/** The form's name of a body field: one amount field serves both modes, a season number sits beside the board. */
function formField(bodyField: string, values: Values): string {
  if (bodyField === "unitAmount" || bodyField === "pool") return "amount";
  if (bodyField === "board" && values.board === "season") return "season";
  return bodyField;
}

/** A server refusal names its field first ("Invalid token: ..."): put it there, else above the buttons. */
function serverErrors(message: string, values: Values): Errors {
  const field = /^Invalid (\w+):/.exec(message)?.[1];
  return { [field ? formField(field, values) : ""]: message };
}

export function PayoutForm({
  defaultChainId,
  save,
  onDone,
}: {
  defaultChainId: number | undefined;
  save(body: Record<string, unknown>): Promise<CreatePayoutResponse>;
  onDone(): void;
}) {
  const [values, setValues] = useState<Values>(() => ({ board: "all", mode: "per_unit", chainId: defaultChainId ? String(defaultChainId) : "" }));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (name: string) => (value: string) => setValues((old) => ({ ...old, [name]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    try {
      const { createPayoutBody } = await import("@/lib/contract/payout-schemas");
      const body = bodyOf(values);
      const checked = createPayoutBody.safeParse(body);
      if (!checked.success) {
        const found: Errors = {};
        for (const issue of checked.error.issues) {
          const name = formField(String(issue.path[0] ?? ""), values);
          found[name] ??= issue.message;
        }
        return setErrors(found);
      }
      await save(body);
      onDone();
    } catch (error) {
      setErrors(serverErrors(errorText(error), values));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: (typeof FIELDS)[number], label: string, input: (props: FieldProps) => ReactNode, hint?: string) => (
    <Field key={name} label={label} hint={hint} error={errors[name]} testId={`payout-field-${name}`}>
      {input}
    </Field>
  );
  const text = (name: string, inputMode?: "numeric") => (props: FieldProps) => (
    <input {...props} inputMode={inputMode} value={values[name] ?? ""} onChange={(e) => set(name)(e.target.value)} autoComplete="off" className={fieldClass} />
  );

  return (
    <form onSubmit={submit} noValidate data-testid="payout-form" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {field("board", "Board", (props) => (
          <select {...props} value={values.board} onChange={(e) => set("board")(e.target.value)} className={fieldClass}>
            <option value="all">All-time</option>
            <option value="season">An ended season</option>
          </select>
        ))}
        {values.board === "season" && field("season", "Season", text("season", "numeric"), "Its number; it must have ended.")}
      </div>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,3fr)_minmax(0,1fr)]">
        {field("token", "Token contract", text("token"), "The ERC-20 the plan pays: 0x and 40 hex characters.")}
        {field("chainId", "Chain id", text("chainId", "numeric"), "8453 for Base.")}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {field("mode", "Split", (props) => (
          <select {...props} value={values.mode} onChange={(e) => set("mode")(e.target.value)} className={fieldClass}>
            <option value="per_unit">Per reward unit</option>
            <option value="pool">A pool, in proportion</option>
          </select>
        ))}
        {field(
          "amount",
          values.mode === "pool" ? "Pool" : "Amount per reward unit",
          text("amount", "numeric"),
          "In the token's base units: 1 token of 18 decimals is 1 followed by 18 zeros.",
        )}
        {field("top", "Top", text("top", "numeric"), "Optional: only ranks 1 to this.")}
        {field("minRewards", "Minimum rewards", text("minRewards", "numeric"), "Optional: rows with at least this many reward units.")}
        {field("deadline", "Claim deadline", (props) => (
          <input {...props} type="datetime-local" value={values.deadline ?? ""} onChange={(e) => set("deadline")(e.target.value)} className={fieldClass} />
        ), "Your local time. After it, claims stop and the distributor's owner can withdraw the rest.")}
      </div>
      <FormFooter name="payout" error={errors[""]} busy={busy} submit="Build plan" onCancel={onDone} />
    </form>
  );
}

interface FieldProps {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
}

function Field({ label, hint, error, testId, children }: { label: string; hint?: string; error?: string; testId: string; children(props: FieldProps): ReactNode }) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div className="min-w-0" data-testid={testId}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="mt-1.5">{children({ id, "aria-invalid": Boolean(error), ...(described && { "aria-describedby": described }) })}</div>
      {error && (
        <p id={`${id}-error`} role="alert" data-testid="payout-field-error" className="mt-1 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}
