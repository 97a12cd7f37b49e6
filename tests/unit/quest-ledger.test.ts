/**
 * The console's points ledger (components/admin/quest-ledger.tsx) names what each entry credited: a quest
 * by its id, a task by its title, a rulebook action by its id marked as an action.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { QuestLedger } from "@/components/admin/quest-ledger";

const cellsOf = (html: string) => [...html.matchAll(/<td class="px-4[^"]*">(.*?)<\/td>/g)].map(([, cell]) => String(cell).replace(/<[^>]+>/g, ""));

describe("the console's points ledger", () => {
  it("names a quest by its id, a task by its title and an action as one, by its id", () => {
    const entries = [
      { source: "action" as const, questId: "share-link", points: 1, at: 1_750_000_300 },
      { source: "task" as const, questId: "daily_checkin", points: 3, at: 1_750_000_200 },
      { source: "quest" as const, questId: "intro", points: 5, at: 1_750_000_100 },
    ];
    const html = renderToStaticMarkup(createElement(QuestLedger, { ledger: { points: 9, total: 3, entries } }));
    const [action, task, quest] = cellsOf(html);
    expect(action).toBe("Action: share-link");
    expect(task).toMatch(/^Task: (?!daily_checkin)/);
    expect(quest).toBe("intro");
    expect(html).toContain('data-source="action" data-quest="share-link"');
  });
});
