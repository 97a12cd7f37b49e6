/**
 * The Lua scripts of the Redis store, one per atomic operation, kept as data files in
 * ./scripts (inputs named at the top of each). Each runs with scripts/prelude.lua in front.
 * Read once at module load from the repo root (process.cwd(): where vitest and `next start`
 * run; Next's output file tracing follows `path.join(process.cwd(), <literal>)`).
 */
import "server-only";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

const SCRIPT_DIR = path.join(process.cwd(), "lib/store/redis/scripts");

export const SCRIPT_NAMES = [
  "register-wallet",
  "get-referral-info",
  "resolve-ref-code",
  "get-referrer",
  "record-referral",
  "get-wallet-state",
  "check-in",
  "complete-social-task",
  "mark-nft-mint",
  "get-leaderboard",
  "get-rank-or-create",
  "rebuild-codes-begin",
  "rebuild-codes-batch",
  "rebuild-codes-finish",
  "put-wallets",
  "get-wallets",
  "scan-wallets",
  "count-leaderboard",
  "get-code-owners",
  "are-active-referrers",
  "scan-leaderboard-members",
  "create-nonce",
  "consume-nonce",
  "hit-rate-limits",
] as const;
export type ScriptName = (typeof SCRIPT_NAMES)[number];

export interface Script {
  name: ScriptName;
  /** The text Redis runs: prelude + the script file. */
  text: string;
  /** SHA1 of `text`, the EVALSHA handle. */
  sha: string;
}

export function sha1(text: string): string {
  return createHash("sha1").update(text, "utf8").digest("hex");
}

function load(name: string): string {
  return readFileSync(path.join(SCRIPT_DIR, `${name}.lua`), "utf8");
}

const prelude = load("prelude");

export const SCRIPTS: Readonly<Record<ScriptName, Script>> = Object.fromEntries(
  SCRIPT_NAMES.map((name) => {
    const text = `${prelude}\n${load(name)}`;
    return [name, { name, text, sha: sha1(text) }];
  }),
) as Record<ScriptName, Script>;
