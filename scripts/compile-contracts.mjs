// Compiles contracts/*.sol with solc-js into contracts/build/<Contract>.json ({ contractName, abi, bytecode }).
// Skips the work when the build matches the sources and compiler already; `--force` recompiles.
// Usage: node scripts/compile-contracts.mjs [--force]
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const sourceDir = join(root, "contracts");
const buildDir = join(sourceDir, "build");
const manifestPath = join(buildDir, "manifest.json");
const require = createRequire(import.meta.url);

/** Test contracts only: "paris" avoids PUSH0, so they deploy on any EVM chain, old or new. */
const EVM_VERSION = "paris";

function readSources() {
  const names = readdirSync(sourceDir).filter((f) => f.endsWith(".sol")).sort();
  return Object.fromEntries(names.map((name) => [name, { content: readFileSync(join(sourceDir, name), "utf8") }]));
}

/** Changes with any source, the compiler version or the settings: the staleness key of the build. */
function inputHash(sources) {
  const solcVersion = require("solc/package.json").version;
  const openZeppelinVersion = require("@openzeppelin/contracts/package.json").version;
  return createHash("sha256")
    .update(JSON.stringify({ sources, solcVersion, openZeppelinVersion, EVM_VERSION }))
    .digest("hex");
}

function readManifest() {
  try {
    return JSON.parse(readFileSync(manifestPath, "utf8"));
  } catch {
    return null;
  }
}

function isFresh(hash) {
  const manifest = readManifest();
  if (manifest?.inputHash !== hash) return false;
  try {
    return manifest.contracts.every((name) => readFileSync(join(buildDir, `${name}.json`)).length > 0);
  } catch {
    return false;
  }
}

/** Written to a temp name and renamed, so parallel test workers compiling at once never read half a file. */
function writeAtomic(path, data) {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

/** Resolves `import "@openzeppelin/contracts/..."` from node_modules; its version is part of inputHash. */
function findImport(path) {
  try {
    return { contents: readFileSync(require.resolve(path), "utf8") };
  } catch {
    return { error: `import not found in node_modules: ${path}` };
  }
}

/** Compiles when stale; returns the contract names in the build and whether it compiled. */
export function compileContracts({ force = false } = {}) {
  const sources = readSources();
  const hash = inputHash(sources);
  if (!force && isFresh(hash)) return { compiled: false, contracts: readManifest().contracts };

  const solc = require("solc");
  const input = {
    language: "Solidity",
    sources,
    settings: {
      evmVersion: EVM_VERSION,
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport }));
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) {
    throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  }

  mkdirSync(buildDir, { recursive: true });
  const contracts = [];
  for (const [sourceName, byName] of Object.entries(output.contracts)) {
    for (const [contractName, artifact] of Object.entries(byName)) {
      const bytecode = artifact.evm.bytecode.object;
      if (!bytecode) continue; // abstract contracts and interfaces cannot be deployed
      const json = { contractName, sourceName, abi: artifact.abi, bytecode: `0x${bytecode}` };
      writeAtomic(join(buildDir, `${contractName}.json`), `${JSON.stringify(json, null, 2)}\n`);
      contracts.push(contractName);
    }
  }
  contracts.sort();
  writeAtomic(manifestPath, `${JSON.stringify({ inputHash: hash, solcVersion: solc.version(), contracts }, null, 2)}\n`);
  return { compiled: true, contracts };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { compiled, contracts } = compileContracts({ force: process.argv.includes("--force") });
  console.log(`${compiled ? "compiled" : "up to date"}: ${contracts.join(", ")} -> contracts/build/`);
}
