/**
 * The catalog's points of the interface's completable tasks and the check-in's streak bonuses: what
 * POST /api/admin/task-points takes and answers, and what the quest file and the quest reads carry of them.
 */
import { z } from "zod";
import { count } from "@/lib/contract/count";
import { MAX_QUEST_POINTS } from "@/lib/domain/quests";
import { MAX_STREAK_BONUS_LENGTH, MAX_STREAK_BONUSES, MIN_STREAK_BONUS_LENGTH } from "@/lib/domain/rulebook";
import type { CompletableTaskId } from "@/lib/domain/tasks";

/**
 * The points each completable task (the check-in, per check-in; a social task, on its first completion)
 * credits, set in the catalog: every task present, 0 for none. An input may leave a task out: it is 0.
 */
const taskPoint = (taskId: CompletableTaskId) => count(`taskPoints.${taskId}`, 0, MAX_QUEST_POINTS).default(0);
export const taskPointsSchema = z.strictObject(
  {
    daily_checkin: taskPoint("daily_checkin"),
    add_miniapp: taskPoint("add_miniapp"),
    fc_follow: taskPoint("fc_follow"),
    fc_like_recast: taskPoint("fc_like_recast"),
    fc_comment: taskPoint("fc_comment"),
  } satisfies Record<CompletableTaskId, unknown>,
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Invalid taskPoints: ${issue.keys.join(", ")} is no completable task` : "Invalid taskPoints: must be an object of task ids to points") },
);
export type TaskPointsSetting = z.output<typeof taskPointsSchema>;

/**
 * The check-in's streak bonuses (lib/domain/rulebook.ts StreakBonus), shortest first; one bonus per length.
 * An input in any order is sorted.
 */
const INVALID_STREAK_BONUS = "Invalid streakBonuses: each must be an object { streak, points }";
export const streakBonusesSchema = z
  .array(
    z.strictObject(
      { streak: count("streakBonuses.streak", MIN_STREAK_BONUS_LENGTH, MAX_STREAK_BONUS_LENGTH), points: count("streakBonuses.points", 1, MAX_QUEST_POINTS) },
      { error: INVALID_STREAK_BONUS },
    ),
    { error: "Invalid streakBonuses: must be a list" },
  )
  .max(MAX_STREAK_BONUSES, { error: `Invalid streakBonuses: at most ${MAX_STREAK_BONUSES}` })
  .superRefine((bonuses, ctx) => {
    const seen = new Set<number>();
    for (const { streak } of bonuses) {
      if (seen.has(streak)) ctx.addIssue({ code: "custom", message: `Invalid streakBonuses: two bonuses at a streak of ${streak}` });
      seen.add(streak);
    }
  })
  .transform((bonuses) => [...bonuses].sort((a, b) => a.streak - b.streak));
export type StreakBonusesSetting = z.output<typeof streakBonusesSchema>;

/** POST /api/admin/task-points: the tasks' points and the streak bonuses, replaced whole (bonuses left out: none). */
export const taskPointsBody = z.object({ taskPoints: taskPointsSchema, streakBonuses: streakBonusesSchema.default([]) });
export const taskPointsResponse = z.object({ taskPoints: taskPointsSchema, streakBonuses: streakBonusesSchema });
