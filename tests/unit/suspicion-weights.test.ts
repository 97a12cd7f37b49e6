/**
 * The suspicion score is written once, as SUSPICION_WEIGHTS (lib/domain/signals.ts): the stores are
 * given the weights and no Lua or SQL text under lib/store weighs or sums the counts itself, and the
 * console's words for the score come from the same weights.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SUSPICION_WEIGHTS, suspicionFormula, suspicionOf, wholeWeights, type SuspicionWeights } from "@/lib/domain/signals";

const STORE_DIR = path.resolve(__dirname, "../../lib/store");

/** A count as the stores name it: a signals hash field, a referrer_signals column or a SignalCounts key. */
const COUNT = String.raw`(?:referrals|burst|quick(?:_referees|Referees)?|active(?:_referees|Referees)?|cycles)\b`;

/** Where a text weighs a count or adds two different ones: the suspicion formula written out again. */
const FORMULA = [
  // A count times anything, either way round: `10 * cycles`, `signals.cycleWeight * cycles`, `cycles * 10`;
  // within a line, and not the star that starts a line of a doc comment.
  new RegExp(String.raw`(?<!^[ \t]*)\*[ \t]*(?:\w+\.)?${COUNT}`, "gm"),
  new RegExp(String.raw`\b${COUNT}\)?[ \t]*\*`, "g"),
  // Two different counts added or subtracted: `referrals - active_referees`, `tonumber(referrals) - active`.
  new RegExp(String.raw`\b(${COUNT})\)?[ \t]*[-+][ \t]*(?:\w+\()?(?:\w+\.)?(${COUNT})`, "g"),
];

/** The base name of a count, so that `quick_referees + excluded.quick_referees` (one count growing) is not a sum of two. */
const baseOf = (count: string) => count.replace(/(_referees|Referees)$/, "");

/** Every weighing or summing of counts in `text`. */
function formulaIn(text: string): string[] {
  return FORMULA.flatMap((pattern) =>
    [...text.matchAll(pattern)].filter(([, a, b]) => a === undefined || b === undefined || baseOf(a) !== baseOf(b)).map(([match]) => match),
  );
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(lua|ts)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("the suspicion score, written once", () => {
  it("no Lua script or SQL text under lib/store weighs or sums the signal counts", () => {
    const files = filesUnder(STORE_DIR);
    expect(files.some((file) => file.endsWith(".lua"))).toBe(true);
    const found = files.flatMap((file) => formulaIn(readFileSync(file, "utf8")).map((match) => `${path.relative(STORE_DIR, file)}: ${match}`));
    expect(found).toEqual([]);
  });

  it("the check finds the formula as each backend used to write it", () => {
    expect(formulaIn("local suspicion = tonumber(referrals) - active + quick + burst + signals.cycleWeight * cycles")).not.toEqual([]);
    expect(formulaIn("(referrals - active_referees + quick_referees + burst + 10 * cycles) DESC")).not.toEqual([]);
    expect(formulaIn("cycles * 10")).toEqual(["cycles *"]);
    // Counting, not weighing: one count growing by another value of itself or by one.
    expect(formulaIn("quick_referees = quick_referees + excluded.quick_referees, active_referees = active_referees + 1")).toEqual([]);
  });

  it("suspicionOf is the weighted sum of the counts, under SUSPICION_WEIGHTS unless given others", () => {
    const farm = { referrals: 30, burst: 30, quickReferees: 29, activeReferees: 0, cycles: 0 };
    expect(suspicionOf(farm)).toBe(89);
    expect(suspicionOf({ referrals: 1, burst: 1, quickReferees: 0, activeReferees: 0, cycles: 1 })).toBe(12);
    const weights: SuspicionWeights = { referrals: 2, activeReferees: -3, quickReferees: 5, burst: 0, cycles: 7 };
    expect(suspicionOf({ referrals: 1, burst: 9, quickReferees: 1, activeReferees: 1, cycles: 1 }, weights)).toBe(2 - 3 + 5 + 7);
  });

  it("the stores take whole weights only, since the score is a whole number", () => {
    expect(wholeWeights(SUSPICION_WEIGHTS)).toBe(SUSPICION_WEIGHTS);
    expect(() => wholeWeights({ ...SUSPICION_WEIGHTS, cycles: 0.5 })).toThrow("Suspicion weight of cycles must be a whole number, got 0.5");
    expect(() => wholeWeights({ ...SUSPICION_WEIGHTS, burst: Number.NaN })).toThrow("burst");
  });

  it("the console's words for the score come from the weights", () => {
    expect(suspicionFormula()).toBe("idle + quick + burst + 10 × loops");
    expect(suspicionFormula(SUSPICION_WEIGHTS, "x")).toBe("idle + quick + burst + 10 x loops");
    expect(suspicionFormula({ ...SUSPICION_WEIGHTS, cycles: 1, burst: 0 })).toBe("idle + quick + loops");
    expect(suspicionFormula({ referrals: 2, activeReferees: -1, quickReferees: -3, burst: 1, cycles: 10 })).toBe(
      "2 × referrals - active - 3 × quick + burst + 10 × loops",
    );
    expect(suspicionFormula({ referrals: -1, activeReferees: 1, quickReferees: 0, burst: 0, cycles: 0 })).toBe("-idle");
    expect(suspicionFormula({ referrals: 0, activeReferees: 0, quickReferees: 0, burst: 0, cycles: 0 })).toBe("0");
  });
});
