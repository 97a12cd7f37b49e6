/**
 * Phones for the connect tests: an iPhone's and an Android phone's browser identity (user agent,
 * touch, 390 px), and the connect flows every phone must pass, on the production build
 * (tests/e2e/phone.spec.ts) and under `next dev` (tests/e2e/dev/connect.spec.ts).
 */
import type { Locator, Page } from "@playwright/test";
import { expect, waitForHydration } from "@/tests/e2e/support/fixtures";
import { short } from "@/tests/e2e/support/helpers";
import type { TestWallet } from "@/tests/e2e/support/wallet";

export const PHONES = [
  {
    name: "iPhone",
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  },
  {
    name: "Android",
    userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  },
] as const;

/** Context options of a phone: its identity, a touch screen, 390 px wide. */
export function phoneUse(userAgent: string) {
  return { userAgent, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
}

/** Taps Connect in the header once the page can take it; returns the dialog that opens. */
export async function tapConnect(page: Page): Promise<Locator> {
  const connect = page.getByRole("button", { name: "Connect wallet", exact: true });
  await waitForHydration(connect);
  await connect.tap();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The wallet is listed in the connect sheet and one tap on it connects. */
export async function connectsInOneTap(page: Page, wallet: TestWallet, listedAs: RegExp): Promise<void> {
  const dialog = await tapConnect(page);
  await dialog.getByRole("button", { name: listedAs }).tap();
  await expect(page.getByTestId("connected-wallet")).toHaveText(short(wallet.address));
}

/** The "open this page in a wallet app" links of the "No wallet found" dialog, for the page at `url`. */
export function openInLinks(url: string): Record<string, string> {
  const page = new URL(url);
  const encoded = encodeURIComponent(page.href);
  return {
    "Open in MetaMask": `https://link.metamask.io/dapp/${page.host}${page.pathname}${page.search}`,
    "Open in Coinbase Wallet": `https://go.cb-w.com/dapp?cb_url=${encoded}`,
    "Open in Trust Wallet": `https://link.trustwallet.com/open_url?coin_id=60&url=${encoded}`,
  };
}

/** Without a wallet, "No wallet found" offers to open this very page in the common wallet apps. */
export async function offersOpenInWalletApps(page: Page, url: string): Promise<Locator> {
  await page.goto(url);
  const dialog = await tapConnect(page);
  await expect(dialog).toHaveAccessibleName("No wallet found in this browser");
  for (const [name, href] of Object.entries(openInLinks(url))) {
    await expect(dialog.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(dialog.getByRole("button", { name: "Copy link for your wallet app" })).toBeVisible();
  return dialog;
}
