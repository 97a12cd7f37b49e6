import type { Locator, Page } from "@playwright/test";
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

/** The box of an element's text itself (a table cell's box always touches its neighbour's). */
function textBox(locator: Locator) {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const { left, right, top, bottom } = range.getBoundingClientRect();
    return { left, right, top, bottom };
  });
}

test.describe("a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the Rewards tile shows its unit in full, with a figure as long as 12,340", async ({ page, app, wallet }) => {
    await wallet();
    // A wallet with 617 referrals, as far as the page knows: the store is shared with other tests' boards.
    await page.route("**/api/leaderboard/user?*", async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), rewards: 12_340 } });
    });
    await page.goto(app.baseUrl);
    await connectThroughModal(page);
    const rewards = page.getByTestId("stat-rewards");
    await expect(rewards).toContainText("12,340");
    const unit = rewards.getByText("units", { exact: true });
    await expect(unit).toBeVisible();

    // Nothing in the tile is cut off or pushed past its edge.
    const tile = rewards.locator("..");
    expect(await tile.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    const tileBox = (await tile.boundingBox())!;
    for (const part of [unit, rewards.getByText("12,340", { exact: true })]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(tileBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(tileBox.x + tileBox.width);
    }
    expect(await horizontalOverflow(page)).toBe(0);
  });

  test("the leaderboard's column heads stand apart: Refs ends at least 8 px before Rewards begins", async ({ page, app, api }) => {
    await referFriends(api, await knownWallet(api), 1);
    await page.goto(`${app.baseUrl}/leaderboard`);
    await expect(page.getByTestId("leaderboard-row").first()).toBeVisible();
    const heads = page.locator("thead th");
    const refs = heads.nth(2).getByText("Refs", { exact: true });
    await expect(refs).toBeVisible();
    const rewards = heads.nth(3);
    await expect(rewards).toHaveText("Rewards");
    const [a, b] = [await textBox(refs), await textBox(rewards)];
    expect(a.top).toBeLessThan(b.bottom); // one line of heads
    expect(b.left - a.right).toBeGreaterThanOrEqual(8);
    // Each head fits its own column: "Rewards" does not spill into the one before it.
    expect(b.left).toBeGreaterThanOrEqual((await rewards.boundingBox())!.x);
    // The figures under them stay right-aligned with their heads (the heads' letter-spacing aside).
    const row = page.getByTestId("leaderboard-row").first();
    expect(Math.abs((await textBox(row.getByTestId("referrals"))).right - a.right)).toBeLessThanOrEqual(2);
    expect(Math.abs((await textBox(row.getByTestId("rewards"))).right - b.right)).toBeLessThanOrEqual(2);
    expect(await horizontalOverflow(page)).toBe(0);
  });
});

test.describe("stability and accessibility", () => {
  test("pages do not shift while their data arrives", async ({ page, app, api, wallet }) => {
    const referrer = await knownWallet(api);
    // More rows than the loading skeleton shows: the list arriving makes the page taller.
    await referFriends(api, referrer, 12);
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
