import { domainManifestSchema, miniAppEmbedNextSchema } from "@farcaster/miniapp-core";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { E2E_SITE_ENV } from "@/tests/e2e/support/constants";
import { openInFarcasterHost, type HostOptions } from "@/tests/e2e/support/farcaster-host";
import { codeOf, expect, test } from "@/tests/e2e/support/fixtures";
import { knownWallet, pendingCode, SCREENSHOT_DIR } from "@/tests/e2e/support/helpers";
import { newAppKey, signedEvent, startFakeHub, startNotificationServer, startQuickAuthServer } from "@/tests/support/farcaster";
import { messageOf } from "@/lib/domain/notifications";
import { randomWallet } from "@/tests/support/wallets";

const metaContent = (html: string, name: string) => {
  const match = html.match(new RegExp(`<meta name="${name}" content="([^"]*)"`));
  if (!match?.[1]) throw new Error(`no ${name} meta tag`);
  return JSON.parse(match[1].replaceAll("&quot;", '"').replaceAll("&amp;", "&")) as unknown;
};

test.describe("Farcaster manifest and embed, from configuration", () => {
  const APP_URL = "https://refboard.example.com";
  const association = { header: "eyJmaWQiOjEsInR5cGUiOiJjdXN0b2R5In0", payload: "eyJkb21haW4iOiJyZWZib2FyZC5leGFtcGxlLmNvbSJ9", signature: "MHhhYmNk" };
  let server: AppServer;

  test.beforeAll(async () => {
    server = await startApp({
      ...E2E_SITE_ENV,
      APP_URL,
      APP_NAME: "Quest Club",
      APP_BUTTON_TITLE: "Join the club",
      APP_SPLASH_BACKGROUND_COLOR: "#0f172a",
      FARCASTER_HEADER: association.header,
      FARCASTER_PAYLOAD: association.payload,
      FARCASTER_SIGNATURE: association.signature,
    });
  });
  test.afterAll(async () => server.stop());

  test("/.well-known/farcaster.json is a valid manifest with every URL under APP_URL", async ({ request }) => {
    const res = await request.get(`${server.baseUrl}/.well-known/farcaster.json`);
    expect(res.status()).toBe(200);
    const manifest = await res.json();
    const parsed = domainManifestSchema.safeParse(manifest);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(manifest.accountAssociation).toEqual(association);
    expect(manifest.miniapp).toMatchObject({ version: "1", name: "Quest Club", homeUrl: APP_URL, buttonTitle: "Join the club", splashBackgroundColor: "#0f172a" });
    for (const key of ["iconUrl", "imageUrl", "splashImageUrl", "heroImageUrl", "ogImageUrl"]) expect(manifest.miniapp[key]).toMatch(new RegExp(`^${APP_URL}/`));
    // The reward has one name everywhere: the page's.
    expect(manifest.miniapp.description).toContain("20 reward units");
    expect(`${manifest.miniapp.description} ${manifest.miniapp.ogDescription}`).not.toMatch(/points?\b/i);

    // The images it points at are served by the app itself, in the sizes Farcaster asks for.
    const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];
    const fetchPng = async (url: string) => (await request.get(url.replace(APP_URL, server.baseUrl))).body();
    expect(pngSize(await fetchPng(manifest.miniapp.iconUrl))).toEqual([1024, 1024]);
    expect(pngSize(await fetchPng(manifest.miniapp.splashImageUrl))).toEqual([200, 200]);
    expect(pngSize(await fetchPng(manifest.miniapp.imageUrl))).toEqual([1200, 800]); // 3:2
  });

  test("every page carries a valid fc:miniapp embed (and the legacy fc:frame) that launches the app", async ({ request }) => {
    for (const path of ["/", "/leaderboard"]) {
      const html = await (await request.get(`${server.baseUrl}${path}`)).text();
      const embed = metaContent(html, "fc:miniapp");
      expect(miniAppEmbedNextSchema.safeParse(embed).error?.issues ?? []).toEqual([]);
      expect(embed).toMatchObject({
        version: "1",
        imageUrl: `${APP_URL}/opengraph-image`,
        button: { title: "Join the club", action: { type: "launch_miniapp", name: "Quest Club", url: APP_URL } },
      });
      expect(metaContent(html, "fc:frame")).toMatchObject({ button: { action: { type: "launch_frame" } } });
    }
  });
});

type Host = Awaited<ReturnType<typeof openInFarcasterHost>>;
const inFarcaster = test.extend<{ openHost: (appUrl: string, address: string, options?: HostOptions) => Promise<Host> }>({
  openHost: async ({ page }, use) => {
    const hosts: Host[] = [];
    await use(async (appUrl, address, options) => {
      const host = await openInFarcasterHost(page, appUrl, address, options);
      hosts.push(host);
      return host;
    });
    for (const host of hosts) await host.stop();
  },
});

inFarcaster.describe("inside a Farcaster client", () => {
  inFarcaster("the app calls ready(), connects the Farcaster wallet without a modal, and records the invite", async ({ openHost, app, api }) => {
    const referrer = await knownWallet(api);
    const user = randomWallet();
    const host = await openHost(`${app.baseUrl}/?ref=${codeOf(referrer)}`, user);

    await expect(host.app.getByTestId("referral-outcome")).toHaveAttribute("data-outcome", "recorded");
    await expect(host.app.getByRole("heading", { name: "Your dashboard" })).toBeVisible();
    await expect(host.app.getByRole("dialog")).toHaveCount(0);
    expect((await api.link(user)).body.referrer).toBe(referrer);
    const calls = (await host.calls()).map((c) => c.method);
    expect(calls).toContain("ready");
    expect(calls).toContain("eth:eth_requestAccounts");
    // In Farcaster the wallet menu has no Disconnect: the client's wallet is the only one.
    await host.app.getByRole("button", { name: /open menu/ }).click();
    await expect(host.app.getByRole("button", { name: "Disconnect" })).toHaveCount(0);
  });

  inFarcaster("add_miniapp asks the client to add the app, then completes; sharing composes a cast with the invite link", async ({ openHost, app, api }) => {
    const user = randomWallet();
    const host = await openHost(app.baseUrl, user);
    const row = host.app.getByTestId("task-add_miniapp");
    await row.getByRole("button", { name: "Add app" }).click();
    await expect(row).toHaveAttribute("data-done", "true");
    await expect.poll(async () => (await api.taskStatus(user)).body.tasks.add_miniapp).toBe(true);

    await host.app.getByRole("button", { name: "Share" }).click();
    await expect.poll(async () => (await host.calls()).find((c) => c.method === "composeCast")?.args).toEqual([
      { text: expect.stringContaining("20 reward units"), embeds: [`${app.baseUrl}?ref=${codeOf(user)}`] },
    ]);
    const methods = (await host.calls()).map((c) => c.method);
    expect(methods).toContain("addFrame");
  });

  inFarcaster("a dismissed add prompt is explained, and nothing is completed", async ({ openHost, app, api }) => {
    const user = randomWallet();
    const host = await openHost(app.baseUrl, user, { rejectAdd: true });
    const row = host.app.getByTestId("task-add_miniapp");
    await row.getByRole("button", { name: "Add app" }).click();
    await expect(row.getByRole("alert")).toContainText("You dismissed the prompt");
    expect((await api.taskStatus(user)).body.tasks.add_miniapp).toBe(false);
  });

  inFarcaster("outside Farcaster the mini-app SDK is never downloaded", async ({ page, app }) => {
    const scripts: string[] = [];
    page.on("response", (r) => r.request().resourceType() === "script" && scripts.push(r.url()));
    await page.goto(app.baseUrl);
    await page.waitForLoadState("networkidle");
    for (const url of scripts) {
      const body = (await (await page.request.get(url)).body()).toString();
      expect(body, url).not.toContain("ethProviderRequestV2");
    }
    expect(await pendingCode(page)).toBeNull();
  });
});

inFarcaster.describe("notifications inside a Farcaster client", () => {
  const FID = 5150;
  let server: AppServer;
  let hub: Awaited<ReturnType<typeof startFakeHub>>;
  let notify: Awaited<ReturnType<typeof startNotificationServer>>;
  let quickAuth: Awaited<ReturnType<typeof startQuickAuthServer>>;

  inFarcaster.beforeAll(async () => {
    [hub, notify, quickAuth] = await Promise.all([startFakeHub(), startNotificationServer(), startQuickAuthServer()]);
    server = await startApp({ ...E2E_SITE_ENV, NEYNAR_API_KEY: "neynar-e2e", NEYNAR_HUB_URL: hub.url, QUICK_AUTH_ORIGIN: quickAuth.origin });
  });
  inFarcaster.afterAll(async () => {
    await Promise.all([server?.stop(), hub?.stop(), notify?.stop(), quickAuth?.stop()]);
  });

  inFarcaster("the user adds the app with notifications on; a friend joins with the link and the notification arrives", async ({ openHost, request }) => {
    const referrer = randomWallet();
    // The client's app key for this user, a signer of its fid as the hub knows it.
    const appKey = newAppKey(FID);
    hub.register(appKey);
    const details = { url: notify.url, token: "e2e-token" };
    const host = await openHost(server.baseUrl, referrer, {
      fid: FID,
      // What a Farcaster client does when the user adds the app: it posts the signed event to the manifest's webhookUrl.
      onAdd: async () => {
        const manifest = await (await request.get(`${server.baseUrl}/.well-known/farcaster.json`)).json();
        const res = await request.post(manifest.miniapp.webhookUrl, { data: signedEvent(appKey, { event: "miniapp_added", notificationDetails: details }) });
        expect(res.status()).toBe(200);
        return details;
      },
    });

    const card = host.app.getByTestId("notifications");
    await expect(card).toHaveAttribute("data-state", "off");
    await card.screenshot({ path: `${SCREENSHOT_DIR}/notifications.png` });
    await card.getByRole("button", { name: "Turn on notifications" }).click();
    await expect(card).toHaveAttribute("data-state", "on");
    await expect(card.getByRole("status")).toContainText("We'll tell you when a friend joins");
    const methods = (await host.calls()).map((c) => c.method);
    expect(methods).toEqual(expect.arrayContaining(["signIn", "addFrame"]));

    const friend = randomWallet();
    const recorded = await request.post(`${server.baseUrl}/api/referral/record`, { data: { wallet: friend, refCode: codeOf(referrer) } });
    expect(recorded.status()).toBe(200);
    await expect.poll(() => notify.received.length).toBe(1);
    expect(notify.received).toEqual([
      {
        // The day is the server's.
        notificationId: expect.stringMatching(/^referral-\d{4}-\d{2}-\d{2}$/),
        title: "A friend joined with your link",
        body: messageOf("referral", 0, "", server.baseUrl).body,
        targetUrl: `${server.baseUrl}/`,
        tokens: ["e2e-token"],
      },
    ]);
  });
});
