// What the production build in .next was made from, so that a test run after a change rebuilds
// instead of testing the stale build. Plain .mjs: scripts/test.mjs imports it as well as the
// vitest and Playwright global setups (tests/support/build-stamp.d.mts types it for them).
//
// The stamp is the HEAD commit plus a hash of every uncommitted change: the diff of tracked files
// against HEAD, and the path and bytes of each untracked file git does not ignore. The .env files
// `next build` reads are hashed too, ignored as they are. Written after a successful build only.
//
// Every build made for the tests (here and in npm test) sees a dummy value for each secret the
// server reads, recorded beside the stamp, so that tests/api/bundle-secrets.test.ts checks the
// one build the other tests use instead of making its own.
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const STAMP_FILE = join(".next", "refboard-build-stamp");
export const SECRETS_FILE = join(".next", "refboard-build-secrets.json");

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

/** Whether .next holds a build made by buildForTests from exactly `stamp`. */
export function buildIsFresh(dir, stamp) {
  if (stamp === null || readBuildSecrets(dir) === null) return false;
  try {
    return readFileSync(join(dir, STAMP_FILE), "utf8") === stamp;
  } catch {
    return false;
  }
}

/**
 * The dummy secret values the build in .next saw, by setting name; null when that build was not
 * made by buildForTests (a plain `next build` empties .next, this record included).
 */
export function readBuildSecrets(dir = process.cwd()) {
  try {
    const record = JSON.parse(readFileSync(join(dir, SECRETS_FILE), "utf8"));
    const buildId = readFileSync(join(dir, ".next", "BUILD_ID"), "utf8");
    return record.buildId === buildId ? record.secrets : null;
  } catch {
    return null;
  }
}

/**
 * `next build` as the tests need it: with a fresh dummy value for every secret the server reads
 * (recorded in SECRETS_FILE), then the stamp of the sources as they were when it started.
 * `typecheckDone`: the caller runs tsc over everything itself, so the build skips its own check.
 * Returns the build's exit code.
 */
export function buildForTests(dir = process.cwd(), { typecheckDone = false, env = {} } = {}) {
  // Taken before the build: a file changed while it runs makes the next run rebuild.
  const stamp = sourceStamp(dir);
  const dummy = (name) => `${name}-${randomBytes(12).toString("hex")}`;
  const secrets = {
    SESSION_SECRET: dummy("session-secret"),
    ADMIN_TOKEN: dummy("admin-token"),
    KV_REST_API_TOKEN: dummy("kv-token"),
    UPSTASH_REDIS_REST_TOKEN: dummy("upstash-token"),
    REDIS_PASSWORD: dummy("redis-password"),
    NEYNAR_API_KEY: dummy("neynar-key"),
    CRON_SECRET: dummy("cron-secret"),
  };
  const { REDIS_PASSWORD, ...settings } = secrets;
  const result = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    cwd: dir,
    stdio: "inherit",
    env: {
      ...process.env,
      ...env,
      ...settings,
      // Sign-in that uses SESSION_SECRET, and both Redis backends, each with its credential.
      WALLET_AUTH: "siwe",
      KV_REST_API_URL: "https://kv.invalid",
      REDIS_URL: `redis://:${REDIS_PASSWORD}@redis.invalid:6379`,
      ...(typecheckDone && { REFBOARD_TYPECHECK_DONE: "1" }),
    },
  });
  const code = result.status ?? 1;
  if (code !== 0) return code;
  const buildId = readFileSync(join(dir, ".next", "BUILD_ID"), "utf8");
  writeFileSync(join(dir, SECRETS_FILE), JSON.stringify({ buildId, secrets }));
  writeStamp(dir, stamp);
  return 0;
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
  if (buildForTests(dir) !== 0) throw new Error("next build failed");
}
