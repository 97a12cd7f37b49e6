import { connectThroughModal, expect, test } from "@/tests/e2e/support/fixtures";

const base = { description: "", recurrence: "once", status: "available", cooldownRemaining: 0, completedAt: null };
const quests = [
  { ...base, id: "visit-blog", title: "Read the launch post", description: "Our story in 3 minutes.", type: "visit", params: { url: "https://tasks.example.test/blog" }, points: 10 },
  { ...base, id: "capital-quiz", title: "Name the capital", type: "quiz", params: { question: "What is the capital of France?", options: ["Lyon", "Paris", "Marseille"] }, points: 30 },
  { ...base, id: "hold-token", title: "Hold 100 QT", description: "Keep at least 100 Quest Tokens.", type: "erc20_balance", params: { token: "0x" + "1".repeat(40), min: "100" }, points: 50, endsAt: "2027-01-31T12:00:00Z" },
  { ...base, id: "daily-visit", title: "Daily news", type: "visit", params: { url: "https://tasks.example.test/news" }, points: 5, recurrence: "daily", status: "cooldown", cooldownRemaining: 3700, completedAt: 1 },
  { ...base, id: "fc-follow", title: "Follow us on Farcaster", type: "farcaster_follow", params: { fid: 3 }, points: 20, status: "needs_farcaster" },
  { ...base, id: "soon", title: "Season 2 kickoff", type: "tx_count", params: { min: 1 }, points: 15, status: "upcoming", startsAt: "2027-02-01T00:00:00Z" },
  { ...base, id: "old", title: "Summer quiz", type: "visit", params: { url: "https://tasks.example.test/x" }, points: 15, status: "ended", endsAt: "2026-09-01T00:00:00Z" },
];
for (const width of [390, 1280]) test(`mock ${width}`, async ({ page, app, wallet }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width, height: 900 });
  let done = false;
  await page.route("**/api/quests?**", (route) => route.fulfill({ json: { wallet: "0x" + "2".repeat(40), points: done ? 30 : 0, quests: quests.map((q) => (q.id === "capital-quiz" && done ? { ...q, status: "completed", completedAt: 5 } : q)) } }));
  await page.route("**/api/quests/complete", async (route) => {
    const body = route.request().postDataJSON();
    if (body.questId === "capital-quiz" && body.answer !== 1) return route.fulfill({ json: { success: false, verified: false, reason: "Wrong answer" } });
    if (body.questId === "hold-token") return route.fulfill({ json: { success: false, verified: false, reason: "Balance 0 is below 100" } });
    done = true;
    return route.fulfill({ json: { success: true, questId: body.questId, points: 30, timestamp: 5 } });
  });
  await wallet();
  await page.goto(app.baseUrl);
  await connectThroughModal(page);
  const card = page.getByTestId("team-quests");
  await expect(card).toBeVisible();
  const quiz = page.getByTestId("quest-capital-quiz");
  await quiz.getByLabel("Lyon").check();
  await quiz.getByRole("button", { name: /Submit/ }).click();
  await expect(quiz.getByTestId("quest-reason")).toHaveText("Wrong answer");
  await page.getByTestId("quest-hold-token").getByRole("button", { name: /Verify/ }).click();
  await expect(page.getByTestId("quest-hold-token").getByTestId("quest-reason")).toBeVisible();
  await page.screenshot({ path: `/tmp/qui-mock-${width}-a.png`, fullPage: true });
  await quiz.getByLabel("Paris").check();
  await quiz.getByRole("button", { name: /Submit/ }).click();
  await expect(quiz.getByTestId("quest-points-gained")).toHaveText("+30 points");
  await card.screenshot({ path: `/tmp/qui-mock-${width}-b.png` });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
});
