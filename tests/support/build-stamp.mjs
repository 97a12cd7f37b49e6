// What the production build in .next was made from, so that a test run after a change rebuilds
// instead of testing the stale build. Plain .mjs: scripts/test.mjs imports it as well as the
// vitest and Playwright global setups (tests/support/build-stamp.d.mts types it for them).
//
// The stamp is the HEAD commit plus a hash of every uncommitted change: the diff of tracked files
// against HEAD, and the path and bytes of each untracked file git does not ignore. The .env files
// `next build` reads are hashed too, ignored as they are. Written after a successful build only.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const STAMP_FILE = join(".next", "refboard-build-stamp");

function git(dir, args) {
  const result = spawnSync("git", args, { cwd: dir, maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")} failed in ${dir}: ${result.stderr?.toString() ?? result.error}`);
  return result.stdout;
}

/**
 * The stamp of the sources in `dir` as they are now; null outside a git work tree (a downloaded
 * archive), where no build counts as fresh.
 */
export function sourceStamp(dir = process.cwd()) {
  if (spawnSync("git", ["rev-parse", "--verify", "HEAD"], { cwd: dir, stdio: "ignore" }).status !== 0) return null;
  const head = git(dir, ["rev-parse", "HEAD"]).toString().trim();
  const hash = createHash("sha256");
  hash.update(git(dir, ["diff", "HEAD", "--binary", "--no-ext-diff", "--no-color"]));
  const untracked = git(dir, ["ls-files", "-z", "--others", "--exclude-standard"]).toString().split("\0").filter(Boolean).sort();
  const envFiles = readdirSync(dir).filter((name) => name.startsWith(".env")).sort();
  for (const path of [...untracked, ...envFiles]) {
    hash.update(`\0${path}\0`);
    hash.update(readFileSync(join(dir, path)));
  }
  return `${head} ${hash.digest("hex")}`;
}

/** Whether .next holds a build made from exactly `stamp`. */
export function buildIsFresh(dir, stamp) {
  if (stamp === null || !existsSync(join(dir, ".next", "BUILD_ID"))) return false;
  try {
    return readFileSync(join(dir, STAMP_FILE), "utf8") === stamp;
  } catch {
    return false;
  }
}

/** Records that the build now in .next was made from `stamp` (taken before the build started). */
export function writeStamp(dir, stamp) {
  if (stamp !== null) writeFileSync(join(dir, STAMP_FILE), stamp);
}

/**
 * The global setups' step: builds unless REFBOARD_SKIP_BUILD=1 (scripts/test.mjs has just built)
 * or the build in .next was made from the sources as they are now.
 */
export function ensureBuild(dir = process.cwd()) {
  if (process.env.REFBOARD_SKIP_BUILD === "1") return;
  const stamp = sourceStamp(dir);
  if (buildIsFresh(dir, stamp)) return;
  process.stdout.write("[refboard] the production build is missing or older than the sources: next build\n");
  const result = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { cwd: dir, stdio: "inherit" });
  if (result.status !== 0) throw new Error("next build failed");
  writeStamp(dir, stamp);
}
