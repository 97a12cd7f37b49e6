/**
 * End to end on the embedded store: `next start` killed with SIGKILL while writes run, then
 * started again on the same data directory. Every write it answered 200 is there, and the
 * data is consistent. (tests/store/sqlite-specific.test.ts kills a process writing through
 * the Store directly; this adds the HTTP path: an answer is sent only after the commit.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { refCodeOf } from "@/lib/domain/wallet";
import { checkInvariants } from "@/lib/services/invariants";
import { createStore } from "@/lib/store";
import { startApp } from "@/tests/support/app-server";
import { client } from "@/tests/support/http";
import { randomWallet } from "@/tests/support/wallets";

describe("SIGKILL of the server on SQLite", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "refboard-kill-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("every write answered 200 before the kill is there after a restart, and no rule is broken", async () => {
    const app = await startApp({ DATA_DIR: dataDir });
    const api = client(app.baseUrl);
    const referrer = randomWallet();
    expect((await api.post("/api/user/init", { wallet: referrer })).status).toBe(200);

    const acked: { referee: string; ts: number }[] = [];
    let running = true;
    const writers = Array.from({ length: 4 }, async () => {
      while (running) {
        const referee = randomWallet();
        const res = await api.post("/api/referral/record", { wallet: referee, refCode: refCodeOf(referrer) }).catch(() => null);
        if (res?.status !== 200) return; // the server is gone
        const done = await api.post("/api/steam/task/complete", { wallet: referee, taskId: "fc_like_recast" }).catch(() => null);
        if (done?.status !== 200) {
          acked.push({ referee, ts: Number.NaN });
          return;
        }
        acked.push({ referee, ts: (done.body as { timestamp: number }).timestamp });
      }
    });
    const deadline = Date.now() + 20_000;
    while (acked.length < 100 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    process.kill(app.pid, "SIGKILL");
    running = false;
    await Promise.all(writers);
    await app.stop();
    expect(acked.length).toBeGreaterThanOrEqual(100);

    const again = await startApp({ DATA_DIR: dataDir });
    try {
      const api2 = client(again.baseUrl);
      for (const { referee, ts } of acked) {
        expect((await api2.get(`/api/referral/check?wallet=${referee}`)).body).toEqual({ hasReferrer: true, wallet: referee });
        if (!Number.isNaN(ts)) {
          const status = await api2.get<{ tasks: Record<string, boolean> }>(`/api/steam/task-status?wallet=${referee}`);
          expect(status.body.tasks.fc_like_recast).toBe(true);
        }
      }
      const link = await api2.get<{ referralsCount: number }>(`/api/referral/link?user=${referrer}`);
      expect(link.body.referralsCount).toBeGreaterThanOrEqual(acked.length);
    } finally {
      await again.stop();
    }

    const store = await createStore({ kind: "sqlite", dataDir });
    try {
      const report = await checkInvariants(store);
      expect(report.samples).toEqual([]);
      expect(report.referrals).toBeGreaterThanOrEqual(acked.length);
    } finally {
      await store.close();
    }
  }, 90_000);
});
