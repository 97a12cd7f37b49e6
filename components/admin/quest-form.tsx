"use client";

/**
 * A quest's form in the console: the fields every quest has, then its type's params. Before
 * anything is sent the form is checked with the catalog's own zod schemas (loaded with the first
 * check, not with the page), so it names the first bad field as the API would; whatever the server
 * still refuses (an id in use) is shown with its `{ error }`.
 */
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { fieldClass } from "@/components/admin/console-section";
import { FormFooter } from "@/components/admin/form-footer";
import { errorText } from "@/lib/client/api";
import type { Quest } from "@/lib/contract/quest-schemas";
import { COMPARATORS, QUEST_TYPES, RECURRENCES, WALLET_ARG, type QuestType } from "@/lib/domain/quests";

type Values = Record<string, string>;

/** How one param is typed in: a line, a number, one value per line, a choice, or a quiz's answer among its options. */
type ParamField =
  | { name: string; label: string; kind: "text" | "number" | "lines"; hint?: string; placeholder?: string }
  | { name: string; label: string; kind: "choice"; choices: readonly string[]; hint?: string }
  | { name: "answer"; label: string; kind: "answer"; hint?: string };

const address = "0x and 40 hex characters";

export const TYPE_LABELS: Record<QuestType, string> = {
  visit: "Visit a URL",
  quiz: "Quiz",
  erc20_balance: "Hold an ERC-20 token",
  erc721_balance: "Hold an NFT (ERC-721)",
  tx_count: "Transactions sent",
  contract_read: "Contract read",
  farcaster_follow: "Farcaster: follow",
  farcaster_reaction: "Farcaster: like or recast",
  farcaster_reply: "Farcaster: reply",
  farcaster_channel: "Farcaster: join a channel",
  farcaster_score: "Farcaster: Neynar score",
};

const PARAM_FIELDS: Record<QuestType, ParamField[]> = {
  visit: [{ name: "url", label: "URL", kind: "text", placeholder: "https://" }],
  quiz: [
    { name: "question", label: "Question", kind: "text" },
    { name: "options", label: "Options", kind: "lines", hint: "One per line, 2 to 10." },
    { name: "answer", label: "Right answer", kind: "answer", hint: "Checked on the server, never sent to the browser." },
  ],
  erc20_balance: [
    { name: "token", label: "Token contract", kind: "text", hint: address },
    { name: "min", label: "Minimum balance", kind: "text", hint: "Whole tokens; the decimals are read from the chain." },
  ],
  erc721_balance: [
    { name: "contract", label: "NFT contract", kind: "text", hint: address },
    { name: "min", label: "Minimum held", kind: "number" },
  ],
  tx_count: [{ name: "min", label: "Minimum transactions sent", kind: "number" }],
  contract_read: [
    { name: "contract", label: "Contract", kind: "text", hint: address },
    { name: "signature", label: "Function", kind: "text", placeholder: "function balanceOf(address) view returns (uint256)" },
    { name: "args", label: "Arguments", kind: "lines", hint: `One per line; ${WALLET_ARG} stands for the wallet.` },
    { name: "comparator", label: "Passes when the result is", kind: "choice", choices: COMPARATORS, hint: "gte ≥, gt >, eq =, lte ≤, lt <" },
    { name: "value", label: "Value", kind: "text", hint: "A whole number; a bool reads as 1 or 0." },
  ],
  farcaster_follow: [{ name: "fid", label: "fid to follow", kind: "number" }],
  farcaster_reaction: [
    { name: "castHash", label: "Cast hash", kind: "text", hint: address },
    { name: "kind", label: "Reaction", kind: "choice", choices: ["like", "recast"] },
  ],
  farcaster_reply: [{ name: "castHash", label: "Cast hash", kind: "text", hint: address }],
  farcaster_channel: [{ name: "channelId", label: "Channel id", kind: "text" }],
  farcaster_score: [{ name: "min", label: "Minimum Neynar score", kind: "number", hint: "From 0 to 1." }],
};

const number = (value: string | undefined) => (value === undefined || value.trim() === "" ? undefined : Number(value));
const lines = (value: string | undefined) => (value ?? "").split("\n").map((line) => line.trim()).filter(Boolean);

function paramsOf(type: QuestType, values: Values): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const field of PARAM_FIELDS[type]) {
    const value = values[`params.${field.name}`];
    params[field.name] = field.kind === "number" || field.kind === "answer" ? number(value) : field.kind === "lines" ? lines(value) : value;
  }
  return params;
}

/** An instant as a datetime-local field shows it: the browser's local time, to the minute. */
function localOf(iso: string | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
const isoOf = (local: string | undefined) => (local ? new Date(local).toISOString() : undefined);

function valuesOf(quest: Quest | null): Values {
  if (!quest) return { type: "visit", recurrence: "once", points: "", "params.comparator": "gte", "params.kind": "like" };
  const values: Values = {
    id: quest.id,
    type: quest.type,
    title: quest.title,
    description: quest.description,
    points: String(quest.points),
    recurrence: quest.recurrence,
    startsAt: localOf(quest.startsAt),
    endsAt: localOf(quest.endsAt),
  };
  for (const [name, value] of Object.entries(quest.params)) values[`params.${name}`] = Array.isArray(value) ? value.join("\n") : String(value);
  return values;
}

/** The first issue's field as the form names it (`params.options`), and its message. */
function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): { field: string; message: string } {
  const issue = error.issues[0];
  return { field: (issue?.path ?? []).filter((part) => typeof part === "string").join("."), message: issue?.message ?? "Invalid quest" };
}

/**
 * Creates a quest (`quest` null) or edits one: every field but id and type. `save` sends the body
 * the API takes, already checked.
 */
export function QuestForm({ quest, save, onDone }: { quest: Quest | null; save(body: Record<string, unknown>): Promise<unknown>; onDone(): void }) {
  const [values, setValues] = useState<Values>(() => valuesOf(quest));
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const type = values.type as QuestType;
  const set = (name: string) => (value: string) => setValues((old) => ({ ...old, [name]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const schemas = await import("@/lib/contract/quest-schemas");
      const fields = {
        title: values.title ?? "",
        description: values.description ?? "",
        points: number(values.points),
        recurrence: values.recurrence,
        params: paramsOf(type, values),
      };
      let body: Record<string, unknown>;
      if (quest) {
        body = { ...fields, startsAt: isoOf(values.startsAt) ?? null, endsAt: isoOf(values.endsAt) ?? null };
        const patch = schemas.questPatchBody.safeParse(body);
        const checked = patch.success ? schemas.applyQuestPatch(quest, patch.data) : patch;
        if (!checked.success) return setError(firstIssue(checked.error));
      } else {
        body = { id: values.id ?? "", type, ...fields, startsAt: isoOf(values.startsAt), endsAt: isoOf(values.endsAt) };
        const checked = schemas.questSchema.safeParse(body);
        if (!checked.success) return setError(firstIssue(checked.error));
      }
      await save(body);
      onDone();
    } catch (e) {
      setError({ field: "", message: errorText(e) });
    } finally {
      setBusy(false);
    }
  }

  const field = (name: string, label: string, input: (props: FieldProps) => ReactNode, hint?: string) => (
    <Field key={name} name={name} label={label} hint={hint} invalid={error?.field === name}>
      {input}
    </Field>
  );
  const text = (name: string, placeholder?: string) => (props: FieldProps) => (
    <input {...props} value={values[name] ?? ""} onChange={(e) => set(name)(e.target.value)} placeholder={placeholder} autoComplete="off" className={fieldClass} />
  );

  return (
    <form onSubmit={submit} noValidate data-testid="quest-form" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {field("id", "Id", (props) => <input {...props} value={values.id ?? ""} onChange={(e) => set("id")(e.target.value)} disabled={quest !== null} autoComplete="off" className={fieldClass} />, quest ? "Cannot change." : "Lowercase words joined by hyphens.")}
        {field("type", "Type", (props) => (
          <select {...props} value={type} onChange={(e) => set("type")(e.target.value)} disabled={quest !== null} className={fieldClass}>
            {QUEST_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        ))}
      </div>
      {field("title", "Title", text("title"))}
      {field("description", "Description", (props) => (
        <textarea {...props} value={values.description ?? ""} onChange={(e) => set("description")(e.target.value)} rows={2} className={`${fieldClass} h-auto py-2`} />
      ))}
      <fieldset className="flex flex-col gap-4 rounded-2xl p-4 ring-1 ring-zinc-200 ring-inset dark:ring-zinc-700" data-testid="quest-params">
        <legend className="px-1 text-sm font-semibold">{TYPE_LABELS[type]}</legend>
        {PARAM_FIELDS[type].map((param) => {
          const name = `params.${param.name}`;
          if (param.kind === "choice" || param.kind === "answer") {
            const choices = param.kind === "choice" ? param.choices.map((c) => [c, c]) : lines(values["params.options"]).map((option, i) => [String(i), option]);
            return field(name, param.label, (props) => (
              <select {...props} value={values[name] ?? ""} onChange={(e) => set(name)(e.target.value)} className={fieldClass}>
                {param.kind === "answer" && <option value="">Choose the right option</option>}
                {choices.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            ), param.hint);
          }
          if (param.kind === "lines")
            return field(name, param.label, (props) => (
              <textarea {...props} value={values[name] ?? ""} onChange={(e) => set(name)(e.target.value)} rows={3} className={`${fieldClass} h-auto py-2`} />
            ), param.hint);
          return field(name, param.label, param.kind === "number" ? (props) => (
            <input {...props} type="number" inputMode="decimal" step="any" value={values[name] ?? ""} onChange={(e) => set(name)(e.target.value)} className={fieldClass} />
          ) : text(name, param.placeholder), param.hint);
        })}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {field("points", "Points", (props) => <input {...props} type="number" inputMode="numeric" min={0} step={1} value={values.points ?? ""} onChange={(e) => set("points")(e.target.value)} className={fieldClass} />)}
        {field("recurrence", "Repeats", (props) => (
          <select {...props} value={values.recurrence} onChange={(e) => set("recurrence")(e.target.value)} className={fieldClass}>
            {RECURRENCES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        ))}
        {field("startsAt", "Starts", (props) => <input {...props} type="datetime-local" value={values.startsAt ?? ""} onChange={(e) => set("startsAt")(e.target.value)} className={fieldClass} />, "Optional, your local time.")}
        {field("endsAt", "Ends", (props) => <input {...props} type="datetime-local" value={values.endsAt ?? ""} onChange={(e) => set("endsAt")(e.target.value)} className={fieldClass} />, "Optional.")}
      </div>
      <FormFooter name="quest" error={error?.message} busy={busy} submit={quest ? "Save changes" : "Create quest"} onCancel={onDone} />
    </form>
  );
}

interface FieldProps {
  id: string;
  name: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
}

function Field({ name, label, hint, invalid, children }: { name: string; label: string; hint?: string; invalid: boolean; children(props: FieldProps): ReactNode }) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="mt-1.5">{children({ id, name, "aria-invalid": invalid, ...(hint && { "aria-describedby": `${id}-hint` }) })}</div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}
