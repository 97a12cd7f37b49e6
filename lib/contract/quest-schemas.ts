/**
 * zod schemas of the quest catalog: a quest as stored, the admin's create and PATCH bodies, the
 * export/import file, POST /api/quests/complete and the public answer of GET /api/quests, which
 * publicQuestOf builds without anything secret (a quiz's answer).
 */
import { z } from "zod";
import { parseAbiItem, type AbiFunction } from "viem";
import { address, walletSchema } from "@/lib/contract/schemas";
import { count } from "@/lib/contract/count";
import { streakBonusesSchema, taskPointsSchema } from "@/lib/contract/task-points-schemas";
import { WALLET_PATTERN } from "@/lib/domain/wallet";
import {
  COMPARATORS,
  MAX_QUEST_ID_LENGTH,
  MAX_QUEST_POINTS,
  MAX_QUESTS,
  QUEST_STATUSES,
  QUEST_TYPES,
  RECURRENCES,
  WALLET_ARG,
  isQuestId,
  questCooldown,
  questStatus,
  type QuestProgress,
  type QuestType,
} from "@/lib/domain/quests";

const INVALID_ID = `Invalid id: a slug of lowercase letters, digits and single hyphens, at most ${MAX_QUEST_ID_LENGTH} characters`;

export const questIdSchema = z.string({ error: INVALID_ID }).refine(isQuestId, { error: INVALID_ID });

/** One line of text, trimmed, from `min` to `max` characters. */
function line(field: string, min: number, max: number) {
  const message = `Invalid ${field}: ${min} to ${max} characters, no line breaks`;
  return z
    .string({ error: message })
    .trim()
    .min(min, { error: message })
    .max(max, { error: message })
    .regex(/^[^\u0000-\u001f\u007f]*$/, { error: message });
}

const INVALID_DESCRIPTION = "Invalid description: at most 1000 characters, no control characters but line breaks";

const description = z
  .string({ error: INVALID_DESCRIPTION })
  .trim()
  .max(1000, { error: INVALID_DESCRIPTION })
  .regex(/^[^\u0000-\u0009\u000b-\u001f\u007f]*$/, { error: INVALID_DESCRIPTION });

function addressOf(field: string) {
  const message = `Invalid ${field}: must be an address, 0x and 40 hex characters`;
  return z
    .string({ error: message })
    .regex(WALLET_PATTERN, { error: message })
    .transform((v) => v.toLowerCase() as `0x${string}`);
}

const INVALID_CAST_HASH = "Invalid params.castHash: must be 0x and 40 hex characters";

const castHash = z
  .string({ error: INVALID_CAST_HASH })
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: INVALID_CAST_HASH })
  .transform((v) => v.toLowerCase() as `0x${string}`);

const fid = count("params.fid", 1, Number.MAX_SAFE_INTEGER);

const INVALID_PARAMS = "Invalid params: must be an object";

/** A type's params: an object (anything else is named as params); keys it does not name are dropped. */
function params<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, { error: INVALID_PARAMS });
}

const INVALID_URL = "Invalid params.url: must be an http or https URL";

const INVALID_OPTIONS = "Invalid params.options: 2 to 10 distinct options, each 1 to 200 characters";

const quizParams = params({
  question: line("params.question", 1, 300),
  options: z.array(line("params.options", 1, 200), { error: INVALID_OPTIONS }).min(2, { error: INVALID_OPTIONS }).max(10, { error: INVALID_OPTIONS }),
  answer: z.number({ error: "Invalid params.answer: must be the index of an option" }).int({ error: "Invalid params.answer: must be the index of an option" }),
}).superRefine(({ options, answer }, ctx) => {
  if (new Set(options).size !== options.length) ctx.addIssue({ code: "custom", path: ["options"], message: INVALID_OPTIONS });
  if (answer < 0 || answer >= options.length) ctx.addIssue({ code: "custom", path: ["answer"], message: "Invalid params.answer: must be the index of an option" });
});

/** A whole number as a decimal string, no leading zeros; at most 78 digits, as a uint256 has. */
function decimal(field: string, rule: string, pattern: RegExp) {
  const message = `Invalid ${field}: ${rule}`;
  return z.string({ error: message }).regex(pattern, { error: message });
}

const INVALID_SIGNATURE =
  'Invalid params.signature: must be a view or pure function returning one integer or bool, e.g. "function balanceOf(address) view returns (uint256)"';

/** The function a contract_read calls, or null when the signature is not one it can read. */
export function readableFunction(signature: string): AbiFunction | null {
  let item;
  try {
    item = parseAbiItem(signature);
  } catch {
    return null;
  }
  if (item.type !== "function" || !["view", "pure"].includes(item.stateMutability)) return null;
  const [output, ...rest] = item.outputs;
  if (!output || rest.length > 0 || !/^(?:u?int\d*|bool)$/.test(output.type)) return null;
  return item;
}

/** Whether one argument can be encoded as the input type; "{wallet}" fills an address. */
function argFits(type: string, arg: string): boolean {
  if (type === "address") return arg === WALLET_ARG || WALLET_PATTERN.test(arg);
  if (/^u?int\d*$/.test(type)) return (type.startsWith("u") ? /^(?:0|[1-9]\d*)$/ : /^-?(?:0|[1-9]\d*)$/).test(arg);
  if (type === "bool") return arg === "true" || arg === "false";
  if (/^bytes\d+$/.test(type)) return /^0x[0-9a-fA-F]*$/.test(arg) && arg.length === 2 + 2 * Number(type.slice(5));
  if (type === "bytes") return /^0x(?:[0-9a-fA-F]{2})*$/.test(arg);
  return type === "string";
}

const contractReadParams = params({
  contract: addressOf("params.contract"),
  signature: z.string({ error: INVALID_SIGNATURE }).max(500, { error: INVALID_SIGNATURE }).refine((s) => readableFunction(s) !== null, { error: INVALID_SIGNATURE }),
  args: z.array(z.string({ error: "Invalid params.args: must be a list of strings" }).max(200, { error: "Invalid params.args: each at most 200 characters" }), { error: "Invalid params.args: must be a list of strings" }).max(10, { error: "Invalid params.args: at most 10" }),
  comparator: z.enum(COMPARATORS, { error: `Invalid params.comparator: must be one of ${COMPARATORS.join(", ")}` }),
  value: decimal("params.value", "must be a whole number as a decimal string", /^-?(?:0|[1-9]\d{0,77})$/),
}).superRefine(({ signature, args }, ctx) => {
  const fn = readableFunction(signature);
  if (!fn) return;
  if (fn.inputs.length !== args.length) {
    ctx.addIssue({ code: "custom", path: ["args"], message: `Invalid params.args: the function takes ${fn.inputs.length}` });
    return;
  }
  const bad = fn.inputs.findIndex((input, i) => !argFits(input.type, args[i] as string));
  if (bad >= 0) ctx.addIssue({ code: "custom", path: ["args", bad], message: `Invalid params.args[${bad}]: must be a value of type ${fn.inputs[bad]?.type}` });
});

/** Each type's params: what its verifier needs. */
export const questParamsSchemas = {
  visit: params({ url: z.string({ error: INVALID_URL }).max(2048, { error: INVALID_URL }).pipe(z.url({ protocol: /^https?$/, error: INVALID_URL })) }),
  quiz: quizParams,
  erc20_balance: params({ token: addressOf("params.token"), min: decimal("params.min", "must be a whole number of tokens, at least 1, as a decimal string", /^[1-9]\d{0,77}$/) }),
  erc721_balance: params({ contract: addressOf("params.contract"), min: count("params.min", 1, 1_000_000_000) }),
  tx_count: params({ min: count("params.min", 1, 1_000_000_000) }),
  contract_read: contractReadParams,
  farcaster_follow: params({ fid }),
  farcaster_reaction: params({ castHash, kind: z.enum(["like", "recast"], { error: "Invalid params.kind: must be like or recast" }) }),
  farcaster_reply: params({ castHash }),
  farcaster_channel: params({ channelId: z.string({ error: "Invalid params.channelId: 1 to 64 lowercase letters, digits or hyphens" }).regex(/^[a-z0-9-]{1,64}$/, { error: "Invalid params.channelId: 1 to 64 lowercase letters, digits or hyphens" }) }),
  farcaster_score: params({ min: z.number({ error: "Invalid params.min: must be a number from 0 to 1" }).min(0, { error: "Invalid params.min: must be a number from 0 to 1" }).max(1, { error: "Invalid params.min: must be a number from 0 to 1" }) }),
} satisfies Record<QuestType, z.ZodType>;

type ParamsSchemas = typeof questParamsSchemas;

const INVALID_TYPE = `Invalid type: must be one of ${QUEST_TYPES.join(", ")}`;

const pointsSchema = count("points", 0, MAX_QUEST_POINTS);
const recurrenceSchema = z.enum(RECURRENCES, { error: `Invalid recurrence: must be one of ${RECURRENCES.join(", ")}` });
const instant = (field: string) => z.iso.datetime({ offset: true, error: `Invalid ${field}: must be an ISO 8601 date and time, e.g. 2026-01-31T12:00:00Z` });

/** Everything of a quest but its type and params. */
const questFields = {
  id: questIdSchema,
  title: line("title", 1, 100),
  description: description.default(""),
  points: pointsSchema,
  recurrence: recurrenceSchema.default("once"),
  startsAt: instant("startsAt").optional(),
  endsAt: instant("endsAt").optional(),
  archived: z.boolean({ error: "Invalid archived: must be true or false" }).default(false),
};

function variant<T extends QuestType>(type: T) {
  return z.object({
    type: z.literal(type),
    params: questParamsSchemas[type] as ParamsSchemas[T],
    ...questFields,
  });
}

function checkSchedule(quest: { startsAt?: string; endsAt?: string }, ctx: z.RefinementCtx): void {
  if (quest.startsAt === undefined || quest.endsAt === undefined) return;
  if (Date.parse(quest.endsAt) <= Date.parse(quest.startsAt)) ctx.addIssue({ code: "custom", path: ["endsAt"], message: "Invalid endsAt: must be after startsAt" });
}

/**
 * A quest as stored, created and imported: `type` picks the params' schema. `description` defaults
 * to "", `recurrence` to once, `archived` to false.
 */
export const questSchema = z
  .discriminatedUnion(
    "type",
    [
      variant("visit"),
      variant("quiz"),
      variant("erc20_balance"),
      variant("erc721_balance"),
      variant("tx_count"),
      variant("contract_read"),
      variant("farcaster_follow"),
      variant("farcaster_reaction"),
      variant("farcaster_reply"),
      variant("farcaster_channel"),
      variant("farcaster_score"),
    ],
    { error: INVALID_TYPE },
  )
  .superRefine(checkSchedule);
export type Quest = z.output<typeof questSchema>;

/** POST /api/admin/quests */
export const createQuestBody = questSchema;

const UNCHANGEABLE = (field: string) => z.never({ error: `Invalid ${field}: a quest's ${field} cannot change` }).optional();

/**
 * PATCH /api/admin/quests/{id}: any field but id and type; `null` removes startsAt or endsAt.
 * `params` replaces the params whole and is checked against the stored type by applyQuestPatch.
 */
export const questPatchBody = z.object({
  id: UNCHANGEABLE("id"),
  type: UNCHANGEABLE("type"),
  title: questFields.title.optional(),
  description: description.optional(),
  params: z.unknown().optional(),
  points: pointsSchema.optional(),
  recurrence: recurrenceSchema.optional(),
  startsAt: instant("startsAt").nullable().optional(),
  endsAt: instant("endsAt").nullable().optional(),
  archived: questFields.archived.optional(),
});
export type QuestPatch = z.output<typeof questPatchBody>;

/** The stored quest with a patch applied, validated as a whole (params against its type, endsAt after startsAt). */
export function applyQuestPatch(quest: Quest, patch: QuestPatch) {
  const merged: Record<string, unknown> = { ...quest };
  for (const [field, value] of Object.entries(patch)) {
    if (value === null) delete merged[field];
    else if (value !== undefined) merged[field] = value;
  }
  return questSchema.safeParse(merged);
}

export const QUEST_FILE_VERSION = 1;

/**
 * The export file, and the import body: `{ version: 1, quests }`. One bad quest refuses the whole
 * file, named by its index and id; so do two quests with one id.
 */
export const questFileSchema = z.object({
  version: z.literal(QUEST_FILE_VERSION, { error: `Invalid version: must be ${QUEST_FILE_VERSION}` }),
  /** Absent (a file exported before task points): the catalog's task points and streak bonuses stay as they are. */
  taskPoints: taskPointsSchema.optional(),
  /** Taken with taskPoints (absent: none); a file with bonuses but no taskPoints is refused. */
  streakBonuses: streakBonusesSchema.optional(),
  quests: z
    .array(z.unknown(), { error: "Invalid quests: must be a list" })
    .max(MAX_QUESTS, { error: `Invalid quests: at most ${MAX_QUESTS}` })
    .transform((items, ctx) => {
      const quests: Quest[] = [];
      const seen = new Set<string>();
      const refuse = (index: number, item: unknown, error = "Invalid quest") => {
        const id = typeof item === "object" && item !== null && "id" in item ? JSON.stringify(item.id) : "without an id";
        ctx.addIssue({ code: "custom", path: [index], message: `Invalid quests[${index}] (${id}): ${error}` });
        return z.NEVER;
      };
      for (const [index, item] of items.entries()) {
        const parsed = questSchema.safeParse(item);
        if (!parsed.success) return refuse(index, item, parsed.error.issues[0]?.message);
        if (seen.has(parsed.data.id)) return refuse(index, item, "Invalid id: used by an earlier quest");
        seen.add(parsed.data.id);
        quests.push(parsed.data);
      }
      return quests;
    }),
}).refine((file) => file.streakBonuses === undefined || file.taskPoints !== undefined, {
  error: "Invalid streakBonuses: a file with streak bonuses has taskPoints too",
});
export type QuestFile = z.output<typeof questFileSchema>;

/** POST /api/quests/complete: `answer` is the option's index, for a quiz. */
export const completeQuestBody = z.object({
  wallet: walletSchema,
  questId: z.string({ error: "Invalid questId" }).refine(isQuestId, { error: "Invalid questId" }),
  answer: z.number({ error: "Invalid answer: must be the index of an option" }).int({ error: "Invalid answer: must be the index of an option" }).min(0, { error: "Invalid answer: must be the index of an option" }).optional(),
});
export type CompleteQuestBody = z.output<typeof completeQuestBody>;

// Answers

/** The params a wallet sees: all but a quiz's answer. */
const publicParamsSchemas = { ...questParamsSchemas, quiz: z.object({ question: z.string(), options: z.array(z.string()) }) };

const whole = z.number().int().nonnegative();

function publicVariant<T extends QuestType>(type: T) {
  return z.object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    type: z.literal(type),
    params: publicParamsSchemas[type] as (typeof publicParamsSchemas)[T],
    points: whole,
    recurrence: z.enum(RECURRENCES),
    startsAt: z.string().optional(),
    endsAt: z.string().optional(),
    status: z.enum(QUEST_STATUSES),
    /** Whole seconds until a repeating quest may be done again; 0 unless the status is cooldown. */
    cooldownRemaining: whole,
    /** Server time of the wallet's last completion; null when never. */
    completedAt: whole.nullable(),
  });
}

export const publicQuestSchema = z.discriminatedUnion("type", [
  publicVariant("visit"),
  publicVariant("quiz"),
  publicVariant("erc20_balance"),
  publicVariant("erc721_balance"),
  publicVariant("tx_count"),
  publicVariant("contract_read"),
  publicVariant("farcaster_follow"),
  publicVariant("farcaster_reaction"),
  publicVariant("farcaster_reply"),
  publicVariant("farcaster_channel"),
  publicVariant("farcaster_score"),
]);
export type PublicQuest = z.output<typeof publicQuestSchema>;

/** POST /api/quests/complete's 200: completed (`points` credited at `timestamp`), done before, or not verified (`reason`). */
export const completeQuestResponse = z.union([
  z.object({ success: z.literal(true), questId: z.string(), points: whole, timestamp: z.number().int() }),
  z.object({ success: z.literal(true), questId: z.string(), points: z.literal(0), alreadyCompleted: z.literal(true) }),
  z.object({ success: z.literal(false), verified: z.literal(false), reason: z.string() }),
]);

export type CompleteQuestResponse = z.output<typeof completeQuestResponse>;

/** POST /api/admin/quests and PATCH /api/admin/quests/{id}: the quest as stored. */
export const questAnswer = z.object({ quest: questSchema });

/** A quest in GET /api/admin/quests: archived ones too, each with its completions. */
export const adminQuestSchema = z.intersection(questSchema, z.object({ completions: whole }));
export type AdminQuest = z.output<typeof adminQuestSchema>;
export const adminQuestsResponse = z.object({ quests: z.array(adminQuestSchema), taskPoints: taskPointsSchema, streakBonuses: streakBonusesSchema });

/** POST /api/admin/quests/import */
export const questImportResponse = z.object({ imported: whole });

/**
 * GET /api/quests?wallet= : `points` is the wallet's quest points; `streak` its check-in streak now (0 once
 * the last check-in is too old to continue it); `streakBonuses` the bonuses the team set, shortest first;
 * archived quests are not listed.
 */
export const questsResponse = z.object({ wallet: address, points: whole, streak: whole, streakBonuses: streakBonusesSchema, quests: z.array(publicQuestSchema) });
export type QuestsResponse = z.output<typeof questsResponse>;

/**
 * A quest as a wallet sees it: its status at `progress.now` and nothing secret. The public schema
 * is the whitelist: parsing through it drops every field it does not name (a quiz's answer, archived).
 */
export function publicQuestOf(quest: Quest, progress: QuestProgress): PublicQuest {
  const status = questStatus(quest, progress);
  return publicQuestSchema.parse({
    ...quest,
    status,
    cooldownRemaining: status === "cooldown" ? questCooldown(quest.recurrence, progress.lastCompletedAt, progress.now) : 0,
    completedAt: progress.lastCompletedAt,
  });
}
