/**
 * Playwright global setup: builds when the production build is missing or was made from other
 * sources (tests/support/build-stamp.mjs), starts a local chain with the test contracts, then
 * `next start` on a fresh SQLite store pointed at that chain. Tests read the URLs from the environment.
 */
import { startApp } from "@/tests/support/app-server";
import { chainEnv, startChain } from "@/tests/support/chain-fixture";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { ensureBuild } from "@/tests/support/build-stamp.mjs";

export default async function globalSetup() {
  ensureBuild();
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
