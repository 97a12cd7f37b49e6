/**
 * The Playwright fixtures every browser test uses: the app started by the global
 * setup, a guard that fails a test whose page tried to reach the internet, the
 * test wallet, and a small API client to set up and check state.
 */
import { test as base, expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { TASK_URL_HOST } from "@/tests/e2e/support/constants";
import { installWallet, type TestWallet, type WalletOptions } from "@/tests/e2e/support/wallet";

export { expect };

export interface App {
  /** http://127.0.0.1:PORT */
  baseUrl: string;
  /** http://localhost:PORT: the same server under a second origin. */
  altUrl: string;
}

export function appAt(baseUrl: string): App {
  const port = new URL(baseUrl).port;
  return { baseUrl, altUrl: `http://localhost:${port}` };
}

/** Blocks every request that leaves the machine and remembers it; answers the fake task targets. */
export async function guardNetwork(context: BrowserContext): Promise<string[]> {
  const external: string[] = [];
  await context.route(
    (url) => !["127.0.0.1", "localhost"].includes(url.hostname),
    async (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === TASK_URL_HOST) {
        await route.fulfill({ contentType: "text/html", body: `<title>task</title><p>${url.pathname}</p>` });
        return;
      }
      external.push(route.request().url());
      await route.abort("blockedbyclient");
    },
  );
  return external;
}

export function apiClient(request: APIRequestContext, baseUrl: string) {
  const get = async (path: string) => {
    // The request context keeps its connection alive between calls; one idle past the server's
    // keep-alive timeout (5 s) can be closed just as the next request goes out (ECONNRESET).
    // A GET reads nothing it could double, so it is sent once more on a fresh connection.
    const res = await request.get(`${baseUrl}${path}`).catch((error: unknown) => {
      if (!String(error).includes("ECONNRESET")) throw error;
      return request.get(`${baseUrl}${path}`);
    });
    return { status: res.status(), body: await res.json() };
  };
  const post = async (path: string, data: Record<string, string>) => {
    const res = await request.post(`${baseUrl}${path}`, { data });
    return { status: res.status(), body: await res.json() };
  };
  return {
    initUser: (wallet: string) => post("/api/user/init", { wallet }),
    record: (wallet: string, refCode: string) => post("/api/referral/record", { wallet, refCode }),
    link: (wallet: string) => get(`/api/referral/link?user=${wallet}`),
    check: (wallet: string) => get(`/api/referral/check?wallet=${wallet}`),
    taskStatus: (wallet: string) => get(`/api/steam/task-status?wallet=${wallet}`),
    complete: (wallet: string, taskId: string) => post("/api/steam/task/complete", { wallet, taskId }),
    leaderboard: () => get("/api/leaderboard"),
    leaderboardUser: (wallet: string) => get(`/api/leaderboard/user?wallet=${wallet}`),
  };
}

export type Api = ReturnType<typeof apiClient>;

interface Fixtures {
  app: App;
  api: Api;
  /** URLs outside this machine the page tried to load; must stay empty. */
  externalRequests: string[];
  /** Uncaught exceptions and React hydration mismatches in the page; must stay empty. */
  pageErrors: string[];
  /** Installs a fresh test wallet in the page (before navigating). */
  wallet: (options?: WalletOptions, target?: Page) => Promise<TestWallet>;
}

/**
 * Makes the page's goto and reload resolve once React has revealed every part streamed into it,
 * as a visitor sees it. /leaderboard streams its board: until React reveals it, the server's
 * copy waits in a hidden div at the end of the body, and a client render can fill the page
 * before that (a wallet's state reaching the board while it waits). A strict locator then
 * matches both copies: one CI run failed on it.
 */
function awaitStreamedParts(page: Page): void {
  const revealed = () => page.waitForFunction(() => !document.querySelector("div[hidden][id^='S:']"));
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await revealed();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await revealed();
    return response;
  };
}

/**
 * Counts React's commits in the page, through the hook React offers its DevTools (present before
 * React loads, React reports every commit to it). waitForHydration uses it: an element React has
 * rendered but not yet committed already carries its props, and a click landing in that gap was
 * lost in one CI run (the header's Connect, pressed as hydration committed).
 */
function countReactCommits(): void {
  let nextId = 1;
  const page = window as unknown as { __reactCommits: number; __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown };
  page.__reactCommits = 0;
  page.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => nextId++,
    onCommitFiberRoot: () => void (page.__reactCommits += 1),
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    checkDCE: () => {},
  };
}

/**
 * Readies a page the way the fixture's is: its goto and reload wait for streamed parts, and it counts
 * React's commits for waitForHydration. For pages a spec opens in a context of its own, before navigating.
 */
export async function preparePage(page: Page): Promise<void> {
  await page.addInitScript(countReactCommits);
  awaitStreamedParts(page);
}

export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => {
    await preparePage(page);
    await use(page);
  },
  app: async ({}, use) => {
    const baseUrl = process.env.E2E_BASE_URL;
    if (!baseUrl) throw new Error("E2E_BASE_URL is not set: run through playwright.config.ts (its global setup starts the app)");
    await use(appAt(baseUrl));
  },
  api: async ({ request, app }, use) => use(apiClient(request, app.baseUrl)),
  externalRequests: [
    async ({ context }, use) => {
      const external = await guardNetwork(context);
      await use(external);
      expect(external, "the page must not reach the internet").toEqual([]);
    },
    { auto: true },
  ],
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" && /hydrat|did not match/i.test(message.text())) errors.push(message.text());
      });
      await use(errors);
      expect(errors, "the page must run without uncaught errors or hydration mismatches").toEqual([]);
    },
    { auto: true },
  ],
  wallet: async ({ page }, use) => use((options, target) => installWallet(target ?? page, options)),
});

/** The refCode of a wallet: its last 8 hex characters. */
export const codeOf = (wallet: string) => wallet.slice(-8).toLowerCase();

/**
 * Resolves once React has hydrated the element (it then carries React's props) and, in a page
 * counting commits (preparePage), committed the page's shell: a click before that would be lost,
 * as it would be for a very fast human.
 */
export async function waitForHydration(locator: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        locator.evaluate((el) => {
          const commits = (window as unknown as { __reactCommits?: number }).__reactCommits;
          return Object.keys(el).some((key) => key.startsWith("__reactProps")) && (commits === undefined || commits > 0);
        }),
      { message: "the element is hydrated" },
    )
    .toBe(true);
}

/** Connects through the UI: the header button, then the test wallet in RainbowKit's modal. */
export async function connectThroughModal(page: Page, walletName = "E2E Wallet"): Promise<void> {
  const connect = page.getByRole("button", { name: "Connect wallet", exact: true });
  await waitForHydration(connect);
  await connect.click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: new RegExp(walletName) }).click();
  await expect(page.getByTestId("connected-wallet")).toBeVisible();
}
