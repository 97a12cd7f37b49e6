"use client";

/**
 * The console's "Task points" form: what the daily check-in (each check-in) and each social task (its
 * first completion) credit, and the check-in's streak bonuses, part of the quest catalog. 0, the default,
 * credits nothing. Checked with the server's own schema before saving; saved whole.
 */
import { useState, type FormEvent } from "react";
import { fieldClass } from "@/components/admin/console-section";
import { TASK_TITLES } from "@/components/tasks/task-titles";
import { buttonClass } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { api, errorText } from "@/lib/client/api";
import { useQuestCatalogChange } from "@/lib/client/hooks";
import type { StreakBonusesSetting, TaskPointsSetting } from "@/lib/contract/task-points-schemas";
import { MAX_STREAK_BONUS_LENGTH, MAX_STREAK_BONUSES, MIN_STREAK_BONUS_LENGTH } from "@/lib/domain/rulebook";
import { MAX_QUEST_POINTS } from "@/lib/domain/quests";
import { COMPLETABLE_TASK_IDS } from "@/lib/domain/tasks";

type Settings = { taskPoints: TaskPointsSetting; streakBonuses: StreakBonusesSetting };
type BonusRow = { key: number; streak: string; points: string };

const BONUS_FIELDS = [
  { field: "streak", label: "Streak (days)", min: MIN_STREAK_BONUS_LENGTH, max: MAX_STREAK_BONUS_LENGTH },
  { field: "points", label: "Points", min: 1, max: MAX_QUEST_POINTS },
] as const;

/** The console's save of the tasks' points; held by the Quests section, as the form starts again from what the catalog holds after it. */
export function useTaskPointsSave() {
  return useQuestCatalogChange((settings: Settings) => api.setTaskPoints(settings));
}

/** A field's text as sent: an empty or non-numeric field goes as what it is, so that the schema names it. */
const numberOf = (text: string | undefined) => (text === undefined || text.trim() === "" ? null : Number(text));

export function TaskPointsForm({ taskPoints, streakBonuses, save }: Settings & { save: ReturnType<typeof useTaskPointsSave> }) {
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(COMPLETABLE_TASK_IDS.map((id) => [id, String(taskPoints[id])])));
  const [bonuses, setBonuses] = useState<BonusRow[]>(() => streakBonuses.map((bonus, key) => ({ key, streak: String(bonus.streak), points: String(bonus.points) })));
  const [nextKey, setNextKey] = useState(streakBonuses.length);
  const [invalid, setInvalid] = useState<{ message: string; field: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setInvalid(null);
    const { taskPointsBody } = await import("@/lib/contract/task-points-schemas");
    const checked = taskPointsBody.safeParse({
      taskPoints: Object.fromEntries(COMPLETABLE_TASK_IDS.map((id) => [id, numberOf(values[id])])),
      streakBonuses: bonuses.map((row) => ({ streak: numberOf(row.streak), points: numberOf(row.points) })),
    });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      return setInvalid({ message: issue?.message ?? "Invalid taskPoints", field: issue?.path.join(".") ?? "" });
    }
    save.mutate(checked.data);
  }

  const updateBonus = (key: number, field: "streak" | "points", text: string) => setBonuses((rows) => rows.map((row) => (row.key === key ? { ...row, [field]: text } : row)));
  const addBonus = () => {
    setBonuses((rows) => [...rows, { key: nextKey, streak: "", points: "" }]);
    setNextKey((key) => key + 1);
  };

  const message = invalid?.message ?? (save.error ? errorText(save.error) : null);
  // A duplicate length is named by the list, not by a field: every length field is marked.
  const isInvalid = (field: string) => invalid !== null && (invalid.field === field || (invalid.field === "streakBonuses" && field.endsWith(".streak")));
  return (
    <form onSubmit={submit} noValidate data-testid="task-points-form" className="mt-6 flex flex-col gap-3 px-4 pb-4 sm:px-6">
      <h3 className="text-sm font-semibold">Task points</h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        What the daily check-in (every check-in) and each social task (its first completion) add to the score and the quest points. 0 adds nothing.
      </p>
      <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {COMPLETABLE_TASK_IDS.map((id) => (
          <label key={id} className="flex flex-col gap-1 text-sm">
            {TASK_TITLES[id]}
            <input
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              name={id}
              value={values[id] ?? ""}
              onChange={(e) => setValues((old) => ({ ...old, [id]: e.target.value }))}
              aria-invalid={isInvalid(`taskPoints.${id}`)}
              data-testid={`task-points-${id}`}
              className={fieldClass}
            />
          </label>
        ))}
      </div>
      <fieldset data-testid="streak-bonuses" className="flex flex-col gap-2">
        <legend className="text-sm font-semibold">Streak bonuses</legend>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Extra points for the check-in that makes a streak of exactly this many days ({MIN_STREAK_BONUS_LENGTH} to {MAX_STREAK_BONUS_LENGTH}); a broken streak earns them again when it gets back there.
        </p>
        {bonuses.map((row, index) => (
          <div key={row.key} data-testid="streak-bonus" className="flex flex-wrap items-end gap-3">
            {BONUS_FIELDS.map(({ field, label, min, max }) => (
              <label key={field} className="flex w-28 flex-col gap-1 text-sm">
                {label}
                <input
                  type="number"
                  min={min}
                  max={max}
                  step={1}
                  inputMode="numeric"
                  value={row[field]}
                  onChange={(e) => updateBonus(row.key, field, e.target.value)}
                  aria-invalid={isInvalid(`streakBonuses.${index}.${field}`)}
                  data-testid={`streak-bonus-${field}`}
                  className={fieldClass}
                />
              </label>
            ))}
            <button
              type="button"
              onClick={() => setBonuses((rows) => rows.filter((other) => other.key !== row.key))}
              data-testid="streak-bonus-remove"
              className={buttonClass({ variant: "secondary", size: "sm" })}
            >
              Remove
            </button>
          </div>
        ))}
        {bonuses.length < MAX_STREAK_BONUSES && (
          <button type="button" onClick={addBonus} data-testid="streak-bonus-add" className={buttonClass({ variant: "secondary", size: "sm", className: "self-start" })}>
            Add a streak bonus
          </button>
        )}
      </fieldset>
      <div className="flex items-center gap-3">
        <button type="submit" disabled={save.isPending} data-testid="task-points-save" className={buttonClass({ size: "sm" })}>
          {save.isPending && <Spinner />} Save task points
        </button>
        {message ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {message}
          </p>
        ) : (
          save.isSuccess && (
            <p role="status" data-testid="task-points-saved" className="text-sm text-emerald-700 dark:text-emerald-400">
              Saved: from the next check-in or completion on.
            </p>
          )
        )}
      </div>
    </form>
  );
}
