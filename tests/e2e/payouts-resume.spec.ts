/**
 * A distributor's deployment survives the console page: on a chain of its own whose blocks the test
 * mines by hand, the admin sends the deploy, reloads while it is pending, and the dialog waits for that
 * same transaction instead of deploying a second contract; the funding sent next is dropped by the chain
 * while the page is reloaded again, the dialog says so, and the next try sends one new transfer of what the
 * contract still lacks (part came from elsewhere meanwhile, as the CLI would send it). In the end the
 * contract holds exactly the plan's total: no second contract, nothing sent twice.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createPublicClient, createTestClient, createWalletClient, defineChain, erc20Abi, http, type Abi, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { startAnvil, type Anvil } from "@/tests/support/anvil";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { signInToConsole } from "@/tests/e2e/support/console";
import { apiClient, expect, test, waitForHydration } from "@/tests/e2e/support/fixtures";
import { fixedKeys, referFriends } from "@/tests/e2e/support/helpers";

const ADMIN_TOKEN = "e2e-payouts-resume-admin-token-0123456789";
const SESSION_SECRET = "e2e-payouts-resume-secret-0123456789abcdef0123";
const { keyOf, walletOf } = fixedKeys("payouts-resume");
const adminKey = keyOf("admin");
const admin = walletOf("admin") as Address;
const winner = walletOf("winner");
/** A referral gives the winner and its friend 20 reward units each: 40 units of 1,000 base units. */
const UNIT = 1_000n;
const TOTAL = 40n * UNIT;

let anvil: Anvil;
let server: AppServer;
let token: Address;
let planId: string;

function clients(rpcUrl: string) {
  const chain = defineChain({ id: 31337, name: "local", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
  const transport = http(rpcUrl);
  return {
    publicClient: createPublicClient({ chain, transport, pollingInterval: 50 }),
    testClient: createTestClient({ chain, transport, mode: "anvil" }),
    adminClient: createWalletClient({ chain, transport, account: privateKeyToAccount(adminKey) }),
  };
}

test.beforeAll(async ({ request }) => {
  anvil = await startAnvil();
  const { publicClient, testClient, adminClient } = clients(anvil.rpcUrl);
  await testClient.setBalance({ address: admin, value: 10n ** 19n });
  const { abi, bytecode } = JSON.parse(readFileSync(join(process.cwd(), "contracts", "build", "QuestToken.json"), "utf8")) as { abi: Abi; bytecode: Hex };
  const deployed = await publicClient.waitForTransactionReceipt({ hash: await adminClient.deployContract({ abi, bytecode, args: [18] }) });
  token = (deployed.contractAddress ?? "").toLowerCase() as Address;
  await publicClient.waitForTransactionReceipt({ hash: await adminClient.writeContract({ address: token, abi, functionName: "mint", args: [admin, TOTAL] }) });

  server = await startApp({ ...E2E_SITE_ENV, CHAIN_ID: "31337", RPC_URL: anvil.rpcUrl, ADMIN_WALLETS: admin, SESSION_SECRET, ADMIN_TOKEN });
  const api = apiClient(request, server.baseUrl);
  expect((await api.initUser(winner)).status).toBe(200);
  await referFriends(api, winner, 1);
  const plan = await request.post(`${server.baseUrl}/api/admin/payouts`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    data: { board: "all", token, chainId: 31337, mode: "per_unit", unitAmount: UNIT.toString(), deadline: Math.floor(Date.now() / 1000) + 30 * 86_400 },
  });
  expect(plan.status()).toBe(201);
  const built = (await plan.json()) as { id: string; total: string };
  expect(built.total).toBe(TOTAL.toString());
  planId = built.id;
});

test.afterAll(async () => {
  await server?.stop();
  await anvil?.stop();
});

test("a reload while the deploy is pending waits for that deploy; a funding the chain dropped is sent once more, and only once", async ({ page }) => {
  test.setTimeout(120_000);
  const { publicClient, testClient } = clients(anvil.rpcUrl);
  const balanceOf = (account: Address) => publicClient.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [account] });
  const sentBefore = await publicClient.getTransactionCount({ address: admin });
  await signInToConsole(page, server.baseUrl, adminKey, { rpcUrl: anvil.rpcUrl });
  const row = page.getByRole("region", { name: "Payouts" }).getByTestId(`payout-plan-${planId}`);
  const dialog = page.getByRole("dialog", { name: /^Distributor for / });
  const openDialog = async () => {
    const open = row.getByTestId("payout-deploy-open");
    await waitForHydration(open);
    await open.click();
    await expect(dialog).toBeVisible();
  };

  // The deploy is sent and stays pending: no block is mined until the test says so.
  await testClient.setAutomine(false);
  await openDialog();
  await expect(dialog.getByTestId("deploy-start")).toHaveText("Deploy and fund");
  await dialog.getByTestId("deploy-start").click();
  const deployTx = dialog.getByTestId("deploy-tx");
  await expect(deployTx).toHaveAttribute("data-step", "sent");
  const deployHash = (await deployTx.locator("[title]").getAttribute("title")) as Hex;

  // Reloaded, on a 390 px phone from here on: the dialog knows the pending deploy and waits for it once it is mined.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await openDialog();
  await expect(dialog.getByTestId("deploy-sent")).toHaveAttribute("title", deployHash);
  await expect(dialog.getByTestId("deploy-start")).toHaveText("Continue");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const continueBox = await dialog.getByTestId("deploy-start").boundingBox();
  expect(continueBox && continueBox.x >= 0 && continueBox.x + continueBox.width <= 390).toBe(true);
  await testClient.mine({ blocks: 1 });
  await dialog.getByTestId("deploy-start").click();
  await expect(deployTx).toHaveAttribute("data-step", "confirmed");
  await expect(deployTx.locator("[title]")).toHaveAttribute("title", deployHash);
  const distributor = (await publicClient.getTransactionReceipt({ hash: deployHash })).contractAddress?.toLowerCase() as Address;
  await expect(dialog.getByTestId("deploy-address")).toContainText(distributor);

  // The funding is sent, then the chain loses it while the page is reloaded.
  const fundTx = dialog.getByTestId("fund-tx");
  await expect(fundTx).toHaveAttribute("data-step", "sent");
  const fundHash = (await fundTx.locator("[title]").getAttribute("title")) as Hex;
  await page.reload();
  await testClient.dropTransaction({ hash: fundHash });
  await openDialog();
  await expect(dialog.getByTestId("deploy-address")).toContainText("funding");
  await dialog.getByTestId("deploy-start").click();
  await expect(fundTx).toHaveAttribute("data-step", "failed");
  await expect(fundTx).toContainText("is not on the chain");

  // Meanwhile part of the total reaches the contract from elsewhere (the CLI, say); the next try sends
  // one new transfer of the rest, and the server records the contract.
  await testClient.setAutomine(true);
  const { adminClient } = clients(anvil.rpcUrl);
  const part = 15n * UNIT;
  await publicClient.waitForTransactionReceipt({ hash: await adminClient.writeContract({ address: token, abi: erc20Abi, functionName: "transfer", args: [distributor, part] }) });
  await dialog.getByTestId("deploy-start").click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(row.getByTestId("payout-distributor").locator("[title]")).toHaveAttribute("title", distributor);
  expect(await balanceOf(distributor)).toBe(TOTAL);
  expect(await balanceOf(admin)).toBe(0n);
  // Mined from the admin's wallet: the deploy, the part from elsewhere, and one transfer of the rest.
  expect(await publicClient.getTransactionCount({ address: admin })).toBe(sentBefore + 3);
});
