/**
 * Moderation in the campaign console end to end, in Chromium: an admin disqualifies a referrer
 * with its referees (cascade) from the top-referrers table, the public leaderboard drops them all
 * and the audit log records it, then a reinstate from the wallet lookup brings them back.
 * Desktop (the confirm dialog) and phone (the lookup) screenshots for the README, written to docs/
 * by `npm run screenshots`.
 */
import { startApp, type AppServer } from "@/tests/support/app-server";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { boardWallets, openDialog, signInToConsole } from "@/tests/e2e/support/console";
import { apiClient, appAt, codeOf, connectThroughModal, expect, test, type App } from "@/tests/e2e/support/fixtures";
import { fixedKeys, SCREENSHOT_DIR, short } from "@/tests/e2e/support/helpers";

const { keyOf, walletOf } = fixedKeys("moderation");
const adminKey = keyOf("admin");
const admin = walletOf("admin");
const referrer = walletOf("referrer");
const referees = [1, 2, 3].map((i) => walletOf(`referee ${i}`));
// Another referrer with a referee of its own: the board keeps them throughout.
const bystander = walletOf("bystander");
const bystanderReferee = walletOf("bystander's referee");
const REASON = "Farmed referrals: all referees created within a minute";
const ADMIN_TOKEN = "e2e-moderation-token-0123456789";

let server: AppServer;
let app: App;

test.beforeAll(async () => {
  server = await startApp({
    ...E2E_SITE_ENV,
    ADMIN_WALLETS: admin,
    ADMIN_TOKEN: ADMIN_TOKEN,
    SESSION_SECRET: "e2e-moderation-secret-0123456789abcdef01234567",
  });
  app = appAt(server.baseUrl);
});
test.afterAll(async () => server.stop());

test("a disqualified referrer and its referees leave the leaderboard, are in the audit log, and come back when reinstated", async ({ browser, request, page }) => {
  // A whole scenario of server renders on a shared 2-core machine: a finite budget, generous for it.
  test.setTimeout(120_000);
  const api = apiClient(request, app.baseUrl);
  for (const [wallet, friends] of [[referrer, referees], [bystander, [bystanderReferee]]] as const) {
    expect((await api.initUser(wallet)).status).toBe(200);
    for (const friend of friends) expect((await api.record(friend, codeOf(wallet))).status).toBe(200);
  }
  const everyone = [referrer, ...referees, bystander, bystanderReferee];
  expect(await boardWallets(browser, app.baseUrl)).toEqual(expect.arrayContaining(everyone));

  await signInToConsole(page, app.baseUrl, adminKey);
  await page.setViewportSize({ width: 1280, height: 900 });
  const row = page.locator(`[data-testid="referrer-row"][data-wallet="${referrer}"]`);
  await expect(row.getByTestId("referralsAllTime")).toHaveAttribute("data-value", "3");
  await expect(row).toHaveAttribute("data-disqualified", "false");

  // Disqualify from the table: the dialog asks for a reason and offers the cascade over its 3 referees.
  let dialog = await openDialog(page, row, "disqualify");
  await expect(dialog).toContainText(`Disqualify ${short(referrer)}?`);
  const reason = dialog.getByTestId("disqualify-reason");
  await reason.fill(REASON);
  await dialog.getByText("Also disqualify its 3 referees").click();
  await expect(dialog.getByTestId("disqualify-cascade")).toBeChecked();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/moderation-desktop.png` });
  // A blank reason passes the browser's `required`; the API's 400 text is shown in the dialog.
  await reason.fill("   ");
  await dialog.getByTestId("moderation-confirm").click();
  await expect(dialog.getByRole("alert")).toHaveText("Invalid reason: 1 to 500 characters, no line breaks");
  await expect(row).toHaveAttribute("data-disqualified", "false");
  await reason.fill(REASON);
  await dialog.getByTestId("moderation-confirm").click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveAttribute("data-disqualified", "true");
  await expect(row.getByTestId("disqualified-badge")).toHaveText("Disqualified");
  await expect(row.getByTestId("reinstate")).toBeVisible();

  const entry = page.getByTestId("audit-row").first();
  await expect(entry).toHaveAttribute("data-action", "disqualify");
  await expect(entry).toHaveAttribute("data-wallet", referrer);
  await expect(entry.getByTestId("audit-admin")).toHaveText(short(admin));
  await expect(entry.getByTestId("audit-reason")).toHaveText(REASON);
  await expect(entry.getByTestId("audit-cascade")).toHaveAttribute("data-value", "true");
  await expect(entry.getByTestId("audit-wallets")).toHaveAttribute("data-value", "4");

  const board = await boardWallets(browser, app.baseUrl);
  for (const wallet of [referrer, ...referees]) expect(board).not.toContain(wallet);
  expect(board).toEqual(expect.arrayContaining([bystander, bystanderReferee]));

  // A referee's lookup names the referrer whose cascade took it out.
  await page.goto(`${app.baseUrl}/admin?wallet=${referees[0]}#wallet-lookup`);
  await expect(page.getByTestId("disqualification")).toContainText("With the referees of");
  await expect(page.getByTestId("disqualification").getByTestId("wallet-link")).toHaveText(short(referrer));

  // The referrer's lookup on a phone: who, when and why, and Reinstate.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${app.baseUrl}/admin?wallet=${referrer}#wallet-lookup`);
  const report = page.getByTestId("wallet-report");
  await expect(report.getByTestId("disqualification-reason")).toHaveText(REASON);
  await expect(report.getByTestId("report-rank")).toHaveText("Not ranked");
  // A phone never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/moderation-phone.png` });

  dialog = await openDialog(page, report, "reinstate");
  await dialog.getByTestId("moderation-confirm").click();
  await expect(dialog).toBeHidden();
  await expect(report.getByTestId("disqualification")).toHaveCount(0);
  await expect(report.getByTestId("disqualify")).toBeVisible();
  await expect(page.getByTestId("audit-row").first()).toHaveAttribute("data-action", "reinstate");
  await expect(page.getByTestId("audit-row").first().getByTestId("audit-wallets")).toHaveAttribute("data-value", "4");

  expect(await boardWallets(browser, app.baseUrl)).toEqual(expect.arrayContaining(everyone));
});

test("a disqualified wallet keeps its app: its dashboard says it is not ranked, and its quests still work", async ({ page, request, wallet }) => {
  const visitor = await wallet();
  const token = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const answer = await request.post(`${app.baseUrl}/api/admin/wallets/disqualify`, { headers: token, data: { wallet: visitor.address, reason: "test" } });
  expect(answer.status()).toBe(200);

  await page.goto(app.baseUrl);
  await connectThroughModal(page);
  await expect(page.getByTestId("not-ranked")).toContainText("This wallet is not on the leaderboard");
  await expect(page.getByTestId("stat-rank")).toHaveText("–");
  const checkIn = page.getByTestId("task-daily_checkin");
  await checkIn.getByTestId("checkin-button").click();
  await expect.poll(async () => (await apiClient(request, app.baseUrl).taskStatus(visitor.address)).body.tasks.daily_checkin).toBe(true);

  expect((await request.post(`${app.baseUrl}/api/admin/wallets/reinstate`, { headers: token, data: { wallet: visitor.address } })).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("stat-rank")).toHaveText(/^#\d+$/);
  await expect(page.getByTestId("not-ranked")).toHaveCount(0);
});
