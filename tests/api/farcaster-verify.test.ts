/**
 * Farcaster verification over HTTP, on a real `next start` with the embedded store, against the
 * Neynar stand-in (tests/support/neynar-stand-in.ts) and the Quick Auth stand-in that proves the fids
 * a wallet links: the interface's Farcaster tasks with their targets set, REFERRAL_QUALIFY=farcaster,
 * and a server without targets that answers exactly as the interface does and never asks Neynar.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referralLinkResponse } from "@/lib/contract/schemas";
import { refCodeOf } from "@/lib/domain/wallet";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { startQuickAuthServer } from "@/tests/support/farcaster";
import { client, type Client } from "@/tests/support/http";
import { startNeynarStandIn, type NeynarFacts, type NeynarStandIn } from "@/tests/support/neynar-stand-in";
import { randomWallet } from "@/tests/support/wallets";

const TEAM_FID = 3;
const CAST = "0x" + "c4".repeat(20);
const OTHER_CAST = "0x" + "d5".repeat(20);
const NO_FID = "No Farcaster account is linked to this wallet: open the app in Farcaster and turn on notifications to link yours";
const NEYNAR_DOWN = { error: "Could not check Farcaster through Neynar, please retry" };

let neynar: NeynarStandIn;
let quickAuth: Awaited<ReturnType<typeof startQuickAuthServer>>;
let verified: AppServer;
let plain: AppServer;
let api: Client;
let plainApi: Client;
let nextFid = 1000;
/** The facts the stand-in answers from (Neynar knows the team's fid); each test adds its own fids' facts, so tests never see each other's. */
const facts: NeynarFacts = { follows: [], casts: [CAST, OTHER_CAST], likes: [], recasts: [], replies: [], channels: [], channelMembers: [], channelFollowers: [], scores: { [TEAM_FID]: 0.9 } };
const publish = () => neynar.set(structuredClone(facts));

beforeAll(async () => {
  [neynar, quickAuth] = await Promise.all([startNeynarStandIn(), startQuickAuthServer()]);
  publish();
  const farcaster = { NEYNAR_API_KEY: neynar.apiKey, NEYNAR_API_URL: neynar.url, QUICK_AUTH_ORIGIN: quickAuth.origin, NEYNAR_TIMEOUT_MS: "1000" };
  [verified, plain] = await Promise.all([
    startApp({ ...farcaster, FARCASTER_FOLLOW_FID: String(TEAM_FID), FARCASTER_CAST_HASH: CAST, REFERRAL_QUALIFY: "farcaster" }),
    startApp(farcaster),
  ]);
  api = client(verified.baseUrl);
  plainApi = client(plain.baseUrl);
}, 120_000);
afterAll(async () => {
  await Promise.all([verified?.stop(), plain?.stop(), neynar?.stop(), quickAuth?.stop()]);
});

/** A wallet with a fresh fid linked to it through Quick Auth, as the dashboard links one. */
async function linkedWallet(on: AppServer = verified): Promise<{ wallet: string; fid: number }> {
  const wallet = randomWallet();
  const fid = nextFid++;
  const token = await quickAuth.token(fid, new URL(on.baseUrl).host);
  const res = await client(on.baseUrl).post("/api/farcaster/link", { wallet }, { authorization: `Bearer ${token}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { wallet, fid };
}

const complete = (wallet: string, taskId: string, on: Client = api) => on.post("/api/steam/task/complete", { wallet, taskId });
const tasks = async (wallet: string) => (await api.get(`/api/steam/task-status?wallet=${wallet}`)).body.tasks as Record<string, boolean>;
const requestsSince = (count: number) => neynar.requests().slice(count);

describe("the Farcaster tasks with their targets set", () => {
  const cases = [
    {
      taskId: "fc_follow",
      did: (fid: number) => facts.follows.push([fid, TEAM_FID]),
      // Following someone else, or the team following the user, is not it.
      almost: (fid: number) => facts.follows.push([fid, TEAM_FID + 1], [TEAM_FID, fid]),
      reason: (fid: number) => `fid ${fid} does not follow fid ${TEAM_FID}`,
    },
    {
      taskId: "fc_like_recast",
      did: (fid: number) => facts.likes.push([fid, CAST]),
      almost: (fid: number) => facts.likes.push([fid, OTHER_CAST]),
      reason: (fid: number) => `fid ${fid} has neither liked nor recast cast ${CAST}`,
    },
    {
      taskId: "fc_comment",
      did: (fid: number) => facts.replies.push({ fid, parentHash: CAST }),
      almost: (fid: number) => facts.replies.push({ fid, parentHash: OTHER_CAST }),
      reason: (fid: number) => `no reply to cast ${CAST} among the latest replies of fid ${fid}`,
    },
  ];

  for (const { taskId, did, almost, reason } of cases) {
    it(`${taskId}: not done -> not verified, nothing stored; done -> completed; a repeat keeps its time without asking Neynar`, async () => {
      const { wallet, fid } = await linkedWallet();
      almost(fid);
      publish();
      expect(await complete(wallet, taskId)).toMatchObject({ status: 200, body: { success: false, taskId, verified: false, reason: reason(fid) } });
      expect((await complete(wallet, taskId)).body).toEqual({ success: false, taskId, verified: false, reason: reason(fid) });
      expect((await tasks(wallet))[taskId]).toBe(false);

      did(fid);
      publish();
      const done = await complete(wallet, taskId);
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ success: true, taskId, timestamp: expect.any(Number) });
      expect((await tasks(wallet))[taskId]).toBe(true);

      const asked = neynar.requests().length;
      expect((await complete(wallet, taskId)).body).toEqual(done.body);
      expect(requestsSince(asked)).toEqual([]);
    });

    it(`${taskId}: no fid linked to the wallet -> not verified, saying to link Farcaster; Neynar is not asked`, async () => {
      const wallet = randomWallet();
      const asked = neynar.requests().length;
      expect(await complete(wallet, taskId)).toMatchObject({ status: 200, body: { success: false, taskId, verified: false, reason: NO_FID } });
      expect(requestsSince(asked)).toEqual([]);
      expect((await tasks(wallet))[taskId]).toBe(false);
    });

    it(`${taskId}: Neynar failing (5xx, a refused key, no answer in time) -> 503, nothing stored`, async () => {
      const { wallet, fid } = await linkedWallet();
      did(fid);
      publish();
      for (const status of [500, 503, 401]) {
        neynar.failWith(status);
        try {
          expect(await complete(wallet, taskId)).toMatchObject({ status: 503, body: NEYNAR_DOWN });
        } finally {
          neynar.failWith(undefined);
        }
      }
      neynar.hang(true);
      try {
        expect(await complete(wallet, taskId)).toMatchObject({ status: 503, body: NEYNAR_DOWN });
      } finally {
        neynar.hang(false);
      }
      expect((await tasks(wallet))[taskId]).toBe(false);
      expect((await complete(wallet, taskId)).body).toMatchObject({ success: true, taskId });
    });
  }

  it("a recast alone does fc_like_recast; the request carries the key and asks about the linked fid", async () => {
    const { wallet, fid } = await linkedWallet();
    facts.recasts.push([fid, CAST]);
    publish();
    const asked = neynar.requests().length;
    expect((await complete(wallet, "fc_like_recast")).body).toMatchObject({ success: true, taskId: "fc_like_recast" });
    const sent = requestsSince(asked);
    expect(sent.map((r) => [r.path, r.query.identifier, r.query.viewer_fid, r.headers["x-api-key"]])).toEqual([
      ["/v2/farcaster/cast", CAST, String(fid), neynar.apiKey],
      ["/v2/farcaster/cast", CAST, String(fid), neynar.apiKey],
    ]);
  });

  it("add_miniapp and the daily check-in stay as the interface has them: no Neynar request, no fid needed", async () => {
    const wallet = randomWallet();
    const asked = neynar.requests().length;
    expect((await complete(wallet, "add_miniapp")).body).toEqual({ success: true, taskId: "add_miniapp", timestamp: expect.any(Number) });
    expect((await complete(wallet, "daily_checkin")).body).toEqual({ success: true, taskId: "daily_checkin", timestamp: expect.any(Number) });
    expect(requestsSince(asked)).toEqual([]);
  });
});

describe("without targets", () => {
  it("every social task completes self-attested, exactly as the interface answers, even with a fid linked; Neynar is never asked", async () => {
    const asked = neynar.requests().length;
    const { wallet } = await linkedWallet(plain);
    const stranger = randomWallet();
    for (const taskId of ["add_miniapp", "fc_follow", "fc_like_recast", "fc_comment"]) {
      for (const who of [wallet, stranger]) {
        const first = await complete(who, taskId, plainApi);
        expect(first.status).toBe(200);
        expect(Object.keys(first.body)).toEqual(["success", "taskId", "timestamp"]);
        expect(first.body).toEqual({ success: true, taskId, timestamp: expect.any(Number) });
        expect((await complete(who, taskId, plainApi)).body).toEqual(first.body);
      }
    }
    expect(requestsSince(asked)).toEqual([]);
  });
});

describe("REFERRAL_QUALIFY=farcaster", () => {
  const link = async (wallet: string) => referralLinkResponse.parse((await api.get(`/api/referral/link?user=${wallet}`)).body);

  /** A referrer and a referee bound to it, the referee with a fid of `score` linked (or none). */
  async function bound(score: number | null) {
    const referrer = randomWallet();
    await api.post("/api/user/init", { wallet: referrer });
    const referee = score === null ? { wallet: randomWallet(), fid: 0 } : await linkedWallet();
    if (score !== null) facts.scores[referee.fid] = score;
    publish();
    const record = await api.post("/api/referral/record", { wallet: referee.wallet, refCode: refCodeOf(referrer) });
    expect(record.body).toEqual({ success: true, referrer });
    return { referrer, referee };
  }

  it("a score exactly at QUALIFY_MIN_NEYNAR_SCORE (0.5) credits at the referee's next request, never at binding", async () => {
    const { referrer, referee } = await bound(0.5);
    // The binding itself never reads the score.
    expect(await link(referrer)).toMatchObject({ referralsCount: 0, pendingReferrals: 1 });
    expect((await api.get(`/api/steam/progress?wallet=${referee.wallet}`)).status).toBe(200);
    expect(await link(referrer)).toMatchObject({ referralsCount: 1, pendingReferrals: 0 });
    expect((await link(referee.wallet)).referralPending).toBeUndefined();
    expect((await api.get(`/api/leaderboard/user?wallet=${referrer}`)).body).toMatchObject({ referrals_count: 1, rewards: 20 });
    const score = neynar.requests().filter((r) => r.path === "/v2/farcaster/user/bulk" && r.query.fids === String(referee.fid));
    expect(score.length).toBe(1);
  });

  it("just below the minimum stays pending; once Neynar scores it at the minimum, the next request credits", async () => {
    const { referrer, referee } = await bound(0.499999);
    await api.get(`/api/steam/progress?wallet=${referee.wallet}`);
    await api.post("/api/user/init", { wallet: referee.wallet });
    expect(await link(referrer)).toMatchObject({ referralsCount: 0, pendingReferrals: 1 });
    expect((await link(referee.wallet)).referralPending).toBe(true);

    facts.scores[referee.fid] = 0.5;
    publish();
    await api.post("/api/user/init", { wallet: referee.wallet });
    expect(await link(referrer)).toMatchObject({ referralsCount: 1, pendingReferrals: 0 });
  });

  it("no linked fid stays pending without asking Neynar; a Neynar failure leaves it pending and fails no request", async () => {
    const { referrer, referee } = await bound(null);
    const asked = neynar.requests().length;
    expect((await api.get(`/api/steam/progress?wallet=${referee.wallet}`)).status).toBe(200);
    expect(requestsSince(asked)).toEqual([]);
    expect(await link(referrer)).toMatchObject({ referralsCount: 0, pendingReferrals: 1 });

    const scored = await bound(0.9);
    neynar.failWith(500);
    try {
      expect((await api.get(`/api/steam/progress?wallet=${scored.referee.wallet}`)).status).toBe(200);
      expect((await api.post("/api/steam/task/complete", { wallet: scored.referee.wallet, taskId: "daily_checkin" })).status).toBe(200);
    } finally {
      neynar.failWith(undefined);
    }
    expect(await link(scored.referrer)).toMatchObject({ referralsCount: 0, pendingReferrals: 1 });
    expect(verified.logs()).toContain("the farcaster qualification read failed; the referral stays pending");
    await api.get(`/api/steam/progress?wallet=${scored.referee.wallet}`);
    expect(await link(scored.referrer)).toMatchObject({ referralsCount: 1, pendingReferrals: 0 });
  });
});
