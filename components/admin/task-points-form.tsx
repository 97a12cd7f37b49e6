"use client";

/**
 * The console's "Task points" form: what the daily check-in (each check-in) and each social task (its
 * first completion) credit, part of the quest catalog. 0, the default, credits nothing. Checked with the
 * server's own schema before saving; saved whole.
 */
import { useState, type FormEvent } from "react";
import { fieldClass } from "@/components/admin/console-section";
import { TASK_TITLES } from "@/components/tasks/task-titles";
import { buttonClass } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { api, errorText } from "@/lib/client/api";
import { useQuestCatalogChange } from "@/lib/client/hooks";
import type { TaskPointsSetting } from "@/lib/contract/quest-schemas";
import { COMPLETABLE_TASK_IDS } from "@/lib/domain/tasks";

/** The console's save of the tasks' points; held by the Quests section, as the form starts again from what the catalog holds after it. */
export function useTaskPointsSave() {
  return useQuestCatalogChange((taskPoints: TaskPointsSetting) => api.setTaskPoints(taskPoints));
}

export function TaskPointsForm({ taskPoints, save }: { taskPoints: TaskPointsSetting; save: ReturnType<typeof useTaskPointsSave> }) {
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(COMPLETABLE_TASK_IDS.map((id) => [id, String(taskPoints[id])])));
  const [invalid, setInvalid] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setInvalid(null);
    const { taskPointsSchema } = await import("@/lib/contract/quest-schemas");
    // An empty or non-numeric field is sent as what it is, so that the schema names it.
    const body = Object.fromEntries(COMPLETABLE_TASK_IDS.map((id) => [id, values[id]?.trim() === "" ? null : Number(values[id])]));
    const checked = taskPointsSchema.safeParse(body);
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? "Invalid taskPoints");
    save.mutate(checked.data);
  }

  const message = invalid ?? (save.error ? errorText(save.error) : null);
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
              aria-invalid={invalid?.includes(`taskPoints.${id}:`) ?? false}
              data-testid={`task-points-${id}`}
              className={fieldClass}
            />
          </label>
        ))}
      </div>
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
