import { ConsoleTable, EmptyRow, bodyRows, headRow, lastCell, numberCell } from "@/components/admin/console-section";
import { formatCount, formatTime } from "@/components/admin/format";
import { TASK_TITLES } from "@/components/tasks/task-titles";
import type { AdminWallet } from "@/lib/contract/admin-schemas";
import type { CompletableTaskId } from "@/lib/domain/tasks";
import { streakLengthOf } from "@/lib/domain/rulebook";

type Entry = NonNullable<AdminWallet["questLedger"]>["entries"][number];

/** What an entry credited: a task by its title (a streak bonus by its length), an action by its rulebook id, a quest by its id. */
function LedgerSubject({ entry }: { entry: Entry }) {
  switch (entry.source) {
    case "task": {
      const streak = streakLengthOf(entry.questId);
      if (streak !== null) return <span>Streak bonus: {streak} days</span>;
      return <span>Task: {TASK_TITLES[entry.questId as CompletableTaskId] ?? entry.questId}</span>;
    }
    case "action":
      return (
        <span>
          Action: <span className="font-mono">{entry.questId}</span>
        </span>
      );
    case "quest":
      return <span className="font-mono">{entry.questId}</span>;
  }
}

/** The looked-up wallet's quest points and its newest ledger entries: what each completion (a quest's, a task's or a rulebook action's) credited, and when. */
export function QuestLedger({ ledger }: { ledger: NonNullable<AdminWallet["questLedger"]> }) {
  const { points, total, entries } = ledger;
  return (
    <div data-testid="quest-ledger" data-points={points} data-total={total} className="mt-6">
      <h3 className="px-4 text-xs font-semibold tracking-wider text-zinc-500 uppercase sm:px-6 dark:text-zinc-400">
        Quest points <span data-testid="quest-points">{formatCount(points)}</span>
      </h3>
      <div className="mt-3">
        <ConsoleTable caption="The wallet's points ledger, newest first: the quest or task, the points it credited and when (UTC)">
          <thead>
            <tr className={headRow}>
              <th scope="col" className="px-4 text-left sm:px-6">
                Quest or task
              </th>
              <th scope="col" className={numberCell}>
                Points
              </th>
              <th scope="col" className={`${numberCell} ${lastCell}`}>
                When
              </th>
            </tr>
          </thead>
          <tbody className={bodyRows}>
            {entries.length === 0 ? (
              <EmptyRow columns={3}>No quest completed yet.</EmptyRow>
            ) : (
              entries.map((entry, i) => (
                <tr key={`${entry.at}-${entry.source}-${entry.questId}-${i}`} data-testid="ledger-row" data-source={entry.source} data-quest={entry.questId} data-points={entry.points} className="h-12">
                  <td className="px-4 text-sm break-all sm:px-6">
                    <LedgerSubject entry={entry} />
                  </td>
                  <td className="px-3 text-right tabular-nums">{formatCount(entry.points)}</td>
                  <td className={`px-3 text-right tabular-nums ${lastCell}`}>{formatTime(entry.at)}</td>
                </tr>
              ))
            )}
          </tbody>
        </ConsoleTable>
      </div>
      {total > entries.length && (
        <p className="px-4 pt-3 text-sm text-zinc-600 tabular-nums sm:px-6 dark:text-zinc-400">
          The newest {formatCount(entries.length)} of {formatCount(total)} entries.
        </p>
      )}
    </div>
  );
}
