/**
 * The moderation part of `npm run chaos` (issue #17): during the load an admin disqualifies a
 * referrer with cascade at a few points, through the real admin API, and a few seconds later puts
 * some of it back; after the load every acknowledged action must be what the API, the ban list
 * and the audit log say.
 *
 * The expected state is rebuilt from the acknowledged answers alone: a `disqualified` list takes
 * wallets out (those after the named one via it), a `reinstated` list brings them back. An action
 * that was not answered 200 is sent again once the API is healthy, as an admin would. The store
 * may have applied the first attempt before the connection dropped, so from then on the audit log
 * may hold one entry more than was acknowledged and the answers may leave out wallets an earlier
 * attempt already changed: the checks that assume otherwise are skipped once that has happened.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { adminWalletResponse } from "@/lib/contract/admin-schemas";
import { adminAuditResponse, disqualificationSchema, disqualifyResponse, reinstateResponse, type AuditEntryJson } from "@/lib/contract/moderation-schemas";
import { leaderboardEntrySchema } from "@/lib/contract/schemas";
import { MAX_AUDIT_PAGE, MAX_CASCADE } from "@/lib/domain/moderation";
import { rewardsJsonExportSchema } from "@/lib/contract/rewards-export-schemas";

type Status = number | "hang" | "network";

export interface ModerationDeps {
  baseUrl: string;
  token: string;
  /** The load's request: counted with it, and judged by it (anything but 200 or the generic 500 is off-contract). */
  call: (method: "GET" | "POST", path: string, body?: unknown, headers?: Record<string, string>) => Promise<{ status: Status; body: unknown }>;
  waitHealthy: (deadlineMs: number) => Promise<boolean>;
  /** The referrer of an acknowledged referral, at random; undefined while there is none. */
  randomReferrer: () => string | undefined;
  log: (message: string) => void;
  requestBoundMs: number;
}

interface AcknowledgedAction {
  action: "disqualify" | "reinstate";
  wallet: string;
  /** The answer's `disqualified` / `reinstated` list. */
  wallets: string[];
  audit: AuditEntryJson;
}

export interface ModerationRun {
  actions: AcknowledgedAction[];
  /** Attempts not answered 200 (a 500 during an outage, a hang); each was sent again. */
  unacknowledged: number;
  /** Scheduled actions that never got a 200, or points where no referrer could be picked. */
  missed: string[];
  /** Wallets out now, each with the referrer whose cascade took it (null: named itself). */
  out: Map<string, string | null>;
  /** Wallets an acknowledged reinstatement brought back and nothing has taken out since. */
  back: Set<string>;
  /** Acknowledged answers that disagree with the ones before them, or with their documented shape. */
  contradicted: string[];
}

export const createModerationRun = (): ModerationRun => ({ actions: [], unacknowledged: 0, missed: [], out: new Map(), back: new Set(), contradicted: [] });

/** Attempts per action; every failed one waits for the API to be healthy again first. */
const ATTEMPTS = 5;
/** Referrers looked up per point, and how many of them may fail (too many referees, a failed lookup). */
const CANDIDATES = 5;
const PICKS = 20;

const auth = (deps: ModerationDeps) => ({ authorization: `Bearer ${deps.token}` });

/**
 * `count` moderation points spread evenly over the load. At each, a referrer with acknowledged
 * referees is disqualified with cascade; a few seconds later one wallet comes back, alternately a
 * referee of that cascade alone (its referrer stays out) and the earliest referrer still out with
 * what remains of its cascade. So at the end some wallets are out and some are back.
 */
export async function runModerations(deps: ModerationDeps, run: ModerationRun, startedAt: number, durationMs: number, count: number): Promise<void> {
  const gap = durationMs / (count + 1);
  const settleMs = Math.min(5_000, gap / 2);
  const named: string[] = [];
  for (let k = 1; k <= count; k++) {
    await sleep(Math.max(0, startedAt + k * gap - Date.now()));
    const referrer = await pickReferrer(deps, run);
    if (referrer === undefined) {
      run.missed.push(`point ${k}: no referrer with 1 to ${MAX_CASCADE} referees found`);
      continue;
    }
    const taken = await disqualify(deps, run, referrer);
    if (taken === undefined) continue;
    named.push(referrer);
    await sleep(settleMs);
    const referees = taken.filter((wallet) => run.out.get(wallet) === referrer);
    const target = k % 2 === 1 ? (referees[Math.floor(Math.random() * referees.length)] ?? referrer) : named.find((wallet) => run.out.get(wallet) === null);
    if (target !== undefined) await reinstate(deps, run, target);
  }
}

/**
 * A referrer of an acknowledged referral, never moderated, whose cascade the API takes in one
 * step: of a few such, the one with the most referees, so that a cascade takes more than one.
 */
async function pickReferrer(deps: ModerationDeps, run: ModerationRun): Promise<string | undefined> {
  let best: { wallet: string; referees: number } | undefined;
  for (let i = 0, found = 0; i < PICKS && found < CANDIDATES; i++) {
    const wallet = deps.randomReferrer();
    if (wallet === undefined || wallet === best?.wallet || run.out.has(wallet) || run.back.has(wallet)) continue;
    const res = await deps.call("GET", `/api/admin/wallet?wallet=${wallet}`, undefined, auth(deps));
    const report = res.status === 200 ? adminWalletResponse.safeParse(res.body) : undefined;
    if (report === undefined) {
      await deps.waitHealthy(30_000);
      continue;
    }
    if (!report.success) {
      run.contradicted.push(`GET /api/admin/wallet of ${wallet}: answer not as documented: ${report.error.message.slice(0, 200)}`);
      return undefined;
    }
    // More than MAX_CASCADE is the documented 400: a refusal, not what this run exercises.
    const referees = report.data.referees.total;
    if (referees === 0 || referees > MAX_CASCADE || report.data.disqualification !== null) continue;
    found++;
    if (referees > (best?.referees ?? 0)) best = { wallet, referees };
  }
  return best?.wallet;
}

/** POSTs until a 200 (ATTEMPTS at most) and parses the answer; undefined when none came. */
async function acknowledge<T>(deps: ModerationDeps, run: ModerationRun, path: string, body: object, schema: z.ZodType<T>): Promise<T | undefined> {
  const what = `POST ${path} ${JSON.stringify(body)}`;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const res = await deps.call("POST", path, body, auth(deps));
    if (res.status === 200) {
      const answer = schema.safeParse(res.body);
      if (answer.success) return answer.data;
      run.contradicted.push(`${what}: answer not as documented: ${answer.error.message.slice(0, 200)}`);
      return undefined;
    }
    run.unacknowledged++;
    deps.log(`moderation: ${what} answered ${res.status} (attempt ${attempt})`);
    // call() has already counted any other refusal as off-contract; sending it again would not change it.
    if (typeof res.status === "number" && res.status !== 500) break;
    if (!(await deps.waitHealthy(30_000))) break;
  }
  run.missed.push(`${what}: no 200 in ${ATTEMPTS} attempts`);
  return undefined;
}

async function disqualify(deps: ModerationDeps, run: ModerationRun, wallet: string): Promise<string[] | undefined> {
  const answer = await acknowledge(deps, run, "/api/admin/wallets/disqualify", { wallet, reason: "chaos run: farmed referrals", cascade: true }, disqualifyResponse);
  if (answer === undefined) return undefined;
  run.actions.push({ action: "disqualify", wallet, wallets: answer.disqualified, audit: answer.audit });
  // The wallet was picked while not out, so this step takes it, unless a lost attempt of it already did.
  if (run.unacknowledged === 0 && answer.disqualified[0] !== wallet) {
    run.contradicted.push(`disqualify ${wallet}: it was not out, but the answer does not name it first: ${JSON.stringify(answer.disqualified).slice(0, 300)}`);
  }
  // A wallet the answer leaves out was already out: a retried attempt or an earlier cascade took it.
  if (!run.out.has(wallet)) run.out.set(wallet, null);
  run.back.delete(wallet);
  for (const referee of answer.disqualified) {
    if (referee === wallet) continue;
    run.out.set(referee, wallet);
    run.back.delete(referee);
  }
  deps.log(`moderation: disqualified ${wallet} with cascade: ${answer.disqualified.length} wallets out (audit #${answer.audit.id})`);
  return answer.disqualified;
}

async function reinstate(deps: ModerationDeps, run: ModerationRun, wallet: string): Promise<void> {
  const expected = [wallet, ...[...run.out].filter(([, via]) => via === wallet).map(([referee]) => referee)];
  const answer = await acknowledge(deps, run, "/api/admin/wallets/reinstate", { wallet }, reinstateResponse);
  if (answer === undefined) return;
  run.actions.push({ action: "reinstate", wallet, wallets: answer.reinstated, audit: answer.audit });
  if (run.unacknowledged === 0 && (answer.reinstated[0] !== wallet || !sameSet(answer.reinstated, expected))) {
    run.contradicted.push(`reinstate ${wallet}: expected ${expected.length} wallets back (it and its cascade), answered ${JSON.stringify(answer.reinstated).slice(0, 300)}`);
  }
  // A lost attempt may have brought them back already, and then the answer names none of them.
  for (const back of new Set([...expected, ...answer.reinstated])) {
    run.out.delete(back);
    run.back.add(back);
  }
  deps.log(`moderation: reinstated ${wallet}: ${answer.reinstated.length} wallets back (audit #${answer.audit.id})`);
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

export interface ModerationCheck {
  /** Wallets whose state was read back through the API. */
  checked: number;
  auditEntries: number;
  mismatches: string[];
}

/** Reads every wallet an acknowledged action touched, the rewards export, the ban list and the audit log back through the API. */
export async function verifyModerations(deps: ModerationDeps, run: ModerationRun): Promise<ModerationCheck> {
  const mismatches: string[] = [];
  const get = async <T>(path: string, schema: z.ZodType<T>): Promise<T> => {
    // Longer than one request's bound: the rewards export streams the whole board.
    const res = await fetch(deps.baseUrl + path, { headers: auth(deps), signal: AbortSignal.timeout(deps.requestBoundMs * 4) });
    if (res.status !== 200) throw new Error(`verification request ${path} answered ${res.status}`);
    return schema.parse(await res.json());
  };
  const certain = run.unacknowledged === 0;

  // Before any rank lookup: GET /api/leaderboard/user creates the entry of a wallet that has none.
  const rewarded = new Set((await get("/api/admin/rewards?format=json", rewardsJsonExportSchema)).rows.map((row) => row.wallet));
  const banList = new Map(
    (await get("/api/admin/disqualified?format=json", z.object({ disqualified: z.array(disqualificationSchema) }))).disqualified.map((row) => [row.wallet, row]),
  );
  const wallets = [...run.out.keys(), ...run.back];
  for (let i = 0; i < wallets.length; i += 8) {
    await Promise.all(
      wallets.slice(i, i + 8).map(async (wallet) => {
        const isOut = run.out.has(wallet);
        const report = await get(`/api/admin/wallet?wallet=${wallet}`, adminWalletResponse);
        const { rank } = await get(`/api/leaderboard/user?wallet=${wallet}`, leaderboardEntrySchema);
        const problems: string[] = [];
        if (isOut) {
          if (report.disqualification === null) problems.push("no disqualification");
          else if (certain && report.disqualification.via !== run.out.get(wallet)) problems.push(`via ${report.disqualification.via}, expected ${run.out.get(wallet)}`);
          if (!banList.has(wallet)) problems.push("not in the ban list");
          if (rewarded.has(wallet)) problems.push("in the rewards export");
          if (rank !== 0) problems.push(`rank ${rank}`);
        } else {
          if (report.disqualification !== null) problems.push(`still disqualified (${JSON.stringify(report.disqualification)})`);
          if (banList.has(wallet)) problems.push("in the ban list");
          if (report.score > 0 && !rewarded.has(wallet)) problems.push(`score ${report.score} but not in the rewards export`);
          if (rank === 0) problems.push("rank 0");
        }
        if (problems.length > 0) mismatches.push(`${isOut ? "disqualified" : "reinstated"} ${wallet}: ${problems.join(", ")}`);
      }),
    );
  }
  // Only an attempt whose answer was lost can have taken out a wallet the answers never named.
  if (certain && banList.size !== run.out.size) mismatches.push(`ban list holds ${banList.size} wallets, the acknowledged actions leave ${run.out.size} out`);

  const audit = await get(`/api/admin/audit?limit=${MAX_AUDIT_PAGE}`, adminAuditResponse);
  const byId = new Map(audit.entries.map((entry) => [entry.id, entry]));
  for (const { action, wallet, audit: answered } of run.actions) {
    const logged = byId.get(answered.id);
    if (JSON.stringify(logged) !== JSON.stringify(answered)) mismatches.push(`${action} ${wallet}: answered audit ${JSON.stringify(answered)}, logged ${JSON.stringify(logged) ?? "nothing"}`);
  }
  const acknowledged = run.actions.length;
  if (audit.total < acknowledged || audit.total > acknowledged + run.unacknowledged) {
    mismatches.push(`audit log holds ${audit.total} entries for ${acknowledged} acknowledged actions (${run.unacknowledged} attempts unanswered)`);
  }
  return { checked: wallets.length, auditEntries: audit.total, mismatches };
}

/** The figures of the summary. */
export function summariseModeration(run: ModerationRun, check: ModerationCheck) {
  const of = (action: AcknowledgedAction["action"]) => run.actions.filter((a) => a.action === action);
  const count = (actions: AcknowledgedAction[]) => actions.reduce((sum, a) => sum + a.wallets.length, 0);
  return {
    acknowledged: { disqualify: of("disqualify").length, reinstate: of("reinstate").length },
    unacknowledgedAttempts: run.unacknowledged,
    walletsDisqualified: count(of("disqualify")),
    walletsReinstated: count(of("reinstate")),
    disqualifiedAtEnd: run.out.size,
    reinstatedAtEnd: run.back.size,
    walletsChecked: check.checked,
    auditEntries: check.auditEntries,
    missed: run.missed,
    contradicted: run.contradicted,
    mismatches: check.mismatches.length,
    mismatchSamples: check.mismatches.slice(0, 10),
    actions: run.actions.map((a) => ({ action: a.action, wallet: a.wallet, auditId: a.audit.id, wallets: a.wallets })),
  };
}

/** The summary's line (and the problems under it). */
export function formatModeration(m: ReturnType<typeof summariseModeration>): string {
  const problems = [...m.missed, ...m.contradicted, ...m.mismatchSamples];
  return (
    `${m.acknowledged.disqualify} disqualifications, ${m.acknowledged.reinstate} reinstatements acknowledged (attempts not acknowledged, sent again: ${m.unacknowledgedAttempts}); ` +
    `${m.walletsDisqualified} wallets taken out, ${m.walletsReinstated} put back; at the end ${m.disqualifiedAtEnd} out, ${m.reinstatedAtEnd} back, ` +
    `${m.walletsChecked} read back with ${m.mismatches} mismatches; audit log ${m.auditEntries} entries${problems.length ? `\n    ${problems.join("\n    ")}` : ""}`
  );
}
