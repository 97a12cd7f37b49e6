/**
 * Rate limits over HTTP: 429 { error: "Too many requests" } with Retry-After, per IP on writes
 * and on wallet-by-code, per wallet on writes, and recovery when the window ends. The client IP
 * comes from x-forwarded-for as one trusted proxy would set it (TRUST_PROXY=1), so each test
 * counts from its own address. The counting runs on hour windows, which cannot roll over while a
 * test runs; only the recovery test uses a short window, and waits out the Retry-After it was given.
 */
import { randomInt } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refCodeOf } from "@/lib/domain/wallet";
import { keyedWallet } from "@/tests/api/wallet-session";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { client, type Client, type Reply } from "@/tests/support/http";
import { randomCode } from "@/tests/support/wallets";

const TOO_MANY = { error: "Too many requests" };

/** A fresh client address, as the proxy in front would report it (behind a spoofed one it cannot vouch for). */
const freshIp = () => ({ "x-forwarded-for": `198.51.100.7, 10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });

/** A write that counts against the per-IP and the per-wallet limit, for a fresh wallet. */
const write = (api: Client, ip: Record<string, string>) => api.post("/api/steam/task/complete", { wallet: keyedWallet(), taskId: "fc_follow" }, ip);

describe("rate limits", () => {
  let app: AppServer;
  let api: Client;

  beforeAll(async () => {
    app = await startApp({
      TRUST_PROXY: "1",
      RATE_LIMIT_WRITES_PER_IP: "3/1h",
      RATE_LIMIT_WRITES_PER_WALLET: "4/1h",
      RATE_LIMIT_CODE_LOOKUPS_PER_IP: "2/1h",
    });
    api = client(app.baseUrl);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("writes per IP: the 4th write from one address in the hour is 429 with Retry-After; other addresses go on", async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await write(api, ip)).status).toBe(200);
    const refused = await write(api, ip);
    expect(refused).toMatchObject({ status: 429, body: TOO_MANY });
    expect(Object.keys(refused.body)).toEqual(["error"]);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 3600).toBe(true);
    expect((await api.post("/api/user/init", { wallet: keyedWallet() }, ip)).status).toBe(429); // any write
    expect((await api.post("/api/user/init", { wallet: keyedWallet() }, freshIp())).status).toBe(200); // another address
  });

  it("writes per wallet: the 5th write for one wallet in the hour is 429 from any address; other wallets go on", async () => {
    const wallet = keyedWallet();
    for (let i = 0; i < 4; i++) expect((await api.post("/api/steam/task/complete", { wallet, taskId: "fc_like_recast" }, freshIp())).status).toBe(200);
    const refused = await api.post("/api/user/init", { wallet }, freshIp());
    expect(refused).toMatchObject({ status: 429, body: TOO_MANY });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 3600).toBe(true);
    expect((await api.post("/api/user/init", { wallet: keyedWallet() }, freshIp())).status).toBe(200);
  });

  it("code lookups per IP: the 3rd wallet-by-code in the hour is 429, found or not; other reads are not counted", async () => {
    const ip = freshIp();
    const known = keyedWallet();
    await api.post("/api/user/init", { wallet: known }, freshIp());
    expect((await api.get(`/api/referral/wallet-by-code?code=${refCodeOf(known)}`, ip)).status).toBe(200);
    expect((await api.get(`/api/referral/wallet-by-code?code=${randomCode()}`, ip)).status).toBe(404);
    const refused = await api.get(`/api/referral/wallet-by-code?code=${refCodeOf(known)}`, ip);
    expect(refused).toMatchObject({ status: 429, body: TOO_MANY });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 5; i++) expect((await api.get(`/api/referral/check?wallet=${known}`, ip)).status).toBe(200);
    expect((await api.get(`/api/referral/wallet-by-code?code=${refCodeOf(known)}`, freshIp())).status).toBe(200);
  });

  it("malformed requests are refused before they count", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await api.post("/api/user/init", { wallet: "0x1" }, ip)).status).toBe(400);
    // The address still has its whole allowance, and no more.
    for (let i = 0; i < 3; i++) expect((await write(api, ip)).status).toBe(200);
    expect((await write(api, ip)).status).toBe(429);
  });
});

describe("rate limits when the window ends", () => {
  let app: AppServer;
  let api: Client;

  beforeAll(async () => {
    app = await startApp({ TRUST_PROXY: "1", RATE_LIMIT_WRITES_PER_IP: "1/2s" });
    api = client(app.baseUrl);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("a refused address may write again after the Retry-After seconds it was given", async () => {
    const ip = freshIp();
    // One write per 2 s window: two writes in a row are refused unless a window boundary falls between them.
    let refused: Reply<{ error: string }> | undefined;
    for (let i = 0; i < 10 && !refused; i++) {
      const res = await write(api, ip);
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(200);
    }
    expect(refused).toMatchObject({ status: 429, body: TOO_MANY });
    const retryAfter = Number(refused!.headers.get("retry-after"));
    expect([1, 2]).toContain(retryAfter);
    // The server's own clock decides; no clock of the server can be moved from here, so the window is waited out.
    await sleep(retryAfter * 1000);
    expect((await write(api, ip)).status).toBe(200);
  });
});
