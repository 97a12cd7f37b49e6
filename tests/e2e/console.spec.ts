/**
 * The campaign console end to end, in Chromium: a scripted campaign (three visitors open a
 * referral link, two connect and are bound, one checks in), then an admin wallet signs in at
 * /admin and reads exactly those numbers in the tiles, the funnel and the top-referrers row.
 * The period chooser's ?period= values, a wallet row's Disqualify on a 390 px phone, and the
 * Notifications section, off on that server, and on a second one with notifications on, where a
 * signed webhook event makes one subscriber.
 * Phone and desktop screenshots for the README (`npm run screenshots` writes them to docs/).
 */
import type { Browser, Page } from "@playwright/test";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { BROWSER } from "@/tests/support/http";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { newAppKey, signedEvent, startFakeHub } from "@/tests/support/farcaster";
import { fixedKeys, SCREENSHOT_DIR } from "@/tests/e2e/support/helpers";
import { connectInPanel, signInToConsole } from "@/tests/e2e/support/console";
import { apiClient, appAt, codeOf, connectThroughModal, expect, guardNetwork, preparePage, test, waitForHydration, type App } from "@/tests/e2e/support/fixtures";
import { installWallet } from "@/tests/e2e/support/wallet";

const { keyOf, walletOf } = fixedKeys("console");
const adminKey = keyOf("admin");
const admin = walletOf("admin");
const referrer = walletOf("referrer");
const SESSION_SECRET = "e2e-console-secret-0123456789abcdef0123456789";

let server: AppServer;
let app: App;

test.describe.configure({ mode: "serial" });
// HeadlessChrome is a bot to isbot: the visitors' beacons count only with a browser's User-Agent.
test.use({ userAgent: BROWSER["user-agent"] });

test.beforeAll(async () => {
  server = await startApp({ ...E2E_SITE_ENV, ADMIN_WALLETS: admin, SESSION_SECRET });
  app = appAt(server.baseUrl);
});
test.afterAll(async () => server.stop());

/**
 * A visitor in a browser of their own (own storage, so an own visitor id), with a wallet
 * installed or not, who opens the link once and waits for the beacon's answer.
 */
async function visit(browser: Browser, link: string, withWallet: boolean): Promise<Page> {
  const context = await browser.newContext({ userAgent: BROWSER["user-agent"] });
  await guardNetwork(context);
  const page = await context.newPage();
  await preparePage(page);
  if (withWallet) await installWallet(page);
  const beacon = page.waitForResponse((res) => res.url().endsWith("/api/referral/visit"));
  await page.goto(link);
  expect(await (await beacon).json()).toEqual({ counted: true });
  return page;
}

test("a scripted campaign reads back exactly in the console", async ({ browser, request, page }) => {
  // A whole scenario of server renders on a shared 2-core machine: a finite budget, generous for it.
  test.setTimeout(120_000);
  const api = apiClient(request, app.baseUrl);
  expect((await api.initUser(referrer)).status).toBe(200);
  const link = `${app.baseUrl}/?ref=${codeOf(referrer)}`;

  // Three visitors open the link; the first two connect and are bound; the first checks in.
  const visitors = [await visit(browser, link, true), await visit(browser, link, true), await visit(browser, link, false)];
  for (const visitor of visitors.slice(0, 2)) {
    await connectThroughModal(visitor);
    await expect(visitor.getByTestId("referral-outcome")).toHaveAttribute("data-outcome", "recorded");
  }
  const checkIn = visitors[0]!.getByTestId("checkin-button");
  await waitForHydration(checkIn);
  await checkIn.click();
  await expect(checkIn).toBeDisabled();
  for (const visitor of visitors) await visitor.context().close();

  // The admin signs in at /admin with the Sign-In with Ethereum flow (WALLET_AUTH is off).
  await signInToConsole(page, app.baseUrl, adminKey);

  // The server's output reaches this process through a pipe, on its own time: wait for the line.
  await expect.poll(() => server.logs()).toMatch(new RegExp(`"msg":"admin console","time":[^\n]*"admin":"${admin}","period":"30","lookup":false`));
  const tile = (id: string) => page.getByTestId(`tile-${id}`).getByTestId("tile-value");
  await expect(tile("uniqueVisitors")).toHaveAttribute("data-value", "3");
  // The referrer and the two friends; not the admin, whom signing in at /admin does not register.
  await expect(tile("newWallets")).toHaveAttribute("data-value", "3");
  await expect(tile("referrals")).toHaveAttribute("data-value", "2");
  await expect(tile("conversion")).toHaveAttribute("data-value", String(2 / 3));
  await expect(tile("checkIns")).toHaveAttribute("data-value", "1");
  await expect(tile("liability")).toHaveAttribute("data-value", "80"); // scores 2 + 1 + 1, x 20

  for (const [step, count] of [["uniqueVisitors", "3"], ["connectedWithCode", "2"], ["referrals", "2"]] as const) {
    await expect(page.getByTestId(`funnel-${step}`)).toHaveAttribute("data-count", count);
  }

  const rows = page.getByTestId("referrer-row");
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toHaveAttribute("data-wallet", referrer);
  for (const [cell, value] of [["referrals", "2"], ["referralsAllTime", "2"], ["visits", "3"], ["uniqueVisitors", "3"]] as const) {
    await expect(row.getByTestId(cell)).toHaveAttribute("data-value", value);
  }
  await expect(row.getByTestId("conversion")).toHaveAttribute("data-value", String(2 / 3));
  // Counting began on the server's today, the last day of its period: the server's clock, not this one.
  const stats = (await (await page.request.get(`${app.baseUrl}/api/admin/stats`)).json()) as { period: { to: string }; countingSince: string | null };
  expect(stats.countingSince).toBe(stats.period.to);
  await expect(page.getByTestId("counting-since")).toHaveText(`Counting since ${formatUtcDay(stats.period.to)}`);

  // The wallet lookup from the referrer's row: its two referees.
  await row.getByTestId("wallet-link").first().click();
  await expect(page.getByTestId("wallet-report")).toBeVisible();
  await expect(page.getByTestId("referees-total")).toHaveText("2");
  await expect(page.getByTestId("referee-row")).toHaveCount(2);

  // Every table downloads as CSV through the admin's session.
  const csv = await page.request.get(`${app.baseUrl}/api/admin/stats?format=csv&table=funnel`);
  expect(await csv.text()).toBe("step,count\r\nuniqueVisitors,3\r\nconnectedWithCode,2\r\nreferrals,2\r\n");

  await page.goto(`${app.baseUrl}/admin`);
  await expect(page.getByTestId("console-admin")).toBeVisible();
  for (const [name, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    // A phone never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/console-${name}.png`, fullPage: name === "desktop" });
  }
  // Rendered afresh in the dark scheme: switching in place would catch the buttons mid-transition.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(page.getByTestId("console-admin")).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/console-desktop-dark.png` });
});

/** "Nov 27, 2026": how the console writes a UTC day (YYYY-MM-DD). */
function formatUtcDay(day: string): string {
  return new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

test("?period= picks one of 7, 30, 90 days or all time; anything else is the default, 30 days", async ({ page }) => {
  await signInToConsole(page, app.baseUrl, adminKey);
  for (const [query, current] of [["7", "7"], ["90", "90"], ["all", "all"], ["30", "30"], ["8", "30"], ["", "30"], ["ALL", "30"]] as const) {
    await page.goto(`${app.baseUrl}/admin?period=${query}`);
    await expect(page.locator('[aria-current="page"][data-testid^="period-"]')).toHaveAttribute("data-testid", `period-${current}`);
  }
});

test("on a 390 px phone a wallet row's Disqualify is in view while its numbers scroll, and the page never scrolls sideways", async ({ page, request }) => {
  const api = apiClient(request, app.baseUrl);
  const phoneReferrer = walletOf("phone referrer");
  expect((await api.initUser(phoneReferrer)).status).toBe(200);
  expect((await api.record(walletOf("phone referee"), codeOf(phoneReferrer))).status).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToConsole(page, app.baseUrl, adminKey);

  const row = page.locator(`[data-testid="referrer-row"][data-wallet="${phoneReferrer}"]`);
  const button = row.getByTestId("disqualify");
  await button.scrollIntoViewIfNeeded();
  // The table is wider than the phone: its box scrolls, the page does not.
  const table = await row.evaluate((el) => {
    const box = el.closest("table")!.parentElement!;
    return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth, scrollLeft: box.scrollLeft };
  });
  expect(table.scrollWidth).toBeGreaterThan(table.clientWidth);
  expect(table.scrollLeft).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  // In view without scrolling the table, and the topmost thing where a thumb would press.
  const box = (await button.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  })).toBe(true);
  // Scrolled to its end, the numbers pass under the action column, which stays where it was.
  await row.evaluate((el) => el.closest("table")!.parentElement!.scrollTo({ left: 10_000 }));
  await expect.poll(async () => Math.abs((await button.boundingBox())!.x - box.x)).toBeLessThan(1);

  await waitForHydration(button);
  await button.click();
  await expect(page.getByRole("dialog")).toContainText("Disqualify");
});

test("without NEYNAR_API_KEY the Notifications section says how to turn them on", async ({ page }) => {
  await signInToConsole(page, app.baseUrl, adminKey);
  const panel = page.getByTestId("notifications-panel");
  await expect(panel).toHaveAttribute("data-enabled", "false");
  await expect(panel).toHaveText("Farcaster notifications are off. Set NEYNAR_API_KEY to turn them on (see the README, Farcaster notifications).");
  await expect(panel.getByTestId("tile-subscribers")).toHaveCount(0);
});

test("a signed-in wallet that is not an admin sees so, and can sign out", async ({ page }) => {
  await installWallet(page);
  await page.goto(`${app.baseUrl}/admin`);
  await connectInPanel(page);
  await page.getByTestId("admin-sign-in").click();
  await expect(page.getByTestId("not-admin")).toBeVisible();
  await page.getByTestId("admin-sign-out").click();
  await expect(page.getByTestId("console-access")).toBeVisible();
  await expect(page.getByTestId("admin-sign-in")).toBeVisible();
});

test.describe("with Farcaster notifications on", () => {
  const NEYNAR_API_KEY = "neynar-e2e-console";
  let notifying: AppServer;
  let hub: Awaited<ReturnType<typeof startFakeHub>>;

  test.beforeAll(async () => {
    hub = await startFakeHub();
    notifying = await startApp({ ...E2E_SITE_ENV, ADMIN_WALLETS: admin, SESSION_SECRET, NEYNAR_API_KEY, NEYNAR_HUB_URL: hub.url });
  });
  test.afterAll(async () => {
    await Promise.all([notifying?.stop(), hub?.stop()]);
  });

  test("a subscriber made by a signed webhook event counts in the Notifications section", async ({ page, request }) => {
    // What a Farcaster client posts when its user turns notifications on; the hub knows its app key as the fid's signer.
    const appKey = newAppKey(6021);
    hub.register(appKey);
    const details = { url: "https://notify.example.test/v1/frame-notifications", token: "e2e-console" };
    const res = await request.post(`${notifying.baseUrl}/api/farcaster/webhook`, { data: signedEvent(appKey, { event: "notifications_enabled", notificationDetails: details }) });
    expect(res.status()).toBe(200);
    expect(hub.apiKeys).toContain(NEYNAR_API_KEY);

    await signInToConsole(page, notifying.baseUrl, adminKey);
    const panel = page.getByTestId("notifications-panel");
    await expect(panel).toHaveAttribute("data-enabled", "true");
    const tile = (id: string) => panel.getByTestId(`tile-${id}`).getByTestId("tile-value");
    await expect(tile("subscribers")).toHaveAttribute("data-value", "1");
    // Nothing linked a wallet or sent anything yet.
    for (const id of ["linked", "sent", "failed", "invalid"]) await expect(tile(id)).toHaveAttribute("data-value", "0");
    await expect(panel.getByTestId("notification-kinds")).toHaveAttribute("data-kinds", "referral,checkin");
    await expect(panel.getByTestId("notification-day")).toHaveCount(0);
    await expect(panel).toContainText("No notifications sent in this period.");
  });
});
