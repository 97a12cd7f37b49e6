import { startApp, type AppServer } from "@/tests/support/app-server";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { apiClient, appAt, codeOf, connectThroughModal, expect, test, type App } from "@/tests/e2e/support/fixtures";
import type { APIRequestContext } from "@playwright/test";
import { pendingCode } from "@/tests/e2e/support/helpers";
import { randomWallet } from "@/tests/support/wallets";

// A server that requires a wallet sign-in (EIP-4361) for every write: WALLET_AUTH=siwe.
let server: AppServer;
let app: App;

test.beforeAll(async () => {
  server = await startApp({ ...E2E_SITE_ENV, WALLET_AUTH: "siwe", SESSION_SECRET: "e2e-session-secret-0123456789abcdef0123456789" });
  app = appAt(server.baseUrl);
});
test.afterAll(async () => server.stop());

/** Writes need a session, so an inviter is made known through a read (GET /api/referral/link). */
async function inviterKnownByRead(request: APIRequestContext): Promise<string> {
  const inviter = randomWallet();
  expect((await request.get(`${app.baseUrl}/api/referral/link?user=${inviter}`)).status()).toBe(200);
  return inviter;
}

test.describe("with wallet sign-in required", () => {
  test("connecting asks for one signature, then the referral is recorded and quests complete", async ({ page, request, wallet }) => {
    const api = apiClient(request, app.baseUrl);
    expect((await api.initUser(randomWallet())).status).toBe(401); // no session: "Sign-in required"
    const inviter = await inviterKnownByRead(request);
    const visitor = await wallet();

    await page.goto(`${app.baseUrl}/?ref=${codeOf(inviter)}`);
    await connectThroughModal(page);
    await expect(page.getByTestId("referral-outcome")).toHaveAttribute("data-outcome", "recorded");
    expect(visitor.calls.filter((c) => c === "personal_sign")).toHaveLength(1);
    expect((await api.link(visitor.address)).body.referrer).toBe(inviter);

    const row = page.getByTestId("task-fc_comment");
    await row.getByRole("link", { name: /Open/ }).click();
    await row.getByRole("button", { name: /Complete/ }).click();
    await expect(row).toHaveAttribute("data-done", "true");
    await expect.poll(async () => (await api.taskStatus(visitor.address)).body.tasks.fc_comment).toBe(true);
    expect(visitor.calls.filter((c) => c === "personal_sign")).toHaveLength(1); // the session covers later writes
  });

  test("declining the signature keeps the invite and says why; Try again signs in and records it", async ({ page, request, wallet }) => {
    const api = apiClient(request, app.baseUrl);
    const inviter = await inviterKnownByRead(request);
    const visitor = await wallet();
    visitor.rejectNextSignature();

    await page.goto(`${app.baseUrl}/?ref=${codeOf(inviter)}`);
    await connectThroughModal(page);
    const outcome = page.getByTestId("referral-outcome");
    await expect(outcome).toHaveAttribute("data-outcome", "failed");
    await expect(outcome).toContainText("Sign in with your wallet to continue");
    await expect(outcome).toContainText("Signature declined");
    expect(await pendingCode(page)).toBe(codeOf(inviter));

    await outcome.getByRole("button", { name: "Try again" }).click();
    await expect(outcome).toHaveAttribute("data-outcome", "recorded");
    expect((await api.link(visitor.address)).body.referrer).toBe(inviter);
  });
});
