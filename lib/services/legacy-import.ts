/**
 * Import from the original app's Redis / Upstash keyspace (the one interface.md was written
 * from) into any of our stores, through StoreAdmin.putWallets. An offline tool: it reads the
 * whole source with SCAN, holds one small draft per wallet in memory, then writes.
 *
 * Source keys (wallets in any case; we lowercase them):
 *   referral:{referee}  JSON {referrer, createdAt: ISO}     the relationship
 *   refcode:{code}      wallet                              who owned a code
 *   refcount:{wallet}   integer                             referrals counted
 *   set:referrers       set of wallets                      active referrers
 *   leaderboard         sorted set, score per wallet
 *   user:{wallet}       JSON {steam: {fishing: {last}, add_app|follow|like_recast|comment: {completed, ts}}, tasks: {nft_mint}}
 *
 * The source is never written: every command goes through a read-only allow-list
 * (SCAN, MGET, ZSCAN, SSCAN, TYPE).
 *
 * Rules (docs/operators.md says them to operators; each departure is reported):
 * - Relationships are the facts. A referral key whose value is unreadable, names no valid
 *   referrer or names the referee itself is dropped. Case variants of one referee: the
 *   earliest createdAt wins (the first binding is the immutable one).
 * - referralsCount = the number of referees bound to the wallet; refcount:{wallet} is only
 *   compared with it (lesson 5: one source per figure; milestones follow the count).
 * - Score, by default ("max"), protects earned rewards: max(legacy leaderboard score,
 *   referralsCount + 1 if referred). A lost score write is restored; a score above what
 *   the relationships justify (the old app's double credits) is kept, because users saw
 *   and earned it. "relationships" recomputes every score from the relationships instead,
 *   which leaves the invariant checker clean. Case variants of one member: scores add up.
 *   A wallet with relationships but no entry gets one; a member with score 0 keeps its entry.
 * - Times: createdAt (who keeps a shared refCode) is the earliest time known of the wallet;
 *   reachedAt (leaderboard ties) the latest referral it took part in. Numbers above 1e11
 *   are read as milliseconds. A wallet with no time at all gets the earliest time of the
 *   whole source, so re-runs are deterministic.
 * - A code shared by several wallets stays with the wallet refcode:{code} names (else the
 *   earliest known): its createdAt is moved before the others' when needed.
 * - Tasks: a completed social task keeps its ts (createdAt when missing); fishing.last is the
 *   last check-in; tasks.nft_mint true stays true. Case variants merge: earliest completion,
 *   latest check-in, nft_mint if any.
 *
 * Idempotent: the mapping is deterministic and putWallets overwrites whole records; records
 * already identical in the target are not written again. A target record that differs (a live
 * store, another source) stops the import before anything is written, unless `overwrite`.
 */
import { scoreOf } from "@/lib/domain/leaderboard";
import { isWallet, normaliseWallet, refCodeOf } from "@/lib/domain/wallet";
import { SOCIAL_TASK_IDS, type SocialTaskId } from "@/lib/domain/tasks";
import { ADMIN_BATCH_LIMIT, MAX_ENTRY_SCORE, type StoreAdmin, type WalletRecord } from "@/lib/store/types";

// ---------------------------------------------------------------------------
// The source: read-only access to the legacy keyspace

/** Raw command access to the legacy Redis; replies as Redis sends them (RESP2 shapes). */
export interface LegacyConnection {
  command(args: string[]): Promise<unknown>;
  close(): Promise<void>;
}

/** The only commands the import ever sends to the source. */
export const READ_ONLY_COMMANDS = new Set(["SCAN", "MGET", "ZSCAN", "SSCAN", "TYPE"]);

export class LegacySource {
  constructor(private readonly connection: LegacyConnection) {}

  private send(args: string[]): Promise<unknown> {
    const name = args[0]?.toUpperCase() ?? "";
    if (!READ_ONLY_COMMANDS.has(name)) throw new Error(`refusing to send ${name} to the legacy source: read-only commands only`);
    return this.connection.command(args);
  }

  async scan(cursor: string, count: number): Promise<{ cursor: string; keys: string[] }> {
    const [next, keys] = pair(await this.send(["SCAN", cursor, "COUNT", String(count)]), "SCAN");
    return { cursor: text(next), keys: strings(keys, "SCAN keys") };
  }

  async mget(keys: string[]): Promise<(string | null)[]> {
    if (keys.length === 0) return [];
    const reply = await this.send(["MGET", ...keys]);
    if (!Array.isArray(reply) || reply.length !== keys.length) throw new Error("unexpected MGET reply from the legacy source");
    return reply.map((v) => (v === null || v === undefined ? null : text(v)));
  }

  async type(key: string): Promise<string> {
    return text(await this.send(["TYPE", key]));
  }

  async zscan(key: string, cursor: string, count: number): Promise<{ cursor: string; entries: [string, string][] }> {
    const [next, flat] = pair(await this.send(["ZSCAN", key, cursor, "COUNT", String(count)]), "ZSCAN");
    const items = strings(flat, "ZSCAN entries");
    const entries: [string, string][] = [];
    for (let i = 0; i + 1 < items.length; i += 2) entries.push([items[i] as string, items[i + 1] as string]);
    return { cursor: text(next), entries };
  }

  async sscan(key: string, cursor: string, count: number): Promise<{ cursor: string; members: string[] }> {
    const [next, members] = pair(await this.send(["SSCAN", key, cursor, "COUNT", String(count)]), "SSCAN");
    return { cursor: text(next), members: strings(members, "SSCAN members") };
  }

  close(): Promise<void> {
    return this.connection.close();
  }
}

function pair(reply: unknown, what: string): [unknown, unknown] {
  if (!Array.isArray(reply) || reply.length !== 2) throw new Error(`unexpected ${what} reply from the legacy source`);
  return [reply[0], reply[1]];
}

function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString("utf8");
  throw new Error(`unexpected reply value from the legacy source: ${JSON.stringify(value)}`);
}

function strings(value: unknown, what: string): string[] {
  if (!Array.isArray(value)) throw new Error(`unexpected ${what} from the legacy source`);
  return value.map(text);
}

/**
 * A connection to the legacy store: `redis://` / `rediss://` over TCP, `https://` (or `http://`)
 * as the Upstash REST API with its token.
 */
export async function connectLegacySource(url: string, token?: string, timeoutMs = 30_000): Promise<LegacySource> {
  const protocol = new URL(url).protocol;
  if (protocol === "redis:" || protocol === "rediss:") {
    const { createClient } = await import("redis");
    const client = createClient({ url, RESP: 2, socket: { connectTimeout: timeoutMs, reconnectStrategy: false } });
    client.on("error", () => undefined); // a failed command rejects; the event itself is not news
    await client.connect();
    return new LegacySource({
      command: (args) => client.sendCommand(args),
      close: async () => void (await client.close()),
    });
  }
  if (protocol === "https:" || protocol === "http:") {
    if (!token) throw new Error("an Upstash REST source needs its token (--token)");
    return new LegacySource({
      command: async (args) => {
        const res = await fetch(url, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify(args),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const body = (await res.json().catch(() => ({}))) as { result?: unknown; error?: string };
        if (!res.ok || body.error !== undefined) throw new Error(`legacy source answered ${res.status}: ${body.error ?? "no result"}`);
        return body.result;
      },
      close: async () => undefined,
    });
  }
  throw new Error(`--from must be a redis://, rediss:// or https:// URL, got ${protocol}`);
}

// ---------------------------------------------------------------------------
// The report

export const INCONSISTENCY_KINDS = [
  "invalid-key",
  "unreadable-value",
  "bad-timestamp",
  "case-duplicate",
  "self-referral",
  "refcount-mismatch",
  "missing-score",
  "score-below-relationships",
  "score-above-relationships",
  "bad-score",
  "entry-without-data",
  "referrer-not-in-set",
  "inactive-referrer-in-set",
  "refcode-mismatch",
  "shared-code",
  "wrong-type",
] as const;
export type InconsistencyKind = (typeof INCONSISTENCY_KINDS)[number];

export interface Inconsistency {
  kind: InconsistencyKind;
  /** The legacy key (or wallet) concerned. */
  subject: string;
  /** What was found and what the import did about it. */
  detail: string;
}

export interface ImportReport {
  /** What the source held. */
  source: {
    keys: number;
    referralKeys: number;
    refcodeKeys: number;
    refcountKeys: number;
    userKeys: number;
    leaderboardMembers: number;
    referrerSetMembers: number;
    /** Keys that are not the legacy app's (ours included, when importing into the same Redis), left alone. */
    otherKeys: number;
  };
  /** Wallets mapped, relationships kept, leaderboard entries. */
  wallets: number;
  referrals: number;
  entries: number;
  /** Sum of the legacy leaderboard's scores, and of the imported ones; rewards = score x 20. */
  legacyScoreTotal: number;
  importedScoreTotal: number;
  /** Records written; records already identical in the target; records the target holds differently. */
  written: number;
  unchanged: number;
  conflicting: number;
  /** True when nothing was written: a dry run, or conflicts without `overwrite`. */
  aborted: boolean;
  inconsistencies: number;
  byKind: Record<InconsistencyKind, number>;
  /** Target records that differed from the import (the first 20), when any. */
  conflictSamples: string[];
}

export type ScoreRule = "max" | "relationships";

export interface ImportOptions {
  /** How to set scores (see the rules above). Default "max". */
  scores?: ScoreRule;
  /** Read and report, write nothing. */
  dryRun?: boolean;
  /** Replace target records that differ from the import. */
  overwrite?: boolean;
  /** Keys per SCAN step and records per store call (default 1000). */
  batchSize?: number;
  onInconsistency?: (inconsistency: Inconsistency) => void;
  onProgress?: (message: string) => void;
}

// ---------------------------------------------------------------------------
// Reading

type RawTask = { completed: boolean; ts: number | null };
interface RawUser {
  checkInLast: number | null;
  social: Partial<Record<SocialTaskId, RawTask>>;
  nftMint: boolean;
}

/** Legacy names of the social tasks in user:{wallet}.steam. */
const LEGACY_TASKS: Record<SocialTaskId, string> = {
  add_miniapp: "add_app",
  fc_follow: "follow",
  fc_like_recast: "like_recast",
  fc_comment: "comment",
};

/** Latest time the store accepts (10 digits of seconds). */
const MAX_TIME = 9_999_999_999;

interface Draft {
  wallet: string;
  referrer: string | null;
  /** When the relationship was recorded; null when unknown. */
  referredAt: number | null;
  /** The key the relationship came from, to resolve case variants. */
  referralKey: string | null;
  referees: number;
  /** Latest createdAt among its referees. */
  lastRefereeAt: number | null;
  /** Earliest createdAt among its referees. */
  firstRefereeAt: number | null;
  legacyCount: number | null;
  legacyScore: number | null;
  inReferrerSet: boolean;
  ownsCodeInLegacy: boolean;
  /** Whether any key other than the leaderboard named it. */
  hasData: boolean;
  user: RawUser | null;
}

export async function importLegacy(source: LegacySource, target: StoreAdmin, options: ImportOptions = {}): Promise<ImportReport> {
  const batch = Math.min(options.batchSize ?? ADMIN_BATCH_LIMIT, ADMIN_BATCH_LIMIT);
  const byKind = Object.fromEntries(INCONSISTENCY_KINDS.map((k) => [k, 0])) as Record<InconsistencyKind, number>;
  const report: ImportReport = {
    source: { keys: 0, referralKeys: 0, refcodeKeys: 0, refcountKeys: 0, userKeys: 0, leaderboardMembers: 0, referrerSetMembers: 0, otherKeys: 0 },
    wallets: 0,
    referrals: 0,
    entries: 0,
    legacyScoreTotal: 0,
    importedScoreTotal: 0,
    written: 0,
    unchanged: 0,
    conflicting: 0,
    aborted: false,
    inconsistencies: 0,
    byKind,
    conflictSamples: [],
  };
  const flag = (kind: InconsistencyKind, subject: string, detail: string) => {
    report.inconsistencies++;
    byKind[kind]++;
    options.onInconsistency?.({ kind, subject, detail });
  };

  const drafts = new Map<string, Draft>();
  const draft = (wallet: string): Draft => {
    let d = drafts.get(wallet);
    if (!d) {
      d = {
        wallet,
        referrer: null,
        referredAt: null,
        referralKey: null,
        referees: 0,
        lastRefereeAt: null,
        firstRefereeAt: null,
        legacyCount: null,
        legacyScore: null,
        inReferrerSet: false,
        ownsCodeInLegacy: false,
        hasData: false,
        user: null,
      };
      drafts.set(wallet, d);
    }
    return d;
  };
  /** Every key read per lowercase wallet and kind: SCAN may return a key twice, and case variants are merged. */
  const seenKeys = new Map<string, string[]>();
  const keyOf = (kind: keyof typeof MERGE_RULE, wallet: string, key: string): "first" | "repeat" | "variant" => {
    const id = `${kind}:${wallet}`;
    const keys = seenKeys.get(id);
    if (keys === undefined) {
      seenKeys.set(id, [key]);
      return "first";
    }
    if (keys.includes(key)) return "repeat";
    flag("case-duplicate", key, `${keys[0]} and ${key} name the same wallet; merged (${MERGE_RULE[kind]})`);
    keys.push(key);
    return "variant";
  };
  const relationships: { referee: string; referrer: string; createdAt: number | null; key: string }[] = [];
  const codeOwners = new Map<string, string>();

  // 1. Every key, one SCAN pass; values read page by page with one MGET.
  let cursor = "0";
  do {
    const page = await source.scan(cursor, batch);
    cursor = page.cursor;
    const wanted = page.keys.filter((key) => /^(referral|refcode|refcount|user):/.test(key));
    report.source.keys += page.keys.length;
    report.source.otherKeys += page.keys.filter((key) => !/^(referral|refcode|refcount|user):|^(leaderboard|set:referrers)$/.test(key)).length;
    const values = await source.mget(wanted);
    wanted.forEach((key, i) => {
      const value = values[i] ?? null;
      const [prefix] = key.split(":", 1) as ["referral" | "refcode" | "refcount" | "user"];
      const rest = key.slice(prefix.length + 1);
      report.source[`${prefix}Keys`]++;
      if (value === null) return flag("wrong-type", key, "not a string value (or deleted during the scan); skipped");
      if (prefix === "referral") readReferral(key, rest, value);
      else if (prefix === "refcode") readRefcode(key, rest, value);
      else if (prefix === "refcount") readRefcount(key, rest, value);
      else readUser(key, rest, value);
    });
    options.onProgress?.(`scanned ${report.source.keys} keys`);
  } while (cursor !== "0");

  function walletOfKey(key: string, raw: string): string | null {
    if (isWallet(raw)) return normaliseWallet(raw);
    flag("invalid-key", key, "does not name a wallet (0x + 40 hex); skipped");
    return null;
  }

  function readReferral(key: string, raw: string, value: string): void {
    const referee = walletOfKey(key, raw);
    if (!referee) return;
    const parsed = parseJson(value) as { referrer?: unknown; createdAt?: unknown } | null;
    const referrer = typeof parsed?.referrer === "string" && isWallet(parsed.referrer) ? normaliseWallet(parsed.referrer) : null;
    draft(referee).hasData = true;
    if (keyOf("referral", referee, key) === "repeat") return;
    if (!referrer) return flag("unreadable-value", key, `not {referrer, createdAt} with a valid referrer: ${clip(value)}; relationship dropped`);
    if (referrer === referee) return flag("self-referral", key, "the wallet is its own referrer; relationship dropped");
    let createdAt: number | null = null;
    if (parsed?.createdAt !== undefined) {
      createdAt = toSeconds(parsed.createdAt);
      if (createdAt === null) flag("bad-timestamp", key, `createdAt ${clip(JSON.stringify(parsed.createdAt))} is not a time; the wallet's earliest known time is used`);
    }
    relationships.push({ referee, referrer, createdAt, key });
  }

  function readRefcode(key: string, raw: string, value: string): void {
    const code = raw.toLowerCase();
    if (!isWallet(value)) return flag("unreadable-value", key, `names no wallet: ${clip(value)}; ignored`);
    const wallet = normaliseWallet(value);
    draft(wallet).hasData = true;
    if (refCodeOf(wallet) !== code) return flag("refcode-mismatch", key, `names ${wallet}, whose code is ${refCodeOf(wallet)}; ignored (codes are derived)`);
    const previous = codeOwners.get(code);
    if (previous === undefined) codeOwners.set(code, wallet);
    else if (previous !== wallet && previous !== "") {
      flag("case-duplicate", key, `refcode keys of one code name ${previous} and ${wallet}; the earliest known wallet keeps it`);
      codeOwners.set(code, ""); // contested: neither is favoured
    }
  }

  function readRefcount(key: string, raw: string, value: string): void {
    const wallet = walletOfKey(key, raw);
    if (!wallet) return;
    const d = draft(wallet);
    d.hasData = true;
    if (!/^\d+$/.test(value.trim())) return flag("unreadable-value", key, `not a whole number: ${clip(value)}; ignored`);
    if (keyOf("refcount", wallet, key) === "repeat") return;
    d.legacyCount = (d.legacyCount ?? 0) + Number(value.trim());
  }

  function readUser(key: string, raw: string, value: string): void {
    const wallet = walletOfKey(key, raw);
    if (!wallet) return;
    const d = draft(wallet);
    d.hasData = true;
    const parsed = parseJson(value);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      return flag("unreadable-value", key, `not a JSON object: ${clip(value)}; its tasks are not imported`);
    }
    const seen = keyOf("user", wallet, key);
    if (seen === "repeat") return;
    const user = parseUser(key, parsed as Record<string, unknown>);
    d.user = seen === "variant" && d.user ? mergeUsers(d.user, user) : user;
  }

  function parseUser(key: string, data: Record<string, unknown>): RawUser {
    const steam = asObject(data.steam);
    const tasks = asObject(data.tasks);
    const time = (value: unknown, what: string): number | null => {
      if (value === undefined || value === null || value === 0) return null; // 0: the old app's "never"
      const seconds = toSeconds(value);
      if (seconds === null) flag("bad-timestamp", key, `${what} ${clip(JSON.stringify(value))} is not a time; ignored`);
      return seconds;
    };
    const social: RawUser["social"] = {};
    for (const id of SOCIAL_TASK_IDS) {
      const task = asObject(steam[LEGACY_TASKS[id]]);
      if (task.completed === true) social[id] = { completed: true, ts: time(task.ts, `steam.${LEGACY_TASKS[id]}.ts`) };
    }
    return { checkInLast: time(asObject(steam.fishing).last, "steam.fishing.last"), social, nftMint: tasks.nft_mint === true };
  }

  // 2. The leaderboard and the referrer set.
  const leaderboardType = await source.type("leaderboard");
  if (leaderboardType === "zset") {
    const seen = new Set<string>();
    cursor = "0";
    do {
      const page = await source.zscan("leaderboard", cursor, batch);
      cursor = page.cursor;
      for (const [member, scoreText] of page.entries) {
        if (seen.has(member)) continue;
        seen.add(member);
        report.source.leaderboardMembers++;
        const wallet = walletOfKey(`leaderboard[${member}]`, member);
        if (!wallet) continue;
        const score = Number(scoreText);
        report.legacyScoreTotal += Number.isFinite(score) ? score : 0;
        let points = Number.isFinite(score) ? Math.max(0, Math.ceil(score)) : 0;
        if (points !== score) flag("bad-score", `leaderboard[${member}]`, `score ${scoreText} is not a whole number >= 0; read as ${points}`);
        if (points > MAX_ENTRY_SCORE) {
          flag("bad-score", `leaderboard[${member}]`, `score ${points} is above the storable ${MAX_ENTRY_SCORE}; capped`);
          points = MAX_ENTRY_SCORE;
        }
        const d = draft(wallet);
        if (keyOf("leaderboard", wallet, member) === "variant") d.legacyScore = Math.min(MAX_ENTRY_SCORE, (d.legacyScore ?? 0) + points);
        else d.legacyScore = points;
      }
    } while (cursor !== "0");
  } else if (leaderboardType !== "none") {
    flag("wrong-type", "leaderboard", `is a ${leaderboardType}, not a sorted set; legacy scores are not read`);
  }

  const referrersType = await source.type("set:referrers");
  if (referrersType === "set") {
    const seen = new Set<string>();
    cursor = "0";
    do {
      const page = await source.sscan("set:referrers", cursor, batch);
      cursor = page.cursor;
      for (const member of page.members) {
        if (seen.has(member)) continue;
        seen.add(member);
        report.source.referrerSetMembers++;
        const wallet = walletOfKey(`set:referrers[${member}]`, member);
        if (wallet) {
          const d = draft(wallet);
          d.inReferrerSet = true;
          d.hasData = true;
        }
      }
    } while (cursor !== "0");
  } else if (referrersType !== "none") {
    flag("wrong-type", "set:referrers", `is a ${referrersType}, not a set; ignored`);
  }

  // 3. Relationships: one per referee (earliest createdAt wins among case variants), then counts.
  relationships.sort((a, b) => (a.createdAt ?? Infinity) - (b.createdAt ?? Infinity) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const r of relationships) {
    const referee = draft(r.referee);
    if (referee.referralKey !== null) continue; // a later case variant: reported when read
    referee.referrer = r.referrer;
    referee.referredAt = r.createdAt;
    referee.referralKey = r.key;
    const referrer = draft(r.referrer);
    referrer.referees++;
    if (r.createdAt !== null) {
      referrer.lastRefereeAt = Math.max(referrer.lastRefereeAt ?? 0, r.createdAt);
      referrer.firstRefereeAt = Math.min(referrer.firstRefereeAt ?? Infinity, r.createdAt);
    }
  }
  for (const owner of codeOwners.values()) if (owner) draft(owner).ownsCodeInLegacy = true;

  // 4. Records.
  const knownTimes = (d: Draft): number[] => {
    const times = [d.referredAt, d.firstRefereeAt, d.user?.checkInLast ?? null];
    for (const id of SOCIAL_TASK_IDS) times.push(d.user?.social[id]?.ts ?? null);
    return times.filter((t): t is number => t !== null);
  };
  let earliest = Infinity;
  for (const d of drafts.values()) for (const t of knownTimes(d)) earliest = Math.min(earliest, t);
  const fallbackTime = Number.isFinite(earliest) ? earliest : 0;

  const scoreRule = options.scores ?? "max";
  const records: WalletRecord[] = [];
  for (const d of [...drafts.values()].sort((a, b) => (a.wallet < b.wallet ? -1 : 1))) {
    const times = knownTimes(d);
    const createdAt = times.length > 0 ? Math.min(...times) : fallbackTime;
    const expected = scoreOf(d.referees, d.referrer !== null);

    if (d.legacyCount !== null ? d.legacyCount !== d.referees : d.referees > 0) {
      flag("refcount-mismatch", d.wallet, `refcount ${d.legacyCount ?? "missing"} but ${d.referees} referee(s) bound to it; referralsCount = ${d.referees}`);
    }
    if (d.referees > 0 && !d.inReferrerSet) flag("referrer-not-in-set", d.wallet, `${d.referees} referee(s) but not in set:referrers; marked active`);
    if (d.referees === 0 && d.inReferrerSet) flag("inactive-referrer-in-set", d.wallet, "in set:referrers without any referee; not marked active");
    const withoutData = d.legacyScore !== null && d.legacyScore > 0 && !d.hasData && expected === 0;

    let score: number | null;
    if (d.legacyScore === null) {
      score = expected > 0 ? expected : null;
      if (expected > 0) flag("missing-score", d.wallet, `no leaderboard entry but ${expected} point(s) of relationships; entry created with ${expected}`);
    } else if (d.legacyScore < expected) {
      score = expected;
      flag("score-below-relationships", d.wallet, `legacy score ${d.legacyScore} < ${expected} from relationships; raised to ${expected}`);
    } else if (d.legacyScore > expected) {
      score = scoreRule === "max" ? d.legacyScore : expected;
      const outcome = scoreRule === "max" ? "kept" : `set to ${expected}`;
      if (withoutData) flag("entry-without-data", d.wallet, `leaderboard score ${d.legacyScore} and no other key; wallet imported, score ${outcome}`);
      else flag("score-above-relationships", d.wallet, `legacy score ${d.legacyScore} > ${expected} from relationships; ${outcome}`);
    } else score = d.legacyScore;

    const reachedAt = Math.max(d.referredAt ?? 0, d.lastRefereeAt ?? 0) || createdAt;
    const social = Object.fromEntries(
      SOCIAL_TASK_IDS.map((id) => {
        const task = d.user?.social[id];
        return [id, task?.completed ? (task.ts ?? createdAt) : null];
      }),
    ) as Record<SocialTaskId, number | null>;

    records.push({
      wallet: d.wallet,
      createdAt,
      referrer: d.referrer,
      referredAt: d.referrer !== null ? (d.referredAt ?? createdAt) : null,
      referralsCount: d.referees,
      entry: score === null ? null : { score, reachedAt: Math.max(reachedAt, createdAt) },
      checkInLast: d.user?.checkInLast ?? null,
      social,
      nftMint: d.user?.nftMint ?? false,
    });
    report.referrals += d.referrer !== null ? 1 : 0;
    if (score !== null) {
      report.entries++;
      report.importedScoreTotal += score;
    }
  }
  report.wallets = records.length;
  keepLegacyCodeOwners(records, drafts, flag);
  options.onProgress?.(`mapped ${records.length} wallets`);

  // 5. Compare with the target, then write (nothing at all when a record conflicts and overwriting is off).
  const toWrite: WalletRecord[] = [];
  for (let i = 0; i < records.length; i += batch) {
    const slice = records.slice(i, i + batch);
    const existing = await target.getWallets(slice.map((r) => r.wallet));
    slice.forEach((record, j) => {
      const current = existing[j] ?? null;
      if (current !== null && sameRecord(current, record)) {
        report.unchanged++;
        return;
      }
      if (current !== null) {
        report.conflicting++;
        if (report.conflictSamples.length < 20) report.conflictSamples.push(record.wallet);
      }
      toWrite.push(record);
    });
  }
  if (options.dryRun || (report.conflicting > 0 && !options.overwrite)) {
    report.aborted = true;
    return report;
  }
  for (let i = 0; i < toWrite.length; i += batch) {
    const slice = toWrite.slice(i, i + batch);
    await target.putWallets(slice);
    report.written += slice.length;
    options.onProgress?.(`wrote ${report.written} of ${toWrite.length} records`);
  }
  return report;
}

const MERGE_RULE: Record<"referral" | "refcount" | "user" | "leaderboard", string> = {
  referral: "the earliest createdAt is the relationship",
  refcount: "counts add up",
  user: "earliest completion per task, latest check-in, nft_mint if any",
  leaderboard: "scores add up",
};

/** A code several imported wallets share stays with the one the legacy refcode index named (else the earliest). */
function keepLegacyCodeOwners(
  records: WalletRecord[],
  drafts: Map<string, Draft>,
  flag: (kind: InconsistencyKind, subject: string, detail: string) => void,
): void {
  const byCode = new Map<string, WalletRecord[]>();
  for (const record of records) {
    const code = refCodeOf(record.wallet);
    const group = byCode.get(code);
    if (group) group.push(record);
    else byCode.set(code, [record]);
  }
  for (const [code, group] of byCode) {
    if (group.length < 2) continue;
    const owner = group.find((r) => drafts.get(r.wallet)?.ownsCodeInLegacy) ?? null;
    const others = group.filter((r) => r !== owner);
    if (owner) {
      const firstOther = Math.min(...others.map((r) => r.createdAt));
      if (owner.createdAt >= firstOther) owner.createdAt = Math.max(0, firstOther - 1);
      if (owner.createdAt >= firstOther) {
        // cannot go below 0: push the others after it instead
        for (const r of others) r.createdAt = Math.max(r.createdAt, owner.createdAt + 1);
      }
      if (owner.entry && owner.entry.reachedAt < owner.createdAt) owner.entry.reachedAt = owner.createdAt;
      for (const r of others) if (r.entry && r.entry.reachedAt < r.createdAt) r.entry.reachedAt = r.createdAt;
    }
    flag(
      "shared-code",
      code,
      `${group.length} wallets share refCode ${code} (${group.map((r) => r.wallet).join(", ")}); ` +
        `${owner ? `${owner.wallet} keeps it, as refcode:${code} said` : "the earliest known keeps it"}`,
    );
  }
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

function sameRecord(a: WalletRecord, b: WalletRecord): boolean {
  return (
    a.wallet === b.wallet &&
    a.createdAt === b.createdAt &&
    a.referrer === b.referrer &&
    a.referredAt === b.referredAt &&
    a.referralsCount === b.referralsCount &&
    (a.entry === null ? b.entry === null : b.entry !== null && a.entry.score === b.entry.score && a.entry.reachedAt === b.entry.reachedAt) &&
    a.checkInLast === b.checkInLast &&
    SOCIAL_TASK_IDS.every((id) => a.social[id] === b.social[id]) &&
    a.nftMint === b.nftMint
  );
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
