import type { Page } from "@playwright/test";
import { codeOf, connectThroughModal, expect, test, waitForHydration } from "@/tests/e2e/support/fixtures";
import { knownWallet, referFriends } from "@/tests/e2e/support/helpers";

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Cumulative layout shift so far (the same sum the Core Web Vital uses, without its session windows). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

/** Names of buttons and links that have none: an aria snapshot shows them as a bare role. */
async function unnamedControls(page: Page): Promise<string[]> {
  const snapshot = await page.locator("body").ariaSnapshot();
  return snapshot.split("\n").filter((line) => /^\s*- (button|link|textbox|checkbox)(\s*\[[^\]]*\])?:?\s*$/.test(line));
}

for (const width of [375, 360]) {
  test.describe(`a ${width} px phone`, () => {
    test.use({ viewport: { width, height: 780 }, isMobile: true, hasTouch: true });

    test("renders the landing page, the dashboard and the leaderboard without horizontal scrolling", async ({ page, app, api, wallet }) => {
      const referrer = await knownWallet(api);
      await wallet();
      await page.goto(`${app.baseUrl}/?ref=${codeOf(referrer)}`);
      await expect(page.getByTestId("invite-status")).toContainText("Invited by");
      expect(await horizontalOverflow(page)).toBe(0);

      await connectThroughModal(page);
      await expect(page.getByLabel("Your invite link")).not.toHaveValue("");
      await expect(page.getByTestId("task-nft_mint")).toBeVisible();
      expect(await horizontalOverflow(page)).toBe(0);

      await page.goto(`${app.baseUrl}/leaderboard`);
      await expect(page.getByTestId("leaderboard-row").first()).toBeVisible();
      await expect(page.locator("[data-testid=leaderboard-row][data-me]")).toHaveCount(1);
      expect(await horizontalOverflow(page)).toBe(0);
    });
  });
}

test.describe("stability and accessibility", () => {
  test("pages do not shift while their data arrives", async ({ page, app, api, wallet }) => {
    const referrer = await knownWallet(api);
    await referFriends(api, referrer, 1);
    await page.goto(`${app.baseUrl}/?ref=${codeOf(referrer)}`);
    await expect(page.getByTestId("invite-status")).toContainText("Invited by");
    expect(await layoutShift(page)).toBeLessThan(0.01);

    await page.goto(`${app.baseUrl}/leaderboard`);
    await expect(page.getByTestId("leaderboard-row").first()).toBeVisible();
    expect(await layoutShift(page)).toBeLessThan(0.01);

    // A returning wallet: the server renders the dashboard's skeleton, the data fills it in place.
    // The invite opened above is recorded first: its outcome banner enters the flow (it covers
    // nothing), which is not data arriving.
    await wallet();
    await page.goto(app.baseUrl);
    await connectThroughModal(page);
    await expect(page.getByTestId("referral-outcome")).toHaveAttribute("data-outcome", "recorded");
    await page.reload();
    await expect(page.getByTestId("stat-referrals")).toHaveText("0");
    await expect(page.getByTestId("checkin-button")).toBeVisible();
    expect(await layoutShift(page)).toBeLessThan(0.05);
  });

  test("the keyboard reaches everything in reading order, starting with a skip link", async ({ page, app }) => {
    await page.goto(app.baseUrl);
    await waitForHydration(page.getByRole("button", { name: "Connect wallet", exact: true }));
    const order: string[] = [];
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press("Tab");
      order.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          return el?.getAttribute("aria-label") ?? el?.innerText.trim() ?? "";
        }),
      );
    }
    expect(order).toEqual([
      "Skip to content",
      "Refboard home",
      "Quests",
      "Leaderboard",
      "Connect wallet",
      "Connect wallet to start",
      "See the leaderboard",
    ]);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter"); // opens the connect flow from the keyboard
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("every button, link and field has an accessible name", async ({ page, app, api, wallet }) => {
    await wallet();
    await page.goto(app.baseUrl);
    await waitForHydration(page.getByRole("button", { name: "Connect wallet", exact: true }));
    expect(await unnamedControls(page)).toEqual([]);
    await connectThroughModal(page);
    await expect(page.getByTestId("task-nft_mint")).toBeVisible();
    expect(await unnamedControls(page)).toEqual([]);
    await referFriends(api, await knownWallet(api), 1);
    await page.goto(`${app.baseUrl}/leaderboard`);
    await expect(page.getByTestId("leaderboard-row").first()).toBeVisible();
    expect(await unnamedControls(page)).toEqual([]);
  });
});
