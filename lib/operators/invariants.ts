/**
 * The consistency rules of the stored data, checked by streaming a OperatorStore.
 * The promise behind them: a confirmed reward is never lost or counted twice.
 *
 *   score-mismatch     a leaderboard entry's score is not its referral points (scoreOf: referralsCount, and
 *                      being referred if that referral is credited, not pending) + its quest points
 *   missing-entry      that sum is above 0 and the wallet has no leaderboard entry
 *                      (an entry with score 0 and no referral is legitimate: GET /api/leaderboard/user creates it)
 *   count-mismatch     referralsCount is not the number of referees bound to the wallet whose referral is
 *                      credited, or pendingReferrals not the number of those whose referral is pending
 *   unknown-referrer   referees are bound to a wallet that is not known
 *   self-referral      a wallet is bound to itself
 *   inactive-referrer  a wallet with referralsCount > 0 is not in the active-referrer set
 *   code-unresolved    a known wallet's refCode resolves to nobody
 *   code-wrong-owner   it resolves to a wallet that is unknown, has another code, or became known later
 *   orphan-entry       a leaderboard entry belongs to no known wallet
 *   referral-total     the store's referral total (readBoardOverview) is not the number of referees bound
 *   score-total        the store's score total (getCampaign) is not the sum of the known wallets' scores,
 *                      disqualified wallets aside (their held entries are kept out of it)
 *   referee-index      a referee is missing from its referrer's referees index (getWalletReport), or is
 *                      there with another referredAt; a Redis store from before the index lacks them all
 *   quest-ledger       a wallet's quest points are not the sum of its ledger, or its last completion of a
 *                      quest is not the time of that quest's latest ledger entry
 *   quest-completions  a quest's completions (readQuestCatalog) are not the number of ledger entries of it
 *
 * Cost: one scanWallets, one getCodeOwners and at most one areActiveReferrers and one
 * getRefereeIndex per page (plus a getWallets for the rare shared codes), then the
 * leaderboard-member scan, one readBoardOverview, one getCampaign and one readQuestCatalog; first, the ban list
 * (scanDisqualified), whose wallets it keeps in memory.
 * Memory: one page at a time, except the ban list, the ledger entries counted per quest (one number per quest
 * id) and `balance`, a map from referrer to (its declared
 * referralsCount and pendingReferrals - the credited and pending referees seen so far), dropped when both
 * return to 0. It holds the
 * referrers whose own record and referees have not all been seen yet: at worst every
 * distinct referrer (about 100 bytes each), in practice far fewer.
 *
 * The scan is not one snapshot. On a store taking writes, a referral recorded while the
 * scan runs can show as a count-mismatch of its referrer and as a referral-total or score-total; every
 * other rule reads facts that one atomic store operation writes together. For a definitive answer run it on a
 * quiescent store, or re-run it and compare.
 */
import { scoreOf } from "@/lib/domain/leaderboard";
import { DEFAULT_RULEBOOK, type ReferralPoints } from "@/lib/domain/rulebook";
import { refCodeOf } from "@/lib/domain/wallet";
import { ADMIN_BATCH_LIMIT, type Store, type OperatorStore, storedLedgerId, type WalletQuestRecord, type WalletRecord } from "@/lib/store/types";

export const VIOLATION_KINDS = [
  "score-mismatch",
  "missing-entry",
  "count-mismatch",
  "unknown-referrer",
  "self-referral",
  "inactive-referrer",
  "code-unresolved",
  "code-wrong-owner",
  "orphan-entry",
  "referral-total",
  "score-total",
  "referee-index",
  "quest-ledger",
  "quest-completions",
] as const;
export type ViolationKind = (typeof VIOLATION_KINDS)[number];

export interface Violation {
  kind: ViolationKind;
  /** The wallet (or leaderboard member) the rule is broken for; empty for the store-wide totals. */
  wallet: string;
  detail: string;
}

export interface InvariantReport {
  /** Known wallets scanned. */
  wallets: number;
  /** Known wallets with a leaderboard entry. */
  entries: number;
  /** Referees bound to a referrer. */
  referrals: number;
  violations: number;
  byKind: Record<ViolationKind, number>;
  /** The first violations found, at most `sampleSize`. */
  samples: Violation[];
  /** Largest size of the per-referrer balance map: what grows with the number of wallets. */
  peakOpenReferrers: number;
}

export interface CheckOptions {
  /** Wallets per scan page (default 500; at most ADMIN_BATCH_LIMIT). */
  pageSize?: number;
  /** How many violations the report keeps as samples (default 100); all are counted. */
  sampleSize?: number;
  /** Called for every violation as it is found, e.g. to print them all. */
  onViolation?: (violation: Violation) => void;
  /** Called after each page with the number of wallets scanned so far. */
  onProgress?: (wallets: number) => void;
  /** The points of a credited referral the scores were written under (default: DEFAULT_RULEBOOK's). */
  points?: ReferralPoints;
}

/** Scans the whole store and reports every broken rule. Store errors propagate: a failed check is not a clean one. */
export async function checkInvariants(
  admin: OperatorStore & Pick<Store, "readBoardOverview" | "getCampaign" | "scanDisqualified" | "readQuestCatalog">,
  options: CheckOptions = {},
): Promise<InvariantReport> {
  const pageSize = Math.min(options.pageSize ?? 500, ADMIN_BATCH_LIMIT);
  const sampleSize = options.sampleSize ?? 100;
  const byKind = Object.fromEntries(VIOLATION_KINDS.map((k) => [k, 0])) as Record<ViolationKind, number>;
  const report: InvariantReport = { wallets: 0, entries: 0, referrals: 0, violations: 0, byKind, samples: [], peakOpenReferrers: 0 };

  const flag = (kind: ViolationKind, wallet: string, detail: string) => {
    const violation = { kind, wallet, detail };
    report.violations++;
    byKind[kind]++;
    if (report.samples.length < sampleSize) report.samples.push(violation);
    options.onViolation?.(violation);
  };

  // referrer -> declared counts (once its record is seen) minus the referees seen bound to it, credited and pending apart
  const balance = new Map<string, Open>();
  const settle = (wallet: string, credited: number, pending: number) => {
    const open = balance.get(wallet) ?? { credited: 0, pending: 0 };
    const next = { credited: open.credited + credited, pending: open.pending + pending };
    if (next.credited === 0 && next.pending === 0) balance.delete(wallet);
    else balance.set(wallet, next);
  };

  const disqualified = new Set<string>();
  let cursor = "0";
  do {
    const page = await admin.scanDisqualified(cursor, pageSize);
    cursor = page.cursor;
    for (const row of page.rows) disqualified.add(row.wallet);
  } while (cursor !== "0");

  let scoreTotal = 0;
  // quest id -> ledger entries of it seen so far, compared with the catalog's completions at the end
  const completions = new Map<string, number>();
  do {
    const page = await admin.scanWallets(cursor, pageSize);
    cursor = page.cursor;
    const records = page.records;
    report.wallets += records.length;

    for (const record of records) {
      checkScore(record, options.points ?? DEFAULT_RULEBOOK.referral, flag);
      if (record.quests) checkLedger(record.wallet, record.quests, completions, flag);
      if (record.entry) {
        report.entries++;
        if (!disqualified.has(record.wallet)) scoreTotal += record.entry.score;
      }
      if (record.referralsCount !== 0 || record.pendingReferrals) settle(record.wallet, record.referralsCount, record.pendingReferrals ?? 0);
      if (record.referrer !== null) {
        report.referrals++;
        if (record.referrer === record.wallet) flag("self-referral", record.wallet, "the wallet is its own referrer");
        if (record.referralPending) settle(record.referrer, 0, -1);
        else settle(record.referrer, -1, 0);
      }
    }
    report.peakOpenReferrers = Math.max(report.peakOpenReferrers, balance.size);

    await checkActive(admin, records, flag);
    await checkRefereeIndex(admin, records, flag);
    await checkCodes(admin, records, flag);
    options.onProgress?.(report.wallets);
  } while (cursor !== "0");

  await checkCounts(admin, balance, pageSize, flag);

  cursor = "0";
  do {
    const page = await admin.scanLeaderboardMembers(cursor, pageSize);
    cursor = page.cursor;
    for (const wallet of page.wallets) flag("orphan-entry", wallet, "leaderboard entry of a wallet that is not known");
  } while (cursor !== "0");

  const { referrals } = await admin.readBoardOverview(0);
  if (referrals !== report.referrals) {
    flag("referral-total", "", `the store counts ${referrals} referrals, ${report.referrals} referee(s) are bound`);
  }
  // Any day will do: only the total is read.
  const { totalScore } = await admin.getCampaign(0, 0, []);
  if (totalScore !== scoreTotal) {
    flag("score-total", "", `the store's score total is ${totalScore}, the known wallets' scores sum to ${scoreTotal}`);
  }

  const catalog = await admin.readQuestCatalog();
  for (const id of new Set([...completions.keys(), ...Object.keys(catalog.completions)])) {
    const counted = catalog.completions[id] ?? 0;
    const entries = completions.get(id) ?? 0;
    if (counted !== entries) flag("quest-completions", "", `quest ${id} counts ${counted} completion(s), the ledgers hold ${entries}`);
  }

  return report;
}

type Flag = (kind: ViolationKind, wallet: string, detail: string) => void;

/** A referrer's declared counts minus the referees seen so far. */
type Open = { credited: number; pending: number };

function checkScore(record: WalletRecord, points: ReferralPoints, flag: Flag): void {
  const credited = record.referrer !== null && !record.referralPending;
  const questPoints = record.quests?.points ?? 0;
  const expected = scoreOf(record.referralsCount, credited, points) + questPoints;
  if (record.entry === null) {
    if (expected > 0) flag("missing-entry", record.wallet, `score should be ${expected} but the wallet has no leaderboard entry`);
  } else if (record.entry.score !== expected) {
    flag(
      "score-mismatch",
      record.wallet,
      `leaderboard score ${record.entry.score}, expected ${expected} (referralsCount ${record.referralsCount}` +
        `${credited ? " + 1 for being referred" : record.referrer !== null ? ", its own referral pending" : ""}` +
        `${questPoints > 0 ? `, ${questPoints} quest points` : ""})`,
    );
  }
}

/**
 * The ledger is what creditAction (and a task's credit) appended with each credit: it sums to the quest
 * points, and its quest and action entries end at each last credit (an action's kept as `action:<id>`).
 * A task's entries have no last credit of the quest side; only a quest's count its completions.
 */
function checkLedger(wallet: string, quests: WalletQuestRecord, completions: Map<string, number>, flag: Flag): void {
  let sum = 0;
  const latest = new Map<string, number>();
  for (const entry of quests.ledger) {
    sum += entry.points;
    if (entry.source === "task") continue;
    const id = storedLedgerId(entry);
    latest.set(id, Math.max(latest.get(id) ?? 0, entry.at));
    if (entry.source === "quest") completions.set(entry.questId, (completions.get(entry.questId) ?? 0) + 1);
  }
  if (sum !== quests.points) {
    flag("quest-ledger", wallet, `quest points ${quests.points}, the ledger's ${quests.ledger.length} entries sum to ${sum}`);
  }
  for (const id of new Set([...latest.keys(), ...Object.keys(quests.lastCompleted)])) {
    const last = quests.lastCompleted[id];
    if (last !== latest.get(id)) {
      flag("quest-ledger", wallet, `last completion of ${id} at ${last ?? "never"}, its latest ledger entry at ${latest.get(id) ?? "none"}`);
    }
  }
}

async function checkActive(admin: OperatorStore, records: WalletRecord[], flag: Flag): Promise<void> {
  const referrers = records.filter((r) => r.referralsCount > 0);
  const active = await inBatches(referrers.map((r) => r.wallet), (batch) => admin.areActiveReferrers(batch));
  referrers.forEach((r, i) => {
    if (!active[i]) flag("inactive-referrer", r.wallet, `referralsCount ${r.referralsCount} but not in the active-referrer set`);
  });
}

/** Each bound referee must be in its referrer's referees index, under its referredAt (0 when it has none). */
async function checkRefereeIndex(admin: OperatorStore, records: WalletRecord[], flag: Flag): Promise<void> {
  const referees = records.filter((r): r is WalletRecord & { referrer: string } => r.referrer !== null);
  const pairs = referees.map((r) => ({ referrer: r.referrer, referee: r.wallet }));
  const indexed = await inBatches(pairs, (batch) => admin.getRefereeIndex(batch));
  referees.forEach((r, i) => {
    const at = indexed[i] ?? null;
    if (at === null) flag("referee-index", r.wallet, `missing from the referees index of its referrer ${r.referrer}`);
    else if (at !== (r.referredAt ?? 0)) {
      flag("referee-index", r.wallet, `in the referees index of ${r.referrer} at ${at}, referred at ${r.referredAt}`);
    }
  });
}

/**
 * Each wallet's code must resolve to a known wallet with that code that was not known later
 * than this one. Checked from every wallet, this makes the owner the first wallet known with
 * the code: if an earlier wallet lost it, that wallet's own check sees a later owner.
 * Equal createdAt seconds are not ordered: either wallet may legitimately hold the code.
 */
async function checkCodes(admin: OperatorStore, records: WalletRecord[], flag: Flag): Promise<void> {
  const owners = await inBatches(records.map((r) => refCodeOf(r.wallet)), (batch) => admin.getCodeOwners(batch));
  const shared: { record: WalletRecord; owner: string }[] = [];
  records.forEach((record, i) => {
    const owner = owners[i] ?? null;
    const code = refCodeOf(record.wallet);
    if (owner === null) flag("code-unresolved", record.wallet, `refCode ${code} resolves to no wallet`);
    else if (refCodeOf(owner) !== code) flag("code-wrong-owner", record.wallet, `refCode ${code} resolves to ${owner}, whose code differs`);
    else if (owner !== record.wallet) shared.push({ record, owner });
  });
  if (shared.length === 0) return;
  const ownerWallets = [...new Set(shared.map((s) => s.owner))];
  const ownerRecords = new Map(ownerWallets.map((w, i) => [w, i]));
  const fetched = await inBatches(ownerWallets, (batch) => admin.getWallets(batch));
  for (const { record, owner } of shared) {
    const ownerRecord = fetched[ownerRecords.get(owner) ?? -1] ?? null;
    const code = refCodeOf(record.wallet);
    if (ownerRecord === null) {
      flag("code-wrong-owner", record.wallet, `refCode ${code} resolves to ${owner}, which is not a known wallet`);
    } else if (ownerRecord.createdAt > record.createdAt) {
      flag(
        "code-wrong-owner",
        record.wallet,
        `refCode ${code} resolves to ${owner}, known at ${ownerRecord.createdAt}, after this wallet (${record.createdAt})`,
      );
    }
  }
}

/** What is left in the balance after the scan: referrers whose count and referees disagree. */
async function checkCounts(admin: OperatorStore, balance: Map<string, Open>, pageSize: number, flag: Flag): Promise<void> {
  let batch: [string, Open][] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const records = await admin.getWallets(batch.map(([wallet]) => wallet));
    batch.forEach(([wallet, open], i) => {
      const record = records[i] ?? null;
      if (record === null) {
        flag("unknown-referrer", wallet, `${-(open.credited + open.pending)} referee(s) bound to a wallet that is not known`);
      } else {
        // open = declared - bound; the record is read again, so under live writes this is approximate.
        const pending = record.pendingReferrals ?? 0;
        flag(
          "count-mismatch",
          wallet,
          `referralsCount ${record.referralsCount} but ${record.referralsCount - open.credited} credited referee(s) bound to it` +
            (open.pending !== 0 ? `; pendingReferrals ${pending} but ${pending - open.pending} pending` : ""),
        );
      }
    });
    batch = [];
  };
  for (const entry of balance) {
    batch.push(entry);
    if (batch.length >= Math.min(pageSize, ADMIN_BATCH_LIMIT)) await flush();
  }
  await flush();
}

/**
 * One call per ADMIN_BATCH_LIMIT items, results in order: a Redis scan page may hold a few
 * more records than asked for, and OperatorStore refuses larger batches.
 */
async function inBatches<T, R>(items: T[], call: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += ADMIN_BATCH_LIMIT) results.push(...(await call(items.slice(i, i + ADMIN_BATCH_LIMIT))));
  return results;
}
