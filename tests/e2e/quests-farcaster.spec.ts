/**
 * A Farcaster quest on the dashboard inside a Farcaster client (the test host), checked through the
 * local Neynar stand-in: without a linked fid the quest says so and offers the link the
 * notifications card makes; once linked, Verify says why it is not verified, then credits the quest.
 */
import { startApp, type AppServer } from "@/tests/support/app-server";
import { startFakeHub, startQuickAuthServer } from "@/tests/support/farcaster";
import { startNeynarStandIn, type NeynarStandIn } from "@/tests/support/neynar-stand-in";
import { randomWallet } from "@/tests/support/wallets";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { openInFarcasterHost } from "@/tests/e2e/support/farcaster-host";
import { expect, test } from "@/tests/e2e/support/fixtures";

const ADMIN_TOKEN = "e2e-quests-farcaster-admin-token-0123456789";
const FID = 6161;
const TEAM_FID = 3;
/** Neynar knows both users (a fid without a score has no user object in the stand-in). */
const USERS = { scores: { [FID]: 0.9, [TEAM_FID]: 0.9 } };

let server: AppServer;
let neynar: NeynarStandIn;
let stop: () => Promise<unknown>;

test.beforeAll(async ({ request }) => {
  const [hub, quickAuth, standIn] = await Promise.all([startFakeHub(), startQuickAuthServer(), startNeynarStandIn()]);
  neynar = standIn;
  neynar.set(USERS);
  server = await startApp({
    ...E2E_SITE_ENV,
    ADMIN_TOKEN,
    NEYNAR_API_KEY: neynar.apiKey,
    NEYNAR_API_URL: neynar.url,
    NEYNAR_HUB_URL: hub.url,
    QUICK_AUTH_ORIGIN: quickAuth.origin,
  });
  stop = () => Promise.all([server.stop(), hub.stop(), quickAuth.stop(), neynar.stop()]);
  const created = await request.post(`${server.baseUrl}/api/admin/quests`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    data: { id: "follow-the-team", title: "Follow the team", type: "farcaster_follow", params: { fid: TEAM_FID }, points: 20 },
  });
  expect(created.status()).toBe(201);
});
test.afterAll(async () => stop?.());

test("a Farcaster quest offers the fid link, then says why it is not verified, then credits its points", async ({ page }) => {
  const host = await openInFarcasterHost(page, server.baseUrl, randomWallet(), { fid: FID });
  try {
    const row = host.app.getByTestId("quest-follow-the-team");
    await expect(row).toHaveAttribute("data-status", "needs_farcaster");
    await row.getByRole("button", { name: "Link Farcaster" }).click();
    await expect(row).toHaveAttribute("data-status", "available");

    await row.getByRole("button", { name: /^Verify/ }).click();
    await expect(row.getByTestId("quest-reason")).toHaveText(`fid ${FID} does not follow fid ${TEAM_FID}`);
    await expect(row).toHaveAttribute("data-status", "available");

    neynar.set({ ...USERS, follows: [[FID, TEAM_FID]] });
    await row.getByRole("button", { name: /^Verify again/ }).click();
    await expect(row.getByTestId("quest-points-gained")).toHaveText("+20 points");
    await expect(row).toHaveAttribute("data-status", "completed");
  } finally {
    await host.stop();
  }
});
