/** The findings of docs/benchmarks.md: what this run's figures show, and where the CPU goes by the profiles taken by hand. */
import { endpointCosts, FLOOR_TARGETS, medianOf, sizeLabel, type BenchReport, type Row } from "@/scripts/bench/report";
import type { Backend } from "@/scripts/bench/stores";

function p50(rows: Row[], endpoint: string, backend: Row["backend"], size: number, server: "next" | "bare"): number | undefined {
  return rows.find((r) => r.endpoint === endpoint && r.backend === backend && r.size === size)?.[server]?.p50;
}

/** Observations that follow from the figures of this run, with what profiles by hand found (the Method says how). */
export function findings(report: BenchReport): string[] {
  const { rows } = report;
  const out: string[] = [];
  // Over the rows with a bare twin: the same endpoints on both servers.
  const twinned = rows.filter((r) => r.bare);
  const nextCpu = medianOf(twinned.map((r) => r.nextCpuMs));
  const bareCpu = medianOf(twinned.map((r) => r.bareCpuMs));
  if (nextCpu !== null && bareCpu !== null) {
    out.push(
      `**Framework overhead is a fixed cost per request.** \`next start\` used a median ${nextCpu.toFixed(2)} ms of CPU per ` +
        `request, the bare server ${bareCpu.toFixed(2)} ms for the same services, schemas and store (x${(nextCpu / bareCpu).toFixed(0)}). ` +
        `Where the store work is small (one Lua script over a local socket, one SQLite statement) that fixed cost sets the ` +
        `throughput, so Next/bare is lowest on the cheapest endpoints and highest where the store or the network dominates ` +
        `(the leaderboard, Upstash REST).`,
    );
  }
  out.push(
    "**Where next start's CPU goes** (profiled by hand, not by the bench: `node --cpu-prof` on `next start`, 10,000 " +
      "requests of GET /api/referral/check on Redis TCP, Node 20). Everything under `lib/http/handle.ts` (body and query " +
      "parsing with zod, the service, the store's one EVALSHA, the request log line) is about 4% of the process's CPU; " +
      "garbage collection is about 16%; the rest is Next.js itself: route resolution, the Web Request/Response objects and " +
      "their streams, AsyncLocalStorage (on Node 20 every promise created inside a request pays a promise hook). There is no per-request client " +
      "creation, script loading or configuration parsing left to remove: `deps()`, `config()` and the store are built once.",
  );
  const costs = new Map(endpointCosts(report).map((c) => [c.endpoint, c]));
  const board = costs.get("GET /api/leaderboard");
  const health = costs.get("GET /api/health");
  out.push(
    "**GET /api/leaderboard** (profiled by hand, not by the bench: a CPU profile of `next start` taken after 3,000 " +
      "warm-up requests, over 8,000 requests of GET /api/leaderboard and as many of GET /api/health, Redis TCP at 100k, " +
      "Node 20). Before it kept the top list between requests, it cost about 0.6 ms of CPU more per request than " +
      "GET /api/health: garbage collection about 0.13 ms, writing its 10 kB body 0.09 ms, `JSON.stringify` in " +
      "`Response.json` 0.04 ms, node-redis decoding the script's reply of 300 elements 0.03 ms and checking " +
      "each wallet and number in it 0.03 ms, the rest spread thinly over Next's own code. No zod schema parses the " +
      "response, and the log line is every route's. Now read-board.lua answers the page as one string, or the board " +
      "version alone when the request's If-None-Match names the current version, and SQLite reads the all-time rows " +
      "again only after the board version moved: every request still asks the store, so a change shows at the next " +
      "request. This bench sends no If-None-Match and runs the reads before the writes, so its leaderboard figures " +
      "are of an unchanged list, read in full from Redis and kept by SQLite; a changed one costs one full read, as before." +
      (typeof board?.ratio === "number" && typeof health?.ratio === "number"
        ? ` In this run its CPU/floor is ${board.ratio.toFixed(2)}, GET /api/health's ${health.ratio.toFixed(2)}.`
        : ""),
  );
  out.push(
    "**Where Upstash REST's CPU goes** (profiled by hand with `scripts/bench/profile.ts`, see Method: 20 s of one " +
      "endpoint on the Upstash 1k store, Node 20; shares of `next start`'s busy main thread). With @upstash/redis's own " +
      "HTTP client, which calls the global `fetch` (inside `next start`, Next's patched fetch over undici), GET /api/leaderboard " +
      "cost 1.75 ms of CPU per request under the profiler: undici's fetch machinery 35% (the request's Headers, Request and " +
      "Response objects, their WHATWG streams, an AbortSignal per request, the socket write), Next's fetch patch 8% with " +
      "what it calls (1% its own code), @upstash/redis 11% with what it calls (base64-decoding the reply 1%, its JSON.parse " +
      "less), garbage collection 22%. GET /api/health (one PING) showed the same shares. `lib/store/redis/upstash.ts` now " +
      "gives @upstash/redis a requester of its own (the client's documented `Requester`): one POST per command over " +
      "`node:http` with a keep-alive agent, plain JSON replies (no base64), one timer as the deadline over the whole " +
      "exchange, no retry. The same profile then: 1.00 ms per request; the client and `node:http` 18%, half of it the " +
      "one `writev` system call that sends the request (on loopback the sender's system call also runs the receiving " +
      "side's TCP processing); @upstash/redis 3%; undici's remaining 14% is Next's own Request and Response of the route, " +
      "which the empty route pays too. What is left above Redis TCP is that one HTTP/1.1 exchange per command: node-redis " +
      "on a TCP connection writes the commands of concurrent requests together (its whole share, writes included, was 3% " +
      "of GET /api/health's profile), while HTTP/1.1 without pipelining needs a request, and a system call, per command. " +
      "Against the same profile on Redis TCP (0.69 ms per request), GET /api/leaderboard's `writev` took 0.09 ms more per " +
      "request and `node:http`'s client about 0.03 ms; no other function differed by more than 0.015 ms.",
  );
  out.push(
    "**Where SQLite's and Redis TCP's CPU above the floor goes** (profiled by hand with `scripts/bench/profile.ts` at 1k " +
      "wallets, Node 20). POST /api/referral/record on SQLite, 1.24 ms per request under the profiler: better-sqlite3's " +
      "commit 17% and the fact's 35 statements about 15% (the board's points 3.3%, the day's counters 3.3%, the referral " +
      "1.8%, registering both wallets 1.3%, the visitor sketches 1.2%, the referrer's signals 0.9%), garbage collection " +
      "9%, the rest Next, undici and the response's stream; zod, isbot, the rate limiter and the webhook outbox each under " +
      "0.5%. A referral dirties 25 to 31 pages (`wallets` and its referees index, `ref_codes`, `leaderboard_entries` with " +
      "its order and wallet indexes, six `leaderboard_counts` leaves, the score and referral totals, the board version, " +
      "the day's analytics rows and sketches, the referrer's signals with their index), each written to the WAL at " +
      "commit: 0.20 ms of a request in-process at 1k wallets, 0.37 ms at 100k, about 40% of it system time. Fewer pages " +
      "per write would take a narrower schema (the wallet index of the board's entries alone costs about 4 pages), not " +
      "less code. GET /api/leaderboard/around on SQLite: the store is 14% of the profile (0.06 ms in-process: the rank 15 " +
      "µs, four covering-index reads of 15 to 18 µs); the rest above the floor is Next's handling, the response write and " +
      "GC. On Redis TCP a referral's store call costs 0.085 ms in-process, while GC was 26% of `next start`'s profile " +
      "under load: the target 3 profiles below showed garbage collection 0.05 to 0.5 ms per request above the floor's on " +
      "Redis TCP against 0.01 to 0.06 on SQLite, and a heap snapshot of `next start` after 8,000 requests of GET /api/health " +
      "held 10,244 of their URL and Headers objects, kept alive by 5,121 timers of node-redis: its default command timeout " +
      "(5 s, an `AbortSignal.timeout` per command, left on although the store has its own deadline) keeps the async " +
      "context of the request that sent the command until it fires. With it off (`commandOptions: { timeout: 0 }`), the " +
      "heap after a full collection stays at 86 to 91 MB over 20,000 requests, where it grew from 45 to 414 MB " +
      "(`node --trace-gc` on `next start`, 10 connections). In every request, our own fixed share is the log line (about " +
      "3%, half of it Next's wrapper of `console`, which it now bypasses: one write to stdout) and scheduling the events' " +
      "after-work (about 1.5%). Removed after these profiles: two reads back per wallet a write registers on SQLite (four " +
      "statements per referral), a WAL checkpoint every ~30 referrals (now every 10,000 pages: 0.245 -> 0.20 ms per " +
      "referral in-process), node-redis's own timer per command, `console.log` for the log line, and the all-time " +
      "board's neighbour reads now answered by their index alone.",
  );
  const perBackend = (backend: Backend) => medianOf([...costs.values()].filter((c) => c.judged).map((c) => c.byBackend[backend] ?? null));
  const [upstash, tcp] = [perBackend("upstash"), perBackend("redis")];
  if (upstash !== null && tcp !== null && upstash > FLOOR_TARGETS.upstash && upstash > 1.5 * tcp) {
    out.push(
      `**Upstash REST adds about the same to every endpoint.** The median public endpoint's CPU/floor is ${upstash.toFixed(2)} ` +
        `on Upstash REST against ${tcp.toFixed(2)} on Redis TCP, GET /api/health (one PING) included: the REST client's ` +
        `HTTP exchange per command costs more CPU than a command on a Redis connection (see where it goes above), whatever ` +
        `the endpoint asks, so on that backend no endpoint's own code can bring it within ${FLOOR_TARGETS.upstash}. Target 3 ` +
        `judges each backend on its own.`,
    );
  }
  const sqliteSizes = [...new Set(rows.filter((r) => r.backend === "sqlite").map((r) => r.size))].sort((a, b) => a - b);
  if (sqliteSizes.length >= 2) {
    const [small, large] = [sqliteSizes[0]!, sqliteSizes.at(-1)!];
    const a = p50(rows, "GET /api/leaderboard/user", "sqlite", small, "bare");
    const b = p50(rows, "GET /api/leaderboard/user", "sqlite", large, "bare");
    if (a !== undefined && b !== undefined) {
      out.push(
        `**SQLite rank against N.** GET /api/leaderboard/user on the bare server: p50 ${a.toFixed(2)} ms at ` +
          `${sizeLabel(small)}, ${b.toFixed(2)} ms at ${sizeLabel(large)} (x${(b / a).toFixed(2)}). SQLite has no ` +
          `order-statistic index, so lib/store/sqlite/leaderboard.ts keeps entry counts per score and time bucket (maintained by ` +
          `triggers in the same statement as each write) and reads the rank from them; Redis answers with ZREVRANK, O(log N).`,
      );
    }
  }
  return out;
}

