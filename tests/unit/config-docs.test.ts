/**
 * The configuration's documentation matches what the app reads (lib/config/schema.ts): .env.example
 * lists every variable an operator sets and no other; docs/configuration.md describes every variable,
 * the platform's and the test-only ones in sections of their own, and no other.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig, parseHeadersConfig, parsePublicOrigins, parseSiteConfig } from "@/lib/config";
import { PLATFORM_VARIABLES, SLICES, variableNames } from "@/lib/config/schema";

const read = (file: string) => readFileSync(join(process.cwd(), file), "utf8");

/** The NAME of every `NAME=value` line (comments are not settings). */
function envExampleNames(text: string): string[] {
  return [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] ?? "");
}

/** The `NAME=value` lines as .env files give them to the app: a quoted value without its quotes. */
function envExampleValues(text: string): Record<string, string> {
  const lines = [...text.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)];
  return Object.fromEntries(lines.map(([, name = "", value = ""]) => [name, value.replace(/^"(.*)"$/, "$1")]));
}

/** The backticked names in the first cell of each table row, per `## ` section (the title's first table: ""). */
function docsNames(markdown: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let section = "";
  for (const line of markdown.split("\n")) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) section = heading[1] ?? "";
    const cell = /^\|([^|]*)\|/.exec(line)?.[1] ?? "";
    const names = [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? "");
    sections.set(section, [...(sections.get(section) ?? []), ...names]);
  }
  return sections;
}

/** What `found` lacks of `expected`, what it has besides, and what it lists twice. */
function gaps(expected: readonly string[], found: readonly string[]) {
  return {
    missing: expected.filter((name) => !found.includes(name)),
    extra: [...new Set(found.filter((name) => !expected.includes(name)))],
    twice: [...new Set(found.filter((name, i) => found.indexOf(name) !== i))],
  };
}
const none = { missing: [], extra: [], twice: [] };

const all = variableNames();
const testOnly = Object.keys(SLICES.testOnly.shape);
const operators = all.filter((name) => !testOnly.includes(name) && !(PLATFORM_VARIABLES as readonly string[]).includes(name));
const docs = docsNames(read("docs/configuration.md"));

describe("the configuration's documentation", () => {
  it("each variable is parsed in exactly one slice, and every platform variable is one the app reads", () => {
    expect(gaps(all, all).twice).toEqual([]);
    expect(gaps(all, PLATFORM_VARIABLES).extra).toEqual([]);
  });

  it(".env.example lists every variable an operator sets, once, and no other", () => {
    expect(gaps(operators, envExampleNames(read(".env.example")))).toEqual(none);
  });

  it("copied as it is, .env.example starts the app with the defaults", () => {
    const example = envExampleValues(read(".env.example"));
    expect(parseConfig(example)).toEqual(parseConfig({}));
    expect(parseSiteConfig(example)).toEqual(parseSiteConfig({}));
    expect(parseHeadersConfig(example)).toEqual(parseHeadersConfig({}));
    expect(parsePublicOrigins(example)).toEqual(parsePublicOrigins({}));
  });

  it("docs/configuration.md describes every variable once: the operators' first, then the platform's, then the test-only ones", () => {
    expect(gaps(operators, docs.get("") ?? [])).toEqual(none);
    expect(gaps(PLATFORM_VARIABLES, docs.get("Set by the platform") ?? [])).toEqual(none);
    expect(gaps(testOnly, docs.get("Test-only overrides") ?? [])).toEqual(none);
    expect(gaps(all, [...docs.values()].flat())).toEqual(none);
  });

  it("the check names a variable that is read but not documented, and one documented but not read", () => {
    const found = envExampleNames("# a comment\nAPP_NAME=Refboard\nOLD_SETTING=1\nAPP_NAME=again\n");
    expect(gaps(["APP_NAME", "NEW_SETTING"], found)).toEqual({ missing: ["NEW_SETTING"], extra: ["OLD_SETTING"], twice: ["APP_NAME"] });
  });
});
