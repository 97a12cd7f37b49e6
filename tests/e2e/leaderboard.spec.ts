import { startApp, type AppServer } from "@/tests/support/app-server";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { apiClient, appAt, connectThroughModal, expect, test, type Api, type App } from "@/tests/e2e/support/fixtures";
import { knownWallet, referFriends, short } from "@/tests/e2e/support/helpers";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

// A store of its own, so ranks are exact: the top 3 only, to have wallets outside the list.
let server: AppServer;
let board: App;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = await startApp({ LEADERBOARD_SIZE: "3", ...E2E_SITE_ENV });
  board = appAt(server.baseUrl);
});

test.afterAll(async () => {
  await server.stop();
});

function boardApi(request: Parameters<typeof apiClient>[0]): Api {
  return apiClient(request, board.baseUrl);
}

test.describe("leaderboard", () => {
  let referrerKey: `0x${string}`;
  let referrer: `0x${string}`;

  test("an empty board says so and points to the invite link", async ({ page, request }) => {
    // The server renders the empty state itself: this request also loads the page on the fresh
    // server, so the browser below is not judged by a cold start on a busy machine.
    const html = await (await request.get(`${board.baseUrl}/leaderboard`)).text();
    expect(html).toContain('data-testid="leaderboard-empty"');
    await page.goto(`${board.baseUrl}/leaderboard`);
    await expect(page.getByTestId("leaderboard-empty")).toBeVisible();
    await expect(page.getByRole("link", { name: "Get your invite link" })).toHaveAttribute("href", "/");
  });

  test("the first paint is rendered on the server", async ({ request, browser }) => {
    const api = boardApi(request);
    referrerKey = generatePrivateKey();
    referrer = privateKeyToAccount(referrerKey).address.toLowerCase() as `0x${string}`;
    await api.initUser(referrer);
    await referFriends(api, referrer, 3);

    const html = await (await request.get(`${board.baseUrl}/leaderboard`)).text();
    expect(html).toContain(short(referrer));

    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const page = await noJs.newPage();
    await page.goto(`${board.baseUrl}/leaderboard`);
    await expect(page.getByTestId("leaderboard-row")).toHaveCount(3);
    await noJs.close();
  });

  test("shows the referrer with the right rank, rewards and referrals, and the visitor's own row in its neighbourhood below the list", async ({
    page,
    request,
    wallet,
  }) => {
    const api = boardApi(request);
    const visitor = await wallet();
    await page.goto(`${board.baseUrl}/leaderboard`);

    const rows = page.getByTestId("leaderboard-row");
    const top = rows.first();
    await expect(top).toHaveAttribute("data-wallet", referrer);
    await expect(top.getByTestId("rank")).toHaveText("1");
    await expect(top.getByTestId("rewards")).toHaveText("60"); // score 3 x 20
    await expect(top.getByTestId("referrals")).toHaveText("3");
    await expect(top).toContainText(short(referrer));
    // The three friends tie on score 1: two fit in the top 3, in the service's order.
    const list = (await api.leaderboard()).body as { wallet: string; rank: number }[];
    expect(list.map((e) => e.rank)).toEqual([1, 2, 3]);
    await expect(rows).toHaveCount(3);
    for (const [i, entry] of list.entries()) await expect(rows.nth(i)).toHaveAttribute("data-wallet", entry.wallet);

    await connectThroughModal(page);
    const pinned = page.getByTestId("own-rank-pinned");
    await expect(pinned).toBeVisible();
    // The neighbourhood: the ranks after the top 3, down to the visitor's own row.
    const own = pinned.locator("[data-testid=leaderboard-row][data-me]");
    await expect(own).toHaveAttribute("data-wallet", visitor.address);
    await expect(own).toHaveAttribute("data-me", "true");
    await expect(own).toContainText("You");
    const mine = (await api.leaderboardUser(visitor.address)).body as { rank: number };
    expect(mine.rank).toBe(5); // behind the referrer and its three friends
    await expect(own.getByTestId("rank")).toHaveText("5");
    await expect(own.getByTestId("rewards")).toHaveText("0");
    await expect(page.locator("[data-testid=leaderboard-row][data-me]")).toHaveCount(1);
  });

  test("inside the list, the visitor's own row is highlighted in place", async ({ page, wallet }) => {
    await wallet({ privateKey: referrerKey });
    await page.goto(`${board.baseUrl}/leaderboard`);
    await connectThroughModal(page);
    const mine = page.getByTestId("leaderboard-row").first();
    await expect(mine).toHaveAttribute("data-me", "true");
    await expect(mine).toHaveAttribute("aria-current", "true");
    await expect(page.getByTestId("own-rank-pinned")).toHaveCount(0);
  });

  test("the list refreshes when the tab regains focus", async ({ page, request }) => {
    const api = boardApi(request);
    await page.goto(`${board.baseUrl}/leaderboard`);
    await expect(page.getByTestId("leaderboard-row").first()).toHaveAttribute("data-wallet", referrer);

    const climber = await knownWallet(api);
    await referFriends(api, climber, 4);
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
    await expect(page.getByTestId("leaderboard-row").first()).toHaveAttribute("data-wallet", climber);
    await expect(page.getByTestId("leaderboard-row").first().getByTestId("rewards")).toHaveText("80");
  });

  test("a wallet is copied in full from its row", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: board.baseUrl });
    await page.goto(`${board.baseUrl}/leaderboard`);
    const row = page.getByTestId("leaderboard-row").nth(1);
    const address = await row.getAttribute("data-wallet");
    await row.getByRole("button", { name: `Copy wallet ${address}` }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await expect(page.getByRole("status").filter({ hasText: "Copied to clipboard" })).toHaveCount(1);
  });
});
