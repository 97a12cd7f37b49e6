/**
 * The API reference's table of contents: every tag, its operations and the schemas, each a link
 * to a section whose id stays the same from build to build, so a link into /docs keeps working.
 */
import { expect, test } from "@/tests/e2e/support/fixtures";

const TAGS = ["Users", "Referrals", "Tasks", "Quests", "Leaderboard", "Sign-in", "Campaign console", "Moderation", "Payouts", "Webhooks", "Farcaster", "Operations"];

test("the contents list every section, and a link lands on its section below the header", async ({ page, app }) => {
  await page.goto(`${app.baseUrl}/docs`);
  const contents = page.getByRole("navigation", { name: "Contents" });
  await expect(contents).toBeVisible();

  // Each tag and the schemas: a link to the section its heading names.
  const top = contents.locator(":scope > ol > li > a");
  await expect(top).toHaveText([...TAGS, "Schemas"]);
  const targets = await top.evaluateAll((links) =>
    links.map((a) => {
      const id = a.getAttribute("href")!.slice(1);
      return [id, document.getElementById(id)?.querySelector("h2")?.textContent ?? null];
    }),
  );
  expect(targets).toEqual([
    ["users", "Users"],
    ["referrals", "Referrals"],
    ["tasks", "Tasks"],
    ["quests", "Quests"],
    ["leaderboard", "Leaderboard"],
    ["sign-in", "Sign-in"],
    ["campaign-console", "Campaign console"],
    ["moderation", "Moderation"],
    ["payouts", "Payouts"],
    ["webhooks", "Webhooks"],
    ["farcaster", "Farcaster"],
    ["operations", "Operations"],
    ["schemas", "Schemas"],
  ]);

  // Every operation on the page is listed once, under its tag, and each link has its section.
  const operationLinks = await contents.locator(":scope > ol > li > ol a").evaluateAll((links) => links.map((a) => a.getAttribute("href")!.slice(1)));
  const operationSections = await page.locator("article section section[id]").evaluateAll((sections) => sections.map((s) => s.id));
  expect(operationLinks).toEqual(operationSections);
  expect(operationLinks.length).toBeGreaterThan(TAGS.length);

  // Following one: the URL names the section, and its heading sits in view below the sticky header.
  await contents.getByRole("link", { name: "Moderation", exact: true }).click();
  await expect(page).toHaveURL(`${app.baseUrl}/docs#moderation`);
  const heading = page.getByRole("heading", { level: 2, name: "Moderation" });
  await expect(heading).toBeInViewport();
  const header = (await page.getByRole("banner").boundingBox())!;
  await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);

  // The webhook events are listed under Webhooks after its endpoints, each with its signature headers.
  const webhooks = contents.locator(":scope > ol > li").filter({ has: page.getByRole("link", { name: "Webhooks", exact: true }) });
  await expect(webhooks.locator("ol a").last()).toHaveText("POST webhook.test (to your endpoint)");
  await expect(webhooks.locator("ol a")).toContainText(["POST referral.recorded (to your endpoint)"]);
  await expect(page.locator("#event-referral-credited")).toContainText("webhook-signature");

  await contents.getByRole("link", { name: "GET /api/leaderboard", exact: true }).click();
  await expect(page).toHaveURL(`${app.baseUrl}/docs#getLeaderboard`);
  await expect(page.locator("#getLeaderboard h3")).toBeInViewport();
});
