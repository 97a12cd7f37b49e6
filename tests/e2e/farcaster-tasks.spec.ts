import { startApp, type AppServer } from "@/tests/support/app-server";
import { startQuickAuthServer } from "@/tests/support/farcaster";
import { startNeynarStandIn, type NeynarStandIn } from "@/tests/support/neynar-stand-in";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { appAt, connectThroughModal, expect, test, type App } from "@/tests/e2e/support/fixtures";

// The social tasks verified through Farcaster (FARCASTER_CAST_HASH) on a server of their own, against
// the Neynar and Quick Auth stand-ins: the dashboard says which tasks are verified and why one was not.
const CAST = "0x" + "c4".repeat(20);
const FID = 4242;
let server: AppServer;
let site: App;
let neynar: NeynarStandIn;
let quickAuth: Awaited<ReturnType<typeof startQuickAuthServer>>;

test.beforeAll(async () => {
  [neynar, quickAuth] = await Promise.all([startNeynarStandIn(), startQuickAuthServer()]);
  neynar.set({ casts: [CAST] });
  server = await startApp({
    ...E2E_SITE_ENV,
    NEYNAR_API_KEY: neynar.apiKey,
    NEYNAR_API_URL: neynar.url,
    QUICK_AUTH_ORIGIN: quickAuth.origin,
    FARCASTER_CAST_HASH: CAST,
  });
  site = appAt(server.baseUrl);
});

test.afterAll(async () => {
  await Promise.all([server?.stop(), neynar?.stop(), quickAuth?.stop()]);
});

test("a verified task says so; not done on Farcaster it shows why and stays open, done it completes", async ({ page, request, wallet }) => {
  const visitor = await wallet();
  await page.goto(site.baseUrl);
  await connectThroughModal(page);

  const row = page.getByTestId("task-fc_comment");
  await expect(row).toContainText("Verified through Farcaster.");
  await expect(page.getByTestId("task-fc_follow")).not.toContainText("Verified through Farcaster.");

  await row.getByRole("link", { name: /Open/ }).click();
  await row.getByRole("button", { name: /Complete/ }).click();
  await expect(page.getByTestId("fc_comment-reason")).toHaveText(
    "No Farcaster account is linked to this wallet: open the app in Farcaster and turn on notifications to link yours",
  );
  // Not done from the moment the answer shows, not only once task-status is read again.
  expect(await row.getAttribute("data-done")).toBe("false");
  await expect(row.getByRole("button", { name: /Complete/ })).toBeVisible();

  // The fid is linked as the dashboard links it inside Farcaster (a Quick Auth token), and the reply is made.
  const token = await quickAuth.token(FID, new URL(site.baseUrl).host);
  const linked = await request.post(`${site.baseUrl}/api/farcaster/link`, { data: { wallet: visitor.address }, headers: { authorization: `Bearer ${token}` } });
  expect(linked.status()).toBe(200);
  await row.getByRole("button", { name: /Complete/ }).click();
  await expect(page.getByTestId("fc_comment-reason")).toHaveText(`no reply to cast ${CAST} among the latest replies of fid ${FID}`);

  neynar.set({ casts: [CAST], replies: [{ fid: FID, parentHash: CAST }] });
  await row.getByRole("button", { name: /Complete/ }).click();
  await expect(row).toHaveAttribute("data-done", "true");
  await expect(row.getByText("Done")).toBeVisible();
  await expect(page.getByTestId("fc_comment-reason")).toHaveCount(0);
});
