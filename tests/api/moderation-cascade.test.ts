/**
 * The cascade's limit through HTTP against `next start` on the embedded store: a referrer with
 * MAX_CASCADE + 1 referees is refused with its 400, nothing changed or logged; one with exactly
 * MAX_CASCADE is taken out with all of them. The referees are put into the store's file before
 * the server opens it (binding 10,000 through the API would take minutes).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { adminWalletResponse } from "@/lib/contract/admin-schemas";
import { adminAuditResponse, disqualifyResponse } from "@/lib/contract/moderation-schemas";
import { MAX_CASCADE } from "@/lib/domain/moderation";
import { createStore } from "@/lib/store";
import { bareRecord } from "@/tests/store/admin-contract";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { client, type Client } from "@/tests/support/http";
import { randomWallet } from "@/tests/support/wallets";

const TOKEN = randomBytes(24).toString("hex");
const bearer = { authorization: `Bearer ${TOKEN}` };
const T0 = 1_750_000_000;

let app: AppServer;
let api: Client;
let dataDir: string;
const over = { referrer: randomWallet(), referees: [] as string[] };
const exact = { referrer: randomWallet(), referees: [] as string[] };

/** Puts `farm.referrer` with `count` referees on the board of the store in `dataDir`. */
async function seed(farm: { referrer: string; referees: string[] }, count: number) {
  const store = await createStore(parseConfig({ DATA_DIR: dataDir }).store);
  try {
    const records = Array.from({ length: count }, () =>
      bareRecord({ referrer: farm.referrer, referredAt: T0, entry: { score: 1, reachedAt: T0 } }),
    );
    for (let i = 0; i < records.length; i += 1000) await store.putWallets(records.slice(i, i + 1000));
    await store.putWallets([bareRecord({ wallet: farm.referrer, referralsCount: count, entry: { score: count, reachedAt: T0 } })]);
    farm.referees = records.map((r) => r.wallet);
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "refboard-cascade-"));
  await seed(over, MAX_CASCADE + 1);
  await seed(exact, MAX_CASCADE);
  app = await startApp({ DATA_DIR: dataDir, ADMIN_TOKEN: TOKEN });
  api = client(app.baseUrl);
}, 180_000);
afterAll(async () => {
  await app?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const cascade = (wallet: string) => api.post("/api/admin/wallets/disqualify", { wallet, reason: "farm", cascade: true }, bearer);
const rankOf = async (wallet: string) => ((await api.get(`/api/leaderboard/user?wallet=${wallet}`)).body as { rank: number }).rank;
const auditTotal = async () => adminAuditResponse.parse((await api.get("/api/admin/audit", bearer)).body).total;
const banList = async () => ((await api.get("/api/admin/disqualified?format=json", bearer)).body as { disqualified: { wallet: string }[] }).disqualified;

describe("the cascade's limit", () => {
  it(`a referrer with ${MAX_CASCADE + 1} referees: 400 naming the count, nothing disqualified, nothing logged`, async () => {
    const res = await cascade(over.referrer);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: `Invalid cascade: the wallet has ${MAX_CASCADE + 1} referees, more than the ${MAX_CASCADE} one step takes; import them as a ban list instead`,
    });
    expect(await auditTotal()).toBe(0);
    expect(await banList()).toEqual([]);
    expect(adminWalletResponse.parse((await api.get(`/api/admin/wallet?wallet=${over.referrer}`, bearer)).body).disqualification).toBeNull();
    expect(await rankOf(over.referrer)).toBe(1);
    expect(await rankOf(over.referees[0]!)).toBeGreaterThan(0);
  });

  it(`a referrer with exactly ${MAX_CASCADE} referees: it and every referee are out, in one audit entry`, async () => {
    const res = await cascade(exact.referrer);
    expect(res.status).toBe(200);
    const done = disqualifyResponse.parse(res.body);
    expect(done.disqualified[0]).toBe(exact.referrer);
    expect(done.disqualified.slice(1).sort()).toEqual([...exact.referees].sort());
    expect(done.audit).toEqual({ id: 1, at: expect.any(Number), admin: "token", action: "disqualify", wallet: exact.referrer, reason: "farm", cascade: true, wallets: MAX_CASCADE + 1 });
    expect(await auditTotal()).toBe(1);
    expect((await banList()).length).toBe(MAX_CASCADE + 1);
    expect(await rankOf(exact.referrer)).toBe(0);
    expect(await rankOf(exact.referees.at(-1)!)).toBe(0);
    // The refused farm is untouched by it.
    expect(await rankOf(over.referrer)).toBe(1);
  });
});
