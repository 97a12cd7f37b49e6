/**
 * Import from the original app's Redis / Upstash keyspace (the app whose API docs/api.md keeps)
 * into any of our stores, through OperatorStore.putWallets, in steps: read every key, the
 * leaderboard and the referrer set into one draft per wallet (in memory); bind the
 * relationships; map each draft to a record; compare with the target; write.
 *
 * Source keys (wallets in any case; we lowercase them):
 *   referral:{referee}  JSON {referrer, createdAt: ISO}     the relationship
 *   refcode:{code}      wallet                              who owned a code
 *   refcount:{wallet}   integer                             referrals counted
 *   set:referrers       set of wallets                      active referrers
 *   leaderboard         sorted set, score per wallet
 *   user:{wallet}       JSON {steam: {fishing: {last}, add_app|follow|like_recast|comment: {completed, ts}}, tasks: {nft_mint}}
 *
 * The source is never written (legacy-source.ts: read-only commands only).
 *
 * Rules (docs/operators.md says them to operators; each departure is reported):
 * - Relationships are the facts. A referral key whose value is unreadable, names no valid
 *   referrer or names the referee itself is dropped. Case variants of one referee: the
 *   earliest createdAt wins (the first binding is the immutable one).
 * - referralsCount = the number of referees bound to the wallet; refcount:{wallet} is only
 *   compared with it (one source per figure: milestones follow the count).
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
import { DEFAULT_RULEBOOK } from "@/lib/domain/rulebook";
import { SOCIAL_TASK_IDS, type SocialTaskId } from "@/lib/domain/tasks";
import { refCodeOf } from "@/lib/domain/wallet";
import type { LegacySource } from "@/lib/operators/legacy-source";
import { ImportState, type Draft, type ImportReport, type Inconsistency } from "@/lib/operators/legacy-state";
import { readValue, type LegacyKeyPrefix } from "@/lib/operators/legacy-values";
import { ADMIN_BATCH_LIMIT, MAX_ENTRY_SCORE, type OperatorStore, type WalletRecord } from "@/lib/store/types";

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

export async function importLegacy(source: LegacySource, target: OperatorStore, options: ImportOptions = {}): Promise<ImportReport> {
  const batch = Math.min(options.batchSize ?? ADMIN_BATCH_LIMIT, ADMIN_BATCH_LIMIT);
  const state = new ImportState(options.onInconsistency);
  const { report } = state;
  await readStringKeys(source, state, batch, options.onProgress);
  await readLeaderboard(source, state, batch);
  await readReferrerSet(source, state, batch);
  bindRelationships(state);
  const records = mapRecords(state, options.scores ?? "max");
  keepLegacyCodeOwners(records, state);
  options.onProgress?.(`mapped ${records.length} wallets`);
  const toWrite = await recordsToWrite(target, records, report, batch);
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

const STRING_KEY = /^(referral|refcode|refcount|user):/;
const LEGACY_KEY = /^(referral|refcode|refcount|user):|^(leaderboard|set:referrers)$/;

/** Every key, one SCAN pass; the string values read page by page with one MGET. */
async function readStringKeys(source: LegacySource, state: ImportState, batch: number, onProgress: ImportOptions["onProgress"]) {
  const counts = state.report.source;
  let cursor = "0";
  do {
    const page = await source.scan(cursor, batch);
    cursor = page.cursor;
    const wanted = page.keys.filter((key) => STRING_KEY.test(key));
    counts.keys += page.keys.length;
    counts.otherKeys += page.keys.filter((key) => !LEGACY_KEY.test(key)).length;
    const values = await source.mget(wanted);
    wanted.forEach((key, i) => {
      const value = values[i] ?? null;
      const [prefix] = key.split(":", 1) as [LegacyKeyPrefix];
      counts[`${prefix}Keys`]++;
      if (value === null) return state.flag("wrong-type", key, "not a string value (or deleted during the scan); skipped");
      readValue(state, prefix, key, key.slice(prefix.length + 1), value);
    });
    onProgress?.(`scanned ${counts.keys} keys`);
  } while (cursor !== "0");
}

/** The legacy scores; case variants of one member add up, each capped at what the store can hold. */
async function readLeaderboard(source: LegacySource, state: ImportState, batch: number) {
  const { report, flag } = state;
  const type = await source.type("leaderboard");
  if (type === "none") return;
  if (type !== "zset") return flag("wrong-type", "leaderboard", `is a ${type}, not a sorted set; legacy scores are not read`);
  const seen = new Set<string>();
  let cursor = "0";
  do {
    const page = await source.zscan("leaderboard", cursor, batch);
    cursor = page.cursor;
    for (const [member, scoreText] of page.entries) {
      if (seen.has(member)) continue;
      seen.add(member);
      report.source.leaderboardMembers++;
      const subject = `leaderboard[${member}]`;
      const wallet = state.walletOfKey(subject, member);
      if (!wallet) continue;
      const score = Number(scoreText);
      report.legacyScoreTotal += Number.isFinite(score) ? score : 0;
      let points = Number.isFinite(score) ? Math.max(0, Math.ceil(score)) : 0;
      if (points !== score) flag("bad-score", subject, `score ${scoreText} is not a whole number >= 0; read as ${points}`);
      if (points > MAX_ENTRY_SCORE) {
        flag("bad-score", subject, `score ${points} is above the storable ${MAX_ENTRY_SCORE}; capped`);
        points = MAX_ENTRY_SCORE;
      }
      const d = state.draft(wallet);
      if (state.keyOf("leaderboard", wallet, member) === "variant") d.legacyScore = Math.min(MAX_ENTRY_SCORE, (d.legacyScore ?? 0) + points);
      else d.legacyScore = points;
    }
  } while (cursor !== "0");
}

/** Membership of set:referrers, only compared with the relationships. */
async function readReferrerSet(source: LegacySource, state: ImportState, batch: number) {
  const type = await source.type("set:referrers");
  if (type === "none") return;
  if (type !== "set") return state.flag("wrong-type", "set:referrers", `is a ${type}, not a set; ignored`);
  const seen = new Set<string>();
  let cursor = "0";
  do {
    const page = await source.sscan("set:referrers", cursor, batch);
    cursor = page.cursor;
    for (const member of page.members) {
      if (seen.has(member)) continue;
      seen.add(member);
      state.report.source.referrerSetMembers++;
      const wallet = state.walletOfKey(`set:referrers[${member}]`, member);
      if (wallet) {
        const d = state.draft(wallet);
        d.inReferrerSet = true;
        d.hasData = true;
      }
    }
  } while (cursor !== "0");
}

/** One relationship per referee (the earliest createdAt wins among case variants), then each referrer's counts. */
function bindRelationships(state: ImportState): void {
  const byTime = [...state.relationships].sort(
    (a, b) => (a.createdAt ?? Infinity) - (b.createdAt ?? Infinity) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  for (const r of byTime) {
    const referee = state.draft(r.referee);
    if (referee.referralKey !== null) continue; // a later case variant: reported when read
    referee.referrer = r.referrer;
    referee.referredAt = r.createdAt;
    referee.referralKey = r.key;
    const referrer = state.draft(r.referrer);
    referrer.referees++;
    if (r.createdAt !== null) {
      referrer.lastRefereeAt = Math.max(referrer.lastRefereeAt ?? 0, r.createdAt);
      referrer.firstRefereeAt = Math.min(referrer.firstRefereeAt ?? Infinity, r.createdAt);
    }
  }
  for (const owner of state.codeOwners.values()) if (owner) state.draft(owner).ownsCodeInLegacy = true;
}

function knownTimes(d: Draft): number[] {
  const times = [d.referredAt, d.firstRefereeAt, d.user?.checkInLast ?? null];
  for (const id of SOCIAL_TASK_IDS) times.push(d.user?.social[id]?.ts ?? null);
  return times.filter((t): t is number => t !== null);
}

/** One record per draft, by wallet; a wallet with no time at all gets the source's earliest, so re-runs agree. */
function mapRecords(state: ImportState, scoreRule: ScoreRule): WalletRecord[] {
  const { report } = state;
  let earliest = Infinity;
  for (const d of state.drafts.values()) for (const t of knownTimes(d)) earliest = Math.min(earliest, t);
  const fallbackTime = Number.isFinite(earliest) ? earliest : 0;
  const records: WalletRecord[] = [];
  for (const d of [...state.drafts.values()].sort((a, b) => (a.wallet < b.wallet ? -1 : 1))) {
    const times = knownTimes(d);
    const createdAt = times.length > 0 ? Math.min(...times) : fallbackTime;
    checkReferralFigures(state, d);
    const score = importedScore(state, d, scoreRule);
    records.push(recordOf(d, createdAt, score));
    report.referrals += d.referrer !== null ? 1 : 0;
    if (score !== null) {
      report.entries++;
      report.importedScoreTotal += score;
    }
  }
  report.wallets = records.length;
  return records;
}

/** refcount and set:referrers are only compared with the relationships, which decide. */
function checkReferralFigures({ flag }: ImportState, d: Draft): void {
  if (d.legacyCount !== null ? d.legacyCount !== d.referees : d.referees > 0) {
    flag("refcount-mismatch", d.wallet, `refcount ${d.legacyCount ?? "missing"} but ${d.referees} referee(s) bound to it; referralsCount = ${d.referees}`);
  }
  if (d.referees > 0 && !d.inReferrerSet) flag("referrer-not-in-set", d.wallet, `${d.referees} referee(s) but not in set:referrers; marked active`);
  if (d.referees === 0 && d.inReferrerSet) flag("inactive-referrer-in-set", d.wallet, "in set:referrers without any referee; not marked active");
}

/** The imported score (null: no entry) under the score rule, each departure from the legacy score reported. */
function importedScore({ flag }: ImportState, d: Draft, scoreRule: ScoreRule): number | null {
  // The legacy app scored every relationship as the default rulebook does.
  const expected = scoreOf(d.referees, d.referrer !== null, DEFAULT_RULEBOOK.referral);
  if (d.legacyScore === null) {
    if (expected === 0) return null;
    flag("missing-score", d.wallet, `no leaderboard entry but ${expected} point(s) of relationships; entry created with ${expected}`);
    return expected;
  }
  if (d.legacyScore < expected) {
    flag("score-below-relationships", d.wallet, `legacy score ${d.legacyScore} < ${expected} from relationships; raised to ${expected}`);
    return expected;
  }
  if (d.legacyScore === expected) return expected;
  const outcome = scoreRule === "max" ? "kept" : `set to ${expected}`;
  const withoutData = d.legacyScore > 0 && !d.hasData && expected === 0;
  if (withoutData) flag("entry-without-data", d.wallet, `leaderboard score ${d.legacyScore} and no other key; wallet imported, score ${outcome}`);
  else flag("score-above-relationships", d.wallet, `legacy score ${d.legacyScore} > ${expected} from relationships; ${outcome}`);
  return scoreRule === "max" ? d.legacyScore : expected;
}

function recordOf(d: Draft, createdAt: number, score: number | null): WalletRecord {
  const reachedAt = Math.max(d.referredAt ?? 0, d.lastRefereeAt ?? 0) || createdAt;
  const social = Object.fromEntries(
    SOCIAL_TASK_IDS.map((id) => {
      const task = d.user?.social[id];
      return [id, task?.completed ? (task.ts ?? createdAt) : null];
    }),
  ) as Record<SocialTaskId, number | null>;
  return {
    wallet: d.wallet,
    createdAt,
    referrer: d.referrer,
    referredAt: d.referrer !== null ? (d.referredAt ?? createdAt) : null,
    referralsCount: d.referees,
    entry: score === null ? null : { score, reachedAt: Math.max(reachedAt, createdAt) },
    checkInLast: d.user?.checkInLast ?? null,
    social,
    nftMint: d.user?.nftMint ?? false,
  };
}

/** A code several imported wallets share stays with the one the legacy refcode index named (else the earliest). */
function keepLegacyCodeOwners(records: WalletRecord[], { drafts, flag }: ImportState): void {
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

/** The records the target does not hold already, counting those it holds differently (conflicts). */
async function recordsToWrite(target: OperatorStore, records: WalletRecord[], report: ImportReport, batch: number): Promise<WalletRecord[]> {
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
  return toWrite;
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
