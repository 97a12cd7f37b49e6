/**
 * The campaign console's API against `next start` on the embedded store: who may look (404
 * with no admin access configured, 401, 403, bearer token, an admin wallet's session whatever
 * WALLET_AUTH is), the admin named in the log line, bad ranges named by parameter, and the
 * numbers and CSV bodies of a small campaign driven through the public API. Its days are the
 * server's (its Date header), read around what it wrote: a run across UTC midnight reads both days.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminReferrersResponse, adminStatsResponse, adminWalletResponse } from "@/lib/contract/admin-schemas";
import { dayName, SECONDS_PER_DAY, utcDay } from "@/lib/domain/analytics";
import { refCodeOf } from "@/lib/domain/wallet";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { BROWSER, client, type Client } from "@/tests/support/http";
import { randomWallet } from "@/tests/support/wallets";
import { accountOf, keyedWallet, signIn } from "@/tests/api/wallet-session";

const TOKEN = randomBytes(24).toString("hex");
const ADMIN_ENDPOINTS = ["/api/admin/stats", "/api/admin/referrers", `/api/admin/wallet?wallet=${randomWallet()}`];

let on: AppServer; // ADMIN_TOKEN and ADMIN_WALLETS, WALLET_AUTH off
let off: AppServer; // neither
let api: Client;
let adminWallet: `0x${string}`;
let adminCookie: string;
let otherCookie: string;
/** The server's day before anything was written. */
let started: string;
const bearer = { authorization: `Bearer ${TOKEN}` };

beforeAll(async () => {
  adminWallet = keyedWallet();
  const other = keyedWallet();
  [on, off] = await Promise.all([
    startApp({ ADMIN_TOKEN: TOKEN, ADMIN_WALLETS: `${adminWallet.toUpperCase().replace("0X", "0x")}`, SESSION_SECRET: randomBytes(32).toString("hex") }),
    startApp({}),
  ]);
  api = client(on.baseUrl);
  started = await serverDay();
  [adminCookie, otherCookie] = await Promise.all([signIn(on.baseUrl, accountOf(adminWallet)!), signIn(on.baseUrl, accountOf(other)!)]);
}, 180_000);
afterAll(async () => {
  await Promise.all([on?.stop(), off?.stop()]);
});

/** The day on the server's clock now: the UTC day of its Date header. */
async function serverDay(): Promise<string> {
  const date = (await fetch(`${on.baseUrl}/api/health`)).headers.get("date");
  if (!date) throw new Error("the server sent no Date header");
  return dayName(utcDay(Date.parse(date) / 1000));
}

/** The days from `from` to `to`, both included. */
function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += SECONDS_PER_DAY * 1000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

describe("who may look", () => {
  it("answers 404 { error } on every admin endpoint and page when neither ADMIN_TOKEN nor ADMIN_WALLETS is set", async () => {
    const offApi = client(off.baseUrl);
    for (const path of [...ADMIN_ENDPOINTS, "/api/admin/rewards"]) {
      expect(await offApi.get(path, bearer), path).toMatchObject({ status: 404, body: { error: "Not found" } });
    }
    expect((await fetch(`${off.baseUrl}/admin`)).status).toBe(404);
    // Sign-in stays off too: ADMIN_WALLETS is what turns it on without WALLET_AUTH.
    expect((await offApi.get("/api/auth/nonce")).status).toBe(404);
  });

  it("answers 401 without credentials and with a wrong token, even beside an admin's session", async () => {
    for (const path of ADMIN_ENDPOINTS) {
      const none = await api.get(path);
      expect(none, path).toMatchObject({ status: 401, body: { error: "Unauthorized" } });
      expect(none.headers.get("www-authenticate")).toBe('Bearer realm="refboard-admin"');
      expect(await api.get(path, { authorization: "Bearer wrong-token-wrong-token" }), path).toMatchObject({ status: 401 });
      expect(await api.get(path, { authorization: "Bearer wrong-token", cookie: adminCookie }), path).toMatchObject({ status: 401 });
    }
  });

  it("answers 403 to a signed-in wallet that is not an admin", async () => {
    for (const path of ADMIN_ENDPOINTS) {
      expect(await api.get(path, { cookie: otherCookie }), path).toMatchObject({ status: 403, body: { error: "This wallet is not an admin" } });
    }
  });

  it("serves the bearer token and an admin wallet's session, and logs who acted", async () => {
    for (const path of ADMIN_ENDPOINTS) {
      expect((await api.get(path, bearer)).status, path).toBe(200);
      const requestId = randomUUID();
      expect((await api.get(path, { cookie: adminCookie, "x-request-id": requestId })).status, path).toBe(200);
      const line = on
        .logs()
        .split("\n")
        .find((l) => l.includes(requestId));
      expect(JSON.parse(line!)).toMatchObject({ msg: "request", status: 200, admin: adminWallet });
    }
    expect(on.logs()).toMatch(/"route":"\/api\/admin\/stats","status":200,[^\n]*"admin":"token"/);
  });

  it("keeps writes open without a session: ADMIN_WALLETS turns on sign-in, not the wallet guard", async () => {
    expect((await api.post("/api/user/init", { wallet: randomWallet() })).status).toBe(200);
    const session = await api.get("/api/auth/session", { cookie: adminCookie });
    expect(session.body).toMatchObject({ address: adminWallet, authRequired: false });
  });
});

describe("bad input names the parameter", () => {
  const cases: [string, string][] = [
    ["/api/admin/stats?from=2026-02-30", "Invalid from: must be a date, YYYY-MM-DD"],
    ["/api/admin/stats?to=yesterday", "Invalid to: must be a date, YYYY-MM-DD"],
    ["/api/admin/stats?from=2026-03-02&to=2026-03-01", "Invalid from: must not be after to"],
    ["/api/admin/stats?from=2025-01-01&to=2026-01-02", "Invalid to: a range spans at most 366 days"],
    ["/api/admin/stats?format=xml", "Invalid format: must be json or csv"],
    ["/api/admin/stats?format=csv&table=wallets", "Invalid table: must be one of days, tiles, funnel, tasks"],
    ["/api/admin/referrers?limit=0", "Invalid limit: must be an integer from 1 to 500"],
    ["/api/admin/referrers?limit=501", "Invalid limit: must be an integer from 1 to 500"],
    ["/api/admin/referrers?limit=ten", "Invalid limit: must be an integer from 1 to 500"],
    ["/api/admin/wallet?wallet=0x123", "Invalid wallet address"],
    ["/api/admin/wallet", "Invalid wallet address"],
    [`/api/admin/wallet?wallet=${randomWallet()}&offset=-1`, "Invalid offset: must be a whole number"],
  ];
  it.each(cases)("%s -> 400 %s", async (path, error) => {
    expect(await api.get(path, bearer)).toMatchObject({ status: 400, body: { error } });
  });

  it("accepts a range of exactly 366 days", async () => {
    expect((await api.get("/api/admin/stats?from=2024-01-01&to=2024-12-31", bearer)).status).toBe(200);
  });
});

describe("a small campaign, read back", () => {
  // The server's days while it recorded the campaign: one, or two across midnight.
  let first: string;
  let last: string;
  const range = () => `from=${first}&to=${last}`;
  const referrer = randomWallet();
  const friends = [randomWallet(), randomWallet()];

  beforeAll(async () => {
    first = await serverDay();
    expect((await api.post("/api/user/init", { wallet: referrer })).status).toBe(200);
    const refCode = refCodeOf(referrer);
    for (let i = 0; i < 3; i++) {
      expect((await api.post("/api/referral/visit", { refCode, visitorId: randomUUID() }, BROWSER)).body).toEqual({ counted: true });
    }
    for (const wallet of friends) expect((await api.post("/api/referral/record", { wallet, refCode })).status).toBe(200);
    expect((await api.post("/api/steam/task/complete", { wallet: friends[0], taskId: "daily_checkin" })).status).toBe(200);
    last = await serverDay();
  });

  it("stats count the visitors, wallets, referrals and check-in of its days, as JSON and as CSV", async () => {
    const res = await api.get(`/api/admin/stats?${range()}`, bearer);
    const stats = adminStatsResponse.parse(res.body);
    const days = daysFrom(first, last);
    expect(stats.period).toEqual({ from: first, to: last, days: days.length });
    // Counting began with this file's first write, on the server's day then.
    expect(stats.countingSince! >= started && stats.countingSince! <= first, `${stats.countingSince} in ${started}..${first}`).toBe(true);
    // Other tests of this file add wallets; this campaign's own link is the only one visited.
    expect(stats.totals).toMatchObject({ visits: 3, uniqueVisitors: 3, referrals: 2, connectedWithCode: 2, checkIns: 1 });
    expect(stats.funnel).toEqual({ uniqueVisitors: 3, connectedWithCode: 2, referrals: 2 });
    expect(stats.liability).toBe(4 * 20);
    expect(stats.tasks.find((t) => t.task === "checkin")?.completions).toBe(1);

    const csv = await api.get(`/api/admin/stats?${range()}&format=csv&table=days`, bearer);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="refboard-days-${first}-${last}.csv"`);
    const [header, ...rows] = String(csv.body).split("\r\n");
    expect(header).toBe("date,visits,uniqueVisitors,newWallets,connectedWithCode,referrals,checkIns,nftMints,add_miniapp,fc_follow,fc_like_recast,fc_comment");
    expect(rows.pop()).toBe("");
    expect(rows.map((row) => row.split(",")[0])).toEqual(days);
    // One row a day; across midnight the campaign's numbers split between the two rows.
    const sums = rows.map((row) => row.split(",").slice(1).map(Number)).reduce((x, y) => x.map((n, i) => n + y[i]!));
    expect(sums).toEqual([3, 3, stats.totals.newWallets, 2, 2, 1, 0, 0, 0, 0, 0]);

    const funnel = await api.get(`/api/admin/stats?${range()}&format=csv&table=funnel`, bearer);
    expect(funnel.body).toBe("step,count\r\nuniqueVisitors,3\r\nconnectedWithCode,2\r\nreferrals,2\r\n");
  });

  it("top referrers rank the referrer with its link's visits and conversion, as JSON and as CSV", async () => {
    const data = adminReferrersResponse.parse((await api.get(`/api/admin/referrers?${range()}`, bearer)).body);
    expect(data.referrers).toEqual([{ wallet: referrer, referrals: 2, referralsAllTime: 2, visits: 3, uniqueVisitors: 3, conversion: 2 / 3, disqualified: false }]);
    const csv = await api.get(`/api/admin/referrers?${range()}&format=csv`, bearer);
    expect(csv.body).toBe(`wallet,referrals,referralsAllTime,visits,uniqueVisitors,conversion,disqualified\r\n${referrer},2,2,3,3,${2 / 3},false\r\n`);
  });

  it("the wallet lookup shows the referrer's fields, rank and referees, and makes nobody known", async () => {
    const report = adminWalletResponse.parse((await api.get(`/api/admin/wallet?wallet=${referrer}`, bearer)).body);
    expect(report).toMatchObject({ wallet: referrer, refCode: refCodeOf(referrer), known: true, referrer: null, referralsCount: 2, score: 2, rewards: 40, rank: 1 });
    expect(report.referees.total).toBe(2);
    expect(report.referees.items.map((r) => r.wallet).sort()).toEqual([...friends].sort());

    const friend = adminWalletResponse.parse((await api.get(`/api/admin/wallet?wallet=${friends[0]}`, bearer)).body);
    expect(friend).toMatchObject({ referrer, score: 1 });
    expect(friend.checkInLast).not.toBeNull();

    const stranger = randomWallet();
    const unknown = adminWalletResponse.parse((await api.get(`/api/admin/wallet?wallet=${stranger}`, bearer)).body);
    expect(unknown).toMatchObject({ known: false, rank: 0, score: 0, referees: { total: 0, items: [] } });
    expect(adminWalletResponse.parse((await api.get(`/api/admin/wallet?wallet=${stranger}`, bearer)).body).known).toBe(false);

    const csv = await api.get(`/api/admin/wallet?wallet=${referrer}&format=csv`, bearer);
    const lines = String(csv.body).trimEnd().split("\r\n");
    expect(lines[0]).toBe("wallet,referredAt");
    expect(lines.slice(1).map((l) => l.split(",")[0]).sort()).toEqual([...friends].sort());
    expect(lines[1]).toMatch(/,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
  });
});
