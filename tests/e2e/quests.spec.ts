/**
 * The team's quests end to end, in Chromium against the production build and the local chain: an
 * admin creates a quiz and a token-balance quest in /admin (the form refusing a bad one before
 * anything is sent), a visitor holding the token answers the quiz wrong, then right, verifies the
 * balance, and sees the points each gave, their rewards and the public board move. The console then
 * counts one completion each, and its wallet lookup lists the visitor's ledger; both pages hold a 390 px
 * phone without scrolling sideways.
 * Screenshots of the quest form, the console's Quests section and the dashboard's quests on a phone
 * (`npm run screenshots` writes them to docs/). Last, the Task points form sets the check-in's points and a streak
 * bonus (a bad length named on its field first) and a check-in credits the points, which the wallet lookup's ledger
 * names as a task; the form keeps every field on a 390 px phone, and the dashboard's check-in tells the next bonus.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parseUnits, type Address } from "viem";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { chainEnv } from "@/tests/support/chain-fixture";
import { questChain } from "@/tests/support/quest-chain";
import { E2E_SITE_ENV, TASK_URL_HOST } from "@/tests/e2e/support/constants";
import { e2eChain, fixedKeys, SCREENSHOT_DIR } from "@/tests/e2e/support/helpers";
import { signInToConsole } from "@/tests/e2e/support/console";
import { appAt, connectThroughModal, expect, guardNetwork, preparePage, test, waitForHydration, type App } from "@/tests/e2e/support/fixtures";
import { installWallet } from "@/tests/e2e/support/wallet";
import { randomWallet } from "@/tests/support/wallets";

const { keyOf, walletOf } = fixedKeys("quests");
const adminKey = keyOf("admin");
const admin = walletOf("admin");
const visitorKey = keyOf("visitor");
const visitor = walletOf("visitor") as Address;
const SESSION_SECRET = "e2e-quests-secret-0123456789abcdef0123456789ab";
const ADMIN_TOKEN = "e2e-quests-admin-token-0123456789abcdef";
const TOKEN_DECIMALS = 6;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let server: AppServer;
let app: App;
let token: Address;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  const contracts = e2eChain();
  const chain = questChain(contracts);
  token = await chain.deployToken(TOKEN_DECIMALS);
  // Exactly the quest's minimum, in base units: the boundary the verifier passes.
  await chain.mintToken(token, visitor, parseUnits("100", TOKEN_DECIMALS));
  server = await startApp({ ...E2E_SITE_ENV, ...chainEnv(contracts), ADMIN_WALLETS: admin, SESSION_SECRET, ADMIN_TOKEN });
  app = appAt(server.baseUrl);
});
test.afterAll(async () => server.stop());

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function shoot(page: Page, name: string, target = page.locator("body")) {
  await page.evaluate(() => document.fonts.ready);
  await target.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, animations: "disabled" });
}

async function openNewQuest(page: Page) {
  const button = page.getByTestId("quest-new");
  await waitForHydration(button);
  await button.click();
  const dialog = page.getByRole("dialog", { name: "New quest" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("an admin creates a quiz and a token quest; a visitor completes both and the board moves", async ({ page, browser }) => {
  // Two browsers, server renders and chain reads on a shared 2-core machine: a finite budget, generous for it.
  test.setTimeout(180_000);
  // Tall enough for the whole quest form in its dialog, for the screenshot.
  await page.setViewportSize({ width: 1280, height: 1400 });
  await signInToConsole(page, app.baseUrl, adminKey);
  const section = page.getByRole("region", { name: "Quests" });
  await expect(section.getByText("No quests yet.")).toBeVisible();

  // The quiz. One option only: the form names the field before anything reaches the server.
  let dialog = await openNewQuest(page);
  await dialog.getByLabel("Id").fill("capital-quiz");
  await dialog.getByLabel("Type").selectOption("quiz");
  await dialog.getByLabel("Title").fill("Name the capital");
  await dialog.getByLabel("Question").fill("What is the capital of France?");
  await dialog.getByLabel("Options").fill("Paris");
  await dialog.getByLabel("Points").fill("30");
  const posts: string[] = [];
  page.on("request", (request) => request.method() !== "GET" && request.url().includes("/api/admin/quests") && posts.push(request.url()));
  await dialog.getByTestId("quest-save").click();
  await expect(dialog.getByTestId("quest-form-error")).toHaveText("Invalid params.options: 2 to 10 distinct options, each 1 to 200 characters");
  await expect(dialog.getByLabel("Options")).toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);
  await dialog.getByLabel("Options").fill("Lyon\nParis\nMarseille");
  await dialog.getByLabel("Right answer").selectOption({ label: "Paris" });
  await dialog.getByTestId("quest-save").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("admin-quest-capital-quiz")).toContainText("Name the capital");

  // The token quest: hold at least 100 whole tokens.
  dialog = await openNewQuest(page);
  await dialog.getByLabel("Id").fill("hold-quest-token");
  await dialog.getByLabel("Type").selectOption("erc20_balance");
  await dialog.getByLabel("Title").fill("Hold 100 QT");
  await dialog.getByLabel("Description").fill("Keep at least 100 Quest Tokens in this wallet.");
  await dialog.getByLabel("Token contract").fill(token);
  await dialog.getByLabel("Minimum balance").fill("100");
  await dialog.getByLabel("Points").fill("50");
  await shoot(page, "quest-form", dialog);
  await dialog.getByTestId("quest-save").click();
  await expect(dialog).toBeHidden();
  const tokenRow = page.getByTestId("admin-quest-hold-quest-token");
  await expect(tokenRow.getByTestId("quest-completions")).toHaveText("0");

  // The visitor, in a browser of their own.
  const context = await browser.newContext(PHONE);
  const phone = await context.newPage();
  await preparePage(phone);
  await guardNetwork(context);
  await installWallet(phone, { privateKey: visitorKey });
  await phone.goto(app.baseUrl);
  await connectThroughModal(phone);
  const quests = phone.getByTestId("team-quests");
  await expect(quests.getByTestId("quest-points")).toHaveText("0 points earned");
  await expect(phone.getByTestId("stat-rewards")).toContainText("0");

  // A wrong answer says so, and the quiz may be tried again.
  const quiz = phone.getByTestId("quest-capital-quiz");
  await expect(quiz).toHaveAttribute("data-status", "available");
  await quiz.getByLabel("Lyon").check();
  await quiz.getByRole("button", { name: /Submit/ }).click();
  await expect(quiz.getByTestId("quest-reason")).toHaveText("Wrong answer");
  await expect(quiz).toHaveAttribute("data-status", "available");
  await shoot(phone, "dashboard-quests-phone", quests);
  await quiz.getByLabel("Paris").check();
  await quiz.getByRole("button", { name: /Submit/ }).click();
  await expect(quiz.getByTestId("quest-points-gained")).toHaveText("+30 points");
  await expect(quiz).toHaveAttribute("data-status", "completed");

  // The token quest is read on chain.
  const hold = phone.getByTestId("quest-hold-quest-token");
  await hold.getByRole("button", { name: /Verify/ }).click();
  await expect(hold.getByTestId("quest-points-gained")).toHaveText("+50 points");
  await expect(hold).toHaveAttribute("data-status", "completed");
  await expect(quests.getByTestId("quest-points")).toHaveText("80 points earned");
  // rewards = score x 20: the rank card moves without a reload.
  await expect(phone.getByTestId("stat-rewards")).toContainText("1,600");
  expect(await horizontalOverflow(phone)).toBe(0);
  await shoot(phone, "dashboard-quests-done-phone", quests);

  // The public board shows the new points.
  await phone.goto(`${app.baseUrl}/leaderboard`);
  const row = phone.locator(`[data-testid=leaderboard-row][data-wallet="${visitor}"]`);
  await expect(row.getByTestId("rewards")).toHaveText("1,600");
  await context.close();

  // The console counts one completion each, and holds a 390 px phone too (its table scrolls inside its card).
  await page.reload();
  await expect(tokenRow.getByTestId("quest-completions")).toHaveText("1");
  await expect(page.getByTestId("admin-quest-capital-quiz").getByTestId("quest-completions")).toHaveText("1");
  await shoot(page, "console-quests", section);
  const adminPhone = await browser.newContext({ ...PHONE, storageState: await page.context().storageState() });
  await guardNetwork(adminPhone);
  const consolePhone = await adminPhone.newPage();
  await preparePage(consolePhone);
  await consolePhone.goto(`${app.baseUrl}/admin`);
  await expect(consolePhone.getByTestId("admin-quest-capital-quiz")).toBeVisible();
  expect(await horizontalOverflow(consolePhone)).toBe(0);
  await adminPhone.close();
});

test("the console's wallet lookup lists the visitor's completed quests, newest first, with the points each credited", async ({ page }) => {
  await signInToConsole(page, app.baseUrl, adminKey);
  const lookup = page.getByRole("region", { name: "Wallet lookup" });
  await lookup.getByLabel("Wallet address").fill(visitor);
  await lookup.getByRole("button", { name: "Look up" }).click();
  const ledger = page.getByTestId("wallet-report").getByTestId("quest-ledger");
  await expect(ledger.getByTestId("quest-points")).toHaveText("80");
  const rows = ledger.getByTestId("ledger-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute("data-quest", "hold-quest-token");
  await expect(rows.nth(0)).toHaveAttribute("data-points", "50");
  await expect(rows.nth(1)).toHaveAttribute("data-quest", "capital-quiz");
  await expect(rows.nth(1)).toHaveAttribute("data-points", "30");
});

test("the console edits and archives a quest, and moves the catalog as a JSON file refused whole on one bad quest", async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInToConsole(page, app.baseUrl, adminKey);
  const quiz = page.getByTestId("admin-quest-capital-quiz");
  const hold = page.getByTestId("admin-quest-hold-quest-token");

  // Edit: any field but id and type.
  const edit = quiz.getByTestId("quest-edit");
  await waitForHydration(edit);
  await edit.click();
  const dialog = page.getByRole("dialog", { name: "Edit capital-quiz" });
  await expect(dialog.getByLabel("Id")).toBeDisabled();
  await expect(dialog.getByLabel("Type")).toBeDisabled();
  await dialog.getByLabel("Points").fill("40");
  await dialog.getByTestId("quest-save").click();
  await expect(dialog).toBeHidden();
  await expect(quiz.getByRole("cell", { name: "40", exact: true })).toBeVisible();

  // Archived: still in the console, gone from the visitors' list; and back.
  const listed = async () => ((await (await request.get(`${app.baseUrl}/api/quests?wallet=${visitor}`)).json()) as { quests: { id: string }[] }).quests.map((q) => q.id);
  await hold.getByTestId("quest-archive").click();
  await expect(hold).toHaveAttribute("data-archived", "true");
  expect(await listed()).toEqual(["capital-quiz"]);
  await hold.getByTestId("quest-archive").click();
  await expect(hold).toHaveAttribute("data-archived", "false");
  expect(await listed()).toEqual(["capital-quiz", "hold-quest-token"]);

  // Export, then import: a file with one bad quest changes nothing; the same file fixed is imported whole.
  const download = page.waitForEvent("download");
  await page.getByTestId("quests-export").click();
  const path = await (await download).path();
  const file = JSON.parse(await readFile(path, "utf8")) as { version: number; quests: { id: string; title: string; points: number }[] };
  expect(file.version).toBe(1);
  expect(file.quests.map((q) => q.id)).toEqual(["capital-quiz", "hold-quest-token"]);
  file.quests[0]!.title = "Name the capital city";
  file.quests[1]!.points = -1;
  const pick = (quests: typeof file) =>
    page.getByTestId("quests-import-file").setInputFiles({ name: "quests.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(quests)) });
  await pick(file);
  await expect(page.getByTestId("quests-import-result")).toContainText('Invalid quests[1] ("hold-quest-token")');
  await expect(quiz).toContainText("Name the capital");
  await expect(quiz).not.toContainText("Name the capital city");
  file.quests[1]!.points = 50;
  await pick(file);
  await expect(page.getByTestId("quests-import-result")).toHaveText("Imported 2 quests: each created, or replaced where its id was in use.");
  await expect(quiz).toContainText("Name the capital city");
});

test("a daily visit quest: open, complete, the points it gave, a countdown that ticks, and the quest back at zero without a reload", async ({ page, request, wallet }) => {
  const created = await request.post(`${app.baseUrl}/api/admin/quests`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    data: { id: "daily-news", title: "Read today's news", type: "visit", params: { url: `https://${TASK_URL_HOST}/news` }, points: 5, recurrence: "daily" },
  });
  expect(created.status()).toBe(201);
  await page.clock.install();
  await wallet();
  await page.goto(app.baseUrl);
  await connectThroughModal(page);

  const row = page.getByTestId("quest-daily-news");
  const popup = page.waitForEvent("popup");
  await row.getByRole("link", { name: /Open/ }).click();
  await (await popup).close();
  await row.getByRole("button", { name: /Complete/ }).click();
  await expect(row.getByTestId("quest-points-gained")).toHaveText("+5 points");
  await expect(row).toHaveAttribute("data-status", "cooldown");
  const countdown = row.getByTestId("quest-countdown");
  await expect(countdown).toHaveText(/^23:59:[0-5]\d$/);
  const shown = await countdown.textContent();
  await page.clock.runFor(2_000);
  await expect(countdown).not.toHaveText(shown ?? "");

  // One day later, exactly the server's period: available again, from the page's own clock.
  await page.clock.fastForward("24:00:00");
  await expect(row).toHaveAttribute("data-status", "available");
  await expect(row.getByRole("link", { name: /Open/ })).toBeVisible();
});

test("the console's Task points form: a bad value is named before anything is sent; a check-in then credits its points", async ({ page, request, browser }) => {
  await signInToConsole(page, app.baseUrl, adminKey);
  const form = page.getByTestId("task-points-form");
  await waitForHydration(form.getByTestId("task-points-save"));
  await expect(form.getByTestId("task-points-daily_checkin")).toHaveValue("0");
  await form.getByTestId("task-points-daily_checkin").fill("3");
  await form.getByTestId("task-points-fc_follow").fill("-1");
  await form.getByTestId("task-points-save").click();
  await expect(form.getByRole("alert")).toHaveText("Invalid taskPoints.fc_follow: must be a whole number from 0 to 1000000");
  const catalog = async () =>
    (await (await request.get(`${app.baseUrl}/api/admin/quests`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).json()) as { taskPoints: Record<string, number>; streakBonuses: unknown[] };
  const stored = async () => (await catalog()).taskPoints;
  const storedBonuses = async () => (await catalog()).streakBonuses;
  expect((await stored()).daily_checkin).toBe(0);
  await form.getByTestId("task-points-fc_follow").fill("0");
  // A streak bonus at a streak of 1 is no streak: named on its field, nothing sent.
  await form.getByTestId("streak-bonus-add").click();
  const bonus = form.getByTestId("streak-bonus");
  await bonus.getByTestId("streak-bonus-streak").fill("1");
  await bonus.getByTestId("streak-bonus-points").fill("10");
  await form.getByTestId("task-points-save").click();
  await expect(form.getByRole("alert")).toHaveText("Invalid streakBonuses.streak: must be a whole number from 2 to 365");
  await expect(bonus.getByTestId("streak-bonus-streak")).toHaveAttribute("aria-invalid", "true");
  expect((await stored()).daily_checkin).toBe(0);
  await bonus.getByTestId("streak-bonus-streak").fill("2");
  await form.getByTestId("task-points-save").click();
  await expect(form.getByTestId("task-points-saved")).toBeVisible();
  expect(await stored()).toMatchObject({ daily_checkin: 3, fc_follow: 0 });
  expect(await storedBonuses()).toEqual([{ streak: 2, points: 10 }]);
  await shoot(page, "console-task-points", form);

  const wallet = randomWallet();
  const checkIn = await request.post(`${app.baseUrl}/api/steam/task/complete`, { data: { wallet, taskId: "daily_checkin" } });
  expect(checkIn.status()).toBe(200);
  expect(((await (await request.get(`${app.baseUrl}/api/leaderboard/user?wallet=${wallet}`)).json()) as { rewards: number }).rewards).toBe(3 * 20);
  const lookup = page.getByRole("region", { name: "Wallet lookup" });
  await lookup.getByLabel("Wallet address").fill(wallet);
  await lookup.getByRole("button", { name: "Look up" }).click();
  const row = page.getByTestId("wallet-report").getByTestId("ledger-row");
  await expect(row).toHaveAttribute("data-source", "task");
  await expect(row).toContainText("Task: Daily check-in");

  // On a 390 px phone every field of the form stays inside the screen, and the page never scrolls sideways.
  const phoneContext = await browser.newContext({ ...PHONE, storageState: await page.context().storageState() });
  await guardNetwork(phoneContext);
  const consolePhone = await phoneContext.newPage();
  await preparePage(consolePhone);
  await consolePhone.goto(`${app.baseUrl}/admin`);
  const phoneForm = consolePhone.getByTestId("task-points-form");
  await expect(phoneForm.getByTestId("task-points-daily_checkin")).toHaveValue("3");
  await expect(phoneForm.getByTestId("streak-bonus-streak")).toHaveValue("2");
  await phoneForm.scrollIntoViewIfNeeded();
  const fields = [...(await phoneForm.locator("input").all()), phoneForm.getByTestId("task-points-save")];
  for (const field of fields) {
    const box = await field.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.viewport.width, `${await field.getAttribute("data-testid")} inside the screen`).toBe(true);
  }
  expect(await horizontalOverflow(consolePhone)).toBe(0);
  await phoneContext.close();
});

test("the dashboard's check-in tells the streak and the next streak bonus the team set", async ({ page, wallet }) => {
  await page.setViewportSize(PHONE.viewport);
  await wallet();
  await page.goto(app.baseUrl);
  await connectThroughModal(page);
  const checkIn = page.getByTestId("task-daily_checkin");
  await expect(checkIn.getByTestId("streak-bonus-next")).toHaveText("+10 bonus points at a 2-day streak");
  await checkIn.getByTestId("checkin-button").click();
  await expect(checkIn.getByTestId("checkin-streak")).toHaveText(/1-day streak/);
  await expect(checkIn.getByTestId("streak-bonus-next")).toHaveText("+10 bonus points at a 2-day streak");
  // A desktop context at phone width keeps its scrollbar's width aside: nothing may scroll sideways.
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});
