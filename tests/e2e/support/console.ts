/** Getting into the campaign console at /admin (its sign-in panel, with the Sign-In with Ethereum flow), and acting in it. */
import type { Browser, Locator, Page } from "@playwright/test";
import type { Hex } from "viem";
import { expect, guardNetwork, preparePage, waitForHydration } from "@/tests/e2e/support/fixtures";
import { installWallet, type WalletOptions } from "@/tests/e2e/support/wallet";

/** Connects through the sign-in panel's own Connect button (the header has one too), then the test wallet in the modal. */
export async function connectInPanel(page: Page): Promise<void> {
  const connect = page.getByTestId("console-access").getByRole("button", { name: "Connect wallet" });
  await waitForHydration(connect);
  await connect.click();
  await page.getByRole("dialog").getByRole("button", { name: /E2E Wallet/ }).click();
  await expect(page.getByTestId("admin-sign-in")).toBeVisible();
}

/** Installs the admin's wallet in a fresh page, opens /admin and signs in, up to the console itself. `wallet`: more of the wallet's options (its node, say). */
export async function signInToConsole(page: Page, baseUrl: string, privateKey: Hex, wallet: Omit<WalletOptions, "privateKey"> = {}): Promise<void> {
  await installWallet(page, { ...wallet, privateKey });
  await page.goto(`${baseUrl}/admin`);
  await expect(page.getByTestId("console-access")).toBeVisible();
  await connectInPanel(page);
  await page.getByTestId("admin-sign-in").click();
  await expect(page.getByTestId("console-admin")).toBeVisible();
}

/** Opens a wallet row's moderation dialog once its button can take the click. */
export async function openDialog(page: Page, scope: Locator, action: "disqualify" | "reinstate"): Promise<Locator> {
  const button = scope.getByTestId(action);
  await waitForHydration(button);
  await button.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The wallets the public /leaderboard lists, as a visitor without a wallet sees them. */
export async function boardWallets(browser: Browser, baseUrl: string): Promise<string[]> {
  const context = await browser.newContext();
  await guardNetwork(context);
  const page = await context.newPage();
  await preparePage(page);
  await page.goto(`${baseUrl}/leaderboard`);
  const rows = page.getByTestId("leaderboard-row");
  await expect(rows.first()).toBeVisible();
  const wallets = await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute("data-wallet") ?? ""));
  await context.close();
  return wallets;
}
