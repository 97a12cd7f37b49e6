"use client";

/**
 * The console's Quests section: the whole catalog (archived quests too, with their completions),
 * a form to create or edit one, archive and unarchive, the check-in's and social tasks' points, and the catalog as a JSON file to download
 * or to import into another deployment. Read and changed through the admin API with the admin's
 * session cookie.
 */
import { useRef, useState, type ChangeEvent } from "react";
import { formatInstant } from "@/components/tasks/quest-list";
import { QuestForm, TYPE_LABELS } from "@/components/admin/quest-form";
import { TaskPointsForm, useTaskPointsSave } from "@/components/admin/task-points-form";
import { bodyRows, ConsoleSection, ConsoleTable, DownloadLink, EmptyRow, firstCell, headRow, lastCell, numberCell } from "@/components/admin/console-section";
import { formatCount } from "@/components/admin/format";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { api, errorText } from "@/lib/client/api";
import type { AdminQuest } from "@/lib/contract/quest-schemas";
import { useAdminQuests, useQuestCatalogChange } from "@/lib/client/hooks";
import * as paths from "@/lib/contract/paths";


const COLUMNS = 7;

type Editing = { quest: AdminQuest | null } | null;

export function QuestsPanel() {
  const quests = useAdminQuests();
  const [editing, setEditing] = useState<Editing>(null);
  const create = useQuestCatalogChange((body: Record<string, unknown>) => api.createQuest(body));
  const update = useQuestCatalogChange(({ id, patch }: { id: string; patch: Record<string, unknown> }) => api.updateQuest(id, patch));
  const saveTaskPoints = useTaskPointsSave();
  const list = quests.data?.quests;

  return (
    <ConsoleSection
      id="quests"
      title="Quests"
      description="The team's own quests: what each is worth, how it is checked and how often it was completed. Archived ones stay here, hidden from visitors."
      downloads={
        <>
          <button type="button" onClick={() => setEditing({ quest: null })} data-testid="quest-new" className={buttonClass({ size: "sm" })}>
            New quest
          </button>
          <DownloadLink href={paths.exportQuests.path} testId="quests-export">
            Export JSON
          </DownloadLink>
          <ImportButton />
        </>
      }
    >
      <ConsoleTable caption="Quests" minWidth="min-w-[52rem]">
        <thead>
          <tr className={headRow}>
            <th scope="col" className={`${firstCell} text-left`}>
              Quest
            </th>
            <th scope="col" className="px-3 text-left">
              Type
            </th>
            <th scope="col" className={numberCell}>
              Points
            </th>
            <th scope="col" className="px-3 text-left">
              Repeats
            </th>
            <th scope="col" className="px-3 text-left">
              When
            </th>
            <th scope="col" className={numberCell}>
              Completions
            </th>
            <th scope="col" className={`${lastCell} text-right`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className={bodyRows}>
          {!list ? (
            <EmptyRow columns={COLUMNS}>{quests.error ? errorText(quests.error) : <Spinner />}</EmptyRow>
          ) : list.length === 0 ? (
            <EmptyRow columns={COLUMNS}>No quests yet. Create one, or import a file exported from another deployment.</EmptyRow>
          ) : (
            list.map((quest) => (
              <tr key={quest.id} data-testid={`admin-quest-${quest.id}`} data-archived={quest.archived} className={quest.archived ? "text-zinc-400 dark:text-zinc-500" : ""}>
                <td className={`${firstCell} py-3 whitespace-nowrap`}>
                  <span className="block font-medium">{quest.title}</span>
                  <span className="block font-mono text-xs text-zinc-500 dark:text-zinc-400">
                    {quest.id}
                    {quest.archived && " · archived"}
                  </span>
                </td>
                <td className="px-3 whitespace-nowrap">{TYPE_LABELS[quest.type]}</td>
                <td className={numberCell}>{formatCount(quest.points)}</td>
                <td className="px-3">{quest.recurrence}</td>
                <td className="px-3 text-xs whitespace-nowrap">{windowOf(quest)}</td>
                <td className={numberCell} data-testid="quest-completions">
                  {formatCount(quest.completions)}
                </td>
                <td className={`${lastCell} text-right whitespace-nowrap`}>
                  <div className="inline-flex gap-2">
                    <button type="button" onClick={() => setEditing({ quest })} aria-label={`Edit ${quest.id}`} data-testid="quest-edit" className={buttonClass({ variant: "secondary", size: "sm" })}>
                      Edit
                    </button>
                    <button
                      type="button"
                      onClick={() => update.mutate({ id: quest.id, patch: { archived: !quest.archived } })}
                      disabled={update.isPending}
                      aria-label={`${quest.archived ? "Unarchive" : "Archive"} ${quest.id}`}
                      data-testid="quest-archive"
                      className={buttonClass({ variant: "secondary", size: "sm" })}
                    >
                      {quest.archived ? "Unarchive" : "Archive"}
                    </button>
                  </div>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </ConsoleTable>
      {quests.data && (
        <TaskPointsForm
          key={JSON.stringify([quests.data.taskPoints, quests.data.streakBonuses])}
          taskPoints={quests.data.taskPoints}
          streakBonuses={quests.data.streakBonuses}
          save={saveTaskPoints}
        />
      )}
      {update.error && (
        <p role="alert" className="px-4 pb-4 text-sm text-red-600 sm:px-6 dark:text-red-400">
          {errorText(update.error)}
        </p>
      )}
      {editing && (
        <Dialog title={editing.quest ? `Edit ${editing.quest.id}` : "New quest"} onClose={() => setEditing(null)}>
          <QuestForm
            quest={editing.quest}
            save={(body) => (editing.quest ? update.mutateAsync({ id: editing.quest.id, patch: body }) : create.mutateAsync(body))}
            onDone={() => setEditing(null)}
          />
        </Dialog>
      )}
    </ConsoleSection>
  );
}

function windowOf(quest: AdminQuest): string {
  if (quest.startsAt && quest.endsAt) return `${formatInstant(quest.startsAt)} – ${formatInstant(quest.endsAt)}`;
  if (quest.startsAt) return `From ${formatInstant(quest.startsAt)}`;
  if (quest.endsAt) return `Until ${formatInstant(quest.endsAt)}`;
  return "Always";
}

/** Picks a file exported from a console and imports it whole: one bad quest refuses the file, and the server's reason is shown. */
function ImportButton() {
  const input = useRef<HTMLInputElement>(null);
  const importFile = useQuestCatalogChange(async (file: File) => {
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch {
      throw new Error(`${file.name} is not a JSON file.`);
    }
    if (typeof json !== "object" || json === null) throw new Error(`${file.name} is not a quest file: it holds no { version, quests }.`);
    return api.importQuests(json);
  });
  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) importFile.mutate(file);
  }
  return (
    <>
      <input ref={input} type="file" accept="application/json,.json" onChange={pick} className="sr-only" tabIndex={-1} aria-hidden="true" data-testid="quests-import-file" />
      <button type="button" onClick={() => input.current?.click()} disabled={importFile.isPending} data-testid="quests-import" className={buttonClass({ variant: "secondary", size: "sm" })}>
        {importFile.isPending && <Spinner />} Import JSON
      </button>
      {(importFile.error || importFile.data) && (
        <p role={importFile.error ? "alert" : "status"} data-testid="quests-import-result" className={`basis-full text-sm ${importFile.error ? "text-red-600 dark:text-red-400" : "text-emerald-700 dark:text-emerald-400"}`}>
          {importFile.error
            ? errorText(importFile.error)
            : `Imported ${formatCount(importFile.data?.imported ?? 0)} ${importFile.data?.imported === 1 ? "quest" : "quests"}: each created, or replaced where its id was in use.`}
        </p>
      )}
    </>
  );
}
