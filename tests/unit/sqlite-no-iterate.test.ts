/**
 * No store module reads rows with better-sqlite3's iterate(): its statement iterator aborts the
 * process under Node 24 when it is garbage collected (RemoveEnvironmentCleanupHook asserts on a null
 * environment; seen as "Worker exited unexpectedly" in CI's Node 24 leg). all() and get() do not.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const DIR = "lib/store/sqlite";

describe("SQLite store modules", () => {
  it("never call iterate()", () => {
    const calls = readdirSync(DIR)
      .filter((name) => name.endsWith(".ts"))
      .flatMap((name) =>
        readFileSync(join(DIR, name), "utf8")
          .split("\n")
          .flatMap((line, index) => (/\.iterate\(/.test(line) && !/^\s*(\/\/|\*)/.test(line) ? [`${DIR}/${name}:${index + 1}`] : [])),
      );
    expect(calls).toEqual([]);
  });
});
