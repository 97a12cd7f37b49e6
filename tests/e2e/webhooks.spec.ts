/**
 * The console's Webhooks section end to end, in Chromium against the production build, on a server of
 * its own with WEBHOOKS_ALLOW_PRIVATE=true so it may post to a receiver on 127.0.0.1 (node:http, here in
 * the test), which verifies every request with the `standardwebhooks` package: an admin adds an endpoint
 * (the form naming bad fields before anything is sent, then the server's refusal), reads its secret once,
 * sends a test that arrives signed and is listed delivered with status 200; a visitor's referral arrives
 * as referral.recorded and referral.credited; a disabled endpoint keeps its events pending until it is
 * enabled again; deleting asks first; an endpoint whose receiver answers 500 shows its failed attempt,
 * its next try and "failing since" without a reload. The section on a 390 px phone. Screenshot `console-webhooks`.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { Locator, Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { randomWallet } from "@/tests/support/wallets";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { fixedKeys, SCREENSHOT_DIR } from "@/tests/e2e/support/helpers";
import { signInToConsole } from "@/tests/e2e/support/console";
import { apiClient, codeOf, expect, guardNetwork, preparePage, test, waitForHydration } from "@/tests/e2e/support/fixtures";

const { keyOf, walletOf } = fixedKeys("webhooks");
const adminKey = keyOf("admin");
const admin = walletOf("admin");
const referrer = walletOf("referrer");
const SESSION_SECRET = "e2e-webhooks-secret-0123456789abcdef0123456789";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** Where the receiver answers 500. */
const FAILING_PATH = "/hooks/down";

/** A receiver on 127.0.0.1 that keeps every request and answers 200, or 500 at FAILING_PATH. */
async function startReceiver() {
  const received: Received[] = [];
  // The failing path answers once the test lets it, so the test sees the console before and after the attempt.
  let answerFailures = () => {};
  const failuresAnswered = new Promise<void>((resolve) => (answerFailures = resolve));
  const http = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: flat(req.headers), body });
      if (!req.url?.endsWith(FAILING_PATH)) return void res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      void failuresAnswered.then(() => res.writeHead(500, { "content-type": "text/plain" }).end("receiver down"));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/refboard`,
    failingUrl: `http://127.0.0.1:${port}${FAILING_PATH}`,
    received,
    /** Lets FAILING_PATH answer its 500s. */
    answerFailures: () => answerFailures(),
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

const flat = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).flatMap(([name, value]) => (typeof value === "string" ? [[name, value]] : [])));

let server: AppServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  receiver = await startReceiver();
  server = await startApp({ ...E2E_SITE_ENV, ADMIN_WALLETS: admin, SESSION_SECRET, WEBHOOKS_ALLOW_PRIVATE: "true" });
});
test.afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

/** The bodies the receiver got of `type`, each verified against `secret` (verify throws on a bad signature or an old timestamp). */
function verifiedOf(secret: string, type: string): { id: string; body: { type: string; timestamp: string; data: Record<string, unknown> } }[] {
  const hook = new Webhook(secret);
  return receiver.received
    .filter((request) => (JSON.parse(request.body) as { type: string }).type === type)
    .map((request) => ({ id: request.headers["webhook-id"] ?? "", body: hook.verify(request.body, request.headers) as never }));
}

/** Each element lies within the phone's width as the page opens: no part of it needs a sideways scroll, of the page or of a table inside it. */
async function inScreen(elements: Locator[] | Promise<Locator[]>) {
  for (const element of await elements) {
    const box = await element.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.viewport.width, `${await element.textContent()} inside the screen`).toBe(true);
  }
}

async function shoot(page: Page, name: string, target: Locator) {
  await page.evaluate(() => document.fonts.ready);
  await target.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, animations: "disabled" });
}

test("an admin adds an endpoint, tests it, sees its deliveries, disables, enables and deletes it", async ({ page, browser, request }) => {
  // A whole scenario of server renders and deliveries on a shared 2-core machine: a finite budget, generous for it.
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 1200 });
  await signInToConsole(page, server.baseUrl, adminKey);
  const section = page.getByRole("region", { name: "Webhooks" });
  await expect(section.getByTestId("webhooks-empty")).toContainText("No endpoints yet.");
  await expect(section.getByTestId("webhooks-empty").getByRole("link")).toHaveAttribute("href", "/docs#webhooks");
  // The link lands on the API reference's Webhooks part.
  expect(await (await request.get(`${server.baseUrl}/docs`)).text()).toContain('id="webhooks"');

  // Nothing filled in: both fields say what they need, and nothing reaches the server.
  const open = section.getByTestId("webhook-new");
  await waitForHydration(open);
  await open.click();
  const dialog = page.getByRole("dialog", { name: "Add endpoint" });
  const posts: string[] = [];
  page.on("request", (sent) => sent.method() === "POST" && sent.url().endsWith("/api/admin/webhooks") && posts.push(sent.url()));
  await dialog.getByTestId("webhook-save").click();
  await expect(dialog.getByTestId("webhook-field-error")).toHaveText([
    "Invalid url: an absolute http(s) URL",
    /^Invalid events: a non-empty list of referral\.recorded, /,
  ]);
  await expect(dialog.getByLabel("URL")).toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);

  // A URL the schema parses but the server refuses (not http(s)): its 400 lands on the field.
  await dialog.getByLabel("URL").fill("ftp://127.0.0.1/hooks");
  await dialog.getByRole("checkbox", { name: /referral\.recorded/ }).check();
  await dialog.getByRole("checkbox", { name: /referral\.credited/ }).check();
  await dialog.getByTestId("webhook-save").click();
  await expect(dialog.getByTestId("webhook-field-error")).toHaveText(/^Invalid url/);
  expect(posts).toHaveLength(1);

  await dialog.getByLabel("URL").fill(receiver.url);
  await dialog.getByTestId("webhook-save").click();
  const secret = (await dialog.getByTestId("webhook-secret").textContent()) ?? "";
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
  await expect(dialog.getByTestId("webhook-created")).toContainText("It is shown only now");
  await expect(dialog.getByRole("button", { name: "Copy secret" })).toBeVisible();
  await dialog.getByTestId("webhook-done").click();
  await expect(dialog).toBeHidden();
  // Shown once: neither the page nor the list answer carries it again.
  const row = section.locator("[data-testid^=webhook-wh_]");
  await expect(row).toHaveCount(1);
  expect(await page.content()).not.toContain(secret);
  await expect(row.getByTestId("webhook-url")).toHaveText(receiver.url);
  await expect(row.getByTestId("webhook-state")).toHaveText("Active");
  await expect(row.getByTestId("webhook-last")).toHaveText("none yet");
  const endpointId = ((await row.getAttribute("data-testid")) ?? "").replace(/^webhook-/, "");

  // The test event: signed with the secret, listed delivered with the receiver's 200.
  await row.getByTestId("webhook-test").click();
  await expect(section.getByTestId("webhook-test-queued")).toContainText("msg_");
  await expect.poll(() => verifiedOf(secret, "webhook.test").length).toBe(1);
  const [testEvent] = verifiedOf(secret, "webhook.test");
  expect(testEvent?.body.data).toEqual({ endpointId });
  const deliveries = section.getByTestId("webhook-deliveries");
  const testRow = deliveries.locator('[data-testid=webhook-delivery][data-type="webhook.test"]');
  await expect(testRow).toHaveAttribute("data-state", "delivered");
  await expect(testRow.getByTestId("webhook-delivery-status")).toHaveText("200");
  await expect(testRow.getByTestId("webhook-delivery-status")).toHaveAttribute("title", "ok");
  await expect(testRow.getByTestId("webhook-delivery-id")).toHaveText(testEvent?.id ?? "");
  await expect(row.getByTestId("webhook-last")).toContainText("200 · ok");

  // A visitor's referral, credited at once: both events arrive, signed, with the wallets.
  const api = apiClient(request, server.baseUrl);
  const referee = randomWallet();
  expect((await api.initUser(referrer)).status).toBe(200);
  expect((await api.record(referee, codeOf(referrer))).status).toBe(200);
  await expect.poll(() => verifiedOf(secret, "referral.credited").length).toBe(1);
  expect(verifiedOf(secret, "referral.recorded").map(({ body }) => body.data)).toEqual([{ referrer, referee }]);
  expect(verifiedOf(secret, "referral.credited")[0]?.body.data).toMatchObject({ referrer, referee });
  await deliveries.getByTestId("webhook-deliveries-refresh").click();
  for (const type of ["referral.recorded", "referral.credited"]) {
    await expect(deliveries.locator(`[data-testid=webhook-delivery][data-type="${type}"]`)).toHaveAttribute("data-state", "delivered");
  }
  await shoot(page, "console-webhooks", section);

  // Disabled by the admin: the next referral's events wait, untried, until it is enabled again.
  await row.getByTestId("webhook-toggle").click();
  await expect(row).toHaveAttribute("data-state", "disabled");
  await expect(row.getByTestId("webhook-disabled-why")).toContainText("by an admin");
  await expect(row.getByTestId("webhook-toggle")).toHaveText("Enable");
  const second = randomWallet();
  expect((await api.record(second, codeOf(referrer))).status).toBe(200);
  await deliveries.getByTestId("webhook-deliveries-refresh").click();
  await expect(deliveries.locator("[data-testid=webhook-delivery][data-state=pending]")).toHaveCount(2);
  await row.getByTestId("webhook-toggle").click();
  await expect(row).toHaveAttribute("data-state", "active");
  // Enabling makes its waiting events due at once: they are sent after the answer.
  await expect.poll(() => verifiedOf(secret, "referral.recorded").map(({ body }) => body.data.referee)).toEqual([referee, second]);
  await expect(deliveries.locator("[data-testid=webhook-delivery][data-state=pending]")).toHaveCount(0);

  // The section on a 390 px phone: each endpoint's buttons and the form's fields on the screen, the deliveries scrolling inside their card.
  const adminPhone = await browser.newContext({ ...PHONE, storageState: await page.context().storageState() });
  await guardNetwork(adminPhone);
  const phone = await adminPhone.newPage();
  await preparePage(phone);
  await phone.goto(`${server.baseUrl}/admin`);
  const phoneSection = phone.getByRole("region", { name: "Webhooks" });
  const phoneRow = phoneSection.locator("[data-testid^=webhook-wh_]");
  await expect(phoneRow).toHaveCount(1);
  await inScreen(phoneRow.getByRole("button").all());
  const phoneDeliveries = phoneSection.getByTestId("webhook-deliveries-open");
  await waitForHydration(phoneDeliveries);
  await phoneDeliveries.click();
  await expect(phoneSection.getByTestId("webhook-delivery").first()).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await phoneSection.getByTestId("webhook-new").click();
  const phoneDialog = phone.getByRole("dialog", { name: "Add endpoint" });
  await inScreen([...(await phoneDialog.locator("input").all()), phoneDialog.getByTestId("webhook-save")]);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await adminPhone.close();

  // Delete asks first: Cancel keeps the endpoint, Delete takes it and its deliveries.
  await row.getByTestId("webhook-delete").click();
  const confirm = page.getByRole("dialog", { name: "Delete endpoint?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(1);
  await row.getByTestId("webhook-delete").click();
  await confirm.getByTestId("webhook-delete-confirm").click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(section.getByTestId("webhooks-empty")).toBeVisible();
  await expect(deliveries).toHaveCount(0);

  // An endpoint whose receiver answers 500: its test waits for the next try, and the list says it is failing.
  await section.getByTestId("webhook-new").click();
  await dialog.getByLabel("URL").fill(receiver.failingUrl);
  await dialog.getByRole("checkbox", { name: /wallet\.disqualified/ }).check();
  await dialog.getByTestId("webhook-save").click();
  await dialog.getByTestId("webhook-done").click();
  await row.getByTestId("webhook-test").click();
  const failedRow = deliveries.locator('[data-testid=webhook-delivery][data-type="webhook.test"]');
  await expect.poll(() => receiver.received.filter(({ body }) => body.includes('"webhook.test"')).length).toBe(2);
  await expect(failedRow).toHaveAttribute("data-state", "pending");
  await expect(row.getByTestId("webhook-last")).toHaveText("none yet");
  // Once the attempt is answered, the deliveries view reads it and the list its new last delivery, without a reload.
  receiver.answerFailures();
  await expect(failedRow.getByTestId("webhook-delivery-status")).toHaveText("500");
  await expect(failedRow).toHaveAttribute("data-state", "pending");
  await expect(failedRow.getByTestId("webhook-delivery-status")).toHaveAttribute("title", "receiver down");
  await expect(failedRow.getByTestId("webhook-delivery-next")).toContainText("UTC");
  await expect(row.getByTestId("webhook-last")).toContainText("500 · failed");
  await expect(row.getByTestId("webhook-state")).toContainText(/^Activefailing since /);
});
