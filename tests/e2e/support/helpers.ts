import type { Page } from "@playwright/test";
import { keccak256, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { ChainContracts } from "@/tests/support/chain-fixture";
import { randomWallet } from "@/tests/support/wallets";
import type { Api } from "@/tests/e2e/support/fixtures";

export const PENDING_KEY = "refboard:pending-ref";

/** Where the specs write their screenshots: docs/ under `npm run screenshots`, else test-results/. */
export const SCREENSHOT_DIR = process.env.UPDATE_SCREENSHOTS === "1" ? "docs/screenshots" : "test-results/screenshots";

/**
 * A spec's fixed keys, one per name: on a fresh store the screenshots then change only when the
 * page does. `walletOf` is the lowercase address of `keyOf`'s key.
 */
export function fixedKeys(spec: string) {
  const keyOf = (name: string) => keccak256(toHex(`refboard ${spec}: ${name}`));
  const walletOf = (name: string) => privateKeyToAccount(keyOf(name)).address.toLowerCase();
  return { keyOf, walletOf };
}

/** The pending referral code in the localStorage of the page's current origin. */
export function pendingCode(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), PENDING_KEY);
}

/** "0x1234…abcd", the short form the UI shows. */
export function short(wallet: string): string {
  return `${wallet.slice(0, 6)}…${wallet.slice(-4)}`;
}

/** A wallet the service knows (POST /api/user/init), so its code resolves. */
export async function knownWallet(api: Api): Promise<`0x${string}`> {
  const wallet = randomWallet();
  const res = await api.initUser(wallet);
  if (res.status !== 200) throw new Error(`user/init answered ${res.status}`);
  return wallet;
}

/** Records `count` referrals of `referrer` through the API; returns the referees. */
export async function referFriends(api: Api, referrer: string, count: number): Promise<`0x${string}`[]> {
  const friends: `0x${string}`[] = [];
  for (let i = 0; i < count; i++) {
    const friend = randomWallet();
    const res = await api.record(friend, referrer.slice(-8));
    if (res.status !== 200) throw new Error(`referral/record answered ${res.status}: ${JSON.stringify(res.body)}`);
    friends.push(friend);
  }
  return friends;
}

/** Every error the page logs to the console or throws, from now on: a handled state logs none. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/** The local chain the global setup started, with its test contracts. */
export function e2eChain(): ChainContracts {
  const json = process.env.E2E_CHAIN;
  if (!json) throw new Error("E2E_CHAIN is not set: the global setup starts the chain");
  return JSON.parse(json) as ChainContracts;
}
