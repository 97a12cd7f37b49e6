/**
 * Issue 25: the console counts the campaign, not the team. An admin who connects and signs in at
 * /admin is not registered as a campaign user (no POST /api/user/init), so "New wallets" stays 0.
 */
import { startApp, type AppServer } from "@/tests/support/app-server";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { fixedKeys } from "@/tests/e2e/support/helpers";
import { signInToConsole } from "@/tests/e2e/support/console";
import { appAt, codeOf, expect, test, type App } from "@/tests/e2e/support/fixtures";

const { keyOf, walletOf } = fixedKeys("console counts");
const admin = walletOf("admin");

let server: AppServer;
let app: App;

test.beforeAll(async () => {
  server = await startApp({ ...E2E_SITE_ENV, ADMIN_WALLETS: admin, SESSION_SECRET: "e2e-console-counts-0123456789abcdef0123456789" });
  app = appAt(server.baseUrl);
});
test.afterAll(async () => server.stop());

test("an admin who signs in at /admin is not counted as a new wallet", async ({ page, request }) => {
  const registrations: string[] = [];
  page.on("request", (req) => {
    if (req.url().endsWith("/api/user/init")) registrations.push(req.postData() ?? "");
  });

  await signInToConsole(page, app.baseUrl, keyOf("admin"));
  await page.waitForLoadState("networkidle");
  await page.reload();
  await expect(page.getByTestId("console-admin")).toBeVisible();

  await expect(page.getByTestId("tile-newWallets").getByTestId("tile-value")).toHaveAttribute("data-value", "0");
  expect(registrations).toEqual([]);
  // The store does not know the admin's wallet: its code resolves to nobody.
  expect((await request.get(`${app.baseUrl}/api/referral/wallet-by-code?code=${codeOf(admin)}`)).status()).toBe(404);
});
