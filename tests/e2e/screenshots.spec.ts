/**
 * Screenshots of every page, phone (375 px) and desktop, light and dark, for the
 * README. A store of its own with a believable community, so the pictures show the
 * product as a visitor would find it. `npm run screenshots` writes them to
 * docs/screenshots/; a plain test run writes them under test-results/, so it leaves
 * the working tree alone (the check-in countdown differs by seconds on every run).
 */
import type { Page } from "@playwright/test";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { chainEnv } from "@/tests/support/chain-fixture";
import { e2eChain, fixedKeys, SCREENSHOT_DIR } from "@/tests/e2e/support/helpers";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { apiClient, appAt, codeOf, connectThroughModal, expect, test, type Api, type App } from "@/tests/e2e/support/fixtures";

const devices = [
  { name: "phone", viewport: { width: 375, height: 812 }, isMobile: true },
  { name: "desktop", viewport: { width: 1280, height: 860 }, isMobile: false },
] as const;

let server: AppServer;
let app: App;
// The same community on every run (fixed keys, fresh store), so the pictures only change when the UI does.
const { keyOf, walletOf } = fixedKeys("screenshots");
const visitorKey = keyOf("visitor");
const visitor = walletOf("visitor");
const inviter = walletOf("inviter");

async function invite(api: Api, referrer: string, friends: string[]) {
  for (const friend of friends) expect((await api.record(walletOf(friend), codeOf(referrer))).status).toBe(200);
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request }) => {
  // APP_URL: links show the public address a real deployment would use; the chain: every quest is offered, as on a deployment set up for a campaign.
  server = await startApp({ ...E2E_SITE_ENV, ...chainEnv(e2eChain()), APP_NAME: "Refboard", APP_URL: "https://refboard.example" });
  app = appAt(server.baseUrl);
  const api = apiClient(request, app.baseUrl);
  // A small community: two strong referrers, their friends, and our visitor in third place.
  const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix} ${i}`);
  for (const [leader, n] of [["leader", 9], ["runner-up", 6]] as const) {
    await api.initUser(walletOf(leader));
    await invite(api, walletOf(leader), names(leader, n));
  }
  await api.initUser(inviter);
  await invite(api, inviter, ["visitor"]);
  await invite(api, visitor, names("visitor friend", 3));
  await invite(api, inviter, names("inviter friend", 2));
  await api.complete(visitor, "daily_checkin");
  await api.complete(visitor, "fc_follow");
  await api.complete(visitor, "add_miniapp");
});

test.afterAll(async () => {
  await server.stop();
});

async function shoot(page: Page, name: string) {
  // Let fonts, the shimmer and transitions settle so the picture is what a person sees.
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true, animations: "disabled" });
}

for (const device of devices) {
  for (const scheme of ["light", "dark"] as const) {
    const suffix = `${device.name}${scheme === "dark" ? "-dark" : ""}`;
    test.describe(`${device.name}, ${scheme}`, () => {
      test.use({ viewport: device.viewport, isMobile: device.isMobile, hasTouch: device.isMobile, colorScheme: scheme });

      test(`landing page with an invite (${suffix})`, async ({ page }) => {
        await page.goto(`${app.baseUrl}/?ref=${codeOf(inviter)}`);
        await expect(page.getByTestId("invite-status")).toContainText("Invited by");
        await shoot(page, `landing-${suffix}`);
      });

      test(`dashboard (${suffix})`, async ({ page, wallet }) => {
        await wallet({ privateKey: visitorKey });
        await page.goto(app.baseUrl);
        await connectThroughModal(page);
        await expect(page.getByTestId("stat-referrals")).toHaveText("3");
        await expect(page.getByTestId("stat-rank")).toHaveText("#3");
        await expect(page.getByTestId("task-fc_follow")).toHaveAttribute("data-done", "true");
        await shoot(page, `dashboard-${suffix}`);
      });

      test(`leaderboard (${suffix})`, async ({ page, wallet }) => {
        await wallet({ privateKey: visitorKey });
        await page.goto(`${app.baseUrl}/leaderboard`);
        await connectThroughModal(page);
        await expect(page.locator("[data-testid=leaderboard-row][data-me]")).toHaveCount(1);
        await shoot(page, `leaderboard-${suffix}`);
      });
    });
  }
}
