/**
 * The fan-out of GET /api/leaderboard/stream on one `next start`: with N streams open, what the
 * process asks the store per second (its one watcher's reads, counted by MONITOR), how long a
 * referral takes to reach every stream, and the memory each open stream costs the process.
 */
import { readFileSync } from "node:fs";
import { refCodeOf } from "@/lib/domain/wallet";
import { fresh } from "@/scripts/bench/requests";

export interface FanOutRow {
  clients: number;
  /** Store commands per second while the board is quiet and N streams are open. */
  storeReadsPerSecond: number;
  /** From the referral's response to each stream's event with it: the median and the slowest stream. */
  deliveryP50Ms: number;
  deliveryMaxMs: number;
  /** Resident memory the process grew by per open stream (KiB); null where /proc is missing. */
  rssPerStreamKiB: number | null;
}

interface Stream {
  /** When each event arrived, by event id. */
  arrivals: Map<number, number>;
  close(): void;
}

async function openStream(baseUrl: string): Promise<Stream> {
  const abort = new AbortController();
  const arrivals = new Map<number, number>();
  const res = await fetch(`${baseUrl}/api/leaderboard/stream`, { signal: abort.signal });
  if (res.status !== 200 || !res.body) throw new Error(`GET /api/leaderboard/stream answered ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const id = /^id: (\d+)$/m.exec(buffer.slice(0, end))?.[1];
          if (id !== undefined) arrivals.set(Number(id), performance.now());
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // closed by close()
    }
  })();
  return { arrivals, close: () => abort.abort() };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (const started = performance.now(); !condition(); await new Promise((r) => setTimeout(r, 10))) {
    if (performance.now() - started > 60_000) throw new Error(`fan-out: gave up waiting for ${what}`);
  }
}

function rssKiB(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/**
 * For each count of streams: opens them, counts the store's commands over `quietSeconds`, records
 * one referral to `referrer` and times its arrival on every stream, then closes them.
 */
export async function measureFanOut(options: {
  baseUrl: string;
  pid: number;
  counts: number[];
  quietSeconds: number;
  referrer: string;
  countCommands: <T>(run: () => Promise<T>) => Promise<{ result: T; commands: number }>;
}): Promise<FanOutRow[]> {
  const rows: FanOutRow[] = [];
  for (const clients of options.counts) {
    const before = rssKiB(options.pid);
    const streams = await Promise.all(Array.from({ length: clients }, () => openStream(options.baseUrl)));
    try {
      await until(() => streams.every((s) => s.arrivals.size > 0), "every stream's first list");
      const after = rssKiB(options.pid);
      const quiet = await options.countCommands(() => new Promise((r) => setTimeout(r, options.quietSeconds * 1000)));
      const last = Math.max(...streams.flatMap((s) => [...s.arrivals.keys()]));
      const res = await fetch(`${options.baseUrl}/api/referral/record`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ wallet: fresh(), refCode: refCodeOf(options.referrer) }),
      });
      const answered = performance.now();
      if (res.status !== 200) throw new Error(`the fan-out's referral answered ${res.status}`);
      const newer = (s: Stream) => [...s.arrivals].find(([id]) => id > last)?.[1];
      await until(() => streams.every((s) => newer(s) !== undefined), "the new list on every stream");
      const delays = streams.map((s) => Math.max(0, newer(s)! - answered)).sort((a, b) => a - b);
      rows.push({
        clients,
        storeReadsPerSecond: quiet.commands / options.quietSeconds,
        deliveryP50Ms: percentile(delays, 50),
        deliveryMaxMs: delays.at(-1)!,
        rssPerStreamKiB: before === null || after === null ? null : Math.max(0, after - before) / clients,
      });
    } finally {
      for (const stream of streams) stream.close();
    }
    // The server notices the closed streams; the next count starts from none.
    await new Promise((r) => setTimeout(r, 500));
  }
  return rows;
}
