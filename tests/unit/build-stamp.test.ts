/**
 * tests/support/build-stamp.mjs on a throwaway git repository: a build counts as fresh for the same
 * tree only, and only when made by buildForTests (its record of the dummy secrets belongs to that
 * build); ensureBuild rebuilds (with a stand-in for `next build`) exactly when it is not fresh.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildForTests, buildIsFresh, ensureBuild, readBuildSecrets, SECRETS_FILE, sourceStamp, writeStamp } from "@/tests/support/build-stamp.mjs";

let dir: string;
const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd: dir, stdio: "pipe" });
const write = (path: string, text: string) => writeFileSync(join(dir, path), text);
/** Whether the build stamped earlier still counts for the tree as it is now. */
const fresh = () => buildIsFresh(dir, sourceStamp(dir));

/** A repository with one commit, and a build in .next stamped with that tree, as buildForTests leaves it. */
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "refboard-stamp-"));
  git("init", "-q");
  write(".gitignore", "node_modules/\n.next/\nignored/\n.env*.local\n");
  write("page.ts", "export const a = 1;\n");
  git("add", ".");
  git("commit", "-qm", "first");
  mkdirSync(join(dir, ".next"));
  write(".next/BUILD_ID", "build");
  write(SECRETS_FILE, JSON.stringify({ buildId: "build", secrets: { SESSION_SECRET: "s" } }));
  writeStamp(dir, sourceStamp(dir));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("the build stamp", () => {
  it("the same tree is fresh, also when only ignored files changed", () => {
    expect(fresh()).toBe(true);
    mkdirSync(join(dir, "ignored"));
    write("ignored/log.txt", "x");
    mkdirSync(join(dir, "node_modules"));
    write("node_modules/dep.js", "x");
    expect(fresh()).toBe(true);
  });

  it("a changed tracked file is stale, staged or not, and fresh again once undone", () => {
    write("page.ts", "export const a = 2;\n");
    expect(fresh()).toBe(false);
    git("add", "page.ts");
    expect(fresh()).toBe(false);
    git("reset", "-q", "page.ts");
    write("page.ts", "export const a = 1;\n");
    expect(fresh()).toBe(true);
  });

  it("a deleted tracked file, a new untracked file, a changed untracked file and a changed .env file are stale", () => {
    rmSync(join(dir, "page.ts"));
    expect(fresh()).toBe(false);
    git("checkout", "-q", "page.ts");
    expect(fresh()).toBe(true);

    write("new.ts", "export const b = 1;\n");
    expect(fresh()).toBe(false);
    writeStamp(dir, sourceStamp(dir));
    expect(fresh()).toBe(true);
    write("new.ts", "export const b = 2;\n");
    expect(fresh()).toBe(false);
    rmSync(join(dir, "new.ts"));
    writeStamp(dir, sourceStamp(dir));
    expect(fresh()).toBe(true);

    // Ignored by git, but `next build` reads it.
    write(".env.local", "NEXT_PUBLIC_X=1\n");
    expect(fresh()).toBe(false);
  });

  it("a new commit is stale even when its tree is the one built", () => {
    git("commit", "-q", "--allow-empty", "-m", "second");
    expect(fresh()).toBe(false);
  });

  it("no BUILD_ID or no stamp is stale; outside a git work tree nothing is fresh", () => {
    rmSync(join(dir, ".next", "BUILD_ID"));
    expect(fresh()).toBe(false);
    write(".next/BUILD_ID", "build");
    rmSync(join(dir, ".next", "refboard-build-stamp"));
    expect(fresh()).toBe(false);

    // A build of the same tree made without the secrets' record (a plain `next build`), or whose record is another build's.
    rmSync(join(dir, SECRETS_FILE));
    writeStamp(dir, sourceStamp(dir));
    expect(fresh()).toBe(false);
    write(SECRETS_FILE, JSON.stringify({ buildId: "another build", secrets: {} }));
    expect(fresh()).toBe(false);
    expect(readBuildSecrets(dir)).toBeNull();
    write(SECRETS_FILE, JSON.stringify({ buildId: "build", secrets: {} }));
    expect(fresh()).toBe(true);

    rmSync(join(dir, ".git"), { recursive: true });
    expect(sourceStamp(dir)).toBeNull();
    expect(buildIsFresh(dir, null)).toBe(false);
  });
});

describe("ensureBuild", () => {
  const builds = () => readFileSync(join(dir, "builds.txt"), "utf8").length;
  const skip = process.env.REFBOARD_SKIP_BUILD;
  beforeEach(() => {
    // A stand-in for `next build` that counts its runs and leaves a BUILD_ID.
    mkdirSync(join(dir, "node_modules/next/dist/bin"), { recursive: true });
    write(
      "node_modules/next/dist/bin/next",
      'const fs = require("node:fs"); fs.appendFileSync("builds.txt", "b"); fs.writeFileSync(".next/BUILD_ID", "built");\n',
    );
    write("builds.txt", "");
    // builds.txt is part of the tree: ignore it, as .next is.
    write(".gitignore", "node_modules/\n.next/\nignored/\n.env*.local\nbuilds.txt\n");
    git("commit", "-qam", "ignore builds.txt");
    delete process.env.REFBOARD_SKIP_BUILD;
  });
  afterEach(() => {
    if (skip === undefined) delete process.env.REFBOARD_SKIP_BUILD;
    else process.env.REFBOARD_SKIP_BUILD = skip;
  });

  it("builds after a commit or a change, not again for the same tree, and never with REFBOARD_SKIP_BUILD=1", () => {
    ensureBuild(dir);
    expect(builds()).toBe(1);
    ensureBuild(dir);
    expect(builds()).toBe(1);

    write("page.ts", "export const a = 3;\n");
    process.env.REFBOARD_SKIP_BUILD = "1";
    ensureBuild(dir);
    expect(builds()).toBe(1);
    delete process.env.REFBOARD_SKIP_BUILD;
    ensureBuild(dir);
    expect(builds()).toBe(2);
    ensureBuild(dir);
    expect(builds()).toBe(2);
  });

  it("buildForTests: the build sees every recorded dummy secret, and skips its type check only when told", () => {
    // A stand-in for `next build` that keeps the environment it saw.
    write(
      "node_modules/next/dist/bin/next",
      'const fs = require("node:fs"); fs.writeFileSync("builds.txt", JSON.stringify(process.env)); fs.writeFileSync(".next/BUILD_ID", "built");\n',
    );
    const seen = () => JSON.parse(readFileSync(join(dir, "builds.txt"), "utf8")) as Record<string, string>;
    expect(buildForTests(dir)).toBe(0);
    const secrets = readBuildSecrets(dir);
    expect(Object.keys(secrets ?? {}).sort()).toEqual(
      ["ADMIN_TOKEN", "CRON_SECRET", "KV_REST_API_TOKEN", "NEYNAR_API_KEY", "REDIS_PASSWORD", "SESSION_SECRET", "UPSTASH_REDIS_REST_TOKEN"],
    );
    const env = seen();
    for (const [name, value] of Object.entries(secrets ?? {})) expect(Object.values(env).some((v) => v.includes(value)), name).toBe(true);
    expect(env.REFBOARD_TYPECHECK_DONE).toBeUndefined();
    expect(fresh()).toBe(true);

    const before = secrets?.SESSION_SECRET;
    expect(buildForTests(dir, { typecheckDone: true })).toBe(0);
    expect(seen().REFBOARD_TYPECHECK_DONE).toBe("1");
    expect(readBuildSecrets(dir)?.SESSION_SECRET).not.toBe(before);
  });

  it("a failed build writes no stamp: the next run builds again", () => {
    write("node_modules/next/dist/bin/next", 'require("node:fs").appendFileSync("builds.txt", "b"); process.exit(1);\n');
    write("page.ts", "export const a = 4;\n");
    expect(() => ensureBuild(dir)).toThrow("next build failed");
    write("node_modules/next/dist/bin/next", 'const fs = require("node:fs"); fs.appendFileSync("builds.txt", "b"); fs.writeFileSync(".next/BUILD_ID", "built");\n');
    ensureBuild(dir);
    expect(builds()).toBe(2);
  });
});
