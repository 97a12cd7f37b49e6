/**
 * Farm signals in the campaign console end to end, in Chromium: a farm binds 30 wallets that never
 * do anything through the public API, while another referrer brings two friends who check in. The
 * admin finds the farm first in Farm signals with its evidence, reads its lookup (its signals, and
 * its referees fresh on the local chain), and disqualifies it with its referees from its signals
 * row; the leaderboard keeps the other referrer. Desktop (the section) and phone (the farm's
 * lookup) screenshots for the README, written to docs/ by `npm run screenshots`.
 */
import { startApp, type AppServer } from "@/tests/support/app-server";
import { chainEnv } from "@/tests/support/chain-fixture";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { boardWallets, openDialog, signInToConsole } from "@/tests/e2e/support/console";
import { apiClient, appAt, codeOf, expect, test, type App } from "@/tests/e2e/support/fixtures";
import { e2eChain, fixedKeys, SCREENSHOT_DIR } from "@/tests/e2e/support/helpers";

// Nobody funds these wallets on the local chain, so the farm's referees are fresh there.
const { keyOf, walletOf } = fixedKeys("signals");
const adminKey = keyOf("admin");
const admin = walletOf("admin");
const farm = walletOf("farm");
const farmed = Array.from({ length: 30 }, (_, i) => walletOf(`farmed ${i + 1}`));
// A referrer whose friends use the app: it ranks below the farm and stays on the board.
const referrer = walletOf("referrer");
const friends = [1, 2].map((i) => walletOf(`friend ${i}`));
const REASON = "Farm: 30 idle referees bound within a minute";

let server: AppServer;
let app: App;

test.beforeAll(async () => {
  // The local chain lets the lookup read whether the referees look fresh (RPC_URL).
  server = await startApp({ ...E2E_SITE_ENV, ...chainEnv(e2eChain()), ADMIN_WALLETS: admin, SESSION_SECRET: "e2e-signals-secret-0123456789abcdef0123456789" });
  app = appAt(server.baseUrl);
});
test.afterAll(async () => server.stop());

test("a farm of idle referees ranks first in Farm signals, and disqualifying it from there takes it and its referees off the leaderboard", async ({ browser, request, page }) => {
  // A whole scenario of server renders on a shared 2-core machine: a finite budget, generous for it.
  test.setTimeout(120_000);
  const api = apiClient(request, app.baseUrl);
  for (const wallet of [farm, referrer]) expect((await api.initUser(wallet)).status).toBe(200);
  for (const wallet of farmed) expect((await api.record(wallet, codeOf(farm))).status).toBe(200);
  for (const friend of friends) {
    expect((await api.record(friend, codeOf(referrer))).status).toBe(200);
    expect((await api.complete(friend, "daily_checkin")).status).toBe(200);
  }
  const others = [referrer, ...friends];
  expect(await boardWallets(browser, app.baseUrl)).toEqual(expect.arrayContaining([farm, ...farmed, ...others]));

  await signInToConsole(page, app.baseUrl, adminKey);
  await page.setViewportSize({ width: 1280, height: 900 });
  const rows = page.getByTestId("signals-row");
  await expect(rows).toHaveCount(2);
  const row = rows.first();
  await expect(row).toHaveAttribute("data-wallet", farm);
  await expect(row.getByTestId("referrals")).toHaveAttribute("data-value", "30");
  await expect(row.getByTestId("burst")).toHaveAttribute("data-value", "30");
  await expect(row.getByTestId("idleShare")).toHaveText("100%");
  await expect(row.getByTestId("cycles")).toHaveAttribute("data-value", "0");
  // The friends checked in after they were bound: none of the referrer's referees is idle.
  await expect(rows.nth(1)).toHaveAttribute("data-wallet", referrer);
  await expect(rows.nth(1).getByTestId("idleShare")).toHaveText("0%");
  // Below the sticky header: the section's scroll margin clears it.
  await page.locator("#farm-signals").evaluate((section) => section.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: `${SCREENSHOT_DIR}/signals-desktop.png` });

  // The farm's lookup, from its row: the same evidence, and its 30 referees fresh on the chain.
  await row.getByTestId("wallet-link").click();
  const evidence = page.getByTestId("wallet-report").getByTestId("wallet-signals");
  await expect(evidence.getByTestId("evidence-burst")).toHaveAttribute("data-value", "30");
  await expect(evidence.getByTestId("evidence-idleShare")).toContainText("30 (100%)");
  await expect(evidence.getByTestId("fresh-referees")).toHaveText("30 of 30 referees on this page look fresh on the chain: no transaction, no balance");

  // Disqualified from its signals row, with its 30 referees.
  const farmRow = page.locator(`[data-testid="signals-row"][data-wallet="${farm}"]`);
  const dialog = await openDialog(page, farmRow, "disqualify");
  await dialog.getByTestId("disqualify-reason").fill(REASON);
  await dialog.getByText("Also disqualify its 30 referees").click();
  await dialog.getByTestId("moderation-confirm").click();
  await expect(dialog).toBeHidden();
  await expect(farmRow).toHaveAttribute("data-disqualified", "true");
  await expect(farmRow.getByTestId("disqualified-badge")).toHaveText("Disqualified");
  await expect(page.getByTestId("audit-row").first().getByTestId("audit-wallets")).toHaveAttribute("data-value", "31");

  const board = await boardWallets(browser, app.baseUrl);
  for (const wallet of [farm, ...farmed]) expect(board).not.toContain(wallet);
  expect(board).toEqual(expect.arrayContaining(others));

  // The farm's lookup on a phone, out and with its evidence; the page never scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${app.baseUrl}/admin?wallet=${farm}`);
  await expect(farmRow.getByTestId("reinstate")).toBeVisible();
  await expect(evidence.getByTestId("evidence-suspicion")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await evidence.evaluate((list) => list.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: `${SCREENSHOT_DIR}/signals-phone.png` });
});
