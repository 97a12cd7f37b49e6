/**
 * /admin where no admin is configured (the e2e server sets neither ADMIN_WALLETS nor ADMIN_TOKEN):
 * a plain 404, whose title says so before and after hydration, never the console's.
 */
import { expect, test, waitForHydration } from "@/tests/e2e/support/fixtures";

test("with the console off, /admin is the site's 404 under a plain title", async ({ page, app }) => {
  const response = await page.goto(`${app.baseUrl}/admin`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page doesn't exist");
  // The title of the server's HTML, then the one React commits from the page's payload.
  await waitForHydration(page.getByRole("link", { name: "Back to the home page" }));
  await expect(page.locator("title")).toHaveCount(1);
  expect(await page.title()).toBe("Page not found · Refboard");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});
