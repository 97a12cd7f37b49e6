/**
 * Moderation through HTTP against `next start` on the embedded store: who may act, bad input
 * named by field, and a farm taken off the board and put back, seen from every public endpoint
 * (a disqualified wallet's requests all still answer as the contract says), the rewards export,
 * the liability, the audit log and the ban list.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminStatsResponse, adminWalletResponse } from "@/lib/contract/admin-schemas";
import { adminAuditResponse, disqualifyResponse, reinstateResponse } from "@/lib/contract/moderation-schemas";
import { refCodeOf } from "@/lib/domain/wallet";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { client, oneRequestPerEndpoint, type Client } from "@/tests/support/http";
import { randomCode, randomWallet } from "@/tests/support/wallets";
import { accountOf, keyedWallet, signIn } from "@/tests/api/wallet-session";

const TOKEN = randomBytes(24).toString("hex");
const bearer = { authorization: `Bearer ${TOKEN}` };

let on: AppServer;
let off: AppServer;
let api: Client;
let adminWallet: `0x${string}`;
let adminCookie: string;
let otherCookie: string;

beforeAll(async () => {
  adminWallet = keyedWallet();
  [on, off] = await Promise.all([
    startApp({ ADMIN_TOKEN: TOKEN, ADMIN_WALLETS: adminWallet, SESSION_SECRET: randomBytes(32).toString("hex") }),
    startApp({}),
  ]);
  api = client(on.baseUrl);
  [adminCookie, otherCookie] = await Promise.all([signIn(on.baseUrl, accountOf(adminWallet)!), signIn(on.baseUrl, accountOf(keyedWallet())!)]);
}, 180_000);
afterAll(async () => {
  await Promise.all([on?.stop(), off?.stop()]);
});

const disqualify = (wallet: string, cascade = false, headers: Record<string, string> = bearer) =>
  api.post("/api/admin/wallets/disqualify", { wallet, reason: "farm: 30 idle referees", cascade }, headers);
const reinstate = (wallet: string, headers: Record<string, string> = bearer) => api.post("/api/admin/wallets/reinstate", { wallet }, headers);
const boardWallets = async () => ((await api.get("/api/leaderboard")).body as { wallet: string }[]).map((e) => e.wallet);
const rankOf = async (wallet: string) => (await api.get(`/api/leaderboard/user?wallet=${wallet}`)).body as { rank: number; rewards: number; referrals_count: number };

/** A referrer with `count` referees bound through the public API. */
async function farm(count: number) {
  const referrer = randomWallet();
  expect((await api.post("/api/user/init", { wallet: referrer })).status).toBe(200);
  const referees = Array.from({ length: count }, randomWallet);
  for (const wallet of referees) {
    expect((await api.post("/api/referral/record", { wallet, refCode: refCodeOf(referrer) })).body).toEqual({ success: true, referrer });
  }
  return { referrer, referees };
}

describe("who may act", () => {
  const writes = () => [
    () => disqualify(randomWallet(), false, {}),
    () => reinstate(randomWallet(), {}),
  ];

  it("404 with no admin access configured, 401 without credentials, 403 for a wallet that is not an admin", async () => {
    const offApi = client(off.baseUrl);
    const wallet = randomWallet();
    expect(await offApi.post("/api/admin/wallets/disqualify", { wallet, reason: "x" }, bearer)).toMatchObject({ status: 404, body: { error: "Not found" } });
    expect(await offApi.get("/api/admin/audit", bearer)).toMatchObject({ status: 404, body: { error: "Not found" } });
    expect(await offApi.get("/api/admin/disqualified", bearer)).toMatchObject({ status: 404, body: { error: "Not found" } });
    for (const send of writes()) expect(await send()).toMatchObject({ status: 401, body: { error: "Unauthorized" } });
    expect(await disqualify(wallet, false, { cookie: otherCookie })).toMatchObject({ status: 403, body: { error: "This wallet is not an admin" } });
    expect(await api.get("/api/admin/audit", { cookie: otherCookie })).toMatchObject({ status: 403 });
    // None of these refusals acted.
    expect((await api.get(`/api/admin/wallet?wallet=${wallet}`, bearer)).body.disqualification).toBeNull();
  });

  it("an admin wallet's session acts in its own name, the token as \"token\"; both in the log line and the audit log", async () => {
    const [a, b] = [randomWallet(), randomWallet()];
    expect((await disqualify(a, false, { cookie: adminCookie })).status).toBe(200);
    expect((await disqualify(b)).status).toBe(200);
    const { entries } = adminAuditResponse.parse((await api.get("/api/admin/audit?limit=10", bearer)).body);
    expect(entries.find((e) => e.wallet === a)?.admin).toBe(adminWallet);
    expect(entries.find((e) => e.wallet === b)?.admin).toBe("token");
    expect(on.logs()).toMatch(new RegExp(`"route":"/api/admin/wallets/disqualify","status":200,[^\\n]*"admin":"${adminWallet}"`));
  });
});

describe("bad input names the field", () => {
  const wallet = randomWallet();
  const cases: [string, unknown, string][] = [
    ["/api/admin/wallets/disqualify", { wallet: "0x12", reason: "farm" }, "Invalid wallet address"],
    ["/api/admin/wallets/disqualify", { reason: "farm" }, "Invalid wallet address"],
    ["/api/admin/wallets/disqualify", { wallet }, "Invalid reason: 1 to 500 characters, no line breaks"],
    ["/api/admin/wallets/disqualify", { wallet, reason: "   " }, "Invalid reason: 1 to 500 characters, no line breaks"],
    ["/api/admin/wallets/disqualify", { wallet, reason: "x".repeat(501) }, "Invalid reason: 1 to 500 characters, no line breaks"],
    ["/api/admin/wallets/disqualify", { wallet, reason: "two\nlines" }, "Invalid reason: 1 to 500 characters, no line breaks"],
    ["/api/admin/wallets/disqualify", { wallet, reason: "farm", cascade: "yes" }, "Invalid cascade: must be true or false"],
    ["/api/admin/wallets/disqualify", [], "Invalid JSON body"],
    ["/api/admin/wallets/reinstate", { wallet: 7 }, "Invalid wallet address"],
  ];
  it.each(cases)("POST %s %j -> 400 %s", async (path, body, error) => {
    expect(await api.post(path, body, bearer)).toMatchObject({ status: 400, body: { error } });
  });

  it("takes a reason of exactly 500 characters, and one of a single character after trimming", async () => {
    for (const [reason, stored] of [["r".repeat(500), "r".repeat(500)], ["  x  ", "x"]] as const) {
      const res = await api.post("/api/admin/wallets/disqualify", { wallet: randomWallet(), reason }, bearer);
      expect(res.status, reason).toBe(200);
      expect(disqualifyResponse.parse(res.body).audit.reason).toBe(stored);
    }
  });

  it.each([
    ["/api/admin/audit?limit=0", "Invalid limit: must be an integer from 1 to 10000"],
    ["/api/admin/audit?limit=10001", "Invalid limit: must be an integer from 1 to 10000"],
    ["/api/admin/audit?offset=-1", "Invalid offset: must be a whole number"],
    ["/api/admin/audit?format=xml", "Invalid format: must be json or csv"],
    ["/api/admin/disqualified?format=xml", "Invalid format: must be csv or json"],
  ])("GET %s -> 400 %s", async (path, error) => {
    expect(await api.get(path, bearer)).toMatchObject({ status: 400, body: { error } });
  });

  it("none of them was written to the audit log", async () => {
    const { entries } = adminAuditResponse.parse((await api.get("/api/admin/audit?limit=10000", bearer)).body);
    expect(entries.filter((e) => e.wallet === wallet)).toEqual([]);
  });
});

describe("a farm, taken off and put back", () => {
  it("leaves the leaderboard, the rewards export and the liability; ranks 0; keeps its relationships and its app", async () => {
    const { referrer, referees } = await farm(3);
    expect((await boardWallets())).toContain(referrer);
    const liability = async () => adminStatsResponse.parse((await api.get("/api/admin/stats", bearer)).body).liability;
    const before = await liability();

    const done = disqualifyResponse.parse((await disqualify(referrer)).body);
    expect(done.disqualified).toEqual([referrer]);
    expect(done.audit).toEqual({
      id: expect.any(Number),
      at: expect.any(Number),
      action: "disqualify",
      wallet: referrer,
      cascade: false,
      wallets: 1,
      admin: "token",
      reason: "farm: 30 idle referees",
    });

    expect(await boardWallets()).not.toContain(referrer);
    // "Not ranked" as the interface answers it: rank 0 with referrals_count 0 and rewards 0.
    expect(await rankOf(referrer)).toEqual({ rank: 0, wallet: referrer, referrals_count: 0, rewards: 0 });
    expect(await liability()).toBe(before - 60);
    const exported = String((await api.get("/api/admin/rewards?format=csv", bearer)).body);
    expect(exported).not.toContain(referrer);
    for (const referee of referees) expect(exported).toContain(referee);

    // Its relationships stay, and every public endpoint answers it as the contract says.
    expect((await api.get(`/api/referral/check?wallet=${referees[0]}`)).body).toMatchObject({ hasReferrer: true });
    expect((await api.get(`/api/referral/wallet-by-code?code=${refCodeOf(referrer)}`)).body).toMatchObject({ wallet: referrer });
    // Each endpoint answers it with the status it gives a twin that was never disqualified. An
    // unknown code: binding the referrer now would change its score.
    const twin = await farm(3);
    const code = randomCode();
    const statuses = async (wallet: string) => {
      const answers: number[] = [];
      for (const send of oneRequestPerEndpoint(api, wallet, code)) answers.push((await send()).status);
      return answers;
    };
    const answers = await statuses(referrer);
    expect(answers.every((status) => status < 500)).toBe(true);
    expect(answers).toEqual(await statuses(twin.referrer));
    const late = randomWallet();
    expect((await api.post("/api/referral/record", { wallet: late, refCode: refCodeOf(referrer) })).body).toEqual({ success: true, referrer });
    expect(await boardWallets()).toContain(late);

    const report = adminWalletResponse.parse((await api.get(`/api/admin/wallet?wallet=${referrer}`, bearer)).body);
    expect(report).toMatchObject({ rank: 0, referralsCount: 4, disqualification: { reason: "farm: 30 idle referees", admin: "token", via: null } });

    const back = reinstateResponse.parse((await reinstate(referrer, { cookie: adminCookie })).body);
    expect(back.reinstated).toEqual([referrer]);
    expect(back.audit).toMatchObject({ action: "reinstate", wallet: referrer, admin: adminWallet, reason: null, wallets: 1 });
    expect(await rankOf(referrer)).toMatchObject({ rank: 1, referrals_count: 4, rewards: 80 });
    expect((await boardWallets())[0]).toBe(referrer);
  });

  it("cascade takes the referees too, the ban list lists them with their reason, and reinstating brings them all back", async () => {
    const { referrer, referees } = await farm(4);
    const done = disqualifyResponse.parse((await disqualify(referrer, true)).body);
    expect(done.disqualified[0]).toBe(referrer);
    expect(done.disqualified.slice(1).sort()).toEqual([...referees].sort());
    const board = await boardWallets();
    for (const wallet of [referrer, ...referees]) expect(board).not.toContain(wallet);
    for (const wallet of referees) expect((await rankOf(wallet)).rank).toBe(0);

    const csv = await api.get("/api/admin/disqualified", bearer);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="refboard-ban-list.csv"');
    const lines = String(csv.body).trimEnd().split("\r\n");
    expect(lines[0]).toBe("wallet,reason,at,admin,via");
    const row = lines.find((l) => l.startsWith(referees[0]!));
    expect(row).toMatch(new RegExp(`^${referees[0]},farm: 30 idle referees,\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z,token,${referrer}$`));
    const json = (await api.get("/api/admin/disqualified?format=json", bearer)).body as { disqualified: { wallet: string; via: string | null }[] };
    expect(json.disqualified.find((d) => d.wallet === referrer)).toMatchObject({ via: null });

    const back = reinstateResponse.parse((await reinstate(referrer)).body);
    expect(back.reinstated.sort()).toEqual([referrer, ...referees].sort());
    const after = await boardWallets();
    for (const wallet of [referrer, ...referees]) expect(after).toContain(wallet);
  });

  it("the audit log pages newest first and downloads as CSV", async () => {
    const wallet = randomWallet();
    expect((await disqualify(wallet)).status).toBe(200);
    expect((await reinstate(wallet)).status).toBe(200);
    const page = adminAuditResponse.parse((await api.get("/api/admin/audit?limit=2", bearer)).body);
    expect(page.offset).toBe(0);
    expect(page.entries.map((e) => [e.action, e.wallet])).toEqual([
      ["reinstate", wallet],
      ["disqualify", wallet],
    ]);
    expect(page.entries[0]!.id).toBe(page.total);
    const csv = await api.get("/api/admin/audit?format=csv&limit=1", bearer);
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="refboard-audit-0.csv"');
    expect(String(csv.body)).toMatch(new RegExp(`^id,at,admin,action,wallet,reason,cascade,wallets\\r\\n${page.total},[\\dT:.Z-]+,token,reinstate,${wallet},,false,1\\r\\n$`));
  });
});
