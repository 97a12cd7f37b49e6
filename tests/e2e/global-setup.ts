/**
 * Playwright global setup: builds when no production build exists, starts a
 * local chain with the test contracts, then `next start` on a fresh SQLite store
 * pointed at that chain. Tests read the URLs from the environment.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { startApp } from "@/tests/support/app-server";
import { chainEnv, startChain } from "@/tests/support/chain-fixture";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";

export default async function globalSetup() {
  if (process.env.REFBOARD_SKIP_BUILD !== "1" && !existsSync(".next/BUILD_ID")) {
    const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("next build failed");
  }
  const chain = await startChain();
  const app = await startApp({ ...chainEnv(chain), ...E2E_SITE_ENV }).catch(async (error: unknown) => {
    await chain.stop();
    throw error;
  });
  process.env.E2E_BASE_URL = app.baseUrl;
  process.env.E2E_CHAIN = JSON.stringify({ ...chain, stop: undefined });
  return async () => {
    await app.stop();
    await chain.stop();
  };
}
