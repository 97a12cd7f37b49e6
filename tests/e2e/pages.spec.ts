/**
 * Pages a visitor can land on besides the quests: an unknown URL, the API reference, and what
 * the dashboard says around the quests (the invite outcome, the milestone line).
 */
import type { Locator, Page } from "@playwright/test";
import { codeOf, connectThroughModal, expect, test } from "@/tests/e2e/support/fixtures";
import { knownWallet, referFriends } from "@/tests/e2e/support/helpers";

const PHONE = { viewport: { width: 390, height: 780 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const [name, device, colorScheme] of [
  ["phone, light", PHONE, "light"],
  ["desktop, dark", DESKTOP, "dark"],
] as const) {
  test.describe(`an unknown URL (${name})`, () => {
    test.use({ ...device, colorScheme });

    test("answers 404 with the site's own page: header, footer, its own title and a way home", async ({ page, app }) => {
      const response = await page.goto(`${app.baseUrl}/no/such/page`);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle("Page not found · Refboard");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page doesn't exist");
      await expect(page.getByRole("banner").getByRole("link", { name: "Refboard home" })).toBeVisible();
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "API reference" })).toBeVisible();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      await page.getByRole("link", { name: "Back to the home page" }).click();
      await expect(page).toHaveURL(`${app.baseUrl}/`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Invite friends.");
    });
  });
}

test.describe("the API reference", () => {
  test("is linked from the footer of every page", async ({ page, app }) => {
    await page.goto(`${app.baseUrl}/leaderboard`);
    await page.getByRole("contentinfo").getByRole("link", { name: "API reference" }).click();
    await expect(page).toHaveURL(`${app.baseUrl}/docs`);
    await expect(page).toHaveTitle("API reference · Refboard");
  });

  test.describe("on a 390 px phone", () => {
    test.use(PHONE);

    test("fits without sideways scrolling: long names, patterns and paths wrap inside their own box", async ({ page, app }) => {
      await page.goto(`${app.baseUrl}/docs`);
      await expect(page.getByRole("heading", { name: "Schemas" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
});

/** Whether two boxes share any area. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Brings each row to the bottom edge of the viewport, where a banner pinned there would sit, and checks `banner` covers none. */
async function expectCoversNone(banner: Locator, rows: Locator): Promise<void> {
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i);
    await row.evaluate((el) => el.scrollIntoView({ block: "end" }));
    const [bannerBox, rowBox] = [await banner.boundingBox(), await row.boundingBox()];
    if (!bannerBox || !rowBox) throw new Error("the banner and the row must both be rendered");
    expect(overlaps(bannerBox, rowBox), `the invite outcome covers ${await row.getAttribute("data-testid")}`).toBe(false);
  }
}

for (const [name, device] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test.describe(`the dashboard on a ${name}`, () => {
    test.use(device);

    test("the invite outcome sits in the flow above the content, covers no quest row, and can be dismissed", async ({
      page,
      app,
      api,
      wallet,
    }) => {
      const referrer = await knownWallet(api);
      await wallet();
      await page.goto(`${app.baseUrl}/?ref=${codeOf(referrer)}`);
      await connectThroughModal(page);
      const banner = page.getByTestId("referral-outcome");
      await expect(banner).toHaveAttribute("data-outcome", "recorded");
      await expect(page.getByRole("status").filter({ has: banner })).toHaveCount(1);
      await expect(page.getByTestId("task-nft_mint")).toBeVisible();

      await expectCoversNone(banner, page.locator('[data-testid^="task-"]'));

      await banner.getByRole("button", { name: "Dismiss" }).click();
      await expect(banner).toHaveCount(0);
    });
  });
}

test.describe("the milestone line", () => {
  test("says how many friends are missing and toward what, singular or plural, and when every milestone is reached", async ({
    page,
    app,
    api,
    wallet,
  }) => {
    const visitor = await wallet();
    await api.initUser(visitor.address);
    await page.goto(app.baseUrl);
    await connectThroughModal(page);
    const line = (text: string) => page.getByText(text, { exact: true });
    await expect(line("Invite your first friend to reach the first milestone")).toBeVisible();

    await referFriends(api, visitor.address, 4);
    await page.reload();
    await expect(page.getByTestId("stat-referrals")).toHaveText("4");
    await expect(line("Invite 1 more friend to reach 5 referrals")).toBeVisible();

    await referFriends(api, visitor.address, 46);
    await page.reload();
    await expect(page.getByTestId("stat-referrals")).toHaveText("50");
    await expect(line("All milestones reached: 50 referrals")).toBeVisible();
  });
});
