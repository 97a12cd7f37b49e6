/**
 * How each legacy string key is read into the import's drafts (see legacy-import.ts for the
 * keys and the rules), and the time format the legacy app wrote.
 */
import { SOCIAL_TASK_IDS, type SocialTaskId } from "@/lib/domain/tasks";
import { isWallet, normaliseWallet, refCodeOf } from "@/lib/domain/wallet";
import type { ImportState, RawUser } from "@/lib/operators/legacy-state";

/** The string keys the import reads, by prefix. */
export type LegacyKeyPrefix = "referral" | "refcode" | "refcount" | "user";

/** Legacy names of the social tasks in user:{wallet}.steam. */
const LEGACY_TASKS: Record<SocialTaskId, string> = {
  add_miniapp: "add_app",
  fc_follow: "follow",
  fc_like_recast: "like_recast",
  fc_comment: "comment",
};

/** Latest time the store accepts (10 digits of seconds). */
const MAX_TIME = 9_999_999_999;

/** Reads one string key; `raw` is the key after its prefix. */
export function readValue(state: ImportState, prefix: LegacyKeyPrefix, key: string, raw: string, value: string): void {
  if (prefix === "referral") readReferral(state, key, raw, value);
  else if (prefix === "refcode") readRefcode(state, key, raw, value);
  else if (prefix === "refcount") readRefcount(state, key, raw, value);
  else readUser(state, key, raw, value);
}

function readReferral(state: ImportState, key: string, raw: string, value: string): void {
  const { flag } = state;
  const referee = state.walletOfKey(key, raw);
  if (!referee) return;
  const parsed = parseJson(value) as { referrer?: unknown; createdAt?: unknown } | null;
  const referrer = typeof parsed?.referrer === "string" && isWallet(parsed.referrer) ? normaliseWallet(parsed.referrer) : null;
  state.draft(referee).hasData = true;
  if (state.keyOf("referral", referee, key) === "repeat") return;
  if (!referrer) return flag("unreadable-value", key, `not {referrer, createdAt} with a valid referrer: ${clip(value)}; relationship dropped`);
  if (referrer === referee) return flag("self-referral", key, "the wallet is its own referrer; relationship dropped");
  let createdAt: number | null = null;
  if (parsed?.createdAt !== undefined) {
    createdAt = toSeconds(parsed.createdAt);
    if (createdAt === null) flag("bad-timestamp", key, `createdAt ${clip(JSON.stringify(parsed.createdAt))} is not a time; the wallet's earliest known time is used`);
  }
  state.relationships.push({ referee, referrer, createdAt, key });
}

function readRefcode(state: ImportState, key: string, raw: string, value: string): void {
  const { flag, codeOwners } = state;
  const code = raw.toLowerCase();
  if (!isWallet(value)) return flag("unreadable-value", key, `names no wallet: ${clip(value)}; ignored`);
  const wallet = normaliseWallet(value);
  state.draft(wallet).hasData = true;
  if (refCodeOf(wallet) !== code) return flag("refcode-mismatch", key, `names ${wallet}, whose code is ${refCodeOf(wallet)}; ignored (codes are derived)`);
  const previous = codeOwners.get(code);
  if (previous === undefined) codeOwners.set(code, wallet);
  else if (previous !== wallet && previous !== "") {
    flag("case-duplicate", key, `refcode keys of one code name ${previous} and ${wallet}; the earliest known wallet keeps it`);
    codeOwners.set(code, ""); // contested: neither is favoured
  }
}

function readRefcount(state: ImportState, key: string, raw: string, value: string): void {
  const wallet = state.walletOfKey(key, raw);
  if (!wallet) return;
  const d = state.draft(wallet);
  d.hasData = true;
  if (!/^\d+$/.test(value.trim())) return state.flag("unreadable-value", key, `not a whole number: ${clip(value)}; ignored`);
  if (state.keyOf("refcount", wallet, key) === "repeat") return;
  d.legacyCount = (d.legacyCount ?? 0) + Number(value.trim());
}

function readUser(state: ImportState, key: string, raw: string, value: string): void {
  const wallet = state.walletOfKey(key, raw);
  if (!wallet) return;
  const d = state.draft(wallet);
  d.hasData = true;
  const parsed = parseJson(value);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return state.flag("unreadable-value", key, `not a JSON object: ${clip(value)}; its tasks are not imported`);
  }
  const seen = state.keyOf("user", wallet, key);
  if (seen === "repeat") return;
  const user = parseUser(state, key, parsed as Record<string, unknown>);
  d.user = seen === "variant" && d.user ? mergeUsers(d.user, user) : user;
}

function parseUser(state: ImportState, key: string, data: Record<string, unknown>): RawUser {
  const steam = asObject(data.steam);
  const tasks = asObject(data.tasks);
  const time = (value: unknown, what: string): number | null => {
    if (value === undefined || value === null || value === 0) return null; // 0: the old app's "never"
    const seconds = toSeconds(value);
    if (seconds === null) state.flag("bad-timestamp", key, `${what} ${clip(JSON.stringify(value))} is not a time; ignored`);
    return seconds;
  };
  const social: RawUser["social"] = {};
  for (const id of SOCIAL_TASK_IDS) {
    const task = asObject(steam[LEGACY_TASKS[id]]);
    if (task.completed === true) social[id] = { completed: true, ts: time(task.ts, `steam.${LEGACY_TASKS[id]}.ts`) };
  }
  return { checkInLast: time(asObject(steam.fishing).last, "steam.fishing.last"), social, nftMint: tasks.nft_mint === true };
}

function mergeUsers(a: RawUser, b: RawUser): RawUser {
  const social: RawUser["social"] = {};
  for (const id of SOCIAL_TASK_IDS) {
    const x = a.social[id];
    const y = b.social[id];
    if (!x || !y) {
      const one = x ?? y;
      if (one) social[id] = one;
      continue;
    }
    const ts = x.ts === null ? y.ts : y.ts === null ? x.ts : Math.min(x.ts, y.ts);
    social[id] = { completed: true, ts };
  }
  const last = [a.checkInLast, b.checkInLast].filter((t): t is number => t !== null);
  return { checkInLast: last.length ? Math.max(...last) : null, social, nftMint: a.nftMint || b.nftMint };
}

/** Unix seconds from an ISO string or a number (seconds, or milliseconds when above 1e11); null when not a time. */
export function toSeconds(value: unknown): number | null {
  let seconds: number;
  if (typeof value === "number") seconds = value > 1e11 ? value / 1000 : value;
  else if (typeof value === "string" && /^\d+(\.\d+)?$/.test(value.trim())) return toSeconds(Number(value));
  else if (typeof value === "string") seconds = Date.parse(value) / 1000;
  else return null;
  if (!Number.isFinite(seconds) || seconds < 0) return null;
  const whole = Math.floor(seconds);
  return whole <= MAX_TIME ? whole : null;
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function clip(value: string): string {
  return value.length > 80 ? `${value.slice(0, 77)}...` : value;
}
