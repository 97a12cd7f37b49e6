/**
 * REFERRAL_QUALIFY=checkin over HTTP, on a real `next start` with the embedded store: the record
 * answers as the contract says, the credit waits for the referee's first check-in, and a pending
 * wallet fails no request. The default server shows none of it (tests/api/contract.ts).
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referralLinkResponse } from "@/lib/contract/schemas";
import { refCodeOf } from "@/lib/domain/wallet";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { client, oneRequestPerEndpoint, type Client } from "@/tests/support/http";
import { randomCode, randomWallet } from "@/tests/support/wallets";

const TOKEN = randomBytes(24).toString("hex");
const bearer = { authorization: `Bearer ${TOKEN}` };

let app: AppServer;
let api: Client;
beforeAll(async () => {
  app = await startApp({ REFERRAL_QUALIFY: "checkin", ADMIN_TOKEN: TOKEN });
  api = client(app.baseUrl);
});
afterAll(async () => {
  await app?.stop();
});

const link = async (wallet: string) => referralLinkResponse.parse((await api.get(`/api/referral/link?user=${wallet}`)).body);
const boardWallets = async () => ((await api.get("/api/leaderboard")).body as { wallet: string }[]).map((e) => e.wallet);

describe("REFERRAL_QUALIFY=checkin over HTTP", () => {
  it("the binding answers as always; points, count and milestone wait for the referee's first check-in", async () => {
    const [referrer, referee] = [randomWallet(), randomWallet()];
    await api.post("/api/user/init", { wallet: referrer });
    expect((await api.post("/api/referral/record", { wallet: referee, refCode: refCodeOf(referrer) })).body).toEqual({ success: true, referrer });
    expect((await api.post("/api/referral/record", { wallet: referee, refCode: refCodeOf(referrer) })).body).toEqual({
      success: true,
      referrer,
      alreadyRecorded: true,
    });
    expect((await api.get(`/api/referral/check?wallet=${referee}`)).body).toEqual({ hasReferrer: true, wallet: referee });

    expect(await link(referrer)).toMatchObject({ referralsCount: 0, pendingReferrals: 1, bound: false });
    expect(await link(referee)).toMatchObject({ bound: true, referrer, referralPending: true, pendingReferrals: 0 });
    expect((await api.get(`/api/steam/task-status?wallet=${referrer}`)).body).toMatchObject({ tasks: { referral: false } });
    expect(await boardWallets()).not.toContain(referrer);

    expect((await api.post("/api/steam/task/complete", { wallet: referee, taskId: "daily_checkin" })).status).toBe(200);
    const credited = await link(referrer);
    expect(credited).toMatchObject({ referralsCount: 1, pendingReferrals: 0 });
    expect((await link(referee)).referralPending).toBeUndefined();
    expect((await api.get(`/api/steam/progress?wallet=${referrer}`)).body).toMatchObject({ progress: { referral: true }, referralCount: 1 });
    expect((await api.get(`/api/leaderboard/user?wallet=${referrer}`)).body).toMatchObject({ referrals_count: 1, rewards: 20 });
    expect((await api.get(`/api/leaderboard/user?wallet=${referee}`)).body).toMatchObject({ referrals_count: 0, rewards: 20 });
    expect(await boardWallets()).toEqual(expect.arrayContaining([referrer, referee]));

    // A second check-in a day later would credit nothing more; on cooldown it is the contract's 400.
    expect((await api.post("/api/steam/task/complete", { wallet: referee, taskId: "daily_checkin" })).status).toBe(400);
    expect(await link(referrer)).toMatchObject({ referralsCount: 1, pendingReferrals: 0 });
  });

  it("a pending wallet, and the referrer of pending wallets, fail no request of any public endpoint", async () => {
    const [referrer, referee] = [randomWallet(), randomWallet()];
    await api.post("/api/user/init", { wallet: referrer });
    await api.post("/api/referral/record", { wallet: referee, refCode: refCodeOf(referrer) });
    for (const wallet of [referee, referrer]) {
      for (const send of oneRequestPerEndpoint(api, wallet, randomCode())) {
        const res = await send();
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
        expect([200, 400, 404]).toContain(res.status);
      }
    }
    // The referee's own check-in among those requests qualified it.
    expect(await link(referrer)).toMatchObject({ referralsCount: 1, pendingReferrals: 0 });
  });

  it("a disqualified referrer's pending referees still qualify; its credit lands on its held entry, off the board", async () => {
    const referrer = randomWallet();
    const referees = [randomWallet(), randomWallet(), randomWallet()];
    await api.post("/api/user/init", { wallet: referrer });
    for (const referee of referees) await api.post("/api/referral/record", { wallet: referee, refCode: refCodeOf(referrer) });
    expect((await api.post("/api/admin/wallets/disqualify", { wallet: referrer, reason: "farm", cascade: false }, bearer)).status).toBe(200);
    for (const referee of referees) {
      expect((await api.post("/api/steam/task/complete", { wallet: referee, taskId: "daily_checkin" })).status).toBe(200);
    }
    expect(await link(referrer)).toMatchObject({ referralsCount: 3, pendingReferrals: 0 });
    expect((await api.get(`/api/leaderboard/user?wallet=${referrer}`)).body).toMatchObject({ rank: 0, referrals_count: 0, rewards: 0 });
    const board = await boardWallets();
    expect(board).not.toContain(referrer);
    expect(board).toEqual(expect.arrayContaining(referees));
  });
});
