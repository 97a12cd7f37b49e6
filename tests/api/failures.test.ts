/** When the store is down, every endpoint answers a quick generic 500, logs the cause, and leaks nothing. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { freePort } from "@/tests/support/free-port";
import { client, oneRequestPerEndpoint, type Client } from "@/tests/support/http";
import { loggedCause } from "@/tests/support/server-logs";
import { randomWallet } from "@/tests/support/wallets";

describe("store unreachable", () => {
  let app: AppServer;
  let api: Client;
  let deadUrl: string;

  beforeAll(async () => {
    deadUrl = `redis://127.0.0.1:${await freePort()}`; // nothing listens there
    app = await startApp({ REDIS_URL: deadUrl, STORE_TIMEOUT_MS: "500" });
    api = client(app.baseUrl);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("every endpoint answers 500 { error: Internal error, please retry later } and logs the cause", async () => {
    for (const request of oneRequestPerEndpoint(api, randomWallet(), "abcdef12")) {
      const res = await request();
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: "Internal error, please retry later" });
      expect(JSON.stringify(res.body)).not.toContain("127.0.0.1");
      // The cause stays in the server's log: the store's own error for this very request.
      expect(await loggedCause(app, res)).toMatch(/RedisTimeoutError\b.*: Redis EVALSHA did not answer within 500 ms$/);
    }
  });

  it("bad input is still a 400, before the store is asked", async () => {
    expect(await api.post("/api/user/init", { wallet: "nope" })).toMatchObject({ status: 400 });
  });

  it("health says the store is down with 503", async () => {
    const res = await api.get("/api/health");
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ ok: false, store: { kind: "redis", ok: false } });
    expect(JSON.stringify(res.body)).not.toContain(deadUrl);
  });
});

describe("configuration errors", () => {
  it("on Vercel with no KV configured, start-up reports what to connect and no request is served from disk", async () => {
    const app = await startApp({ VERCEL: "1" });
    try {
      expect((await fetch(`${app.baseUrl}/api/leaderboard`)).status).toBe(500);
      expect(app.logs()).toMatch(/No store configured on Vercel.*Vercel KV/);
    } finally {
      await app.stop();
    }
  });

  it("WALLET_AUTH=siwe without SESSION_SECRET: start-up says what to set, and no write goes through unguarded", async () => {
    const app = await startApp({ WALLET_AUTH: "siwe" });
    try {
      const res = await fetch(`${app.baseUrl}/api/user/init`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ wallet: randomWallet() }),
      });
      expect(res.status).toBe(500);
      expect(app.logs()).toMatch(/WALLET_AUTH=siwe needs SESSION_SECRET/);
    } finally {
      await app.stop();
    }
  });
});
