/**
 * The lib/ folders, app/ and components/ import one way only. Each layer may import the layers
 * listed for it in ALLOWED (and itself); anything else fails naming every file that does it,
 * and a cycle fails on its own. Components are UI: they also never import a server-only module,
 * whatever its folder. Type-only and dynamic imports count too: both are part of what a layer
 * depends on.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const LIB = path.join(ROOT, "lib");
const UI_LAYERS = ["app", "components"] as const;

/**
 * The allowed direction, lowest first: domain <- contract <- store <- services, operators <-
 * auth <- http; config and chain beside them; the browser's client over the contract only.
 * Above lib/: app/'s pages and routes reach the services through the composition root (deps()),
 * never the store; components reach the server only over the API (lib/client), so never
 * services, store, operators or config. A layer may import the layers listed for it, and nothing else.
 */
const ALLOWED: Record<string, readonly string[]> = {
  domain: [],
  config: ["domain"],
  contract: ["domain"],
  chain: ["domain", "config"],
  farcaster: ["domain", "config"],
  store: ["domain", "config"],
  // Sending webhooks: signing, the safe-target check and the HTTP attempt (issue #30).
  webhooks: ["domain"],
  services: ["domain", "config", "chain", "farcaster", "contract", "store", "payouts", "webhooks"],
  operators: ["domain", "contract", "store"],
  // Building a payout plan: the rewards export's rows (operators) made into allocations and a Merkle tree.
  payouts: ["domain", "contract", "store", "operators"],
  auth: ["domain", "config", "chain", "contract", "services", "store"],
  http: ["domain", "config", "contract", "auth", "services", "operators"],
  // chain: the payout distributor's ABI and deploy/fund helpers (no server-only), run through the connected wallet.
  client: ["domain", "contract", "chain"],
  app: ["domain", "config", "contract", "farcaster", "services", "operators", "auth", "http", "client", "components"],
  components: ["domain", "contract", "client"],
};

/** The layer of a file: app or components, else its folder under lib/, or the name of a file directly in lib/. */
function folderOf(file: string): string | null {
  const top = path.relative(ROOT, file).split(path.sep)[0];
  if (UI_LAYERS.some((layer) => layer === top)) return top as string;
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
  /** The file that makes the edge, and what it imports. */
  example: string;
  /** The imported file. */
  target: string;
}

/** Every import of a checked file, one per importing file and specifier (within a layer too). */
function fileEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of [LIB, ...UI_LAYERS.map((layer) => path.join(ROOT, layer))].flatMap(sourceFiles)) {
    const from = folderOf(file);
    if (!from) continue;
    for (const specifier of specifiers(readFileSync(file, "utf8"))) {
      const target = resolve(file, specifier);
      const to = target && folderOf(target);
      if (!target || !to) continue;
      edges.push({ from, to, example: `${path.relative(ROOT, file)} imports ${specifier}`, target });
    }
  }
  return edges;
}

/** Whether a file declares itself server-only (the "server-only" package fails any client bundle that imports it). */
function isServerOnly(file: string): boolean {
  return existsSync(file) && /^\s*import\s*["']server-only["']/m.test(readFileSync(file, "utf8"));
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

describe("imports between the lib/ folders, app/ and components/", () => {
  const imports = fileEdges();
  const edges = imports.filter(({ from, to }) => from !== to);

  it("finds the imports it checks, of every layer", () => {
    const seen = new Set(edges.flatMap((e) => [e.from, e.to]));
    expect([...seen].sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it("every layer imports only the layers its direction allows", () => {
    const forbidden = edges
      .filter(({ from, to }) => !(ALLOWED[from] ?? []).includes(to))
      .map(({ from, to, example }) => `${from} -> ${to} (${example})`);
    expect(forbidden).toEqual([]);
  });

  it("components import no server-only module", () => {
    const serverOnly = imports.filter(({ from, target }) => from === "components" && isServerOnly(target)).map(({ example }) => example);
    expect(serverOnly).toEqual([]);
  });

  it("no folder-level import cycle", () => {
    expect(findCycle(edges)).toBeNull();
  });
});
