/**
 * Connect under `next dev`, as `npm run dev` serves it: React mounts every effect twice (the
 * "No wallet found" dialog once closed itself the moment it opened) and each route compiles on
 * its first request, so these tests are few and their limits generous.
 */
import type { Page } from "@playwright/test";
import { startDevApp, type AppServer } from "@/tests/support/app-server";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { appAt, connectThroughModal, expect, test as base, waitForHydration } from "@/tests/e2e/support/fixtures";
import { short } from "@/tests/e2e/support/helpers";

const test = base.extend<object, { devServer: AppServer }>({
  devServer: [
    async ({ playwright }, use) => {
      const server = await startDevApp(E2E_SITE_ENV);
      try {
        // The first request compiles the page and its client code; the tests then time what they assert, not the compile.
        const request = await playwright.request.newContext();
        const landing = await request.get(server.baseUrl, { timeout: 540_000 });
        expect(landing.status(), server.logs().slice(-3000)).toBe(200);
        await request.dispose();
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: "worker", timeout: 600_000 },
  ],
  app: async ({ devServer }, use) => use(appAt(devServer.baseUrl)),
});

/** Lets the page run the tasks it has already queued, such as the close event of a dialog closed during a render. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}

test("with no wallet in the browser, Connect in the header and in the hero opens 'No wallet found'", async ({ page, app }) => {
  await page.goto(app.baseUrl);
  const dialog = page.getByRole("dialog", { name: "No wallet found in this browser" });
  for (const name of ["Connect wallet", "Connect wallet to start"]) {
    const connect = page.getByRole("button", { name, exact: true });
    await waitForHydration(connect);
    await connect.click();
    await expect(dialog).toBeVisible();
    await settle(page);
    await expect(dialog, "the dialog stays open until the visitor closes it").toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  }
});

test("with a wallet in the browser, Connect opens the wallet list and connects", async ({ page, app, wallet }) => {
  const visitor = await wallet();
  await page.goto(app.baseUrl);
  await connectThroughModal(page);
  await expect(page.getByTestId("connected-wallet")).toHaveText(short(visitor.address));
});
