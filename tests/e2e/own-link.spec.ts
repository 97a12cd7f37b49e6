/**
 * Issue 26: a visitor who opens its own invite link is told it cannot refer itself, whether or
 * not the store knew its wallet when the page was rendered. The page decides nothing about the
 * code before the connect: POST /api/referral/record does, in its order (an existing referrer,
 * then self-referral, then an unknown code).
 */
import { codeOf, connectThroughModal, expect, test } from "@/tests/e2e/support/fixtures";
import { knownWallet, pendingCode, short } from "@/tests/e2e/support/helpers";

for (const known of [false, true]) {
  test(`a wallet the store ${known ? "knows" : "does not know yet"} opens its own link, connects, and is told it cannot refer itself`, async ({
    page,
    app,
    api,
    wallet,
  }) => {
    const visitor = await wallet();
    if (known) expect((await api.initUser(visitor.address)).status).toBe(200);

    await page.goto(`${app.baseUrl}/?ref=${codeOf(visitor.address)}`);
    // Before the connect the page cannot know whose link it is: it says what the server found.
    await expect(page.getByTestId("invite-status")).toHaveText(known ? `Invited by ${short(visitor.address)}` : "This invite code isn't known");
    await expect(page).toHaveURL(`${app.baseUrl}/`);
    expect(await pendingCode(page)).toBe(codeOf(visitor.address));
    await connectThroughModal(page);

    const outcome = page.getByTestId("referral-outcome");
    await expect(outcome).toHaveAttribute("data-outcome", "self");
    await expect(outcome).toContainText("That's your own link: you cannot refer yourself");
    await expect(outcome).not.toContainText("isn't known");
    expect((await api.check(visitor.address)).body.hasReferrer).toBe(false);
    expect((await api.link(visitor.address)).body.referralsCount).toBe(0);
    expect(await pendingCode(page)).toBeNull();
    await expect(page.getByTestId("own-referrer")).toContainText("You joined without an invite");
  });
}

test("a wallet that already has a referrer opens its own link: the server checks the referrer first, so it is told who invited it", async ({
  page,
  app,
  api,
  wallet,
}) => {
  const [original, visitor] = [await knownWallet(api), await wallet()];
  expect((await api.record(visitor.address, codeOf(original))).status).toBe(200);

  await page.goto(`${app.baseUrl}/?ref=${codeOf(visitor.address)}`);
  await connectThroughModal(page);
  const outcome = page.getByTestId("referral-outcome");
  await expect(outcome).toHaveAttribute("data-outcome", "already");
  await expect(outcome).toContainText(`Already invited by ${short(original)}`);
  expect(await pendingCode(page)).toBeNull();
});
