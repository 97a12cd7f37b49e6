/**
 * Redis goes away under load and comes back on the same port: the server keeps running,
 * answers quick 500s meanwhile, and serves again by itself, with every write it
 * acknowledged before the outage still there (the restarted redis-server reloads its AOF).
 * "Quick" is judged by what the server logged as each 500's cause: the lost connection,
 * never the store's timeout, which is the only way a request there could be slow.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { INTERNAL_ERROR } from "@/lib/contract/errors";
import { refCodeOf } from "@/lib/domain/wallet";
import { startRestartableRedis, type RestartableRedis } from "@/tests/reliability/support/restartable-redis";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { client, oneRequestPerEndpoint, type Client, type Reply } from "@/tests/support/http";
import { loggedAfter, loggedCause } from "@/tests/support/server-logs";
import { randomWallet } from "@/tests/support/wallets";

/** The default budget: long enough that a loaded machine's stall does not pass for a store timeout. */
const STORE_TIMEOUT_MS = 5_000;

describe("Redis outage and recovery", () => {
  let redis: RestartableRedis;
  let app: AppServer;
  let api: Client;

  beforeAll(async () => {
    redis = await startRestartableRedis();
    app = await startApp({
      REDIS_URL: redis.url,
      STORE_TIMEOUT_MS: String(STORE_TIMEOUT_MS),
      STORE_PREFIX: `outage${randomUUID().slice(0, 8)}`,
    });
    api = client(app.baseUrl);
  });
  afterAll(async () => {
    await app?.stop();
    await redis?.stop();
  });

  /** A 500 of the outage: the generic body, caused by the lost connection rather than the store's timeout. */
  async function expectFastFailure(reply: Reply) {
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ error: INTERNAL_ERROR });
    expect(await loggedCause(app, reply)).not.toMatch(/did not answer within/);
  }

  /** Mixed traffic from `workers` loops until stop() is called; every answer is kept, in order. */
  function backgroundLoad(workers: number, referrer: string) {
    let running = true;
    const answers: Reply[] = [];
    const loops = Array.from({ length: workers }, async () => {
      while (running) {
        const wallet = randomWallet();
        const pick = answers.length % 4;
        answers.push(
          await (pick === 0
            ? api.post("/api/referral/record", { wallet, refCode: refCodeOf(referrer) })
            : pick === 1
              ? api.post("/api/steam/task/complete", { wallet, taskId: "fc_follow" })
              : pick === 2
                ? api.get(`/api/leaderboard/user?wallet=${wallet}`)
                : api.get("/api/leaderboard")),
        );
      }
    });
    return {
      answers,
      stop: async () => {
        running = false;
        await Promise.all(loops);
      },
    };
  }

  it("answers 500 { error } quickly while Redis is down, stays up, and recovers without a restart", async () => {
    // Acknowledged before the outage: these must survive it.
    const referrer = randomWallet();
    expect((await api.post("/api/user/init", { wallet: referrer })).status).toBe(200);
    const referees = Array.from({ length: 3 }, () => randomWallet());
    for (const referee of referees) {
      const res = await api.post("/api/referral/record", { wallet: referee, refCode: refCodeOf(referrer) });
      expect(res.body).toEqual({ success: true, referrer });
    }
    const done = await api.post("/api/steam/task/complete", { wallet: referees[0], taskId: "fc_comment" });
    expect(done.status).toBe(200);

    const load = backgroundLoad(3, referrer);
    await vi.waitFor(() => expect(load.answers.length).toBeGreaterThanOrEqual(6), { timeout: 30_000, interval: 20 });
    const answeredBeforeKill = load.answers.length;
    await redis.kill("SIGKILL");

    // Every endpoint, while Redis is down: the generic 500, failing on the lost connection.
    const wallet = randomWallet();
    for (const request of oneRequestPerEndpoint(api, wallet, refCodeOf(referrer))) await expectFastFailure(await request());
    const logsBefore = app.logs().length;
    const health = await api.get("/api/health");
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ ok: false, store: { ok: false } });
    expect(await loggedAfter(app, "health probe failed: ", logsBefore)).not.toMatch(/did not answer within/);

    // The background traffic meets the outage too before Redis comes back (on a loaded machine its
    // next request may come only after the probes above).
    await vi.waitFor(() => expect(load.answers.slice(answeredBeforeKill).some((a) => a.status === 500)).toBe(true), {
      timeout: 30_000,
      interval: 20,
    });
    await redis.restart();

    // Recovery by itself: the same process serves again once its client has reconnected.
    await vi.waitFor(async () => expect((await api.post("/api/user/init", { wallet })).status).toBe(200), {
      timeout: 30_000,
      interval: 200,
    });
    await load.stop();

    // The traffic that ran through the outage got only answers of the contract: 200s while Redis
    // was up, and after that 200s or quick 500s.
    for (const answer of load.answers.slice(0, answeredBeforeKill)) expect(answer.status).toBe(200);
    const duringOutage = load.answers.slice(answeredBeforeKill);
    for (const answer of duringOutage) if (answer.status !== 200) await expectFastFailure(answer);
    expect(duringOutage.some((a) => a.status === 500)).toBe(true);

    // What was acknowledged before the outage is still there, and writes work again.
    for (const referee of referees) {
      expect((await api.get(`/api/referral/check?wallet=${referee}`)).body).toEqual({ hasReferrer: true, wallet: referee });
    }
    // At least the 3 acknowledged referrals (the load added more, some of them during the outage).
    const link = await api.get<{ referralsCount: number }>(`/api/referral/link?user=${referrer}`);
    expect(link.body.referralsCount).toBeGreaterThanOrEqual(3);
    const status = await api.get(`/api/steam/task-status?wallet=${referees[0]}`);
    expect(status.body).toMatchObject({ tasks: { fc_comment: true } });
    const again = await api.post("/api/referral/record", { wallet: randomWallet(), refCode: refCodeOf(referrer) });
    expect(again.body).toEqual({ success: true, referrer });
    expect((await api.get("/api/health")).status).toBe(200);
    // The cause was logged server-side.
    expect(app.logs()).toMatch(/Redis connection error|failed/);
  }, 90_000);
});
