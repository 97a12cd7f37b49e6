/**
 * GET /api/leaderboard/stream on a real `next start` over Redis, watched with MONITOR: 200 clients
 * on one process, one watcher reading the board version about once a second for all of them, a
 * change reaching every client within the watcher's next reads, Last-Event-ID on a reconnect, and
 * streams that end cleanly at their time limit and on SIGTERM. Time is counted in the watcher's
 * reads, never asserted on the clock (the latency is printed).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "redis";
import { refCodeOf } from "@/lib/domain/wallet";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { client, type Client } from "@/tests/support/http";
import { startRedisServer, type RedisServer } from "@/tests/support/redis-server";
import { randomWallet } from "@/tests/support/wallets";

type Entry = { rank: number; wallet: string; referrals_count: number; rewards: number };
type BoardEvent = { id: number; entries: Entry[]; at: number };

/** One SSE client: every event it got, in order, and how its stream ended. */
interface StreamClient {
  events: BoardEvent[];
  /** Resolves when the stream ends: "done" when the server closed it cleanly. */
  ended: Promise<"done" | "error">;
  close(): void;
}

function openStream(baseUrl: string, lastEventId?: string): Promise<StreamClient> {
  const abort = new AbortController();
  const events: BoardEvent[] = [];
  return fetch(`${baseUrl}/api/leaderboard/stream`, {
    signal: abort.signal,
    headers: lastEventId ? { "last-event-id": lastEventId } : {},
  }).then((res) => {
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    const ended = (async (): Promise<"done" | "error"> => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return "done";
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const id = /^id: (\d+)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (id !== undefined && data !== undefined) events.push({ id: Number(id), entries: JSON.parse(data) as Entry[], at: Date.now() });
          }
        }
      } catch {
        return "error";
      }
    })();
    return { events, ended, close: () => abort.abort() };
  });
}

async function until(condition: () => boolean, what: string, limitMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > limitMs) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("the leaderboard stream", () => {
  let redis: RedisServer;
  let app: AppServer;
  let api: Client;
  let monitor: ReturnType<typeof createClient>;
  /** Commands the app sent, with when MONITOR saw them (ms). */
  const commands: { at: number; line: string }[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    app = await startApp({ REDIS_URL: redis.url, LEADERBOARD_SIZE: "10" });
    api = client(app.baseUrl);
    monitor = createClient({ url: redis.url, RESP: 2 });
    await monitor.connect();
    // Commands a Lua script runs show as "lua": they are part of the script's one round trip.
    await monitor.monitor((line) => {
      if (!/\[\d+ lua\]/.test(line)) commands.push({ at: Date.now(), line });
    });
  }, 120_000);
  afterAll(async () => {
    await monitor?.destroy();
    await app?.stop();
    await redis?.stop();
  });

  it("200 clients on one process: one watcher reads about once a second, and a referral reaches every client at its next reads", { timeout: 120_000 }, async () => {
    const referrer = randomWallet();
    await api.post("/api/user/init", { wallet: referrer });
    await api.post("/api/referral/record", { wallet: randomWallet(), refCode: refCodeOf(referrer) });

    const clients = await Promise.all(Array.from({ length: 200 }, () => openStream(app.baseUrl)));
    await until(() => clients.every((c) => c.events.length >= 1), "every client's first list");
    const first = clients[0]!.events[0]!;
    expect(first.entries.map((e) => e.wallet)).toContain(referrer);
    for (const c of clients) expect(c.events[0]!.entries).toEqual(first.entries);

    // A quiet board: what the app asks the store while 200 streams are open.
    const quietFrom = commands.length;
    const quietStart = Date.now();
    await new Promise((r) => setTimeout(r, 5_000));
    const quietSeconds = (Date.now() - quietStart) / 1000;
    const quietReads = commands.length - quietFrom;
    console.log(`[live-board] 200 open streams, quiet board: ${quietReads} store commands in ${quietSeconds.toFixed(1)} s`);
    expect(quietReads).toBeGreaterThanOrEqual(Math.floor(quietSeconds) - 1);
    expect(quietReads).toBeLessThanOrEqual(Math.ceil(quietSeconds) + 1);

    // A referral: every client gets the new list within the watcher's next reads after the write.
    const newcomer = randomWallet();
    const sent = Date.now();
    expect((await api.post("/api/referral/record", { wallet: newcomer, refCode: refCodeOf(referrer) })).status).toBe(200);
    const arrival = (c: StreamClient) => c.events.find((e) => e.entries.some((entry) => entry.wallet === newcomer))?.at;
    await until(() => clients.every((c) => arrival(c) !== undefined), "the new list on every client");
    const allAt = Math.max(...clients.map((c) => arrival(c)!));
    // MONITOR reports asynchronously: give it a moment to report what happened up to allAt.
    await new Promise((r) => setTimeout(r, 200));
    const meanwhile = commands.filter((c) => c.at >= sent && c.at <= allAt + 50).length;
    console.log(`[live-board] the referral reached all 200 clients ${allAt - sent} ms after it was sent; ${meanwhile} store commands meanwhile (the write, then the watcher's reads)`);
    // The write itself and at most two watcher reads: the one that saw the new version brought the list.
    expect(meanwhile).toBeLessThanOrEqual(3);
    const updated = clients[0]!.events.at(-1)!;
    expect(updated.id).toBeGreaterThan(first.id);
    expect(updated.entries.find((e) => e.wallet === referrer)).toMatchObject({ referrals_count: 2, rewards: 40 });
    for (const c of clients) {
      expect(c.events.at(-1)!.entries).toEqual(updated.entries);
      // Ids only grow.
      expect(c.events.map((e) => e.id)).toEqual([...c.events.map((e) => e.id)].sort((a, b) => a - b));
    }
    for (const c of clients) c.close();
  });

  it("a stream cut mid-way resumes with Last-Event-ID and gets the current list at once", async () => {
    const stream = await openStream(app.baseUrl);
    await until(() => stream.events.length >= 1, "the first list");
    const seen = stream.events[0]!;
    stream.close();
    expect(await stream.ended).toBe("error");

    const referrer = randomWallet();
    await api.post("/api/user/init", { wallet: referrer });
    await api.post("/api/referral/record", { wallet: randomWallet(), refCode: refCodeOf(referrer) });
    const resumed = await openStream(app.baseUrl, String(seen.id));
    // At once: the list the watcher holds (at most one read old), then the change at its next read.
    await until(() => resumed.events.length >= 1, "the list after reconnecting");
    expect(resumed.events[0]!.id).toBeGreaterThanOrEqual(seen.id);
    await until(() => resumed.events.some((e) => e.entries.some((entry) => entry.wallet === referrer)), "the referral on the resumed stream");
    expect(resumed.events.at(-1)!.id).toBeGreaterThan(seen.id);
    resumed.close();
  });

  it("ETag: the list and a rank answer 304 while the version stands, and 200 once it moves", async () => {
    const list = await fetch(`${app.baseUrl}/api/leaderboard`);
    const etag = list.headers.get("etag")!;
    expect(etag).toMatch(/^"\d+-all"$/);
    expect(list.headers.get("cache-control")).toBe("no-cache");
    expect((await fetch(`${app.baseUrl}/api/leaderboard`, { headers: { "if-none-match": etag } })).status).toBe(304);
    expect((await fetch(`${app.baseUrl}/api/leaderboard`, { headers: { "if-none-match": `W/${etag}, "1-s1"` } })).status).toBe(304);
    const referrer = randomWallet();
    await api.post("/api/user/init", { wallet: referrer });
    await api.post("/api/referral/record", { wallet: randomWallet(), refCode: refCodeOf(referrer) });
    const moved = await fetch(`${app.baseUrl}/api/leaderboard`, { headers: { "if-none-match": etag } });
    expect(moved.status).toBe(200);
    expect(moved.headers.get("etag")).not.toBe(etag);
  });
});

describe("stream endings", () => {
  it("a stream ends cleanly at LEADERBOARD_STREAM_SECONDS, and every open stream ends cleanly on SIGTERM", { timeout: 120_000 }, async () => {
    const app = await startApp({ LEADERBOARD_STREAM_SECONDS: "5" });
    try {
      const timed = await openStream(app.baseUrl);
      await until(() => timed.events.length >= 1, "the first list");
      expect(await timed.ended).toBe("done");

      const open = await Promise.all(Array.from({ length: 3 }, () => openStream(app.baseUrl)));
      await until(() => open.every((s) => s.events.length >= 1), "the first lists");
      process.kill(app.pid, "SIGTERM");
      expect(await Promise.all(open.map((s) => s.ended))).toEqual(["done", "done", "done"]);
    } finally {
      await app.stop();
    }
  });
});
