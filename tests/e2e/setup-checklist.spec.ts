/**
 * The console's Setup section on a server set up halfway: WalletConnect, the NFT check and the
 * account association set; no APP_URL, the embedded store, one task link left on its default
 * page, notifications on without CRON_SECRET. Each item says done or missing and what to set,
 * and no value of a setting reaches the browser.
 */
import { startApp, type AppServer } from "@/tests/support/app-server";
import { chainEnv } from "@/tests/support/chain-fixture";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { signInToConsole } from "@/tests/e2e/support/console";
import { expect, test } from "@/tests/e2e/support/fixtures";
import { e2eChain, fixedKeys } from "@/tests/e2e/support/helpers";

const { keyOf, walletOf } = fixedKeys("setup checklist");
const adminKey = keyOf("admin");
const SECRETS = {
  SESSION_SECRET: "e2e-setup-session-secret-0123456789abcdef",
  NEYNAR_API_KEY: "e2e-setup-neynar-key-value",
  FARCASTER_HEADER: "e2e-setup-fc-header-value",
  FARCASTER_PAYLOAD: "e2e-setup-fc-payload-value",
  FARCASTER_SIGNATURE: "e2e-setup-fc-signature-value",
  NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: "e2e-setup-walletconnect-id",
};

let server: AppServer;

test.beforeAll(async () => {
  const { RPC_URL, NFT_CONTRACT } = chainEnv(e2eChain());
  server = await startApp({
    ...E2E_SITE_ENV,
    // Farcaster's home page, as a trailing slash writes it: still the default.
    TASK_FC_COMMENT_URL: "https://farcaster.xyz/",
    RPC_URL: RPC_URL!,
    NFT_CONTRACT: NFT_CONTRACT!,
    ADMIN_WALLETS: walletOf("admin"),
    ...SECRETS,
  });
});
test.afterAll(async () => server.stop());

test("the Setup section lists each setting of a campaign as done or missing, with what to set", async ({ page }) => {
  const responses: Promise<string>[] = [];
  page.on("response", (res) => {
    if (res.url().startsWith(server.baseUrl)) responses.push(res.text().catch(() => ""));
  });
  await signInToConsole(page, server.baseUrl, adminKey);

  const section = page.getByTestId("setup-checklist");
  await expect(section).toHaveAttribute("data-complete", "false");
  const items = section.getByTestId("setup-item");
  await expect(items).toHaveCount(7);
  const seen = await items.evaluateAll((elements) =>
    elements.map((el) => [el.getAttribute("data-item"), el.getAttribute("data-status"), el.querySelector("[data-testid=setup-missing]")?.textContent ?? null]),
  );
  expect(seen).toEqual([
    ["app-url", "missing", "Set APP_URL"],
    ["store", "missing", "Set KV_REST_API_URL, KV_REST_API_TOKEN"],
    ["walletconnect", "done", null],
    ["task-urls", "missing", "Set TASK_FC_COMMENT_URL"],
    ["nft", "done", null],
    ["account-association", "done", null],
    ["cron", "missing", "Set CRON_SECRET"],
  ]);
  await expect(section.getByTestId("setup-summary")).toHaveText(
    "3 of 7 settings of a campaign are in place. Set the others in the deployment's environment and restart.",
  );
  await expect(items.first()).toBeVisible();

  // It folds and unfolds from its title, without waiting for JavaScript: a <details> element.
  await section.getByRole("heading", { name: "Setup" }).click();
  await expect(items.first()).toBeHidden();
  await section.getByRole("heading", { name: "Setup" }).click();
  await expect(items.first()).toBeVisible();

  // Names of settings only: no value the server holds reaches the browser, in the HTML or the payload.
  const bodies = (await Promise.all(responses)).join("\n");
  expect(bodies).toContain("NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID");
  for (const [name, value] of Object.entries(SECRETS)) expect(bodies.includes(value), name).toBe(false);
});
