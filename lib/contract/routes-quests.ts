/** The quest engine's endpoints in the route registry: a wallet's quests and their completion, and the admin's catalog. */
import { z } from "zod";
import * as paths from "@/lib/contract/paths";
import * as quest from "@/lib/contract/quest-schemas";
import * as taskPoints from "@/lib/contract/task-points-schemas";
import { error, internal, named, route, tooLarge, walletWrite, WALLET_WRITE, type ResponseDoc } from "@/lib/contract/route-spec";
import { adminAccess } from "@/lib/contract/routes-admin";
import { walletQuery } from "@/lib/contract/schemas";
import { MAX_QUESTS } from "@/lib/domain/quests";

/** Body limits of the catalog's writes: a quest, and a whole catalog file, can outgrow MAX_BODY_BYTES. */
export const MAX_QUEST_BODY_BYTES = 64 * 1024;
export const MAX_QUEST_FILE_BYTES = 1024 * 1024;

const TAG = "Quests";
const questBody = named("QuestAnswer", quest.questAnswer);
const invalidQuest = error("`Invalid <field>: ...` naming the field (`Invalid params.url: ...`), or `Invalid JSON body`");
const questTooLarge = (limit: number): ResponseDoc => error(`Request body over ${limit} bytes`);

const cooldown = z.object({ error: z.string(), cooldownRemaining: z.number().int().positive() });

export const QUEST_ROUTES = {
  quests: route({
    ...paths.quests,
    query: walletQuery,
    doc: {
      tag: TAG,
      summary: "The team's quests with one wallet's status and quest points",
      description:
        "Quests not archived, in catalog order, each with the wallet's `status` (the first of completed, upcoming, ended, cooldown, " +
        "needs_farcaster, available), `cooldownRemaining` and `completedAt`; `params` without a quiz's answer. `points`: the wallet's quest points.",
      responses: {
        200: { description: "The wallet's quests", json: named("QuestsResponse", quest.questsResponse) },
        400: error("`Invalid wallet address`"),
        500: internal,
      },
    },
  }),
  completeQuest: route({
    ...paths.completeQuest,
    body: quest.completeQuestBody,
    ...WALLET_WRITE,
    doc: {
      tag: TAG,
      summary: "Complete a quest: verified, then credited once",
      description:
        "Answers in this order: unknown or archived 404; a once quest done before, alreadyCompleted with 0 points; outside startsAt/endsAt " +
        "400 `Quest not active`; within its period 400 `Quest on cooldown`; then the check (a quiz's answer, the chain, Neynar for the " +
        "wallet's linked fid): not verified is 200 with `reason`. A completion credits the quest's points to the score, the season's board " +
        "and the wallet's quest points in one atomic step.",
      responses: {
        200: {
          description: "Completed (`points` credited at `timestamp`), done before (`alreadyCompleted`), or not verified (`reason`)",
          json: named("CompleteQuestResponse", quest.completeQuestResponse),
        },
        400: {
          description:
            "`Invalid wallet address`, `Invalid questId`, `Invalid answer: ...`, `Quest not active`, or `Quest on cooldown` with `cooldownRemaining` (seconds)",
          json: named("QuestRefusal", z.union([z.object({ error: z.string() }), cooldown])),
        },
        404: error("`Quest not found`: no such quest, or it is archived"),
        413: tooLarge,
        ...walletWrite,
        500: internal,
        503: error("`Could not read the chain, please retry` or `Could not reach Neynar, please retry`: nothing was credited"),
      },
    },
  }),
  createQuest: route({
    ...paths.createQuest,
    body: quest.createQuestBody,
    auth: "admin",
    maxBodyBytes: MAX_QUEST_BODY_BYTES,
    doc: {
      tag: TAG,
      summary: "Add a quest to the catalog",
      description: `The quest as stored, defaults filled. At most ${MAX_QUESTS} quests.`,
      responses: {
        201: { description: "Created", json: questBody },
        400: invalidQuest,
        ...adminAccess,
        409: error("`Quest <id> already exists`"),
        413: questTooLarge(MAX_QUEST_BODY_BYTES),
        500: internal,
      },
    },
  }),
  adminQuests: route({
    ...paths.adminQuests,
    auth: "admin",
    doc: {
      tag: TAG,
      summary: "Every quest, archived too, with its completions",
      responses: {
        200: {
          description: "The catalog in creation order",
          json: named("AdminQuests", quest.adminQuestsResponse),
        },
        ...adminAccess,
        500: internal,
      },
    },
  }),
  patchQuest: route({
    ...paths.patchQuest,
    body: quest.questPatchBody,
    auth: "admin",
    maxBodyBytes: MAX_QUEST_BODY_BYTES,
    doc: {
      tag: TAG,
      summary: "Change a quest",
      description:
        "Any field but `id` and `type`; `null` removes startsAt or endsAt; `{ archived: true }` archives. `params` replaces the params whole. " +
        "The points of a completion already made stay as they were.",
      responses: {
        200: { description: "The quest as stored now", json: questBody },
        400: invalidQuest,
        ...adminAccess,
        404: error("`Quest not found` (or `Not found` while admin access is off)"),
        413: questTooLarge(MAX_QUEST_BODY_BYTES),
        500: internal,
      },
    },
  }),
  exportQuests: route({
    ...paths.exportQuests,
    auth: "admin",
    doc: {
      tag: TAG,
      summary: "The whole catalog as one JSON file",
      responses: {
        200: { description: "What POST /api/admin/quests/import takes", json: named("QuestFile", z.object({ version: z.literal(quest.QUEST_FILE_VERSION), taskPoints: taskPoints.taskPointsSchema, streakBonuses: taskPoints.streakBonusesSchema, quests: z.array(quest.questSchema) })) },
        ...adminAccess,
        500: internal,
      },
    },
  }),
  importQuests: route({
    ...paths.importQuests,
    body: quest.questFileSchema,
    auth: "admin",
    maxBodyBytes: MAX_QUEST_FILE_BYTES,
    doc: {
      tag: TAG,
      summary: "Create or replace every quest of a catalog file, all or none",
      description:
        "Quests the file does not name stay. One bad quest refuses the whole file, named by its index and id. A file with `taskPoints` replaces the " +
        "tasks' points and the streak bonuses (`streakBonuses` left out: none); one without keeps both as they are.",
      responses: {
        200: { description: "Imported", json: named("QuestImport", quest.questImportResponse) },
        400: error(`\`Invalid quests[<index>] ("<id>"): ...\`, \`Invalid version: ...\`, or more than ${MAX_QUESTS} quests in the catalog`),
        ...adminAccess,
        413: questTooLarge(MAX_QUEST_FILE_BYTES),
        500: internal,
      },
    },
  }),
  setTaskPoints: route({
    ...paths.setTaskPoints,
    body: taskPoints.taskPointsBody,
    auth: "admin",
    doc: {
      tag: TAG,
      summary: "Set the points of the check-in and the social tasks, and the check-in's streak bonuses",
      description:
        "Replaces them whole (a task left out is 0, `streakBonuses` left out: none) and moves the catalog version. A check-in that checks in, and a social task's first " +
        "completion, credit the task's points to the score, the season's board and the wallet's quest points in the same step; " +
        "a check-in that makes a streak of exactly a bonus's `streak` days also credits its `points` (ledger entry `task`, `streak:<days>`). " +
        "At 0 and with no bonus (the default) every answer of the tasks stays as it was.",
      responses: {
        200: { description: "The tasks' points as stored now", json: named("TaskPoints", taskPoints.taskPointsResponse) },
        400: error("`Invalid taskPoints.<task>: ...` naming the task, `Invalid taskPoints: ...`, `Invalid streakBonuses.streak: ...`, `Invalid streakBonuses.points: ...` or `Invalid streakBonuses: ...`"),
        ...adminAccess,
        413: tooLarge,
        500: internal,
      },
    },
  }),
};
