/**
 * Graceful shutdown of `next start` (Next 16): on SIGTERM it closes the listening socket,
 * lets the requests already in flight finish, then exits. A write in flight at SIGTERM is
 * answered and stored, not cut off.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refCodeOf } from "@/lib/domain/wallet";
import { startRestartableRedis, type RestartableRedis } from "@/tests/reliability/support/restartable-redis";
import { startApp } from "@/tests/support/app-server";
import { client } from "@/tests/support/http";
import { randomWallet } from "@/tests/support/wallets";

describe("graceful shutdown on SIGTERM", () => {
  let redis: RestartableRedis;
  const env = () => ({ REDIS_URL: redis.url, STORE_TIMEOUT_MS: "15000", STORE_PREFIX: `shutdown${randomUUID().slice(0, 8)}` });

  beforeAll(async () => {
    redis = await startRestartableRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it("a referral in flight when SIGTERM arrives completes with 200 and is stored; new connections are refused", async () => {
    const appEnv = env();
    const app = await startApp(appEnv);
    const api = client(app.baseUrl);
    const referrer = randomWallet();
    const referee = randomWallet();
    let stopped: Promise<void> | undefined;
    const pid = redis.pid();
    if (pid === null) throw new Error("redis-server is not running");
    try {
      expect((await api.post("/api/user/init", { wallet: referrer })).status).toBe(200);

      // Freeze Redis so the next request is held inside the server, mid-way through its store call.
      process.kill(pid, "SIGSTOP");
      const inFlight = api.post("/api/referral/record", { wallet: referee, refCode: refCodeOf(referrer) });
      await new Promise((r) => setTimeout(r, 500)); // time for the request to reach the server
      stopped = app.stop(); // SIGTERM

      // The listening socket closes at once: a new client is refused while the old request still runs.
      const deadline = Date.now() + 10_000;
      let refused = false;
      while (!refused && Date.now() < deadline) {
        refused = await fetch(`${app.baseUrl}/api/health`, { signal: AbortSignal.timeout(1_000) }).then(
          () => false,
          () => true,
        );
        if (!refused) await new Promise((r) => setTimeout(r, 100));
      }
      expect(refused).toBe(true);

      process.kill(pid, "SIGCONT");
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, referrer });
      await stopped; // the process exits once the request is done
    } finally {
      process.kill(pid, "SIGCONT");
      await (stopped ?? app.stop());
    }

    // A new server on the same data sees the write that was in flight at SIGTERM.
    const next = await startApp(appEnv);
    try {
      const check = await client(next.baseUrl).get(`/api/referral/check?wallet=${referee}`);
      expect(check.body).toEqual({ hasReferrer: true, wallet: referee });
    } finally {
      await next.stop();
    }
  }, 90_000);
});
