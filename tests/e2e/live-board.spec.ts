import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request as http, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { fixedKeys, SCREENSHOT_DIR } from "@/tests/e2e/support/helpers";
import { apiClient, codeOf, connectThroughModal, expect, test, waitForHydration } from "@/tests/e2e/support/fixtures";

/**
 * The live board: rows that move when a referral lands, without a reload; the connected wallet's
 * neighbourhood under the top 3; and the season tabs with their countdown. One store of its own,
 * and every wallet from fixed keys, so that the ranks and the screenshot are always the same.
 *
 * The store first runs without seasons, for the veterans' points, which the all-time board keeps and
 * season 1 never sees; then with seven-day seasons, season 1 having started three days ago.
 */
const { keyOf, walletOf } = fixedKeys("live-board");
const DAY = 86_400;
const SIZE = "3";

interface Entry {
  rank: number;
  wallet: string;
  referrals_count: number;
  rewards: number;
}

let dataDir: string;
let server: AppServer;
/** Season 1's first second and the first second after it (Unix seconds). */
let season: { start: number; end: number };

test.describe.configure({ mode: "serial" });

async function refer(api: ReturnType<typeof apiClient>, referrer: string, friends: string[]): Promise<void> {
  expect((await api.initUser(referrer)).status).toBe(200);
  for (const friend of friends) {
    const res = await api.record(walletOf(friend), codeOf(referrer));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "refboard-live-board-"));
  const startDay = Math.floor(Date.now() / 1000 / DAY) - 3;
  season = { start: startDay * DAY, end: (startDay + 7) * DAY };

  const before = await startApp({ ...E2E_SITE_ENV, LEADERBOARD_SIZE: SIZE, DATA_DIR: dataDir });
  const context = await http.newContext();
  try {
    await refer(apiClient(context, before.baseUrl), walletOf("veteran"), ["veteran friend 1", "veteran friend 2", "veteran friend 3"]);
  } finally {
    await context.dispose();
    await before.stop();
  }
  const seasonStart = new Date(season.start * 1000).toISOString().slice(0, 10);
  server = await startApp({ ...E2E_SITE_ENV, LEADERBOARD_SIZE: SIZE, DATA_DIR: dataDir, SEASON_LENGTH_DAYS: "7", SEASON_START: seasonStart });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function read<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${server.baseUrl}${path}`);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

const topRows = (page: Page) => page.getByRole("table").locator("tbody").first().getByTestId("leaderboard-row");
const walletsOf = (rows: Locator) => rows.evaluateAll((elements) => elements.map((element) => element.getAttribute("data-wallet")));

/** Marks the document: the mark survives anything but a navigation. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  return () => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

async function openTab(page: Page, name: "This season" | "All time"): Promise<void> {
  const tab = page.getByRole("tab", { name });
  await waitForHydration(tab);
  await tab.click();
  await expect(tab).toHaveAttribute("aria-selected", "true");
}

async function expectLive(page: Page): Promise<void> {
  await expect(page.getByTestId("board-status")).toHaveAttribute("data-status", "live");
  await expect(page.getByTestId("board-status")).toHaveText("Live");
}

test.describe("live leaderboard", () => {
  test("a referral moves the rows while the board is open, with +20 on the row that gained, without a reload", async ({ page, request }) => {
    const api = apiClient(request, server.baseUrl);
    await page.goto(`${server.baseUrl}/leaderboard`);
    await openTab(page, "All time");
    await expectLive(page);

    const before = await read<Entry[]>(request, "/api/leaderboard");
    expect(before.map((e) => e.rewards)).toEqual([60, 20, 20]);
    await expect.poll(() => walletsOf(topRows(page))).toEqual(before.map((e) => e.wallet));
    const sameDocument = await markDocument(page);

    // The third climbs to second with one referral: 40 against the veteran's 60 and the others' 20.
    const mover = before[2]!.wallet;
    await refer(api, mover, ["mover friend"]);
    const after = await read<Entry[]>(request, "/api/leaderboard");
    expect(after[1]).toEqual({ rank: 2, wallet: mover, referrals_count: 1, rewards: 40 });

    const row = topRows(page).and(page.locator(`[data-wallet="${mover}"]`));
    await expect(row.getByTestId("reward-gain")).toHaveText("+20");
    await expect.poll(() => walletsOf(topRows(page))).toEqual(after.map((e) => e.wallet));
    await expect(row.getByTestId("rank")).toHaveText("2");
    await expect(row.getByTestId("rewards")).toHaveText("40");
    // It slid there: FLIP left its transition on the row.
    expect(await row.evaluate((element) => element.style.transition)).toContain("transform");
    // The badge goes again.
    await expect(row.getByTestId("reward-gain")).toHaveCount(0);
    expect(await sameDocument()).toBe(true);
  });

  test("a connected wallet outside the top list sees its neighbourhood, which follows the board", async ({ page, request, wallet }) => {
    const api = apiClient(request, server.baseUrl);
    const visitor = walletOf("visitor");
    await wallet({ privateKey: keyOf("visitor") });
    await page.goto(`${server.baseUrl}/leaderboard`);
    await openTab(page, "All time");
    await connectThroughModal(page);
    await expectLive(page);

    const hood = page.getByTestId("own-rank-pinned");
    await expect(hood).toBeVisible();
    await expect(hood).toContainText("Your neighbourhood");
    const own = hood.locator("[data-testid=leaderboard-row][data-me]");
    await expect(own).toHaveAttribute("data-wallet", visitor);
    await expect(own).toContainText("You");
    const mine = await read<Entry>(request, `/api/leaderboard/user?wallet=${visitor}`);
    expect(mine.rank).toBeGreaterThan(Number(SIZE));
    await expect(own.getByTestId("rank")).toHaveText(String(mine.rank));
    // The ranks around it that the top 3 does not show, in order.
    const around = await read<Entry[]>(request, `/api/leaderboard/around?wallet=${visitor}&radius=5`);
    const below = around.filter((e) => e.rank > Number(SIZE));
    await expect.poll(() => walletsOf(hood.getByTestId("leaderboard-row"))).toEqual(below.map((e) => e.wallet));
    await expect(page.locator("[data-testid=leaderboard-row][data-me]")).toHaveCount(1);

    // This season the visitor has no points: no neighbourhood, a word instead.
    await openTab(page, "This season");
    await expect(page.getByTestId("season-unranked")).toBeVisible();
    await expect(page.getByTestId("own-rank-pinned")).toHaveCount(0);

    // Back on the all-time board, the visitor's first referral shows in its neighbourhood without a reload.
    await openTab(page, "All time");
    await expect(own).toHaveAttribute("data-wallet", visitor);
    const sameDocument = await markDocument(page);
    await refer(api, visitor, ["visitor friend"]);
    const now = await read<Entry>(request, `/api/leaderboard/user?wallet=${visitor}`);
    const aroundNow = await read<Entry[]>(request, `/api/leaderboard/around?wallet=${visitor}&radius=5`);
    expect(aroundNow.map((e) => e.wallet)).toContain(walletOf("visitor friend"));
    await expect(own.getByTestId("rewards")).toHaveText("20");
    await expect(own.getByTestId("rank")).toHaveText(String(now.rank));
    await expect
      .poll(() => walletsOf(hood.getByTestId("leaderboard-row")))
      .toEqual(aroundNow.filter((e) => e.rank > Number(SIZE)).map((e) => e.wallet));
    expect(await sameDocument()).toBe(true);
  });

  test("the season tabs switch boards, and the countdown to the season's end ticks", async ({ page, request }) => {
    const api = apiClient(request, server.baseUrl);
    // Season points only: the newcomer tops season 1, and is third of all time behind the veteran.
    await refer(api, walletOf("newcomer"), ["newcomer friend 1", "newcomer friend 2"]);
    const seasonList = await read<Entry[]>(request, "/api/leaderboard?season=current");
    const allTime = await read<Entry[]>(request, "/api/leaderboard");
    expect(seasonList[0]).toEqual({ rank: 1, wallet: walletOf("newcomer"), referrals_count: 2, rewards: 40 });
    expect(allTime[0]).toEqual({ rank: 1, wallet: walletOf("veteran"), referrals_count: 3, rewards: 60 });

    // The page's clock stands still at 3 days, 4 hours, 12 minutes and 30 s before the season's end.
    const fixedNow = (season.end - (3 * DAY + 4 * 3600 + 12 * 60 + 30)) * 1000;
    await page.clock.setFixedTime(fixedNow);
    await page.goto(`${server.baseUrl}/leaderboard`);

    // It opens on the running season.
    const seasonTab = page.getByRole("tab", { name: "This season" });
    const allTab = page.getByRole("tab", { name: "All time" });
    await expect(page.getByRole("tablist", { name: "Leaderboard" })).toBeVisible();
    await expect(seasonTab).toHaveAttribute("aria-selected", "true");
    await expect(allTab).toHaveAttribute("aria-selected", "false");
    await expect(page.getByRole("tabpanel")).toHaveAttribute("aria-labelledby", (await seasonTab.getAttribute("id"))!);
    await expect.poll(() => walletsOf(topRows(page))).toEqual(seasonList.map((e) => e.wallet));
    await expect(page.getByTestId("season-countdown")).toHaveText("Season 1 ends in 3d 4h 12m");
    await expectLive(page);

    await openTab(page, "All time");
    await expect(seasonTab).toHaveAttribute("aria-selected", "false");
    await expect.poll(() => walletsOf(topRows(page))).toEqual(allTime.map((e) => e.wallet));
    await expect(topRows(page).first().getByTestId("rewards")).toHaveText("60");

    // The keyboard moves between the tabs too.
    await allTab.press("ArrowLeft");
    await expect(seasonTab).toHaveAttribute("aria-selected", "true");
    await expect(seasonTab).toBeFocused();
    await expect.poll(() => walletsOf(topRows(page))).toEqual(seasonList.map((e) => e.wallet));
    await expect(topRows(page).first().getByTestId("rewards")).toHaveText("40");

    await seasonTab.blur();
    await page.getByTestId("leaderboard-view").screenshot({ path: `${SCREENSHOT_DIR}/leaderboard-seasons.png`, animations: "disabled" });

    // A minute later the countdown says so.
    await page.clock.setFixedTime(fixedNow + 60_000);
    await expect(page.getByTestId("season-countdown")).toHaveText("Season 1 ends in 3d 4h 11m");
  });
});

test.describe("a stream that ends on the server's schedule", () => {
  test("the page reconnects by itself and keeps moving with the board", async ({ page }) => {
    // A server of its own whose streams end after 5 s, as Vercel's time limit ends them after 290 s.
    const short = await startApp({ ...E2E_SITE_ENV, LEADERBOARD_STREAM_SECONDS: "5" });
    const context = await http.newContext();
    try {
      const api = apiClient(context, short.baseUrl);
      const referrer = walletOf("reconnecting referrer");
      await refer(api, referrer, ["reconnecting friend 1"]);
      let streams = 0;
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/leaderboard/stream") streams++;
      });
      await page.goto(`${short.baseUrl}/leaderboard`);
      await expect(page.getByText("Live", { exact: true })).toBeVisible();
      // The first stream ends; the browser opens the next one itself.
      await expect.poll(() => streams, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      const newcomer = walletOf("reconnecting newcomer");
      await refer(api, newcomer, ["reconnecting friend 2", "reconnecting friend 3"]);
      await expect(page.locator(`[data-testid=leaderboard-row][data-wallet="${newcomer}"]`)).toBeVisible();
    } finally {
      await context.dispose();
      await short.stop();
    }
  });
});
