/**
 * The team's quests: ids, types, recurrence, the active window and a wallet's status. Pure rules on
 * Unix seconds (the injected clock's unit), no I/O; the catalog's zod schemas are in
 * lib/contract/quest-schemas.ts.
 */

/** A quest id is a slug: lowercase letters and digits in words joined by single hyphens, 1 to 64 characters. */
export const QUEST_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_QUEST_ID_LENGTH = 64;

/** Most quests one catalog (and so one export file) holds: GET /api/quests lists them all in one read. */
export const MAX_QUESTS = 200;

/** Largest points one completion credits: keeps every score an exact integer in both stores. */
export const MAX_QUEST_POINTS = 1_000_000;

export function isQuestId(value: string): boolean {
  return value.length <= MAX_QUEST_ID_LENGTH && QUEST_ID_PATTERN.test(value);
}

export const SELF_ATTESTED_QUEST_TYPES = ["visit"] as const;
/** The wallet's answer is checked against the catalog on the server; nothing outside is asked. */
export const ANSWERED_QUEST_TYPES = ["quiz"] as const;
export const ON_CHAIN_QUEST_TYPES = ["erc20_balance", "erc721_balance", "tx_count", "contract_read"] as const;
export const FARCASTER_QUEST_TYPES = [
  "farcaster_follow",
  "farcaster_reaction",
  "farcaster_reply",
  "farcaster_channel",
  "farcaster_score",
] as const;

export const QUEST_TYPES = [
  ...SELF_ATTESTED_QUEST_TYPES,
  ...ANSWERED_QUEST_TYPES,
  ...ON_CHAIN_QUEST_TYPES,
  ...FARCASTER_QUEST_TYPES,
] as const;
export type QuestType = (typeof QUEST_TYPES)[number];
export type OnChainQuestType = (typeof ON_CHAIN_QUEST_TYPES)[number];
export type FarcasterQuestType = (typeof FARCASTER_QUEST_TYPES)[number];

/** Who says a quest is done: the wallet itself, its answer, the chain, or Neynar for the wallet's fid. */
export type QuestVerifier = "self-attested" | "answer" | "on-chain" | "farcaster";

export function verifierOf(type: QuestType): QuestVerifier {
  if ((ON_CHAIN_QUEST_TYPES as readonly string[]).includes(type)) return "on-chain";
  if ((FARCASTER_QUEST_TYPES as readonly string[]).includes(type)) return "farcaster";
  if ((ANSWERED_QUEST_TYPES as readonly string[]).includes(type)) return "answer";
  return "self-attested";
}

/** Whether completing the quest asks an outside service (chain or Neynar) between the store's two round trips. */
export function needsOutsideCheck(type: QuestType): boolean {
  const verifier = verifierOf(type);
  return verifier === "on-chain" || verifier === "farcaster";
}

export const RECURRENCES = ["once", "daily", "weekly"] as const;
export type Recurrence = (typeof RECURRENCES)[number];

/** Seconds between two completions of a repeating quest. */
export const RECURRENCE_PERIOD_SECONDS: Record<Exclude<Recurrence, "once">, number> = {
  daily: 86_400,
  weekly: 604_800,
};

/**
 * Whole seconds until a repeating quest may be completed again; 0 means now. As with the check-in,
 * exactly one period after the last completion it is available again. A `once` quest has no
 * cooldown: once done, it is done (see questStatus).
 */
export function questCooldown(recurrence: Recurrence, lastCompletedAt: number | null, now: number): number {
  if (recurrence === "once" || lastCompletedAt === null) return 0;
  const period = RECURRENCE_PERIOD_SECONDS[recurrence];
  const elapsed = now - lastCompletedAt;
  return elapsed >= period ? 0 : Math.ceil(period - elapsed);
}

/** When a quest may be completed: ISO 8601 instants, either optional. */
export interface QuestSchedule {
  startsAt?: string;
  endsAt?: string;
}

/**
 * An ISO instant as the first whole second at or after it, so that for a whole-second `now`,
 * `now >= secondsOf(startsAt)` is exactly "now is not before startsAt" (and likewise for endsAt),
 * milliseconds included.
 */
function secondsOf(iso: string): number {
  return Math.ceil(Date.parse(iso) / 1000);
}

export type QuestPhase = "upcoming" | "active" | "ended";

/** Where `now` falls in the schedule: startsAt is inclusive (active from that instant), endsAt exclusive (ended at that instant). */
export function questPhase(schedule: QuestSchedule, now: number): QuestPhase {
  if (schedule.startsAt !== undefined && now < secondsOf(schedule.startsAt)) return "upcoming";
  if (schedule.endsAt !== undefined && now >= secondsOf(schedule.endsAt)) return "ended";
  return "active";
}

export function isQuestActive(schedule: QuestSchedule, now: number): boolean {
  return questPhase(schedule, now) === "active";
}

export const QUEST_STATUSES = ["available", "completed", "cooldown", "upcoming", "ended", "needs_farcaster"] as const;
export type QuestStatus = (typeof QUEST_STATUSES)[number];

/** What the status of a quest reads: its rules, not its texts or params. */
export interface QuestRules extends QuestSchedule {
  type: QuestType;
  recurrence: Recurrence;
}

/** A wallet's side of a quest at `now`. */
export interface QuestProgress {
  /** Server time of the wallet's last completion of the quest; null when never. */
  lastCompletedAt: number | null;
  /** Whether the wallet has a Farcaster fid linked (Quick Auth). */
  fidLinked: boolean;
  now: number;
}

/**
 * A quest's status for a wallet. When several apply, the first of this order wins, the order in
 * which POST /api/quests/complete answers:
 * 1. `completed`: a `once` quest the wallet has done stays done whatever the schedule says later
 *    (the completion answers `alreadyCompleted`, never "not active").
 * 2. `upcoming` / `ended`: outside the schedule nobody can complete it, so neither a cooldown nor
 *    a missing fid is what stops the wallet.
 * 3. `cooldown`: a repeating quest done within its period; linking a fid would not help yet.
 * 4. `needs_farcaster`: a Farcaster quest and no fid linked.
 * 5. `available`.
 */
export function questStatus(quest: QuestRules, progress: QuestProgress): QuestStatus {
  if (quest.recurrence === "once" && progress.lastCompletedAt !== null) return "completed";
  const phase = questPhase(quest, progress.now);
  if (phase !== "active") return phase;
  if (questCooldown(quest.recurrence, progress.lastCompletedAt, progress.now) > 0) return "cooldown";
  if (verifierOf(quest.type) === "farcaster" && !progress.fidLinked) return "needs_farcaster";
  return "available";
}

export const COMPARATORS = ["gte", "gt", "eq", "lte", "lt"] as const;
export type Comparator = (typeof COMPARATORS)[number];

/** Whether a contract_read result passes; a bool result reads as 1 (true) or 0 (false). */
export function compareReading(reading: bigint | boolean, comparator: Comparator, value: bigint): boolean {
  const n = typeof reading === "boolean" ? (reading ? 1n : 0n) : reading;
  switch (comparator) {
    case "gte":
      return n >= value;
    case "gt":
      return n > value;
    case "eq":
      return n === value;
    case "lte":
      return n <= value;
    case "lt":
      return n < value;
  }
}

/** What stands for the completing wallet in a contract_read's arguments. */
export const WALLET_ARG = "{wallet}";

/** A contract_read's arguments for one wallet: each "{wallet}" replaced by it. */
export function argsFor(args: readonly string[], wallet: string): string[] {
  return args.map((arg) => (arg === WALLET_ARG ? wallet : arg));
}
