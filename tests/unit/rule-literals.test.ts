/**
 * The rulebook (lib/domain/rulebook.ts) is the only source of points and of REFERRAL_QUALIFY's rules: no
 * Lua script and no SQLite module of the store adds a literal number of points to a score or to the
 * score total, or compares anything to a qualify rule. Each store step applies the credit and the
 * condition it is given.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { QUALIFY_RULES } from "@/lib/domain/qualify";

const ROOT = path.resolve(__dirname, "../..");
const LUA_DIR = path.join(ROOT, "lib/store/redis/scripts");
const SQLITE_DIR = path.join(ROOT, "lib/store/sqlite");

/** A literal number of points added to a score: `score + 1`, `1 + score`, `score = 2`, an INCRBY of a literal into the score total. */
const POINTS_LITERALS: readonly RegExp[] = [
  /\bscore\s*\+\s*\d/i,
  /\b\d+\s*\+\s*\w*score\b/i,
  /\bscore\s*=\s*[1-9]/i,
  /'INCRBY',\s*[\w.]*score\w*,\s*(?:'?\d|string\.format\('%d',\s*\d)/i,
];

/** A comparison with a REFERRAL_QUALIFY rule: `== 'checkin'` in Lua, `=== "checkin"` in TypeScript. */
const QUALIFY_COMPARISON = new RegExp(`(?:==|~=|!==?)\\s*['"](?:${QUALIFY_RULES.join("|")})['"]|['"](?:${QUALIFY_RULES.join("|")})['"]\\s*(?:==|~=|!==?)`);

function filesUnder(dir: string, extension: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(extension))
    .map((file) => path.join(dir, file));
}

/** `file:line: text` of each line of `text` that matches one of `patterns`; Lua comments left out. */
function linesMatching(patterns: readonly RegExp[], file: string, text: string): string[] {
  return text.split("\n").flatMap((line, i) => {
    const code = file.endsWith(".lua") ? line.replace(/--.*$/, "") : line;
    return patterns.some((pattern) => pattern.test(code)) ? [`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [];
  });
}

const pointsLiteralsIn = (file: string, text: string) => linesMatching(POINTS_LITERALS, file, text);
const qualifyComparisonsIn = (file: string, text: string) => linesMatching([QUALIFY_COMPARISON], file, text);

describe("no points literal in the store", () => {
  const files = [...filesUnder(LUA_DIR, ".lua"), ...filesUnder(SQLITE_DIR, ".ts")];

  it("reads every Lua script and piece, and every SQLite module", () => {
    expect(files.filter((file) => file.endsWith(".lua")).length).toBeGreaterThan(40);
    expect(files.map((file) => path.basename(file))).toEqual(expect.arrayContaining(["board.lua", "credit.lua", "leaderboard.ts", "referrals.ts"]));
  });

  it("no script or SQL text adds a literal number of points to a score or the score total", () => {
    expect(files.flatMap((file) => pointsLiteralsIn(file, readFileSync(file, "utf8")))).toEqual([]);
  });

  it("no script or SQLite module compares anything to a REFERRAL_QUALIFY rule", () => {
    expect(files.flatMap((file) => qualifyComparisonsIn(file, readFileSync(file, "utf8")))).toEqual([]);
    const lua = path.join(LUA_DIR, "x.lua");
    expect(qualifyComparisonsIn(lua, "if qualify == 'none' or x then")).toEqual(["lib/store/redis/scripts/x.lua:1: if qualify == 'none' or x then"]);
    expect(qualifyComparisonsIn(path.join(SQLITE_DIR, "x.ts"), 'if (rule === "nft_mint") return')).toHaveLength(1);
    // A fact or column that shares a rule's name is no comparison.
    expect(qualifyComparisonsIn(lua, "countFact(day, 'nft_mint')\nif creditWhen == 'now' then")).toEqual([]);
  });

  it("the scan names the file and line of each literal, and leaves the credit's points and comments alone", () => {
    const lua = path.join(LUA_DIR, "lib/x.lua");
    expect(pointsLiteralsIn(lua, "local a = 1\nredis.call('ZADD', k, storedScore(score + 1, now), w)")).toEqual([
      "lib/store/redis/scripts/lib/x.lua:2: redis.call('ZADD', k, storedScore(score + 1, now), w)",
    ]);
    expect(pointsLiteralsIn(lua, "redis.call('INCRBY', credit.score, '2')")).toHaveLength(1);
    expect(pointsLiteralsIn(lua, "redis.call('INCRBY', credit.score, string.format('%d', 1))")).toHaveLength(1);
    expect(pointsLiteralsIn(path.join(SQLITE_DIR, "x.ts"), "ON CONFLICT DO UPDATE SET score = score + 1")).toHaveLength(1);
    expect(pointsLiteralsIn(path.join(SQLITE_DIR, "x.ts"), "VALUES (:board, :wallet, 1 + score)")).toHaveLength(1);
    // What the store does write: the points it is given, deltas it computed, and words in comments.
    expect(pointsLiteralsIn(lua, "storedScore(score + points, now)\nredis.call('INCRBY', credit.score, string.format('%d', points))\n-- score + 1 once")).toEqual([]);
    expect(pointsLiteralsIn(path.join(SQLITE_DIR, "x.ts"), "SET score = score + excluded.score\nSET version = version + 1")).toEqual([]);
  });
});
