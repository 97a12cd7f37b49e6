import { startApp, type AppServer } from "@/tests/support/app-server";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { openInFarcasterHost } from "@/tests/e2e/support/farcaster-host";
import { apiClient, connectThroughModal, expect, test, type Api } from "@/tests/e2e/support/fixtures";
import { randomWallet } from "@/tests/support/wallets";
import { TASK_IDS } from "@/lib/domain/tasks";

/**
 * A deployment with nothing configured: no RPC_URL, every TASK_*_URL at its placeholder. Its
 * dashboard offers only quests a visitor can finish; the API still answers for all 11 tasks.
 */
let server: AppServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // Only what lets the stand-in Farcaster client frame the app: no task setting.
  server = await startApp({ FRAME_ANCESTORS: E2E_SITE_ENV.FRAME_ANCESTORS });
});

test.afterAll(async () => {
  await server.stop();
});

const serverApi = (request: Parameters<typeof apiClient>[0]): Api => apiClient(request, server.baseUrl);

test.describe("a default deployment", () => {
  test("offers the daily check-in and the referral milestones only, and counts only those", async ({ page, request, wallet }) => {
    const visitor = await wallet();
    await page.goto(server.baseUrl);
    await connectThroughModal(page);

    const quests = page.getByRole("region", { name: "Quests" });
    await expect(quests.getByText("0 of 6 complete")).toBeVisible();
    await expect(page.getByTestId("checkin-button")).toBeVisible();
    for (const id of ["nft_mint", "add_miniapp", "fc_follow", "fc_like_recast", "fc_comment"]) {
      await expect(page.getByTestId(`task-${id}`)).toHaveCount(0);
    }
    await expect(quests.getByRole("heading", { name: "On-chain" })).toHaveCount(0);
    await expect(quests.getByRole("heading", { name: "Social" })).toHaveCount(0);
    await expect(page.getByTestId("task-referral_milestone_50")).toBeVisible();

    await page.getByTestId("checkin-button").click();
    await expect(quests.getByText("1 of 6 complete")).toBeVisible();

    // What the page leaves out, the API still answers, unchanged.
    const api = serverApi(request);
    const status = (await api.taskStatus(visitor.address)).body;
    expect(Object.keys(status.tasks)).toEqual([...TASK_IDS]);
    const verify = await request.post(`${server.baseUrl}/api/steam/verify`, { data: { wallet: visitor.address, taskId: "nft_mint" } });
    expect(await verify.json()).toEqual({ success: false, taskId: "nft_mint", verified: false, reason: "On-chain verification is not configured" });
  });

  test("inside a Farcaster client it also offers add_miniapp, which the client adds itself", async ({ page }) => {
    const host = await openInFarcasterHost(page, server.baseUrl, randomWallet());
    try {
      const quests = host.app.getByRole("region", { name: "Quests" });
      await expect(quests.getByText("0 of 7 complete")).toBeVisible();
      const row = host.app.getByTestId("task-add_miniapp");
      await row.getByRole("button", { name: "Add app" }).click();
      await expect(row).toHaveAttribute("data-done", "true");
      await expect(quests.getByText("1 of 7 complete")).toBeVisible();
      await expect(host.app.getByTestId("task-fc_follow")).toHaveCount(0);
    } finally {
      await host.stop();
    }
  });
});
