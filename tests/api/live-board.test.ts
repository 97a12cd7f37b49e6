/**
 * GET /api/leaderboard/stream on a real `next start` over Redis, watched with MONITOR: 200 clients
 * on one process cost the store one watcher's reads, a change reaches every client through one
 * read of the list, a reconnection gets the current list whatever Last-Event-ID it sends, and
 * streams end cleanly at their time limit and on SIGTERM. What the store did is counted in
 * commands between markers that MONITOR reports in order, never on the clock (the watcher's rate
 * and the latency are printed; the once-a-second tick is tests/unit/board-stream.test.ts's, on
 * fake timers).
 */
import { randomUUID } from "node:crypto";
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

/** Where the version key leads the keys: read-board.lua, the watcher's read (the store's one board read by version). */
const isBoardRead = (line: string) => /"EVALSHA" "[0-9a-f]+" "\d+" "[^"]*lb:version"/.test(line);
/** Inside a script: the top 10 read, which read-board.lua does only when the version moved. */
const isListRead = (line: string) => /\[\d+ lua\]/.test(line) && /"ZRANGE" "[^"]*" "0" "9" "WITHSCORES"/.test(line);

describe("the leaderboard stream", () => {
  let redis: RedisServer;
  let app: AppServer;
  let api: Client;
  let monitor: ReturnType<typeof createClient>;
  let marker: ReturnType<typeof createClient>;
  /** Every command Redis ran, in order, as MONITOR reported it; a script's own commands show as "lua". */
  const commands: string[] = [];

  /**
   * Waits until MONITOR has reported every command Redis ran before this call, and returns how
   * many that is: a command sent now on another connection comes back through MONITOR after them.
   */
  async function monitorCaughtUp(): Promise<number> {
    const echo = `marker-${randomUUID()}`;
    await marker.sendCommand(["ECHO", echo]);
    await until(() => commands.some((line) => line.includes(echo)), "MONITOR to report the marker");
    return commands.findIndex((line) => line.includes(echo));
  }

  beforeAll(async () => {
    redis = await startRedisServer();
    app = await startApp({ REDIS_URL: redis.url, LEADERBOARD_SIZE: "10" });
    api = client(app.baseUrl);
    monitor = createClient({ url: redis.url, RESP: 2 });
    marker = createClient({ url: redis.url, RESP: 2 });
    await Promise.all([monitor.connect(), marker.connect()]);
    await monitor.monitor((line) => commands.push(line));
  }, 120_000);
  afterAll(async () => {
    await monitor?.destroy();
    await marker?.destroy();
    await app?.stop();
    await redis?.stop();
  });

  it("200 clients on one process cost the store one watcher's reads, and a referral reaches every client through one read of the list", { timeout: 120_000 }, async () => {
    const referrer = randomWallet();
    await api.post("/api/user/init", { wallet: referrer });
    await api.post("/api/referral/record", { wallet: randomWallet(), refCode: refCodeOf(referrer) });

    const clients = await Promise.all(Array.from({ length: 200 }, () => openStream(app.baseUrl)));
    await until(() => clients.every((c) => c.events.length >= 1), "every client's first list");
    const first = clients[0]!.events[0]!;
    expect(first.entries.map((e) => e.wallet)).toContain(referrer);
    for (const c of clients) expect(c.events[0]!.entries).toEqual(first.entries);

    // A quiet board: what 200 open streams ask of the store, over five of the watcher's reads.
    const quietFrom = (await monitorCaughtUp()) + 1;
    const quietStart = Date.now();
    await until(() => commands.slice(quietFrom).filter(isBoardRead).length >= 5, "five reads of the watcher");
    const quiet = commands.slice(quietFrom, await monitorCaughtUp());
    const quietSeconds = (Date.now() - quietStart) / 1000;
    console.log(`[live-board] 200 open streams, quiet board: ${quiet.filter(isBoardRead).length} watcher reads in ${quietSeconds.toFixed(1)} s`);
    // Nothing but the watcher's reads of the version: no stream reads on its own, and an unmoved board's list is never read.
    expect(quiet.filter((line) => !isBoardRead(line) && !/"GET" "[^"]*lb:version"/.test(line))).toEqual([]);
    expect(quiet.filter(isListRead)).toEqual([]);

    // A referral: every client gets the new list, and one read of the list brought it to all 200.
    const newcomer = randomWallet();
    const changeFrom = (await monitorCaughtUp()) + 1;
    const sent = Date.now();
    expect((await api.post("/api/referral/record", { wallet: newcomer, refCode: refCodeOf(referrer) })).status).toBe(200);
    const arrival = (c: StreamClient) => c.events.find((e) => e.entries.some((entry) => entry.wallet === newcomer))?.at;
    await until(() => clients.every((c) => arrival(c) !== undefined), "the new list on every client");
    const allAt = Math.max(...clients.map((c) => arrival(c)!));
    const change = commands.slice(changeFrom, await monitorCaughtUp());
    console.log(`[live-board] the referral reached all 200 clients ${allAt - sent} ms after it was sent; ${change.filter(isBoardRead).length} watcher reads meanwhile`);
    // A watcher per stream would read the list once per client.
    expect(change.filter(isListRead)).toHaveLength(1);
    const updated = clients[0]!.events.at(-1)!;
    expect(updated.id).toBeGreaterThan(first.id);
    // The board is this test's alone so far: its referrer leads it.
    expect(updated.entries[0]).toEqual({ rank: 1, wallet: referrer, referrals_count: 2, rewards: 40 });
    for (const c of clients) {
      expect(c.events.at(-1)!.entries).toEqual(updated.entries);
      // Ids only grow.
      expect(c.events.map((e) => e.id)).toEqual([...c.events.map((e) => e.id)].sort((a, b) => a - b));
    }
    for (const c of clients) c.close();
  });

  it("the server does not read Last-Event-ID: a reconnection gets the current list, whatever id it names", async () => {
    const referrer = randomWallet();
    await api.post("/api/user/init", { wallet: referrer });
    await api.post("/api/referral/record", { wallet: randomWallet(), refCode: refCodeOf(referrer) });
    const list = await fetch(`${app.baseUrl}/api/leaderboard`);
    const version = Number(/^"(\d+)-all"$/.exec(list.headers.get("etag") ?? "")?.[1]);
    const entries = (await list.json()) as Entry[];
    expect(entries.map((e) => e.wallet)).toContain(referrer);

    // None, an older id (a stream cut mid-way), the current one, and one the board never had.
    for (const lastEventId of [undefined, String(version - 1), String(version), String(version + 1_000)]) {
      const stream = await openStream(app.baseUrl, lastEventId);
      await until(() => stream.events.some((e) => e.id === version), `the list of version ${version} with Last-Event-ID ${lastEventId}`, 10_000);
      expect(stream.events.find((e) => e.id === version)!.entries).toEqual(entries);
      stream.close();
      expect(await stream.ended).toBe("error");
    }
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
