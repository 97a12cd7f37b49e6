import type { Page } from "@playwright/test";
import { connectThroughModal, expect, test } from "@/tests/e2e/support/fixtures";
import { TASK_URL_HOST } from "@/tests/e2e/support/constants";
import { e2eChain, referFriends } from "@/tests/e2e/support/helpers";
import { mintNft } from "@/tests/support/chain-fixture";

/** Marks the document; if the page reloads, the mark is gone. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  return () => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

test.describe("quests", () => {
  test("a deployment with the chain and every task target set offers all 11 quests, the NFT quest among them", async ({ page, app, wallet }) => {
    await wallet();
    await page.goto(app.baseUrl);
    await connectThroughModal(page);
    const quests = page.getByRole("region", { name: "Quests" });
    await expect(quests.getByText("0 of 11 complete")).toBeVisible();
    await expect(page.getByTestId("task-nft_mint").getByRole("button", { name: "Verify" })).toBeVisible();
    for (const id of ["fc_follow", "fc_like_recast", "fc_comment"]) {
      await expect(page.getByTestId(`task-${id}`).getByRole("link", { name: /Open/ })).toBeVisible();
    }
    // Outside a Farcaster client, add_miniapp opens its configured target like the other social quests.
    await expect(page.getByTestId("task-add_miniapp").getByRole("link", { name: /Open/ })).toHaveAttribute("href", `https://${TASK_URL_HOST}/add-miniapp`);
  });

  test("daily check-in: after checking in the button is disabled with a countdown that ticks, and is enabled again at zero without a reload", async ({
    page,
    app,
    api,
    wallet,
  }) => {
    await page.clock.install();
    const visitor = await wallet();
    await page.goto(app.baseUrl);
    await connectThroughModal(page);

    const button = page.getByTestId("checkin-button");
    const streak = page.getByTestId("checkin-streak");
    await expect(button).toHaveText("Check in");
    await expect(streak).toHaveCount(0);
    await button.click();
    await expect(button).toBeDisabled();
    await expect(button).toHaveText(/^23:59:[0-5]\d$/);
    await expect(streak).toHaveText("🔥 1-day streak");
    const sameDocument = await markDocument(page);

    // It ticks: a couple of seconds later it shows less.
    const shown = await button.textContent();
    await page.clock.runFor(2_000);
    await expect(button).not.toHaveText(shown ?? "");
    await expect(button).toHaveAttribute("aria-label", /^Check in again in 23 hours 59 minutes$/);

    // The server counts the same cooldown, from its own clock.
    const status = (await api.taskStatus(visitor.address)).body;
    expect(status.tasks.daily_checkin).toBe(true);
    expect(status.fishingCooldown).toBeGreaterThan(86_390);

    // A day later the countdown reaches zero and the button comes back by itself.
    await page.clock.fastForward("24:00:00");
    await expect(button).toBeEnabled();
    await expect(button).toHaveText("Check in");
    expect(await sameDocument()).toBe(true);
  });

  test("the check-in button of a wallet already on cooldown is disabled from the start, with its streak", async ({ page, app, api, wallet }) => {
    const visitor = await wallet();
    expect((await api.complete(visitor.address, "daily_checkin")).status).toBe(200);
    const questReads: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/quests") questReads.push(request.url());
    });
    await page.goto(app.baseUrl);
    await connectThroughModal(page);
    const button = page.getByTestId("checkin-button");
    await expect(button).toBeDisabled();
    await expect(button).toHaveText(/^23:59:[0-5]\d$/);
    // Without quests the quest card stays hidden; the streak comes from the quests read the page makes anyway.
    await expect(page.getByTestId("checkin-streak")).toHaveText("🔥 1-day streak");
    await expect(page.getByTestId("team-quests")).toHaveCount(0);
    expect(questReads).toHaveLength(1);
  });

  test("a social task opens its configured target, then completes, and stays completed after a reload", async ({ page, app, api, wallet }) => {
    const visitor = await wallet();
    await page.goto(app.baseUrl);
    await connectThroughModal(page);

    const row = page.getByTestId("task-fc_follow");
    const popup = page.waitForEvent("popup");
    await row.getByRole("link", { name: /Open/ }).click();
    expect((await popup).url()).toBe(`https://${TASK_URL_HOST}/follow`);

    await row.getByRole("button", { name: /Complete/ }).click();
    await expect(row.getByText("Done")).toBeVisible();
    await expect(row).toHaveAttribute("data-done", "true");
    await expect.poll(async () => (await api.taskStatus(visitor.address)).body.tasks.fc_follow).toBe(true);

    await page.reload();
    await expect(page.getByTestId("task-fc_follow")).toHaveAttribute("data-done", "true");
    await expect(page.getByTestId("task-fc_follow").getByText("Done")).toBeVisible();
    await expect(page.getByTestId("task-fc_comment")).toHaveAttribute("data-done", "false");
  });

  test("completing a task shows it done at once, and rolls back with the error when the server fails", async ({ page, app, api, wallet }) => {
    const visitor = await wallet();
    await page.goto(app.baseUrl);
    await connectThroughModal(page);

    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/steam/task/complete", async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { error: "Internal error, please retry later" } });
    });

    const row = page.getByTestId("task-fc_like_recast");
    await row.getByRole("link", { name: /Open/ }).click();
    await row.getByRole("button", { name: /Complete/ }).click();
    await expect(row.getByText("Done")).toBeVisible(); // optimistic: before the server answered
    release();
    await expect(row.getByRole("alert")).toHaveText("Internal error, please retry later");
    await expect(row.getByRole("button", { name: /Complete/ })).toBeVisible();
    expect((await api.taskStatus(visitor.address)).body.tasks.fc_like_recast).toBe(false);
  });

  test("nft_mint: Verify shows a spinner, then the reason when the wallet holds nothing", async ({ page, app, wallet }) => {
    await wallet();
    await page.goto(app.baseUrl);
    await connectThroughModal(page);

    const row = page.getByTestId("task-nft_mint");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/steam/verify", async (route) => {
      await held;
      await route.continue();
    });
    await row.getByRole("button", { name: "Verify" }).click();
    await expect(row.getByRole("button", { name: "Verifying…" })).toBeDisabled();
    release();
    await expect(row.getByTestId("nft-reason")).toHaveText("No NFT or active stake found for this wallet");
    await expect(row.getByRole("button", { name: "Verify again" })).toBeEnabled();
    await expect(row).toHaveAttribute("data-done", "false");
  });

  test("nft_mint: a wallet that holds the NFT is verified", async ({ page, app, api, wallet }) => {
    const visitor = await wallet();
    await page.goto(app.baseUrl);
    await connectThroughModal(page);
    const row = page.getByTestId("task-nft_mint");
    await expect(row.getByRole("button", { name: "Verify" })).toBeVisible();

    await mintNft(e2eChain(), visitor.address);
    await row.getByRole("button", { name: "Verify" }).click();
    await expect(row.getByText("Verified")).toBeVisible();
    await expect(row).toHaveAttribute("data-done", "true");
    expect((await api.taskStatus(visitor.address)).body.tasks.nft_mint).toBe(true);
  });

  test("nft_mint: a wallet that already holds the NFT when it arrives is verified without a click", async ({ page, app, wallet }) => {
    const visitor = await wallet();
    await mintNft(e2eChain(), visitor.address);
    await page.goto(app.baseUrl);
    await connectThroughModal(page);
    await expect(page.getByTestId("task-nft_mint").getByText("Verified")).toBeVisible();
  });

  test("referral milestones are read-only and follow the referral count", async ({ page, app, api, wallet }) => {
    const visitor = await wallet();
    await api.initUser(visitor.address);
    await referFriends(api, visitor.address, 5);
    await page.goto(app.baseUrl);
    await connectThroughModal(page);
    await expect(page.getByTestId("task-referral")).toHaveAttribute("data-done", "true");
    await expect(page.getByTestId("task-referral_milestone_5")).toHaveAttribute("data-done", "true");
    await expect(page.getByTestId("task-referral_milestone_10")).toHaveAttribute("data-done", "false");
    await expect(page.getByTestId("task-referral_milestone_10").getByRole("button")).toHaveCount(0);
    await expect(page.getByTestId("stat-referrals")).toHaveText("5");
    const bar = page.getByRole("progressbar", { name: "Milestones" });
    await expect(bar).toHaveAttribute("aria-valuenow", "5");
    await expect(bar).toHaveAttribute("aria-valuemax", "10");
    await expect(page.getByText("Invite 5 more friends to reach 10 referrals", { exact: true })).toBeVisible();
  });
});
