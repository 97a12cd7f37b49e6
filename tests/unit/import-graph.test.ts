/**
 * The lib/ folders import one way only. Each folder may import the folders listed for it in
 * ALLOWED (and itself); anything else fails with the offending edge and the file that makes
 * it, and a cycle fails on its own. Type-only and dynamic imports count too: both are part of
 * what a folder depends on.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const LIB = path.join(ROOT, "lib");

/**
 * The allowed direction, lowest first: domain <- contract <- store <- services, operators <-
 * auth <- http; config and chain beside them; the browser's client over the contract only.
 * A folder may import the folders listed for it, and nothing else.
 */
const ALLOWED: Record<string, readonly string[]> = {
  domain: [],
  config: ["domain"],
  contract: ["domain"],
  chain: ["domain", "config"],
  farcaster: ["domain", "config"],
  store: ["domain", "config"],
  services: ["domain", "config", "chain", "farcaster", "contract", "store"],
  operators: ["domain", "contract", "store"],
  auth: ["domain", "config", "chain", "contract", "services", "store"],
  http: ["domain", "config", "contract", "auth", "services", "operators"],
  client: ["domain", "contract"],
};

/** The layer of a lib/ file: its folder under lib/, or the name of a file directly in lib/. */
function folderOf(file: string): string | null {
  const parts = path.relative(LIB, file).split(path.sep);
  const [first] = parts;
  if (first === undefined || first === "..") return null;
  if (parts.length === 1) return first.replace(/\.tsx?$/, "");
  return first;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** Specifiers of import, export-from and dynamic import() in a file. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  const patterns = [/\b(?:import|export)\b[^'";]*?\bfrom\s*["']([^"']+)["']/g, /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g, /^\s*import\s*["']([^"']+)["']/gm];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1] as string);
  return found;
}

/** The file a specifier names, with its extension (folderOf reads it); null for packages. */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? base;
}

interface Edge {
  from: string;
  to: string;
  /** One file that makes the edge, and what it imports. */
  example: string;
}

function folderEdges(): Edge[] {
  const edges = new Map<string, Edge>();
  for (const file of sourceFiles(LIB)) {
    const from = folderOf(file);
    if (!from) continue;
    for (const specifier of specifiers(readFileSync(file, "utf8"))) {
      const target = resolve(file, specifier);
      const to = target && folderOf(target);
      if (!to || to === from) continue;
      const key = `${from} -> ${to}`;
      if (!edges.has(key)) edges.set(key, { from, to, example: `${path.relative(ROOT, file)} imports ${specifier}` });
    }
  }
  return [...edges.values()];
}

/** A cycle through the graph as a list of folders, or null. */
function findCycle(edges: Edge[]): string[] | null {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === "done") return null;
    if (state.get(node) === "open") return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, "open");
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      const cycle = visit(to);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of next.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe("imports between the lib/ folders", () => {
  const edges = folderEdges();

  it("finds the imports it checks, of every layer", () => {
    const seen = new Set(edges.flatMap((e) => [e.from, e.to]));
    expect([...seen].sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it("every folder imports only the folders its direction allows", () => {
    const forbidden = edges
      .filter(({ from, to }) => !(ALLOWED[from] ?? []).includes(to))
      .map(({ from, to, example }) => `${from} -> ${to} (${example})`);
    expect(forbidden).toEqual([]);
  });

  it("no folder-level import cycle", () => {
    expect(findCycle(edges)).toBeNull();
  });
});
