/**
 * GET /api/leaderboard/stream: Server-Sent Events of the top list. One watcher per process serves
 * every open stream: while at least one is open it reads the board version once a second (readBoard
 * with the version it has, so the store answers the version alone while nothing moved) and the
 * list only when the version moves, then hands the new list to every stream. A stream sends the
 * current list at once, each new one with the version as its event id (which only grows), and a
 * comment every 15 s so that proxies keep it open. It ends cleanly on SIGTERM and before the
 * platform's function time runs out; the browser's EventSource then reconnects by itself, with
 * Last-Event-ID, and gets the current list at once.
 */
import "server-only";
import type { LeaderboardEntry } from "@/lib/contract/schemas";
import { readBoard } from "@/lib/services/leaderboard";
import type { Deps } from "@/lib/services/context";

export const POLL_MS = 1_000;
export const HEARTBEAT_MS = 15_000;
/** What the browser waits before it reconnects after a stream ended. */
const RETRY_MS = 1_000;
/**
 * What it waits when the process is stopping: longer than Node's keep-alive timeout (5 s), so that
 * its connection goes idle and closes and the server can exit, instead of serving a reconnection a
 * second on the same connection; by then another instance answers.
 */
export const STOPPING_RETRY_MS = 10_000;

export interface BoardSnapshot {
  version: number;
  entries: LeaderboardEntry[];
}

interface Subscriber {
  send(snapshot: BoardSnapshot): void;
  /** The process is stopping: end the stream now. */
  stop(): void;
}

/** Reads the top list unless the board is still at `version` (entries null then). */
export type ReadTop = (version: number | undefined) => Promise<{ version: number; entries: LeaderboardEntry[] | null }>;

export class BoardWatcher {
  private readonly subscribers = new Set<Subscriber>();
  private snapshot: BoardSnapshot | null = null;
  /** Set by endAll: the process is stopping, and a browser reconnecting meanwhile must not hold it up. */
  private closed = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly readList: ReadTop,
    private readonly pollMs = POLL_MS,
  ) {}

  /** Adds a stream; it gets the current list as soon as there is one. Returns its removal. */
  subscribe(subscriber: Subscriber): () => void {
    if (this.closed) {
      subscriber.stop();
      return () => {};
    }
    this.subscribers.add(subscriber);
    if (this.snapshot) subscriber.send(this.snapshot);
    if (!this.timer) {
      this.timer = setInterval(() => void this.poll(), this.pollMs);
      // A process with nothing else to do may exit: the streams hold it, not the timer.
      this.timer.unref?.();
      void this.poll();
    }
    return () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size === 0) this.stop();
    };
  }

  /** Streams open now. */
  get size(): number {
    return this.subscribers.size;
  }

  /** Ends every stream (SIGTERM): the server can then close. */
  endAll(): void {
    this.closed = true;
    for (const subscriber of [...this.subscribers]) subscriber.stop();
    this.subscribers.clear();
    this.stop();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // The list goes stale while nobody watches: the next stream starts from a fresh read.
    this.snapshot = null;
  }

  /** One read at a time: a slow store never piles reads up. */
  private poll(): Promise<void> {
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async read(): Promise<void> {
    try {
      const read = await this.readList(this.snapshot?.version);
      if (read.entries === null || !this.timer) return;
      if (this.snapshot && read.version <= this.snapshot.version) return;
      this.snapshot = { version: read.version, entries: read.entries };
      for (const subscriber of this.subscribers) subscriber.send(this.snapshot);
    } catch (error) {
      // The streams stay open and the next tick tries again; the log says why they are quiet.
      console.error("[refboard] leaderboard watcher read failed:", error);
    }
  }
}

let watcher: BoardWatcher | undefined;

/** The process's watcher, created on the first stream; SIGTERM ends its streams so that the server can close. */
export function boardWatcher(deps: () => Promise<Deps>, limit: number): BoardWatcher {
  if (!watcher) {
    const created = new BoardWatcher(async (version) => readBoard(await deps(), limit, "all", version));
    process.once("SIGTERM", () => created.endAll());
    watcher = created;
  }
  return watcher;
}

const encoder = new TextEncoder();

/** The SSE response of one client: the current list at once, then each new one; ends at `endAfterMs` or SIGTERM. */
export function boardStream(source: BoardWatcher, signal: AbortSignal, endAfterMs: number): Response {
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const write = (text: string) => {
        if (open) controller.enqueue(encoder.encode(text));
      };
      const end = () => {
        if (!open) return;
        open = false;
        cleanup();
        controller.close();
      };
      write(`retry: ${RETRY_MS}\n\n`);
      const heartbeat = setInterval(() => write(": heartbeat\n\n"), HEARTBEAT_MS);
      const deadline = setTimeout(end, endAfterMs);
      const onAbort = () => end();
      signal.addEventListener("abort", onAbort);
      let unsubscribe = () => {};
      cleanup = () => {
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(deadline);
        signal.removeEventListener("abort", onAbort);
      };
      // Last: a stopping process ends the stream at once, and everything above is already in place to be undone.
      unsubscribe = source.subscribe({
        send: (snapshot) => write(`id: ${snapshot.version}\ndata: ${JSON.stringify(snapshot.entries)}\n\n`),
        stop: () => {
          write(`retry: ${STOPPING_RETRY_MS}\n\n`);
          end();
        },
      });
      if (!open) unsubscribe();
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      // nginx and similar proxies would otherwise buffer the events.
      "x-accel-buffering": "no",
    },
  });
}
