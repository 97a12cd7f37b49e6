/**
 * Connect on a phone, on the production build: inside a wallet app's browser, whose wallet
 * announces itself over EIP-6963 or (older ones) only sets window.ethereum, the wallet is listed in
 * RainbowKit's sheet and one tap connects; without a wallet, "No wallet found" links into the
 * common wallet apps. The same page on a desktop lists the wallet too. Screenshots of both sheets
 * for the README (`UPDATE_SCREENSHOTS=1` writes them to docs/screenshots).
 */
import { connectThroughModal, expect, test, waitForHydration } from "@/tests/e2e/support/fixtures";
import { SCREENSHOT_DIR, short } from "@/tests/e2e/support/helpers";
import { PHONES, connectsInOneTap, offersOpenInWalletApps, phoneUse, tapConnect } from "@/tests/e2e/support/phone";

for (const phone of PHONES) {
  test.describe(`on an ${phone.name}`, () => {
    test.use(phoneUse(phone.userAgent));

    test("a wallet that announces itself over EIP-6963 is listed, connects in one tap, and stays connected on reload", async ({ page, app, wallet }) => {
      const visitor = await wallet();
      await page.goto(app.baseUrl);
      if (phone.name === "iPhone") {
        const sheet = await tapConnect(page);
        await expect(sheet.getByRole("button", { name: /E2E Wallet/ })).toBeVisible();
        await page.screenshot({ path: `${SCREENSHOT_DIR}/connect-phone.png`, animations: "disabled" });
        await page.keyboard.press("Escape");
        await expect(sheet).toHaveCount(0);
      }
      await connectsInOneTap(page, visitor, /E2E Wallet/);

      await page.reload();
      await expect(page.getByTestId("connected-wallet")).toHaveText(short(visitor.address));
    });

    test("a wallet that only sets window.ethereum is listed as Browser Wallet and connects", async ({ page, app, wallet }) => {
      const visitor = await wallet({ inject: "window.ethereum" });
      await page.goto(app.baseUrl);
      await connectsInOneTap(page, visitor, /Browser Wallet/);
    });

    test("without a wallet, 'No wallet found' opens this page in the wallet apps", async ({ page, app }) => {
      const dialog = await offersOpenInWalletApps(page, `${app.baseUrl}/leaderboard`);
      await expect(dialog.getByText(/test wallet/i)).toHaveCount(0);
    });
  });
}

test("on a desktop the same wallet is listed and connects", async ({ page, app, wallet }) => {
  const visitor = await wallet();
  await page.goto(app.baseUrl);
  const connect = page.getByRole("button", { name: "Connect wallet", exact: true });
  await waitForHydration(connect);
  await connect.click();
  await expect(page.getByRole("dialog").getByRole("button", { name: /E2E Wallet/ })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/connect-desktop.png`, animations: "disabled" });
  await page.keyboard.press("Escape");
  await connectThroughModal(page);
  await expect(page.getByTestId("connected-wallet")).toHaveText(short(visitor.address));
});

test("on a desktop without a wallet, 'No wallet found' offers no 'open in app' links", async ({ page, app }) => {
  await page.goto(app.baseUrl);
  const connect = page.getByRole("button", { name: "Connect wallet", exact: true });
  await waitForHydration(connect);
  await connect.click();
  const dialog = page.getByRole("dialog", { name: "No wallet found in this browser" });
  await expect(dialog.getByRole("link", { name: /MetaMask/ })).toHaveAttribute("href", "https://metamask.io/download/");
  await expect(dialog.getByRole("link", { name: /^Open in/ })).toHaveCount(0);
});
