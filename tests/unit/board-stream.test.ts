/**
 * The stream's watcher and one stream's framing, on fake timers: a read a second only while a
 * stream is open, the list only when the version moved, one read at a time, failures that leave the
 * streams open; events with growing ids, the heartbeat, the end at the time limit and on endAll.
 * The real thing over HTTP is tests/api/live-board.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LeaderboardEntry } from "@/lib/contract/schemas";
import { BoardWatcher, boardStream, HEARTBEAT_MS, POLL_MS, STOPPING_RETRY_MS, type ReadTop } from "@/lib/services/board-stream";

const entry = (wallet: string, rewards: number): LeaderboardEntry => ({ rank: 1, wallet, referrals_count: rewards / 20, rewards });

/** A board whose version the test moves; counts the reads and the lists read. */
function fakeBoard() {
  const board = { version: 1, entries: [entry("0xa", 20)], reads: 0, lists: 0, fail: false };
  const read: ReadTop = async (known) => {
    board.reads++;
    if (board.fail) throw new Error("store down");
    if (known === board.version) return { version: board.version, entries: null };
    board.lists++;
    return { version: board.version, entries: board.entries };
  };
  return { board, read };
}

/** Reads what a stream sent so far, as text. */
async function drain(response: Response): Promise<{ text: () => string; done: () => boolean }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let done = false;
  void (async () => {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) {
        done = true;
        return;
      }
      text += decoder.decode(chunk.value);
    }
  })();
  return { text: () => text, done: () => done };
}

const settle = async (ms = 0) => {
  await vi.advanceTimersByTimeAsync(ms);
};

describe("the board watcher", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads once a second while someone listens, the list only when the version moved, and stops with the last listener", async () => {
    const { board, read } = fakeBoard();
    const watcher = new BoardWatcher(read);
    const got: number[] = [];
    const leave = watcher.subscribe({ send: (s) => got.push(s.version), stop: () => {} });
    await settle();
    expect([board.reads, board.lists, got]).toEqual([1, 1, [1]]);

    // The next read comes at POLL_MS exactly, not a millisecond before.
    await settle(POLL_MS - 1);
    expect(board.reads).toBe(1);
    await settle(1);
    expect(board.reads).toBe(2);
    await settle(4 * POLL_MS);
    expect([board.reads, board.lists]).toEqual([6, 1]);

    board.version = 2;
    board.entries = [entry("0xb", 40)];
    await settle(POLL_MS);
    expect([board.lists, got]).toEqual([2, [1, 2]]);

    // A second listener gets the list held now, without a read of its own.
    const late: number[] = [];
    const leaveLate = watcher.subscribe({ send: (s) => late.push(s.version), stop: () => {} });
    expect([late, board.reads]).toEqual([[2], 7]);

    leave();
    leaveLate();
    expect(watcher.size).toBe(0);
    await settle(10 * POLL_MS);
    expect(board.reads).toBe(7);
  });

  it("a failing store leaves the listeners open; the next tick reads again", async () => {
    const { board, read } = fakeBoard();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const watcher = new BoardWatcher(read);
    board.fail = true;
    const got: number[] = [];
    watcher.subscribe({ send: (s) => got.push(s.version), stop: () => {} });
    await settle(2 * POLL_MS);
    expect(got).toEqual([]);
    expect(errors).toHaveBeenCalled();
    board.fail = false;
    await settle(POLL_MS);
    expect(got).toEqual([1]);
    watcher.endAll();
    errors.mockRestore();
  });

  it("one read at a time: a store slower than the tick never piles reads up", async () => {
    let pending = 0;
    let most = 0;
    const slow: ReadTop = async () => {
      most = Math.max(most, ++pending);
      await new Promise((r) => setTimeout(r, 3 * POLL_MS));
      pending--;
      return { version: 1, entries: [] };
    };
    const watcher = new BoardWatcher(slow);
    watcher.subscribe({ send: () => {}, stop: () => {} });
    await settle(10 * POLL_MS);
    expect(most).toBe(1);
    watcher.endAll();
  });
});

describe("one stream", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends retry, then each list as an event with the version as its id, a heartbeat every 15 s, and ends at its time limit", async () => {
    const { board, read } = fakeBoard();
    const watcher = new BoardWatcher(read);
    const response = boardStream(watcher, new AbortController().signal, 60_000);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const stream = await drain(response);
    await settle();
    expect(stream.text()).toBe(`retry: 1000\n\nid: 1\ndata: ${JSON.stringify(board.entries)}\n\n`);

    board.version = 3;
    await settle(POLL_MS);
    expect(stream.text()).toBe(`retry: 1000\n\nid: 1\ndata: ${JSON.stringify(board.entries)}\n\nid: 3\ndata: ${JSON.stringify(board.entries)}\n\n`);
    // The heartbeat at HEARTBEAT_MS after the start, not a millisecond before.
    const heartbeats = () => stream.text().split(": heartbeat\n\n").length - 1;
    await settle(HEARTBEAT_MS - POLL_MS - 1);
    expect(heartbeats()).toBe(0);
    await settle(1);
    expect(heartbeats()).toBe(1);

    // The end at the time limit, not a millisecond before.
    await settle(60_000 - HEARTBEAT_MS - 1);
    expect([stream.done(), watcher.size]).toEqual([false, 1]);
    await settle(1);
    expect([stream.done(), watcher.size]).toEqual([true, 0]);
  });

  it("ends when the client goes away, and on endAll (SIGTERM)", async () => {
    const { read } = fakeBoard();
    const watcher = new BoardWatcher(read);
    const client = new AbortController();
    const gone = await drain(boardStream(watcher, client.signal, 60_000));
    const open = await drain(boardStream(watcher, new AbortController().signal, 60_000));
    await settle();
    expect(watcher.size).toBe(2);
    client.abort();
    await settle();
    expect([gone.done(), watcher.size]).toEqual([true, 1]);
    watcher.endAll();
    await settle();
    expect([open.done(), watcher.size]).toEqual([true, 0]);
    // Stopping: the browser is told to wait past the keep-alive timeout, so that its connection can close.
    expect(open.text().endsWith(`retry: ${STOPPING_RETRY_MS}\n\n`)).toBe(true);
    // A browser reconnecting while the process stops gets a stream that ends at once, and leaves no timer behind.
    const late = await drain(boardStream(watcher, new AbortController().signal, 60_000));
    await settle();
    expect([late.done(), watcher.size, vi.getTimerCount()]).toEqual([true, 0, 0]);
  });
});
