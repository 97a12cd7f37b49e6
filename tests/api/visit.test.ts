/**
 * POST /api/referral/visit against `next start` on the embedded store: what it counts is read
 * back through a second connection to the same SQLite file, as the console will read it.
 */
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { utcDay } from "@/lib/domain/analytics";
import { refCodeOf } from "@/lib/domain/wallet";
import { openSqliteStore } from "@/lib/store/sqlite";
import type { Store } from "@/lib/store/types";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { BROWSER, client, type Client } from "@/tests/support/http";
import { randomCode, randomWallet } from "@/tests/support/wallets";

const dataDir = mkdtempSync(join(tmpdir(), "refboard-visit-"));
let app: AppServer;
let api: Client;
let store: Store;

beforeAll(async () => {
  app = await startApp({ DATA_DIR: dataDir });
  api = client(app.baseUrl);
  store = openSqliteStore(dataDir, { retentionDays: DEFAULT_RETENTION_DAYS });
});
afterAll(async () => {
  await store?.close();
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function ownedCode(): Promise<string> {
  const wallet = randomWallet();
  expect((await api.post("/api/user/init", { wallet })).status).toBe(200);
  return refCodeOf(wallet);
}

const today = () => utcDay(Math.floor(Date.now() / 1000));
const visitsOf = async (code: string) => (await store.getVisits(code, today(), today()))[0]!;

describe("POST /api/referral/visit", () => {
  it("counts a browser's visit of an owned code, a visitor once a day, a code in any case", async () => {
    const code = await ownedCode();
    const visitorId = randomUUID();
    for (const refCode of [code, code.toUpperCase()]) {
      const res = await api.post("/api/referral/visit", { refCode, visitorId }, BROWSER);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ counted: true });
    }
    expect(await visitsOf(code)).toMatchObject({ visits: 2, uniqueVisitors: 1 });
  });

  it("answers counted false, and counts nothing, for a code nobody owns and for a bot", async () => {
    const code = await ownedCode();
    const unknown = await api.post("/api/referral/visit", { refCode: randomCode(), visitorId: randomUUID() }, BROWSER);
    expect(unknown).toMatchObject({ status: 200, body: { counted: false } });
    const notHex = await api.post("/api/referral/visit", { refCode: "zzzzzzzz", visitorId: randomUUID() }, BROWSER);
    expect(notHex).toMatchObject({ status: 200, body: { counted: false } });
    for (const agent of ["Googlebot/2.1 (+http://www.google.com/bot.html)", "curl/8.5.0", "node"]) {
      const res = await api.post("/api/referral/visit", { refCode: code, visitorId: randomUUID() }, { "user-agent": agent });
      expect(res, agent).toMatchObject({ status: 200, body: { counted: false } });
    }
    expect(await visitsOf(code)).toMatchObject({ visits: 0, uniqueVisitors: 0 });
  });

  it("answers malformed input with 400 { error } naming the field, and counts nothing", async () => {
    const code = await ownedCode();
    const cases: [unknown, string][] = [
      [{ refCode: code }, "Invalid visitorId"],
      [{ refCode: code, visitorId: "short" }, "Invalid visitorId"],
      [{ refCode: code, visitorId: "has spaces in it, too many" }, "Invalid visitorId"],
      [{ refCode: code, visitorId: "x".repeat(65) }, "Invalid visitorId"],
      [{ refCode: "abc", visitorId: randomUUID() }, "Invalid refCode"],
      [{ visitorId: randomUUID() }, "Invalid refCode"],
      ["[]", "Invalid JSON body"],
    ];
    for (const [body, error] of cases) {
      const res = await api.post("/api/referral/visit", body, BROWSER);
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, body: { error } });
    }
    expect(await visitsOf(code)).toMatchObject({ visits: 0 });
  });

  it("refuses other methods with 405 and an Allow of POST", async () => {
    const res = await api.get("/api/referral/visit");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("OPTIONS, POST");
  });
});
