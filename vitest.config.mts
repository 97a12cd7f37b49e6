import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * vitest's order (projects by name, then unknown or larger files first), except that the bench's smoke
 * test, the longest file by minutes, starts first: it then runs beside the other files instead of
 * after the api project's, which held the whole phase back by its length.
 */
class BenchFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => f.project.name === "bench"), ...sorted.filter((f) => f.project.name !== "bench")];
  }
}

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@/": root,
      // "server-only" throws outside React Server Components; under vitest the server modules are the subject.
      "server-only": fileURLToPath(new URL("./tests/support/empty-module.ts", import.meta.url)),
    },
  },
  test: {
    testTimeout: 20_000,
    hookTimeout: 120_000,
    // Two files at a time (vitest's default keeps one of two cores for itself): a file spends much
    // of its time waiting on a server, a store or a timer, and the other file uses that core. The
    // HTTP files each start their own `next start`, so no more than two.
    maxWorkers: 2,
    sequence: { sequencer: BenchFirst },
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      {
        extends: true,
        test: { name: "store", include: ["tests/store/**/*.test.ts"], globalSetup: ["tests/support/global-redis.ts"] },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/support/global-redis.ts", "tests/support/global-build.ts"],
        },
      },
      { extends: true, test: { name: "chain", include: ["tests/chain/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "reliability",
          include: ["tests/reliability/**/*.test.ts"],
          globalSetup: ["tests/support/global-redis.ts", "tests/support/global-build.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "bench",
          include: ["tests/bench/**/*.test.ts"],
          globalSetup: ["tests/support/global-redis.ts", "tests/support/global-build.ts"],
        },
      },
    ],
  },
});
