import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

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
          // Each file starts its own `next start`; two cores cannot serve more at once.
          fileParallelism: false,
        },
      },
      { extends: true, test: { name: "chain", include: ["tests/chain/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "reliability",
          include: ["tests/reliability/**/*.test.ts"],
          globalSetup: ["tests/support/global-redis.ts", "tests/support/global-build.ts"],
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: "bench",
          include: ["tests/bench/**/*.test.ts"],
          globalSetup: ["tests/support/global-redis.ts", "tests/support/global-build.ts"],
          fileParallelism: false,
        },
      },
    ],
  },
});
