import { ConsoleTable, Narrow, bodyRows, firstCell, headRow, lastCell, numberCell } from "@/components/admin/console-section";
import { formatCount, formatPercent } from "@/components/admin/format";
import { TASK_TITLES } from "@/components/tasks/task-titles";
import type { AdminStats } from "@/lib/contract/admin-schemas";

/** The stats name the daily check-in "checkin"; the app's quests call it daily_checkin. */
function titleOf(task: string): string {
  const id = task === "checkin" ? "daily_checkin" : task;
  return id in TASK_TITLES ? TASK_TITLES[id as keyof typeof TASK_TITLES] : task;
}

/** Completions per task in the period, the period before, and per new wallet. */
export function TasksTable({ tasks }: { tasks: AdminStats["tasks"] }) {
  return (
    <ConsoleTable caption="Task completions: this period, the period before, and per new wallet">
      <thead>
        <tr className={headRow}>
          <th scope="col" className={`text-left ${firstCell}`}>
            Task
          </th>
          <th scope="col" className={numberCell}>
            <Narrow short="Done" full="Completions" />
          </th>
          <th scope="col" className={numberCell}>
            Before
          </th>
          <th scope="col" className={`${numberCell} ${lastCell}`}>
            <Narrow short="Rate" full="Per new wallet" />
          </th>
        </tr>
      </thead>
      <tbody className={bodyRows}>
        {tasks.map((t) => (
          <tr key={t.task} data-testid="task-row" data-task={t.task} className="h-12">
            <td className={`font-medium ${firstCell}`}>{titleOf(t.task)}</td>
            <td data-testid="completions" data-value={t.completions} className={`${numberCell} font-bold`}>
              {formatCount(t.completions)}
            </td>
            <td data-testid="previous" data-value={t.previous ?? ""} className={`${numberCell} text-zinc-600 dark:text-zinc-400`}>
              {t.previous === null ? "–" : formatCount(t.previous)}
            </td>
            <td data-testid="rate" data-value={t.rate ?? ""} className={`${numberCell} ${lastCell}`}>
              {formatPercent(t.rate)}
            </td>
          </tr>
        ))}
      </tbody>
    </ConsoleTable>
  );
}
