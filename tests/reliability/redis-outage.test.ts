/**
 * Redis goes away under load and comes back on the same port: the server keeps running,
 * answers quick 500s meanwhile, and serves again by itself, with every write it
 * acknowledged before the outage still there (the restarted redis-server reloads its AOF).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INTERNAL_ERROR } from "@/lib/api/errors";
import { refCodeOf } from "@/lib/domain/wallet";
import { startRestartableRedis, type RestartableRedis } from "@/tests/reliability/support/restartable-redis";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { client, oneRequestPerEndpoint, type Client, type Reply } from "@/tests/support/http";
import { randomWallet } from "@/tests/support/wallets";

const STORE_TIMEOUT_MS = 1_000;
/** Hang guard, not a latency target: a request must have its answer well before this. */
const ANSWER_BOUND_MS = STORE_TIMEOUT_MS * 4;

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

  async function timed<T>(request: () => Promise<Reply<T>>): Promise<Reply<T> & { ms: number }> {
    const start = performance.now();
    const reply = await request();
    return { ...reply, ms: performance.now() - start };
  }

  /** Mixed traffic from `workers` loops until stop() is called; every answer is kept. */
  function backgroundLoad(workers: number, referrer: string) {
    let running = true;
    const answers: { status: number; body: unknown; ms: number }[] = [];
    const loops = Array.from({ length: workers }, async () => {
      while (running) {
        const wallet = randomWallet();
        const pick = answers.length % 4;
        const reply = await timed(() =>
          pick === 0
            ? api.post("/api/referral/record", { wallet, refCode: refCodeOf(referrer) })
            : pick === 1
              ? api.post("/api/steam/task/complete", { wallet, taskId: "fc_follow" })
              : pick === 2
                ? api.get(`/api/leaderboard/user?wallet=${wallet}`)
                : api.get("/api/leaderboard"),
        );
        answers.push({ status: reply.status, body: reply.body, ms: reply.ms });
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
    await new Promise((r) => setTimeout(r, 300));
    await redis.kill("SIGKILL");

    // Every endpoint, while Redis is down: the generic 500, in bounded time.
    const wallet = randomWallet();
    for (const request of oneRequestPerEndpoint(api, wallet, refCodeOf(referrer))) {
      const res = await timed(request);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: INTERNAL_ERROR });
      expect(res.ms).toBeLessThan(ANSWER_BOUND_MS);
    }
    const health = await timed(() => api.get("/api/health"));
    expect(health.status).toBe(503);
    expect(health.ms).toBeLessThan(ANSWER_BOUND_MS);

    await redis.restart();

    // Recovery by itself: the same process serves again once its client has reconnected (bounded wait).
    const deadline = Date.now() + 30_000;
    let recovered: Reply | undefined;
    while (Date.now() < deadline) {
      recovered = await api.post("/api/user/init", { wallet });
      if (recovered.status === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(recovered?.status).toBe(200);
    await load.stop();

    // The traffic that ran through the outage got only answers of the contract, none hung.
    expect(load.answers.length).toBeGreaterThan(0);
    for (const answer of load.answers) {
      expect([200, 500]).toContain(answer.status);
      if (answer.status === 500) expect(answer.body).toEqual({ error: INTERNAL_ERROR });
      expect(answer.ms).toBeLessThan(ANSWER_BOUND_MS);
    }
    expect(load.answers.some((a) => a.status === 500)).toBe(true);

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
