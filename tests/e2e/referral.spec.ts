import { codeOf, connectThroughModal, expect, test } from "@/tests/e2e/support/fixtures";
import { consoleErrors, knownWallet, pendingCode, short } from "@/tests/e2e/support/helpers";
import { BROWSER } from "@/tests/support/http";
import { randomCode } from "@/tests/support/wallets";

test.describe("the visit beacon", () => {
  // Headless Chromium names itself HeadlessChrome, which isbot rightly calls a bot: look like a person's browser.
  test.use({ userAgent: BROWSER["user-agent"] });

  test("opening a link sends one visit beacon with the code and a visitor id the browser keeps", async ({ page, app, api }) => {
    const referrer = await knownWallet(api);
    const beacons: { body: { refCode: string; visitorId: string }; answer: unknown }[] = [];
    page.on("response", async (response) => {
      if (!response.url().endsWith("/api/referral/visit")) return;
      beacons.push({ body: response.request().postDataJSON(), answer: await response.json() });
    });

    for (let visit = 1; visit <= 2; visit++) {
      await page.goto(`${app.baseUrl}/?ref=${codeOf(referrer).toUpperCase()}`);
      await expect(page.getByTestId("invite-status")).toHaveText(`Invited by ${short(referrer)}`);
      await expect.poll(() => beacons.length).toBe(visit);
    }
    expect(beacons[0]).toEqual({ body: { refCode: codeOf(referrer), visitorId: expect.any(String) }, answer: { counted: true } });
    expect(beacons[1]!.body.visitorId).toBe(beacons[0]!.body.visitorId);

    // A page without ?ref= sends none.
    await page.goto(app.baseUrl);
    await expect(page.getByTestId("invite-status")).toHaveText(`Invited by ${short(referrer)}`);
    await page.waitForLoadState("networkidle");
    expect(beacons).toHaveLength(2);
  });
});

test.describe("referral landing", () => {
  test("a visitor opens a referrer's link, connects, and the referral is recorded; the pending code is gone afterwards", async ({
    page,
    app,
    api,
    wallet,
  }) => {
    const referrer = await knownWallet(api);
    const visitor = await wallet();

    await page.goto(`${app.baseUrl}/?ref=${codeOf(referrer)}`);
    await expect(page.getByTestId("invite-status")).toHaveText(`Invited by ${short(referrer)}`);
    expect(await pendingCode(page)).toBe(codeOf(referrer));
    await expect(page).toHaveURL(`${app.baseUrl}/`); // ?ref= leaves the address bar once stored

    await connectThroughModal(page);

    const outcome = page.getByTestId("referral-outcome");
    await expect(outcome).toHaveAttribute("data-outcome", "recorded");
    await expect(outcome).toContainText(`Invited by ${short(referrer)}`);
    expect((await api.check(visitor.address)).body).toEqual({ hasReferrer: true, wallet: visitor.address });
    expect((await api.link(visitor.address)).body).toMatchObject({ bound: true, referrer });
    expect((await api.link(referrer)).body.referralsCount).toBe(1);
    expect(await pendingCode(page)).toBeNull();

    // The dashboard shows the result: own referrer, and the 20 reward units of the referral.
    await expect(page.getByTestId("own-referrer")).toContainText(`Invited by ${short(referrer)}`);
    await expect(page.getByTestId("stat-rewards")).toContainText("20");
    // The wallet only had to share its accounts: no signature, no transaction.
    expect(visitor.calls.filter((c) => c === "wallet_requestPermissions" || c === "eth_requestAccounts")).not.toEqual([]);
    expect(visitor.calls.filter((c) => c.includes("sign") || c.includes("send"))).toEqual([]);
  });

  test("two origins of the same server keep separate pending codes (localStorage per origin)", async ({ page, app, api, wallet }) => {
    const [first, second, third] = [await knownWallet(api), await knownWallet(api), await knownWallet(api)];
    const visitor = await wallet();

    await page.goto(`${app.baseUrl}/?ref=${codeOf(first)}`);
    await expect(page.getByTestId("invite-status")).toHaveText(`Invited by ${short(first)}`);
    await page.goto(`${app.altUrl}/?ref=${codeOf(second)}`);
    await expect(page.getByTestId("invite-status")).toHaveText(`Invited by ${short(second)}`);

    await page.goto(`${app.baseUrl}/`);
    expect(await pendingCode(page)).toBe(codeOf(first));
    await expect(page.getByTestId("invite-status")).toHaveText(`Invited by ${short(first)}`);
    await page.goto(`${app.altUrl}/`);
    expect(await pendingCode(page)).toBe(codeOf(second));

    // Within one origin the latest link wins.
    await page.goto(`${app.altUrl}/?ref=${codeOf(third)}`);
    // The code is stored by the page's script after load: wait for it rather than read once.
    await expect.poll(() => pendingCode(page)).toBe(codeOf(third));

    // Connecting on the second origin binds its code, and leaves the first origin's code alone.
    await connectThroughModal(page);
    await expect(page.getByTestId("referral-outcome")).toHaveAttribute("data-outcome", "recorded");
    expect((await api.link(visitor.address)).body.referrer).toBe(third);
    expect(await pendingCode(page)).toBeNull();
    await page.goto(`${app.baseUrl}/leaderboard`);
    expect(await pendingCode(page)).toBe(codeOf(first));
  });

  test("an unknown code says so and what the visitor can still do, without a lookup from the browser; connecting asks the server, which records no referrer", async ({
    page,
    app,
    api,
    wallet,
  }) => {
    const visitor = await wallet();
    const code = randomCode();
    const errors = consoleErrors(page);
    const requests: string[] = [];
    page.on("request", (request) => {
      if (/\/api\/referral\/(wallet-by-code|record|visit)/.test(request.url())) requests.push(new URL(request.url()).pathname);
    });

    await page.goto(`${app.baseUrl}/?ref=${code}`);
    await expect(page.getByTestId("invite-status")).toHaveText("This invite code isn't known");
    await expect(page.getByTestId("invite-lead")).toContainText(`No wallet has the code ${code} yet`);
    await expect(page).toHaveURL(`${app.baseUrl}/`);
    // Kept for the connect, which alone tells whether it is the visitor's own code.
    expect(await pendingCode(page)).toBe(code);
    await page.waitForLoadState("networkidle");
    // The server resolved the code while rendering: the browser neither looked it up nor counted a visit for it.
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);

    await connectThroughModal(page);
    const outcome = page.getByTestId("referral-outcome");
    await expect(outcome).toHaveAttribute("data-outcome", "not-found");
    await expect(outcome).toContainText("This invite code isn't known");
    await expect(outcome).toContainText(code);
    expect(requests).toEqual(["/api/referral/record"]);
    expect(await pendingCode(page)).toBeNull();
    expect((await api.check(visitor.address)).body.hasReferrer).toBe(false);
  });

  test("the latest link wins, even one whose code no wallet has yet: the connect decides", async ({ page, app, api, wallet }) => {
    const referrer = await knownWallet(api);
    const visitor = await wallet();
    const code = randomCode();
    await page.goto(`${app.baseUrl}/?ref=${codeOf(referrer)}`);
    await expect.poll(() => pendingCode(page)).toBe(codeOf(referrer));

    await page.goto(`${app.baseUrl}/?ref=${code}`);
    await expect(page.getByTestId("invite-status")).toHaveText("This invite code isn't known");
    await expect.poll(() => pendingCode(page)).toBe(code);
    await connectThroughModal(page);
    await expect(page.getByTestId("referral-outcome")).toHaveAttribute("data-outcome", "not-found");
    expect((await api.check(visitor.address)).body.hasReferrer).toBe(false);
  });

  test("a link whose code is not 8 characters is flagged calmly and never stored", async ({ page, app }) => {
    const errors = consoleErrors(page);
    await page.goto(`${app.baseUrl}/?ref=abc`);
    await expect(page.getByTestId("invite-status")).toHaveText("This invite link is broken");
    await expect(page.getByTestId("invite-lead")).toContainText("Invite codes have 8 characters");
    await expect(page.getByTestId("invite-lead")).toContainText("get your own invite link");
    await expect(page).toHaveURL(`${app.baseUrl}/`);
    expect(await pendingCode(page)).toBeNull();
    expect(errors).toEqual([]);
  });

  test("a wallet that already has a referrer is told who, whatever link it opens", async ({ page, app, api, wallet }) => {
    const [original, other] = [await knownWallet(api), await knownWallet(api)];
    const visitor = await wallet();
    expect((await api.record(visitor.address, codeOf(original))).status).toBe(200);

    await page.goto(`${app.baseUrl}/?ref=${codeOf(other)}`);
    await connectThroughModal(page);
    const outcome = page.getByTestId("referral-outcome");
    await expect(outcome).toHaveAttribute("data-outcome", "already");
    await expect(outcome).toContainText(`Already invited by ${short(original)}`);
    expect(await pendingCode(page)).toBeNull();
    expect((await api.link(other)).body.referralsCount).toBe(0);
  });

  test("a server error keeps the pending code, says so, and Try again records the referral", async ({ page, app, api, wallet }) => {
    const referrer = await knownWallet(api);
    const visitor = await wallet();
    await page.route("**/api/referral/record", (route) =>
      route.fulfill({ status: 500, json: { error: "Internal error, please retry later" } }),
    );

    await page.goto(`${app.baseUrl}/?ref=${codeOf(referrer)}`);
    await connectThroughModal(page);
    const outcome = page.getByTestId("referral-outcome");
    await expect(outcome).toHaveAttribute("data-outcome", "failed");
    await expect(outcome).toContainText("Internal error, please retry later");
    expect(await pendingCode(page)).toBe(codeOf(referrer));
    expect((await api.check(visitor.address)).body.hasReferrer).toBe(false);

    await page.unroute("**/api/referral/record");
    await outcome.getByRole("button", { name: "Try again" }).click();
    await expect(outcome).toHaveAttribute("data-outcome", "recorded");
    expect((await api.link(visitor.address)).body.referrer).toBe(referrer);
    expect(await pendingCode(page)).toBeNull();
  });
});
