/**
 * The inputs of the scripts that take 15 or more, by name: each layout lists the names of KEYS[1..] and
 * ARGV[1..] in order, the names the script's header gives them (`local x = KEYS[n]`: x; an input passed
 * to a function of a Lua piece, `local day = countingDay(KEYS[3], ...)`: day.<its parameter>), and the
 * TypeScript builder makes the two arrays from the inputs by name (positional). tests/unit/lua-layouts.test.ts
 * reads each header and holds it to its layout, so neither side can shift a position alone.
 * Parts shared by several layouts are layouts too; `part` names what a helper returns with one.
 */
import "server-only";
import type { ScriptName } from "@/lib/store/redis/run";

export interface Layout {
  readonly keys: readonly string[];
  readonly args: readonly string[];
}

type NameOf<L extends Layout> = L["keys"][number] | L["args"][number];

/** Every input of a layout, by name. */
export type Inputs<L extends Layout> = { readonly [N in NameOf<L>]: string };

/** KEYS and ARGV in the layout's order. */
export function positional<L extends Layout>(layout: L, inputs: Inputs<L>): { keys: string[]; args: string[] } {
  const at = (name: NameOf<L>) => inputs[name];
  return { keys: layout.keys.map(at), args: layout.args.map(at) };
}

/** Names the keys and args a helper returns (signalWrites, countingDay...) with a part of a layout, in order. */
export function part<L extends Layout>(layout: L, values: { readonly keys: readonly string[]; readonly args: readonly string[] }): Inputs<L> {
  if (values.keys.length !== layout.keys.length || values.args.length !== layout.args.length) {
    throw new Error(`Expected ${layout.keys.length} keys and ${layout.args.length} args, got ${values.keys.length} and ${values.args.length}`);
  }
  const named = [...layout.keys.map((name, i) => [name, values.keys[i]]), ...layout.args.map((name, i) => [name, values.args[i]])];
  return Object.fromEntries(named) as Inputs<L>;
}

/** countingDay of lib/analytics.lua (analytics.ts countingDay). */
export const DAY = { keys: ["day.factsKey", "day.sinceKey"], args: ["day.day", "day.expireAt"] } as const;

/** webhookOutbox of lib/outbox.lua: what a fact's script appends its webhook event with (webhooks.ts outboxInputs). */
export const OUTBOX = { keys: ["outbox.routesKey"], args: ["outbox.keyPrefix", "outbox.idBase", "outbox.timestamp"] } as const;

/** register of lib/wallets.lua, as check-in and mark-nft-mint name it (wallets.ts registration). */
export const REGISTRATION = {
  keys: ["walletKey", "codesKey", ...DAY.keys],
  args: ["wallet", "code", "now", ...DAY.args],
} as const;

/** register of lib/wallets.lua, as record-referral names it. */
export const REFEREE_REGISTRATION = {
  keys: ["refereeKey", "codesKey", ...DAY.keys],
  args: ["referee", "refereeCode", "now", ...DAY.args],
} as const;

/** signalKeys of lib/signals.lua (signals.ts signalWrites). */
export const SIGNALS = {
  keys: ["signals.rankKey"],
  args: ["signals.signalsKeyPrefix", "signals.walletKeyPrefix", "signals.weights"],
} as const;

/** leaderboard of lib/board.lua in a script that changes a board (keys.ts boardWrite). */
const BOARD_WRITE = ["board.lbKey", "board.heldKey", "board.disqualifiedKey", "board.versionKey"] as const;

/** The same as a part, for a builder that has keys.ts boardWrite. */
export const BOARD = { keys: BOARD_WRITE, args: [] } as const;

/** seasonBoard of lib/seasons.lua in a script that scores (seasons.ts seasonWrite). */
export const SEASON_WRITE = { keys: ["season.lbKey", "season.heldKey", "season.refsKey", "season.lastKey"], args: ["season.number"] } as const;

/** The board, seasonBoard of lib/seasons.lua and referralCredit of lib/credit.lua with the credit's points (referrals.ts creditInputs). */
export const CREDIT = {
  keys: [...BOARD_WRITE, "season.lbKey", "season.heldKey", "season.refsKey", "season.lastKey", "credit.activeKey", "credit.scoreKey", "credit.referrersKey"],
  args: ["season.number", "credit.referrerPoints", "credit.refereePoints"],
} as const;

/** seasonBoards of lib/seasons.lua (seasons.ts seasonMoves). */
export const SEASON_MOVES = { keys: ["seasons.lastKey"], args: ["seasons.current", "seasons.lbPrefix", "seasons.heldPrefix"] } as const;

export const RECORD_REFERRAL = {
  keys: [...REFEREE_REGISTRATION.keys, ...SIGNALS.keys, ...CREDIT.keys, "referralsKey", "connectedKey", ...OUTBOX.keys],
  args: [
    ...REFEREE_REGISTRATION.args,
    ...SIGNALS.args,
    "refCode",
    "selfReferral",
    "completeField",
    "refereesKeyPrefix",
    "burstWindow",
    "quickSeconds",
    "creditWhen",
    ...CREDIT.args,
    ...OUTBOX.args,
  ],
} as const;

export const CREDIT_REFERRAL = {
  keys: ["walletKey", ...DAY.keys, ...SIGNALS.keys, ...CREDIT.keys, ...OUTBOX.keys],
  args: ["wallet", "now", ...DAY.args, ...SIGNALS.args, ...CREDIT.args, ...OUTBOX.args],
} as const;

/** creditTask of lib/tasks.lua, after a step's board and season (tasks.ts taskCreditKeys). */
export const TASK_CREDIT = { keys: ["task.pointsKey", "task.progressKey", "task.ledgerKey"], args: [] } as const;

export const CHECK_IN = {
  keys: [...REGISTRATION.keys, ...SIGNALS.keys, ...CREDIT.keys, ...TASK_CREDIT.keys, ...OUTBOX.keys],
  args: [...REGISTRATION.args, "cooldown", ...SIGNALS.args, "creditsPending", ...CREDIT.args, "streakWindow", ...OUTBOX.args],
} as const;

export const COMPLETE_SOCIAL_TASK = {
  keys: [
    ...REGISTRATION.keys,
    ...SIGNALS.keys,
    ...BOARD_WRITE,
    "season.lbKey",
    "season.heldKey",
    "season.refsKey",
    "season.lastKey",
    "scoreKey",
    ...TASK_CREDIT.keys,
    ...OUTBOX.keys,
  ],
  args: [...REGISTRATION.args, "taskId", ...SIGNALS.args, "season.number", ...OUTBOX.args],
} as const;

export const MARK_NFT_MINT = {
  keys: [...REGISTRATION.keys, ...SIGNALS.keys, ...CREDIT.keys, ...OUTBOX.keys],
  args: [...REGISTRATION.args, ...SIGNALS.args, "creditsPending", ...CREDIT.args, ...OUTBOX.args],
} as const;

/** What every moderation write takes first (moderation.ts actionKeys): the board, the score total, the audit log. */
export const ACTION = { keys: [...BOARD_WRITE, "scoreKey", "auditKey"], args: [] } as const;

export const DISQUALIFY = {
  keys: [...ACTION.keys, ...SEASON_MOVES.keys, "recordKey", "refereesKey", "cascadeKey", ...OUTBOX.keys],
  args: ["wallet", "reason", "admin", "now", "cascade", "maxCascade", "recordKeyPrefix", ...SEASON_MOVES.args, ...OUTBOX.args],
} as const;

/** moderation/disqualify-many.lua: its fixed inputs; the rows' wallet, reason pairs follow in ARGV. */
export const DISQUALIFY_MANY = {
  keys: [...ACTION.keys, ...SEASON_MOVES.keys, ...OUTBOX.keys],
  args: ["admin", "now", "recordKeyPrefix", ...SEASON_MOVES.args, ...OUTBOX.args],
} as const;

export const REINSTATE = {
  keys: [...ACTION.keys, ...SEASON_MOVES.keys, "recordKey", "cascadeKey", ...OUTBOX.keys],
  args: ["wallet", "admin", "now", "recordKeyPrefix", "cascadeKeyPrefix", ...SEASON_MOVES.args, ...OUTBOX.args],
} as const;

/** creditAction (quests/credit-action.lua): a quest's completion or a rulebook action's credit. */
export const CREDIT_ACTION = {
  keys: [
    ...REGISTRATION.keys,
    ...BOARD_WRITE,
    "season.lbKey",
    "season.heldKey",
    "season.refsKey",
    "season.lastKey",
    "scoreKey",
    "catalogVersionKey",
    "progressKey",
    "completionsKey",
    "ledgerKey",
    ...OUTBOX.keys,
  ],
  args: [...REGISTRATION.args, "season.number", "actionId", "catalogVersion", "points", "period", ...OUTBOX.args],
} as const;

/** The script of each layout. */
/** operator/put-wallets.lua: its fixed inputs; the record field names and the records follow in ARGV. */
export const PUT_WALLETS = {
  keys: ["codesKey", ...BOARD_WRITE, "activeKey", "referralsKey", "scoreKey", "completionsKey"],
  args: ["walletKeyPrefix", "completeField", "refereesKeyPrefix", "progressKeyPrefix", "ledgerKeyPrefix", "fieldCount"],
} as const;

/** webhooks/record-webhook-attempt.lua: its fixed inputs; the retry delays follow in ARGV. */
export const RECORD_WEBHOOK_ATTEMPT = {
  keys: ["endpointKey", "deliveryKey", "deliveriesKey", "pendingKey", "finishedKey", "dueKey"],
  args: ["id", "eventId", "ok", "status", "failure", "responseGiven", "response", "now", "disableAfterSeconds", "kept", "deliveryKeyPrefix"],
} as const;

export const LAYOUTS: Readonly<Partial<Record<ScriptName, Layout>>> = {
  "record-referral": RECORD_REFERRAL,
  "credit-referral": CREDIT_REFERRAL,
  "check-in": CHECK_IN,
  "complete-social-task": COMPLETE_SOCIAL_TASK,
  "mark-nft-mint": MARK_NFT_MINT,
  disqualify: DISQUALIFY,
  "disqualify-many": DISQUALIFY_MANY,
  reinstate: REINSTATE,
  "credit-action": CREDIT_ACTION,
  "put-wallets": PUT_WALLETS,
  "record-webhook-attempt": RECORD_WEBHOOK_ATTEMPT,
};
