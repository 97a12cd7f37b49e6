// Compiles contracts/*.sol with solc-js into contracts/build/<Contract>.json ({ contractName, abi, bytecode }).
// Skips the work when the build matches the sources and compiler already; `--force` recompiles.
// `--artifact` (re)writes lib/chain/payout-distributor-artifact.ts, the distributor's ABI and bytecode the
// app deploys at run time, where contracts/build does not exist.
// Usage: node scripts/compile-contracts.mjs [--force] [--artifact]
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

/** "paris" avoids PUSH0, so the contracts (the test ones and PayoutDistributor) deploy on any EVM chain, old or new. */
const EVM_VERSION = "paris";
const OPTIMIZER = { enabled: true, runs: 200 };
const DISTRIBUTOR_SOURCE = "PayoutDistributor.sol";
export const DISTRIBUTOR_ARTIFACT_PATH = join(root, "lib", "chain", "payout-distributor-artifact.ts");

function readSources() {
  const names = readdirSync(sourceDir).filter((f) => f.endsWith(".sol")).sort();
  return Object.fromEntries(names.map((name) => [name, { content: readFileSync(join(sourceDir, name), "utf8") }]));
}

/** Changes with any source, the compiler version or the settings: the staleness key of the build. */
function inputHash(sources) {
  const solcVersion = require("solc/package.json").version;
  const openZeppelinVersion = require("@openzeppelin/contracts/package.json").version;
  return createHash("sha256")
    .update(JSON.stringify({ sources, solcVersion, openZeppelinVersion, EVM_VERSION, OPTIMIZER }))
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

/** Compiles the sources with solc-js; returns every deployable contract's { contractName, sourceName, abi, bytecode }. */
function compileSources(sources) {
  const solc = require("solc");
  const input = {
    language: "Solidity",
    sources,
    settings: {
      evmVersion: EVM_VERSION,
      optimizer: OPTIMIZER,
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport }));
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) {
    throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  }
  const artifacts = [];
  for (const [sourceName, byName] of Object.entries(output.contracts)) {
    if (!(sourceName in sources)) continue; // OpenZeppelin's libraries are compiled into their users
    for (const [contractName, artifact] of Object.entries(byName)) {
      const bytecode = artifact.evm.bytecode.object;
      if (!bytecode) continue; // abstract contracts and interfaces cannot be deployed
      artifacts.push({ contractName, sourceName, abi: artifact.abi, bytecode: `0x${bytecode}` });
    }
  }
  return { solcVersion: solc.version(), artifacts };
}

/** Compiles when stale; returns the contract names in the build and whether it compiled. */
export function compileContracts({ force = false } = {}) {
  const sources = readSources();
  const hash = inputHash(sources);
  if (!force && isFresh(hash)) return { compiled: false, contracts: readManifest().contracts };

  const { solcVersion, artifacts } = compileSources(sources);
  mkdirSync(buildDir, { recursive: true });
  for (const artifact of artifacts) {
    writeAtomic(join(buildDir, `${artifact.contractName}.json`), `${JSON.stringify(artifact, null, 2)}\n`);
  }
  const contracts = artifacts.map((a) => a.contractName).sort();
  writeAtomic(manifestPath, `${JSON.stringify({ inputHash: hash, solcVersion, contracts }, null, 2)}\n`);
  return { compiled: true, contracts };
}

/**
 * The text lib/chain/payout-distributor-artifact.ts must hold: a fresh compile of PayoutDistributor.sol
 * alone (its bytecode's metadata names only the files it imports, so it equals the full build's).
 */
export function distributorArtifactModule() {
  const source = { [DISTRIBUTOR_SOURCE]: { content: readFileSync(join(sourceDir, DISTRIBUTOR_SOURCE), "utf8") } };
  const { solcVersion, artifacts } = compileSources(source);
  const distributor = artifacts.find((a) => a.contractName === "PayoutDistributor");
  if (!distributor) throw new Error(`${DISTRIBUTOR_SOURCE} compiled to no PayoutDistributor`);
  const openZeppelinVersion = require("@openzeppelin/contracts/package.json").version;
  return [
    "// Generated by `node scripts/compile-contracts.mjs --artifact` from contracts/PayoutDistributor.sol: do not edit.",
    `// solc ${solcVersion}, OpenZeppelin Contracts ${openZeppelinVersion}, optimizer ${OPTIMIZER.enabled ? `on (${OPTIMIZER.runs} runs)` : "off"}, evmVersion ${EVM_VERSION}.`,
    "// tests/unit/payout-distributor-artifact.test.ts fails when it differs from a fresh compile of the source.",
    'import type { Hex } from "viem";',
    "",
    `export const payoutDistributorAbi = ${JSON.stringify(distributor.abi, null, 2)} as const;`,
    "",
    `export const payoutDistributorBytecode: Hex = "${distributor.bytecode}";`,
    "",
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { compiled, contracts } = compileContracts({ force: process.argv.includes("--force") });
  console.log(`${compiled ? "compiled" : "up to date"}: ${contracts.join(", ")} -> contracts/build/`);
  if (process.argv.includes("--artifact")) {
    writeFileSync(DISTRIBUTOR_ARTIFACT_PATH, distributorArtifactModule());
    console.log("wrote lib/chain/payout-distributor-artifact.ts");
  }
}
