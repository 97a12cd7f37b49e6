/**
 * The scripts that take 15 or more inputs have one named layout (lib/store/redis/layouts.ts), which
 * their TypeScript builders fill by name: each script's header must read KEYS and ARGV under the
 * layout's names, in its order, so a position moved on one side alone fails here.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LAYOUTS, part, positional, type Layout } from "@/lib/store/redis/layouts";
import { SCRIPT_NAMES, SCRIPTS } from "@/lib/store/redis/run";

const PIECES_DIR = path.resolve(__dirname, "../../lib/store/redis/scripts/lib");

/** The parameters of each function of the Lua pieces. */
const PARAMETERS = new Map(
  readdirSync(PIECES_DIR).flatMap((file) =>
    [...readFileSync(path.join(PIECES_DIR, file), "utf8").matchAll(/^local function (\w+)\(([^)]*)\)/gm)].map(
      ([, name, params]) => [String(name), String(params).split(",").map((param) => param.trim())] as const,
    ),
  ),
);

const INPUT = /(KEYS|ARGV)\[(\d+)\]/g;

/**
 * The names a script's header gives KEYS[1..] and ARGV[1..]: `local x = KEYS[n]` (or tonumber(KEYS[n]),
 * KEYS[n] == '1'...) names it x; `local x = f(KEYS[n], ...)` with f a function of a piece names each
 * input x.<f's parameter at its place>.
 */
function headerLayout(text: string): { keys: string[]; args: string[] } {
  const found: Record<"KEYS" | "ARGV", string[]> = { KEYS: [], ARGV: [] };
  for (const line of text.split("\n")) {
    const header = /^local (\w+) = (.*)$/.exec(line);
    if (!header || !/(KEYS|ARGV)\[\d+\]/.test(line)) continue;
    const [, local, value] = header as unknown as [string, string, string];
    const call = /^(\w+)\((.*)\)$/.exec(value);
    const params = call ? PARAMETERS.get(String(call[1])) : undefined;
    if (call && params) {
      String(call[2]).split(",").forEach((arg, at) => {
        const input = /^(KEYS|ARGV)\[(\d+)\]$/.exec(arg.trim());
        if (input) found[input[1] as "KEYS" | "ARGV"][Number(input[2]) - 1] = `${local}.${params[at]}`;
      });
    } else {
      const inputs = [...value.matchAll(INPUT)];
      expect(inputs, line).toHaveLength(1);
      const [, list, n] = inputs[0] as unknown as [string, "KEYS" | "ARGV", string];
      found[list][Number(n) - 1] = local;
    }
  }
  return { keys: [...found.KEYS], args: [...found.ARGV] };
}

/** How many positional inputs a script takes: its distinct KEYS[n] and ARGV[n]. */
function inputCount(text: string): number {
  return new Set([...text.matchAll(INPUT)].map(([input]) => input)).size;
}

describe("named layouts of the scripts with 15 or more inputs", () => {
  it("a script has a layout exactly when it takes 15 or more inputs", () => {
    const counts = SCRIPT_NAMES.map((name) => [name, inputCount(SCRIPTS[name].text)] as const);
    expect(counts.filter(([, count]) => count >= 15).map(([name]) => name).sort()).toEqual(Object.keys(LAYOUTS).sort());
    // The boundary: the largest script without a layout takes 14 (get-wallet-report, with the linked fid of the wallet state).
    expect(Math.max(...counts.filter(([name]) => !(name in LAYOUTS)).map(([, count]) => count))).toBe(14);
  });

  it("each header reads its inputs under the layout's names, in the layout's order", () => {
    for (const [name, layout] of Object.entries(LAYOUTS) as [keyof typeof LAYOUTS, Layout][]) {
      expect(headerLayout(SCRIPTS[name].text), name).toEqual({ keys: [...layout.keys], args: [...layout.args] });
      const names = [...layout.keys, ...layout.args];
      expect(new Set(names).size, `${name}: a name twice`).toBe(names.length);
    }
  });

  it("the builder puts each named input at its place, and a part that does not fit fails", () => {
    const layout = { keys: ["a", "b"], args: ["c"] } as const;
    expect(positional(layout, { c: "3", b: "2", a: "1" })).toEqual({ keys: ["1", "2"], args: ["3"] });
    expect(part(layout, { keys: ["1", "2"], args: ["3"] })).toEqual({ a: "1", b: "2", c: "3" });
    expect(() => part(layout, { keys: ["1"], args: ["3"] })).toThrow(/2 keys/);
    expect(() => part(layout, { keys: ["1", "2"], args: [] })).toThrow(/1 args/);
  });
});
