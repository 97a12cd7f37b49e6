/**
 * End to end on the embedded store: `next start` killed with SIGKILL while writes run, then
 * started again on the same data directory. Every write it answered 200 is there, and the
 * data is consistent. (tests/store/sqlite-specific.test.ts kills a process writing through
 * the Store directly; this adds the HTTP path: an answer is sent only after the commit.)
 */
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { refCodeOf } from "@/lib/domain/wallet";
import { checkInvariants } from "@/lib/operators/invariants";
import { createStore } from "@/lib/store";
import { startApp } from "@/tests/support/app-server";
import { client, connectionErrorCode, type Reply } from "@/tests/support/http";
import { randomWallet } from "@/tests/support/wallets";

describe("SIGKILL of the server on SQLite", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "refboard-kill-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("every write answered 200 before the kill is there after a restart, and no rule is broken", async () => {
    const app = await startApp({ DATA_DIR: dataDir });
    const api = client(app.baseUrl);
    const referrer = randomWallet();
    expect((await api.post("/api/user/init", { wallet: referrer })).status).toBe(200);

    let killed = false;
    /**
     * A request's reply, or "gone" when its connection failed. Every reply must be a 200 (the
     * server answers nothing else to these writes, up to the kill); a failed connection is the
     * kill's doing, so it is accepted only after the kill, and only as a connection error.
     */
    async function unlessGone(request: Promise<Reply>): Promise<Reply | "gone"> {
      const reply = await request.catch((error: unknown) => {
        if (!killed) throw error;
        expect(connectionErrorCode(error)).toMatch(/^(ECONNREFUSED|ECONNRESET|EPIPE|UND_ERR_SOCKET)$/);
        return "gone" as const;
      });
      if (reply !== "gone") expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply;
    }

    const acked: { referee: string; ts: number }[] = [];
    let running = true;
    let hundredAcked!: () => void;
    const enough = new Promise<void>((resolve) => (hundredAcked = resolve));
    const writers = Array.from({ length: 4 }, async () => {
      while (running) {
        const referee = randomWallet();
        const res = await unlessGone(api.post("/api/referral/record", { wallet: referee, refCode: refCodeOf(referrer) }));
        if (res === "gone") return;
        const done = await unlessGone(api.post("/api/steam/task/complete", { wallet: referee, taskId: "fc_like_recast" }));
        acked.push({ referee, ts: done === "gone" ? Number.NaN : (done.body as { timestamp: number }).timestamp });
        if (acked.length >= 100) hundredAcked();
        if (done === "gone") return;
      }
    });
    try {
      // A writer that fails before the kill ends the wait with its error.
      await Promise.race([enough, Promise.all(writers)]);
      killed = true;
      process.kill(app.pid, "SIGKILL");
    } finally {
      running = false;
      await Promise.allSettled(writers);
      await app.stop();
    }
    await Promise.all(writers); // what a writer met after the kill counts too
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

    const store = await createStore({ kind: "sqlite", dataDir, retentionDays: DEFAULT_RETENTION_DAYS });
    try {
      const report = await checkInvariants(store);
      expect(report.samples).toEqual([]);
      expect(report.referrals).toBeGreaterThanOrEqual(acked.length);
    } finally {
      await store.close();
    }
  }, 90_000);
});
