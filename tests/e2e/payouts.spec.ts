/**
 * Payouts end to end, in Chromium against the production build and a local chain of their own: an admin
 * builds a plan from the board in /admin (the form naming a bad field before anything is sent), deploys
 * and funds its distributor from the console with the test wallet (which answers chain calls from anvil,
 * as a wallet's own node would), a winner opens /claim on a phone, switches to the plan's chain, claims,
 * and the token balance on chain rises by exactly the allocation while the page shows "Claimed", also
 * on a later visit. The runner-up's claim closes at its deadline exactly. A wallet with nothing sees the empty state. Screenshots `payout-plan` (the console's
 * section) and `claim-page` (the phone).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { createPublicClient, createTestClient, createWalletClient, defineChain, erc20Abi, http, parseEther, parseUnits, type Abi, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { payoutDistributorAbi } from "@/lib/chain/payout-distributor-artifact";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { chainEnv } from "@/tests/support/chain-fixture";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { e2eChain, fixedKeys, referFriends, SCREENSHOT_DIR } from "@/tests/e2e/support/helpers";
import { signInToConsole } from "@/tests/e2e/support/console";
import { apiClient, expect, guardNetwork, preparePage, test, waitForHydration } from "@/tests/e2e/support/fixtures";
import { installWallet } from "@/tests/e2e/support/wallet";

const SESSION_SECRET = "e2e-payouts-secret-0123456789abcdef0123456789a";
const ADMIN_TOKEN = "e2e-payouts-admin-token-0123456789abcdef";
const { keyOf, walletOf } = fixedKeys("payouts");
/** The admin deploys the token, the distributor and funds it; the winner claims. Each gets ether for gas on the shared anvil. */
const adminKey = keyOf("admin");
const admin = walletOf("admin") as Address;
const winnerKey = keyOf("winner");
const winner = walletOf("winner") as Address;
const runnerUpKey = keyOf("runner-up");
const runnerUp = walletOf("runner-up") as Address;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/**
 * 1.5 tokens (18 decimals) per reward unit; a point is worth 20 reward units. A referral gives the referrer
 * a point and the friend one: the plan's minimum of 40 reward units keeps the winner (60) and the runner-up
 * (exactly 40), and leaves the friends (20 each) out.
 */
const UNIT = parseUnits("1.5", 18);
const MIN_REWARDS = 40;
const WINNER_REFERRALS = 3;
const RUNNER_UP_REFERRALS = 2;
const WINNER_AMOUNT = UNIT * 20n * BigInt(WINNER_REFERRALS);
const TOTAL = UNIT * 20n * BigInt(WINNER_REFERRALS + RUNNER_UP_REFERRALS);

/** The global setup's anvil (E2E_CHAIN), read once the setup has run. */
function localChain() {
  const contracts = e2eChain();
  const chain = defineChain({ id: contracts.chainId, name: "local", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [contracts.rpcUrl] } } });
  return { contracts, chain, rpcUrl: contracts.rpcUrl, publicClient: createPublicClient({ chain, transport: http(contracts.rpcUrl), pollingInterval: 50 }) };
}

let local: ReturnType<typeof localChain>;
let server: AppServer;
let token: Address;
const balanceOf = (address: Address, account: Address) => local.publicClient.readContract({ address, abi: erc20Abi, functionName: "balanceOf", args: [account] });

test.describe.configure({ mode: "serial" });

/** A QuestToken (18 decimals, open mint) deployed by the admin, who mints itself exactly the plan's total: funding spends all of it. */
async function deployToken(): Promise<Address> {
  const { chain, rpcUrl, publicClient } = local;
  const { abi, bytecode } = JSON.parse(readFileSync(join(process.cwd(), "contracts", "build", "QuestToken.json"), "utf8")) as { abi: Abi; bytecode: Hex };
  const wallet = createWalletClient({ chain, transport: http(rpcUrl), account: privateKeyToAccount(adminKey) });
  const deployed = await publicClient.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi, bytecode, args: [18] }) });
  if (!deployed.contractAddress) throw new Error("deploying QuestToken gave no address");
  const address = deployed.contractAddress.toLowerCase() as Address;
  await publicClient.waitForTransactionReceipt({ hash: await wallet.writeContract({ address, abi, functionName: "mint", args: [admin, TOTAL] }) });
  return address;
}

test.beforeAll(async ({ request }) => {
  local = localChain();
  const { chain, contracts, rpcUrl } = local;
  const testClient = createTestClient({ chain, transport: http(rpcUrl), mode: "anvil" });
  for (const address of [admin, winner]) await testClient.setBalance({ address, value: parseEther("10") });
  token = await deployToken();
  server = await startApp({ ...E2E_SITE_ENV, ...chainEnv(contracts), ADMIN_WALLETS: admin, SESSION_SECRET, ADMIN_TOKEN });
  const api = apiClient(request, server.baseUrl);
  for (const wallet of [winner, runnerUp]) expect((await api.initUser(wallet)).status).toBe(200);
  await referFriends(api, winner, WINNER_REFERRALS);
  await referFriends(api, runnerUp, RUNNER_UP_REFERRALS);
});
test.afterAll(async () => server?.stop());

async function shoot(page: Page, name: string, target = page.locator("body")) {
  await page.evaluate(() => document.fonts.ready);
  await target.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, animations: "disabled" });
}

/** The datetime-local value of 30 days from now, in the browser's time zone. */
async function deadlineField(page: Page): Promise<string> {
  return page.evaluate(() => {
    const date = new Date(Date.now() + 30 * 86_400_000);
    return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  });
}

async function connectOnClaimPage(page: Page) {
  const connect = page.getByTestId("claim-connect").getByRole("button", { name: "Connect wallet" });
  await waitForHydration(connect);
  await connect.click();
  await page.getByRole("dialog").getByRole("button", { name: /E2E Wallet/ }).click();
}

test("an admin builds a plan and deploys its distributor; a winner claims exactly the allocation on a phone", async ({ page, browser, request }) => {
  // Two browsers, four transactions and a production server on a shared 2-core machine: a finite budget, generous for it.
  test.setTimeout(180_000);
  const { chain, rpcUrl, publicClient } = local;
  await page.setViewportSize({ width: 1280, height: 1200 });
  await signInToConsole(page, server.baseUrl, adminKey, { rpcUrl });
  const section = page.getByRole("region", { name: "Payouts" });
  await expect(section.getByText("No payout plans yet.")).toBeVisible();

  // A bad token and no amount: the form names both fields, and nothing reaches the server.
  const open = section.getByTestId("payout-new");
  await waitForHydration(open);
  await open.click();
  const dialog = page.getByRole("dialog", { name: "New payout plan" });
  const posts: string[] = [];
  page.on("request", (request) => request.method() === "POST" && request.url().endsWith("/api/admin/payouts") && posts.push(request.url()));
  await dialog.getByLabel("Token contract").fill(token.slice(0, 41));
  await dialog.getByLabel("Chain id").fill(String(chain.id));
  await dialog.getByLabel("Claim deadline").fill(await deadlineField(page));
  await dialog.getByTestId("payout-save").click();
  await expect(dialog.getByTestId("payout-field-token").getByTestId("payout-field-error")).toHaveText("Invalid token: a contract address (0x and 40 hex characters)");
  await expect(dialog.getByLabel("Token contract")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByTestId("payout-field-amount").getByTestId("payout-field-error")).toHaveText("Invalid unitAmount: required with mode per_unit");
  expect(posts).toEqual([]);

  await dialog.getByLabel("Token contract").fill(token);
  await dialog.getByLabel("Amount per reward unit").fill(UNIT.toString());
  await dialog.getByLabel("Minimum rewards").fill(String(MIN_REWARDS));
  await dialog.getByTestId("payout-save").click();
  await expect(dialog).toBeHidden();
  expect(posts).toHaveLength(1);
  await expect(section.getByTestId("payout-built")).toContainText("2 wallets");
  const row = section.locator("[data-testid^=payout-plan-]");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("payout-total")).toHaveText(TOTAL.toLocaleString("en-US"));
  await expect(row.getByTestId("payout-distributor")).toHaveText("not deployed");

  // The downloads: the allocations' CSV (the bytes the plan's sha256 covers) and OpenZeppelin's tree dump.
  const listed = (await (await request.get(`${server.baseUrl}/api/admin/payouts`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).json()) as {
    plans: { sha256: string }[];
  };
  const download = async (testId: string) => {
    const file = page.waitForEvent("download");
    await row.getByTestId(testId).click();
    return readFile(await (await file).path(), "utf8");
  };
  const csv = await download("payout-csv");
  expect(createHash("sha256").update(csv).digest("hex")).toBe(listed.plans[0]?.sha256);
  expect(csv.trim().split("\n")).toEqual(["wallet,amount", `${winner},${WINNER_AMOUNT}`, `${runnerUp},${TOTAL - WINNER_AMOUNT}`]);
  expect(JSON.parse(await download("payout-tree"))).toMatchObject({ format: "standard-v1", leafEncoding: ["address", "uint256"] });

  // Deploy and fund from the admin's wallet; the server checks the contract on chain before recording it.
  await row.getByTestId("payout-deploy-open").click();
  const deploy = page.getByRole("dialog", { name: /^Distributor for / });
  await deploy.getByTestId("deploy-start").click();
  await expect(deploy).toBeHidden({ timeout: 60_000 });
  await expect(row.getByTestId("payout-distributor")).not.toHaveText("not deployed");
  await expect(row.getByTestId("payout-deploy-open")).toHaveCount(0);
  await shoot(page, "payout-plan", section);
  const distributor = (await row.getByTestId("payout-distributor").locator("[title]").getAttribute("title")) as Address;
  expect(await balanceOf(token, distributor)).toBe(TOTAL);
  expect(await balanceOf(token, admin)).toBe(0n);

  // The console on a 390 px phone: the plans' table scrolls inside its card, and the new plan's form keeps every field on the screen.
  const adminPhone = await browser.newContext({ ...PHONE, storageState: await page.context().storageState() });
  await guardNetwork(adminPhone);
  const consolePhone = await adminPhone.newPage();
  await preparePage(consolePhone);
  await consolePhone.goto(`${server.baseUrl}/admin`);
  const phoneSection = consolePhone.getByRole("region", { name: "Payouts" });
  await expect(phoneSection.locator("[data-testid^=payout-plan-]")).toHaveCount(1);
  expect(await consolePhone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  const phoneOpen = phoneSection.getByTestId("payout-new");
  await waitForHydration(phoneOpen);
  await phoneOpen.click();
  const phoneDialog = consolePhone.getByRole("dialog", { name: "New payout plan" });
  for (const field of [...(await phoneDialog.locator("input, select").all()), phoneDialog.getByTestId("payout-save")]) {
    await field.scrollIntoViewIfNeeded();
    const box = await field.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.viewport.width, `${await field.evaluate((el) => el.id || el.getAttribute("data-testid"))} inside the screen`).toBe(true);
  }
  await adminPhone.close();

  // The winner, on a phone whose wallet starts on Base.
  const context = await browser.newContext(PHONE);
  await guardNetwork(context);
  const phone = await context.newPage();
  await preparePage(phone);
  await installWallet(phone, { privateKey: winnerKey, rpcUrl });
  await phone.goto(`${server.baseUrl}/claim`);
  await connectOnClaimPage(phone);
  const card = phone.getByTestId("claim-card");
  await expect(card).toHaveAttribute("data-state", "wrong-network");
  await card.getByRole("button", { name: /Switch to/ }).click();
  await expect(card).toHaveAttribute("data-state", "open");
  await expect(card.getByTestId("claim-amount")).toHaveText("90 RBQT");
  await expect(card.getByTestId("claim-amount")).toHaveAttribute("title", `${WINNER_AMOUNT} base units`);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await shoot(phone, "claim-page");

  // The dashboard links here while the claim is open.
  await phone.goto(server.baseUrl);
  await phone.getByTestId("claim-link").click();
  await expect(phone).toHaveURL(/\/claim$/);
  await expect(card).toHaveAttribute("data-state", "open");

  const before = await balanceOf(token, winner);
  await card.getByTestId("claim-button").click();
  await expect(card.getByTestId("claim-tx")).toHaveAttribute("data-step", "confirmed", { timeout: 30_000 });
  await expect(card).toHaveAttribute("data-state", "claimed");
  await expect(card.getByTestId("claim-badge")).toHaveText("Claimed");
  expect((await balanceOf(token, winner)) - before).toBe(WINNER_AMOUNT);
  expect(await publicClient.readContract({ address: distributor, abi: payoutDistributorAbi, functionName: "isClaimed", args: [winner] })).toBe(true);

  // A later visit reads "Claimed" from the contract, and the dashboard no longer offers the claim.
  await phone.reload();
  await expect(phone.getByTestId("claim-card")).toHaveAttribute("data-state", "claimed");
  await expect(phone.getByTestId("claim-card").getByTestId("claim-button")).toHaveCount(0);
  await phone.goto(server.baseUrl);
  await expect(phone.getByRole("heading", { name: "Your dashboard" })).toBeVisible();
  await expect(phone.getByTestId("claim-link")).toHaveCount(0);
  await context.close();
});

test("a claim closes at its deadline: open one second before it, Closed at it exactly", async ({ page, request }) => {
  const answer = (await (await request.get(`${server.baseUrl}/api/claim?wallet=${runnerUp}`)).json()) as { claims: { deadline: number }[] };
  const deadline = answer.claims[0]?.deadline ?? 0;
  expect(answer.claims).toHaveLength(1);
  await page.clock.setFixedTime((deadline - 1) * 1000);
  await installWallet(page, { privateKey: runnerUpKey, rpcUrl: local.rpcUrl });
  await page.goto(`${server.baseUrl}/claim`);
  await connectOnClaimPage(page);
  const card = page.getByTestId("claim-card");
  await card.getByRole("button", { name: /Switch to/ }).click();
  await expect(card).toHaveAttribute("data-state", "open");
  await expect(card.getByTestId("claim-amount")).toHaveText("60 RBQT");

  await page.clock.setFixedTime(deadline * 1000);
  await page.reload();
  await expect(card).toHaveAttribute("data-state", "closed");
  await expect(card.getByTestId("claim-badge")).toHaveText("Closed");
  await expect(card.getByTestId("claim-button")).toHaveCount(0);
});

test("the footer leads to /claim, where a wallet with nothing to claim sees the empty state; the dashboard offers no claim link", async ({ page }) => {
  const nobody = (await installWallet(page, { rpcUrl: local.rpcUrl })).address;
  // Every page's footer leads to the claim page.
  await page.goto(`${server.baseUrl}/leaderboard`);
  const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "claim them here" });
  await waitForHydration(footerLink);
  await footerLink.click();
  await expect(page).toHaveURL(/\/claim$/);
  await expect(page.getByTestId("claim-connect")).toBeVisible();
  await connectOnClaimPage(page);
  await expect(page.getByTestId("claim-empty")).toContainText(`${nobody.slice(0, 6)}…${nobody.slice(-4)}`);
  await page.goto(server.baseUrl);
  await expect(page.getByRole("heading", { name: "Your dashboard" })).toBeVisible();
  await expect(page.getByTestId("claim-link")).toHaveCount(0);
});
