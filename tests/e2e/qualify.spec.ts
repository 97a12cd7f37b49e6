import { startApp, type AppServer } from "@/tests/support/app-server";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { apiClient, appAt, codeOf, connectThroughModal, expect, test, type App } from "@/tests/e2e/support/fixtures";
import { fixedKeys, knownWallet, SCREENSHOT_DIR, short } from "@/tests/e2e/support/helpers";
import { randomWallet } from "@/tests/support/wallets";

// REFERRAL_QUALIFY=checkin on a server of its own: the dashboard tells both sides what still waits.
let server: AppServer;
let site: App;

test.beforeAll(async () => {
  server = await startApp({ ...E2E_SITE_ENV, REFERRAL_QUALIFY: "checkin" });
  site = appAt(server.baseUrl);
});

test.afterAll(async () => {
  await server.stop();
});

test.describe("qualified referrals (REFERRAL_QUALIFY=checkin)", () => {
  test("an invited visitor is told its invite counts after its first check-in; checking in credits both sides on the page", async ({
    page,
    request,
    wallet,
  }) => {
    const api = apiClient(request, site.baseUrl);
    const referrer = await knownWallet(api);
    await wallet();
    await page.goto(`${site.baseUrl}/?ref=${codeOf(referrer)}`);
    await connectThroughModal(page);

    await expect(page.getByTestId("referral-outcome")).toHaveAttribute("data-outcome", "recorded");
    await expect(page.getByTestId("own-referrer")).toContainText(`Invited by ${short(referrer)}`);
    await expect(page.getByTestId("referral-pending")).toHaveText("Your invite counts for you both once you do your first daily check-in.");
    await expect(page.getByTestId("stat-rewards")).toContainText("0");
    expect((await api.link(referrer)).body).toMatchObject({ referralsCount: 0, pendingReferrals: 1 });

    await page.getByTestId("checkin-button").click();
    await expect(page.getByTestId("referral-pending")).toHaveCount(0);
    await expect(page.getByTestId("stat-rewards")).toContainText("20");
    expect((await api.link(referrer)).body).toMatchObject({ referralsCount: 1, pendingReferrals: 0 });
  });

  test("a referrer sees its pending friends and what they have to do, and each friend's check-in moves one into its count", async ({
    page,
    request,
    wallet,
  }) => {
    const api = apiClient(request, site.baseUrl);
    // A fixed key, so that the screenshot changes only when the card does.
    const referrer = await wallet({ privateKey: fixedKeys("qualify").keyOf("referrer") });
    await page.goto(site.baseUrl);
    await connectThroughModal(page);
    await expect(page.getByTestId("stat-referrals")).toHaveText("0");
    await expect(page.getByTestId("pending-referrals")).toHaveCount(0);

    const friends = [randomWallet(), randomWallet()];
    for (const friend of friends) expect((await api.record(friend, codeOf(referrer.address))).body).toEqual({ success: true, referrer: referrer.address });
    await page.reload();
    await expect(page.getByTestId("pending-referrals")).toHaveText(
      "2 friends are pending: each counts for you both once the friend does their first daily check-in.",
    );
    await expect(page.getByTestId("stat-referrals")).toHaveText("0");
    await page.locator('[aria-labelledby="referral-title"]').screenshot({ path: `${SCREENSHOT_DIR}/pending-referrals.png` });

    expect((await api.complete(friends[0]!, "daily_checkin")).status).toBe(200);
    await page.reload();
    await expect(page.getByTestId("pending-referrals")).toHaveText(
      "1 friend is pending: each counts for you both once the friend does their first daily check-in.",
    );
    await expect(page.getByTestId("stat-referrals")).toHaveText("1");
    await expect(page.getByTestId("stat-rewards")).toContainText("20");
  });
});
