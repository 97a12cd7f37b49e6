/**
 * The landing's hero on stores of its own: the real top three and figures of the board, exactly
 * what GET /api/leaderboard says; a friendly empty board; and a store that does not answer.
 */
import { startApp, type AppServer } from "@/tests/support/app-server";
import { freePort } from "@/tests/support/free-port";
import { randomCode, randomWallet } from "@/tests/support/wallets";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { apiClient, appAt, expect, test, type App } from "@/tests/e2e/support/fixtures";
import { consoleErrors, knownWallet, referFriends, short } from "@/tests/e2e/support/helpers";
import type { LeaderboardEntry } from "@/lib/contract/schemas";

let server: AppServer;
let landing: App;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = await startApp(E2E_SITE_ENV);
  landing = appAt(server.baseUrl);
});

test.afterAll(async () => {
  await server.stop();
});

test.describe("the hero's board", () => {
  test("on an empty board invites the visitor to be the first, and shows no figures", async ({ page }) => {
    await page.goto(landing.baseUrl);
    const hero = page.getByTestId("hero-board");
    await expect(hero.getByTestId("hero-board-empty")).toContainText("Be the first on the board");
    await expect(hero.getByTestId("hero-board-row")).toHaveCount(0);
    await expect(hero.getByRole("definition")).toHaveCount(0);
  });

  test("shows the top three of GET /api/leaderboard in order, the wallets on the board and the referrals so far", async ({
    page,
    request,
  }) => {
    const api = apiClient(request, landing.baseUrl);
    for (const friends of [2, 4, 1, 3]) await referFriends(api, await knownWallet(api), friends);
    await api.leaderboardUser(randomWallet()); // a score-0 entry is a wallet on the board too
    const board = (await api.leaderboard()).body as LeaderboardEntry[];
    expect(board).toHaveLength(4 + 10 + 1);

    const errors = consoleErrors(page);
    await page.goto(landing.baseUrl);
    const rows = page.getByTestId("hero-board-row");
    await expect(rows).toHaveCount(3);
    for (const [i, entry] of board.slice(0, 3).entries()) {
      await expect(rows.nth(i)).toContainText(short(entry.wallet));
      await expect(rows.nth(i)).toContainText(`${entry.rewards} units`);
    }
    await expect(page.getByTestId("hero-wallets")).toHaveText(String(board.length));
    await expect(page.getByTestId("hero-referrals")).toHaveText(String(board.reduce((sum, e) => sum + e.referrals_count, 0)));
    expect(errors).toEqual([]);

    // Rendered on the server, in the page's own request.
    const html = await (await request.get(landing.baseUrl)).text();
    for (const entry of board.slice(0, 3)) expect(html).toContain(short(entry.wallet));
  });
});

test.describe("with the store down", () => {
  let down: AppServer;
  test.beforeAll(async () => {
    // Nothing listens on the port: every store call fails after STORE_TIMEOUT_MS.
    down = await startApp({ ...E2E_SITE_ENV, REDIS_URL: `redis://127.0.0.1:${await freePort()}`, STORE_TIMEOUT_MS: "300" });
  });
  test.afterAll(async () => {
    await down.stop();
  });

  test("the landing still renders: the hero without figures, the invite not checked", async ({ page }) => {
    const response = await page.goto(`${down.baseUrl}/?ref=${randomCode()}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Invite friends.");
    await expect(page.getByRole("heading", { name: "How rewards add up" })).toBeVisible();
    await expect(page.getByTestId("hero-board")).toHaveCount(0);
    await expect(page.getByTestId("invite-status")).toHaveText("Couldn't check your invite right now");
  });
});
