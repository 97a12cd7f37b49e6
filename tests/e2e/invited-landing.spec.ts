/**
 * Issue 25: the landing opened from an invite link is written for the invited visitor. Its
 * headline, the first thing in the page's content, says who invited them and what they both get
 * when they connect; a code that names nobody says what they can still do. On a desktop and a
 * 390 px phone, on a store of its own with fixed wallets, so `npm run screenshots`
 * (UPDATE_SCREENSHOTS=1) writes the same pictures to docs/screenshots/ on every run.
 */
import type { Page } from "@playwright/test";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { randomCode } from "@/tests/support/wallets";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { apiClient, appAt, codeOf, expect, test, type App } from "@/tests/e2e/support/fixtures";
import { consoleErrors, fixedKeys, SCREENSHOT_DIR, short } from "@/tests/e2e/support/helpers";

const { walletOf } = fixedKeys("invited landing");
const inviter = walletOf("inviter");
const devices = [
  { name: "desktop", viewport: { width: 1280, height: 860 }, isMobile: false },
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

let server: AppServer;
let app: App;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request }) => {
  server = await startApp({ ...E2E_SITE_ENV, APP_NAME: "Refboard", APP_URL: "https://refboard.example" });
  app = appAt(server.baseUrl);
  const api = apiClient(request, app.baseUrl);
  expect((await api.initUser(inviter)).status).toBe(200);
  for (const friend of ["first friend", "second friend"]) expect((await api.record(walletOf(friend), codeOf(inviter))).status).toBe(200);
});
test.afterAll(async () => server.stop());

/** The text of the page's content from its start, as a person reads it. */
const contentText = async (page: Page) => (await page.locator("main").innerText()).replace(/\s+/g, " ");

for (const device of devices) {
  test.describe(device.name, () => {
    test.use({ viewport: device.viewport, isMobile: device.isMobile, hasTouch: device.isMobile });

    test("a known code: the headline says who invited the visitor and that both get 20 reward units on connect", async ({ page }) => {
      const errors = consoleErrors(page);
      await page.goto(`${app.baseUrl}/?ref=${codeOf(inviter)}`);
      const headline = page.getByRole("heading", { level: 1 });
      await expect(headline).toHaveText(`Invited by ${short(inviter)}. Connect, and you each get 20 reward units.`);
      await expect(headline).toBeInViewport();
      expect(await contentText(page)).toMatch(new RegExp(`^Invited by ${short(inviter)}\\.`));
      await expect(page.getByTestId("invite-lead")).toHaveText(
        `Connect your wallet to accept the invite: you get 20 reward units for joining and ${short(inviter)} gets 20 for bringing you. ` +
          "Then share your own link: every friend who joins with it earns you both 20 more.",
      );
      await expect(page.getByRole("button", { name: "Connect wallet to accept" })).toBeInViewport();
      expect(await contentText(page)).not.toMatch(/points?\b/i);
      await page.waitForLoadState("networkidle");
      expect(errors).toEqual([]);

      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/invited-landing-${device.name}.png`, fullPage: true, animations: "disabled" });
    });

    test("an unknown code: the headline says so, and the visitor can still connect, play and get a link", async ({ page }) => {
      const code = randomCode();
      await page.goto(`${app.baseUrl}/?ref=${code}`);
      const headline = page.getByRole("heading", { level: 1 });
      await expect(headline).toHaveText("This invite code isn't known. You can still play.");
      await expect(headline).toBeInViewport();
      expect(await contentText(page)).toMatch(/^This invite code isn't known\./);
      await expect(page.getByTestId("invite-lead")).toHaveText(
        `No wallet has the code ${code} yet, so it can't tell who invited you. ` +
          "Connect your wallet anyway: check in daily, finish quests and get your own invite link. " +
          "Every friend who joins with it earns you both 20 reward units.",
      );
      await expect(page.getByRole("button", { name: "Connect wallet to start" })).toBeInViewport();
    });
  });
}

test("without an invite the landing is the referrer's, as before", async ({ page }) => {
  await page.goto(app.baseUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invite friends. Earn together.");
  await expect(page.getByTestId("invite-lead")).toHaveCount(0);
});

test.describe("with qualified referrals (REFERRAL_QUALIFY=checkin)", () => {
  let qualified: AppServer;
  test.beforeAll(async ({ request }) => {
    qualified = await startApp({ ...E2E_SITE_ENV, REFERRAL_QUALIFY: "checkin" });
    expect((await apiClient(request, qualified.baseUrl).initUser(inviter)).status).toBe(200);
  });
  test.afterAll(async () => qualified.stop());

  test("the invite promises the reward units for when they are credited, not for the connect", async ({ page }) => {
    await page.goto(`${qualified.baseUrl}/?ref=${codeOf(inviter)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Invited by ${short(inviter)}. You each get 20 reward units.`);
    await expect(page.getByTestId("invite-lead")).toContainText(
      `Connect your wallet to accept the invite. Once you do your first daily check-in, you get 20 reward units for joining and ${short(inviter)} gets 20`,
    );
  });
});
