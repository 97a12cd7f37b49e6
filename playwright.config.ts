import { defineConfig } from "@playwright/test";

/**
 * Browser tests in Debian's Chromium (no browser download), in two projects:
 * "production" against the production build (`next build`, then `next start`, see
 * tests/e2e/global-setup.ts), and "next dev" (tests/e2e/dev) against `next dev`,
 * which the spec itself starts, as `npm run dev` runs it.
 */
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? "test-results/playwright.json" }]],
  outputDir: "test-results/artifacts",
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "production", testIgnore: "**/e2e/dev/**" },
    {
      name: "next dev",
      testDir: "tests/e2e/dev",
      // next dev compiles each route on its first request, slowly on a shared 2-core machine:
      // generous, finite limits; the tests assert what appears, never how fast.
      timeout: 240_000,
      expect: { timeout: 90_000 },
      use: { navigationTimeout: 180_000 },
    },
  ],
});
