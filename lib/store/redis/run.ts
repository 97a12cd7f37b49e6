/**
 * Runs the store's Lua scripts: one script per atomic operation, kept as data files in
 * ./scripts/<concern>/ (inputs named at the top of each). The functions scripts share live in
 * ./scripts/lib/<piece>.lua; a script's first line `-- uses: a, b` names the pieces it calls, and it
 * runs with those in front, each after the pieces it names itself, each once. Scripts go as EVALSHA; on NOSCRIPT (cache flushed, server restarted, failover)
 * the same call is sent as EVAL, which also caches the script again.
 * Files are read once at module load from the repo root (process.cwd(): where vitest and
 * `next start` run; Next's output file tracing follows `path.join(process.cwd(), <literal>)`).
 */
import "server-only";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { isNoScriptError, type RedisCommandClient } from "@/lib/store/redis/client";
import { list } from "@/lib/store/redis/reply";

const SCRIPT_DIR = path.join(process.cwd(), "lib/store/redis/scripts");

/** Every script, by the concern (folder) that owns it. */
const SCRIPT_FOLDERS = {
  wallets: ["register-wallet", "get-wallet-state"],
  referrals: ["get-referral-info", "resolve-ref-code", "get-referrer", "record-referral", "credit-referral"],
  tasks: ["check-in", "complete-social-task", "mark-nft-mint"],
  leaderboard: ["read-board-overview", "get-rank-or-create", "read-board", "get-around"],
  "code-index": ["rebuild-codes-begin", "rebuild-codes-batch", "rebuild-codes-finish"],
  access: ["create-nonce", "consume-nonce", "hit-rate-limits"],
  analytics: ["count-visit", "get-visits", "get-campaign", "get-top-referrers", "get-wallet-report"],
  moderation: ["disqualify", "disqualify-many", "reinstate", "get-disqualifications", "scan-disqualified", "get-audit-log"],
  signals: ["get-suspicious-referrers", "get-referrer-signals"],
  notifications: [
    "save-notification-target",
    "remove-notification-target",
    "link-farcaster",
    "get-linked-fid",
    "claim-notification",
    "take-reminder-batch",
    "record-notification-outcome",
    "get-notification-stats",
  ],
  payouts: [
    "stage-payout-plan",
    "put-payout-allocations",
    "put-payout-nodes",
    "publish-payout-plan",
    "list-payout-plans",
    "read-payout-allocations",
    "read-payout-nodes",
    "record-payout-distributor",
    "get-claims",
  ],
  quests: ["read-quests", "read-quest-catalog", "create-quest", "replace-quest", "import-quests", "set-task-points", "credit-action", "get-quest-ledger"],
  operator: [
    "put-wallets",
    "get-wallets",
    "scan-wallets",
    "count-leaderboard",
    "get-code-owners",
    "are-active-referrers",
    "scan-leaderboard-members",
    "get-referee-index",
    "read-board-page",
  ],
  webhooks: [
    "create-webhook-endpoint",
    "list-webhook-endpoints",
    "delete-webhook-endpoint",
    "set-webhook-endpoint-enabled",
    "queue-webhook-test",
    "take-due-deliveries",
    "record-webhook-attempt",
    "list-webhook-deliveries",
    "has-webhook-endpoints",
    "count-webhook-events",
  ],
} as const;

export type ScriptName = (typeof SCRIPT_FOLDERS)[keyof typeof SCRIPT_FOLDERS][number];

export interface Script {
  name: ScriptName;
  /** The text Redis runs: the pieces the script uses, then the script file. */
  text: string;
  /** SHA1 of `text`, the EVALSHA handle. */
  sha: string;
}

export function sha1(text: string): string {
  return createHash("sha1").update(text, "utf8").digest("hex");
}

function load(file: string): string {
  return readFileSync(path.join(SCRIPT_DIR, `${file}.lua`), "utf8");
}

/** The pieces a Lua file names on its first line (`-- uses: a, b`); none without that line. */
export function usesOf(text: string): string[] {
  const names = /^-- uses: (.+)\n/.exec(text)?.[1];
  return names === undefined ? [] : names.split(",").map((name) => name.trim());
}

/** The text of `pieces` and of what they use in turn, each piece after its own, each once. */
export function assemble(pieces: readonly string[], read: (piece: string) => string): string[] {
  const out: string[] = [];
  const placed = new Set<string>();
  function place(piece: string, chain: readonly string[]) {
    if (placed.has(piece)) return;
    if (chain.includes(piece)) throw new Error(`Lua pieces use each other: ${[...chain, piece].join(" -> ")}`);
    const text = read(piece);
    for (const used of usesOf(text)) place(used, [...chain, piece]);
    placed.add(piece);
    out.push(text);
  }
  for (const piece of pieces) place(piece, []);
  return out;
}

const pieceText = new Map<string, string>();
function piece(name: string): string {
  const text = pieceText.get(name) ?? load(`lib/${name}`);
  pieceText.set(name, text);
  return text;
}

export const SCRIPTS: Readonly<Record<ScriptName, Script>> = Object.fromEntries(
  Object.entries(SCRIPT_FOLDERS).flatMap(([folder, names]) =>
    names.map((name) => {
      const own = load(`${folder}/${name}`);
      const text = [...assemble(usesOf(own), piece), own].join("\n");
      return [name, { name, text, sha: sha1(text) }];
    }),
  ),
) as Record<ScriptName, Script>;

export const SCRIPT_NAMES = Object.keys(SCRIPTS) as ScriptName[];

export interface ScriptRunner {
  /** One round trip, two when the server has lost the script. */
  run(name: ScriptName, keys: string[], args: string[]): Promise<unknown>;
  /** run() for a script whose reply is a list of at least `minLength` elements. */
  runList(name: ScriptName, keys: string[], args: string[], minLength: number): Promise<unknown[]>;
}

export function scriptRunner(client: RedisCommandClient): ScriptRunner {
  async function run(name: ScriptName, keys: string[], args: string[]): Promise<unknown> {
    const script = SCRIPTS[name];
    try {
      return await client.evalsha(script.sha, keys, args);
    } catch (error) {
      if (!isNoScriptError(error)) throw error;
      return client.eval(script.text, keys, args);
    }
  }
  return {
    run,
    runList: async (name, keys, args, minLength) => list(await run(name, keys, args), name, minLength),
  };
}

/** Times, limits and cooldowns go to Redis as whole decimal numbers. */
export function whole(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`Expected a whole number, got ${value}`);
  return String(value);
}
