/**
 * The store's Lua scripts run with only the shared pieces they name (`-- uses:` on their first line,
 * see lib/store/redis/run.ts). Each script and each piece calls no shared function outside what it
 * names (directly or through the pieces those name), and names no piece it never calls: Redis would
 * find the first only when the script runs, as a nil call, and the second costs every call of it.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { assemble, SCRIPT_NAMES, SCRIPTS, usesOf } from "@/lib/store/redis/run";

const SCRIPTS_DIR = path.resolve(__dirname, "../../lib/store/redis/scripts");
const PIECES_DIR = path.join(SCRIPTS_DIR, "lib");

const read = (file: string) => readFileSync(file, "utf8");
const readPiece = (piece: string) => read(path.join(PIECES_DIR, `${piece}.lua`));
const PIECES = readdirSync(PIECES_DIR).map((file) => path.basename(file, ".lua"));

/** The top-level names a Lua text defines: `local function f` and `local NAME =`. */
function definedIn(text: string): Set<string> {
  return new Set([...text.matchAll(/^local (?:function )?(\w+)/gm)].flatMap((match) => match.slice(1)));
}

/** The piece that defines each shared name. */
const OWNER = new Map(PIECES.flatMap((piece) => [...definedIn(readPiece(piece))].map((name) => [name, piece] as const)));

/** The shared names a Lua text refers to, its comments left out. */
function sharedNamesIn(text: string): Set<string> {
  const code = text.replace(/--.*$/gm, "");
  return new Set([...code.matchAll(/\b\w+\b/g)].map((match) => match[0]).filter((word) => OWNER.has(word) && !definedIn(code).has(word)));
}

/** What is wrong with one Lua file's `uses`: shared names it refers to without naming their piece, pieces it names and never calls. */
function usesProblems(text: string): string[] {
  const named = usesOf(text);
  const reachable = definedIn(assemble(named, readPiece).join("\n"));
  const referred = sharedNamesIn(text);
  const missing = [...referred].filter((name) => !reachable.has(name)).map((name) => `uses ${name} of ${OWNER.get(name)} without naming it`);
  const needless = named.filter((piece) => ![...referred].some((name) => OWNER.get(name) === piece)).map((piece) => `names ${piece} and never calls it`);
  return [...missing, ...needless];
}

function scriptFiles(): string[] {
  return readdirSync(SCRIPTS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "lib")
    .flatMap((folder) => readdirSync(path.join(SCRIPTS_DIR, folder.name)).map((file) => path.join(SCRIPTS_DIR, folder.name, file)));
}

describe("Lua pieces", () => {
  it("each script names exactly the pieces it calls", () => {
    const files = scriptFiles();
    expect(files.length).toBe(SCRIPT_NAMES.length);
    for (const file of files) expect(usesProblems(read(file)), path.relative(SCRIPTS_DIR, file)).toEqual([]);
  });

  it("each piece names exactly the pieces it calls, and no name is defined twice", () => {
    for (const piece of PIECES) expect(usesProblems(readPiece(piece)), piece).toEqual([]);
    const definitions = PIECES.flatMap((piece) => [...definedIn(readPiece(piece))]);
    expect(new Set(definitions).size).toBe(definitions.length);
  });

  it("a script's text is its pieces, each once and after the pieces it uses, then the script", () => {
    for (const name of SCRIPT_NAMES) {
      const { text } = SCRIPTS[name];
      const placed = PIECES.filter((piece) => text.includes(readPiece(piece)));
      for (const piece of placed) {
        const at = text.indexOf(readPiece(piece));
        expect(text.indexOf(readPiece(piece), at + 1), `${name}: ${piece} twice`).toBe(-1);
        for (const used of usesOf(readPiece(piece))) expect(text.indexOf(readPiece(used)), `${name}: ${used} before ${piece}`).toBeLessThan(at);
      }
    }
  });

  it("assembles a piece's own pieces first and refuses pieces that use each other", () => {
    const texts: Record<string, string> = { a: "-- uses: b, c\nA", b: "-- uses: c\nB", c: "C", x: "-- uses: y\nX", y: "-- uses: x\nY" };
    const readText = (piece: string) => texts[piece] ?? "";
    expect(assemble(["a", "c"], readText)).toEqual(["C", "-- uses: c\nB", "-- uses: b, c\nA"]);
    expect(() => assemble(["x"], readText)).toThrow(/x -> y -> x/);
  });
});
