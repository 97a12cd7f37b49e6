/**
 * tests/support/build-stamp.mjs on a throwaway git repository: a build counts as fresh for the same
 * tree only, and ensureBuild rebuilds (with a stand-in for `next build`) exactly when it is not.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildIsFresh, ensureBuild, sourceStamp, writeStamp } from "@/tests/support/build-stamp.mjs";

let dir: string;
const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd: dir, stdio: "pipe" });
const write = (path: string, text: string) => writeFileSync(join(dir, path), text);
/** Whether the build stamped earlier still counts for the tree as it is now. */
const fresh = () => buildIsFresh(dir, sourceStamp(dir));

/** A repository with one commit, and a build in .next stamped with that tree. */
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "refboard-stamp-"));
  git("init", "-q");
  write(".gitignore", "node_modules/\n.next/\nignored/\n.env*.local\n");
  write("page.ts", "export const a = 1;\n");
  git("add", ".");
  git("commit", "-qm", "first");
  mkdirSync(join(dir, ".next"));
  write(".next/BUILD_ID", "build");
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

  it("a failed build writes no stamp: the next run builds again", () => {
    write("node_modules/next/dist/bin/next", 'require("node:fs").appendFileSync("builds.txt", "b"); process.exit(1);\n');
    write("page.ts", "export const a = 4;\n");
    expect(() => ensureBuild(dir)).toThrow("next build failed");
    write("node_modules/next/dist/bin/next", 'const fs = require("node:fs"); fs.appendFileSync("builds.txt", "b"); fs.writeFileSync(".next/BUILD_ID", "built");\n');
    ensureBuild(dir);
    expect(builds()).toBe(2);
  });
});
