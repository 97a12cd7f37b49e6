/**
 * Connect under `next dev`, as `npm run dev` serves it: React mounts every effect twice (the
 * "No wallet found" dialog once closed itself the moment it opened) and each route compiles on
 * its first request, so these tests are few and their limits generous. One file, one server:
 * Next allows one `next dev` per checkout. The server is started for "localhost" (-H), so, as under
 * `npm run dev` (no -H), pages on 127.0.0.1 get their scripts only through allowedDevOrigins.
 */
import type { Page } from "@playwright/test";
import { startDevApp, type AppServer } from "@/tests/support/app-server";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { appAt, connectThroughModal, expect, guardNetwork, test as base, waitForHydration } from "@/tests/e2e/support/fixtures";
import { short } from "@/tests/e2e/support/helpers";
import { PHONES, connectsInOneTap, offersOpenInWalletApps, phoneUse } from "@/tests/e2e/support/phone";

/** Anvil's first default account, the development server's "Test wallet 1". */
const TEST_WALLET_1 = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";

const test = base.extend<object, { devServer: AppServer }>({
  devServer: [
    async ({ playwright }, use) => {
      // The first test wallet may open the console, as the README tells a newcomer to set it up.
      const server = await startDevApp({ ...E2E_SITE_ENV, ADMIN_WALLETS: TEST_WALLET_1, SESSION_SECRET: "e2e-dev-secret-0123456789abcdef0123456789" }, "localhost");
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

test("with a wallet in the browser, a page on 127.0.0.1 and one on localhost both connect", async ({ context, app, wallet, devServer }) => {
  for (const origin of [app.baseUrl, app.altUrl]) {
    // A tab per origin: next dev may still be reloading the previous page after compiling what the
    // connect loaded, and a reload there aborts a navigation of the same tab.
    const tab = await context.newPage();
    const visitor = await wallet(undefined, tab);
    await tab.goto(origin);
    await connectThroughModal(tab);
    await expect(tab.getByTestId("connected-wallet")).toHaveText(short(visitor.address));
    await tab.close();
  }
  expect(devServer.logs()).not.toContain("Blocked cross-origin request");
});

test("without a wallet, the test wallet connects, signs in to the console, and stays connected on reload", async ({ page, app }) => {
  await page.goto(`${app.baseUrl}/admin`);
  const connect = page.getByTestId("console-access").getByRole("button", { name: "Connect wallet" });
  await waitForHydration(connect);
  await connect.click();
  await page.getByRole("dialog", { name: "No wallet found in this browser" }).getByRole("button", { name: "Use a test wallet" }).click();
  await page.getByRole("dialog").getByRole("button", { name: /Test wallet 1/ }).click();
  await expect(page.getByTestId("connected-wallet")).toHaveText(short(TEST_WALLET_1));
  // Sign-In with Ethereum: personal_sign, which the test wallet signs with its local key.
  await page.getByTestId("admin-sign-in").click();
  await expect(page.getByTestId("console-admin")).toBeVisible();

  await page.reload();
  await expect(page.getByTestId("connected-wallet")).toHaveText(short(TEST_WALLET_1));
  await expect(page.getByTestId("console-admin")).toBeVisible();
});

for (const phone of PHONES) {
  test.describe(`on an ${phone.name}`, () => {
    test.use(phoneUse(phone.userAgent));

    test("an EIP-6963 wallet and a window.ethereum-only wallet are listed and connect in one tap", async ({ browser, page, app, wallet }) => {
      const visitor = await wallet();
      await page.goto(app.baseUrl);
      await connectsInOneTap(page, visitor, /E2E Wallet/);

      const legacy = await browser.newContext(phoneUse(phone.userAgent));
      expect(await guardNetwork(legacy)).toEqual([]);
      const legacyPage = await legacy.newPage();
      const legacyWallet = await wallet({ inject: "window.ethereum" }, legacyPage);
      await legacyPage.goto(app.baseUrl);
      await connectsInOneTap(legacyPage, legacyWallet, /Browser Wallet/);
      await legacy.close();
    });

    test("without a wallet, 'No wallet found' links into the wallet apps and offers the test wallet", async ({ page, app }) => {
      const dialog = await offersOpenInWalletApps(page, `${app.baseUrl}/leaderboard`);
      await dialog.getByRole("button", { name: "Use a test wallet" }).tap();
      await page.getByRole("dialog").getByRole("button", { name: /Test 2/ }).tap();
      await expect(page.getByTestId("connected-wallet")).toHaveText(short("0x70997970c51812dc3a010c7d01b50e0d17dc79c8"));
    });
  });
}
