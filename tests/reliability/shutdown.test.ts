/**
 * Graceful shutdown of `next start` (Next 16): on SIGTERM it closes the listening socket,
 * lets the requests already in flight finish, then exits. A write in flight at SIGTERM is
 * answered and stored, not cut off.
 */
import { randomUUID } from "node:crypto";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { refCodeOf } from "@/lib/domain/wallet";
import { startRestartableRedis, type RestartableRedis } from "@/tests/reliability/support/restartable-redis";
import { startApp } from "@/tests/support/app-server";
import { waitForRefusal } from "@/tests/support/free-port";
import { client } from "@/tests/support/http";
import { randomWallet } from "@/tests/support/wallets";

describe("graceful shutdown on SIGTERM", () => {
  let redis: RestartableRedis;
  // The longest store budget: the held request must outlast the shutdown steps however slow the machine is.
  const env = () => ({ REDIS_URL: redis.url, STORE_TIMEOUT_MS: "60000", STORE_PREFIX: `shutdown${randomUUID().slice(0, 8)}` });

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
    const admin = createClient({ url: redis.url, RESP: 2 });
    await admin.connect();
    let stopped: Promise<void> | undefined;
    try {
      expect((await api.post("/api/user/init", { wallet: referrer })).status).toBe(200);

      // Redis holds every script (they count as writes) while the admin connection stays free, so
      // the next request stops inside its store call; it is in flight once Redis shows it blocked.
      await admin.sendCommand(["CLIENT", "PAUSE", "60000", "WRITE"]);
      const inFlight = api.post("/api/referral/record", { wallet: referee, refCode: refCodeOf(referrer) });
      await vi.waitFor(async () => expect(String(await admin.sendCommand(["CLIENT", "LIST"]))).toMatch(/ flags=\w*b\w* .* cmd=eval/), {
        timeout: 30_000,
        interval: 20,
      });
      stopped = app.stop(); // SIGTERM

      // The listening socket closes at once: a new connection is refused while the old request still runs.
      await waitForRefusal(app.port);

      await admin.sendCommand(["CLIENT", "UNPAUSE"]);
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, referrer });
      await stopped; // the process exits once the request is done
    } finally {
      await admin.sendCommand(["CLIENT", "UNPAUSE"]);
      await admin.close();
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
