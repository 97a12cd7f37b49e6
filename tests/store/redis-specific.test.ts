/**
 * What only the Redis backends promise: scripts as data, one round trip per call, the index rebuild, bounded
 * waits, and the key layout of the board version and the season boards.
 */
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { createHook } from "node:async_hooks";
import { createServer as createHttpServer } from "node:http";
import { createServer as createTcpServer, type Socket } from "node:net";
import { createClient } from "redis";
import { describe, expect, it, vi } from "vitest";
import type { QualifyRule } from "@/lib/domain/qualify";
import { refCodeOf } from "@/lib/domain/wallet";
import { countingClient, RedisTimeoutError, type RoundTripCommand } from "@/lib/store/redis/client";
import { CODES_COMPLETE_FIELD, redisKeys } from "@/lib/store/redis/keys";
import { createRedisStore } from "@/lib/store/redis";
import { SCRIPT_NAMES, SCRIPTS, sha1 } from "@/lib/store/redis/run";
import { createTcpClient, createTcpRedisStore } from "@/lib/store/redis/tcp";
import { createUpstashClient, createUpstashStore } from "@/lib/store/redis/upstash";
import { freePort } from "@/tests/support/free-port";
import { startRedisServer, type RedisServer } from "@/tests/support/redis-server";
import { newPrefix, roundTrips, useRedisHarness } from "@/tests/store/redis-harness";
import type { Store } from "@/lib/store/types";
import { boardRows } from "@/tests/support/board";
import { startUpstashBridge } from "@/tests/support/upstash-bridge";
import { randomCode, randomWallet, walletWithCode } from "@/tests/support/wallets";
import { AT_ONCE, CREDIT, termsUnder } from "@/tests/support/rules";
import { STREAK_WINDOW_SECONDS } from "@/lib/domain/rulebook";

const T0 = 1_750_000_000;
const DAY = 86_400;
const { redisUrl, token, raw, cleanups, bridge, counted } = useRedisHarness();

/** A raw connection to a dedicated server, for what tests do behind the store's back. */
async function adminClient(url: string) {
  const admin = createClient({ url, RESP: 2 });
  await admin.connect();
  cleanups.push(() => admin.close());
  return admin;
}

/** A bridge in front of a dedicated server; returns its URL. */
async function dedicatedBridge(redisUrl: string): Promise<string> {
  const own = await startUpstashBridge(redisUrl, token);
  cleanups.push(() => own.stop());
  return own.url;
}

async function dedicatedRedis(port?: number): Promise<RedisServer> {
  const server = await startRedisServer(port);
  cleanups.push(() => server.stop());
  return server;
}

describe("scripts", () => {
  it("each script's SHA is the SHA1 of its text, and Redis computes the same one", async () => {
    for (const name of SCRIPT_NAMES) {
      const script = SCRIPTS[name];
      expect(script.sha).toBe(sha1(script.text));
      expect(await raw.sendCommand(["SCRIPT", "LOAD", script.text])).toBe(script.sha);
    }
  });

  it("names its inputs at the top: every script file reads KEYS and ARGV only into named locals", () => {
    for (const name of SCRIPT_NAMES) {
      const body = SCRIPTS[name].text.split("\n").filter((line) => /(KEYS|ARGV)\[\d+\]/.test(line));
      for (const line of body) expect(line, `${name}: ${line}`).toMatch(/^local \w+ = [\w(]*(KEYS|ARGV)\[\d+\]/);
    }
  });

  it.each(["tcp", "upstash"] as const)("after SCRIPT FLUSH a call falls back to EVAL once, then EVALSHA again (%s)", async (backend) => {
    const server = await dedicatedRedis();
    const url = backend === "tcp" ? server.url : await dedicatedBridge(server.url);
    const { store, calls } = counted(backend, newPrefix(), url);
    const wallet = randomWallet();
    await store.registerWallet(wallet, T0);
    await (await adminClient(server.url)).sendCommand(["SCRIPT", "FLUSH"]);
    expect(await roundTrips(calls, () => store.getReferralInfo(wallet, T0))).toEqual(["evalsha", "eval"]);
    expect(await roundTrips(calls, () => store.getReferralInfo(wallet, T0))).toEqual(["evalsha"]);
  });
});

describe("keys", () => {
  it("every key carries the one hash tag {<prefix>}, so a deployment lives in one Cluster slot", async () => {
    const { store, prefix } = counted("tcp");
    const [referrer, referee] = [randomWallet(), randomWallet()];
    await store.registerWallet(referrer, T0);
    await store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now: T0, terms: AT_ONCE });
    await store.checkIn(referee, T0, DAY, null, STREAK_WINDOW_SECONDS);
    await store.getRankOrCreate(randomWallet(), T0);
    await store.resolveRefCode(randomCode());
    const keys = (await raw.sendCommand(["KEYS", `*${prefix}*`])) as string[];
    expect(keys.length).toBeGreaterThanOrEqual(5);
    for (const key of keys) expect(key.startsWith(`{${prefix}}:`), key).toBe(true);
    const k = redisKeys(prefix);
    for (const key of [k.wallet(referee), k.codes, k.codesRebuildLock, k.leaderboard, k.activeReferrers]) {
      expect(key.startsWith(`{${prefix}}:`)).toBe(true);
    }
  });

  it("the referrer is tracked as active; the leaderboard stores the exact negated composite", async () => {
    const { store, prefix } = counted("tcp");
    const k = redisKeys(prefix);
    const [referrer, referee] = [randomWallet(), randomWallet()];
    // A score far beyond what 14 significant digits (Lua's tostring) could carry.
    const big = 543_210n;
    const composite = (score: bigint, reachedAt: bigint) => -(score * 10_000_000_000n + (9_999_999_999n - reachedAt));
    await raw.sendCommand(["ZADD", k.leaderboard, String(composite(big, BigInt(T0 - 5))), referrer]);
    await store.registerWallet(referrer, T0);
    await store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now: T0 + 7, terms: AT_ONCE });
    expect(await raw.sendCommand(["ZSCORE", k.leaderboard, referrer])).toBe(String(composite(big + 1n, BigInt(T0 + 7))));
    expect(await raw.sendCommand(["ZSCORE", k.leaderboard, referee])).toBe(String(composite(1n, BigInt(T0 + 7))));
    expect((await store.getWalletState(referrer)).score).toBe(Number(big) + 1);
    expect(await boardRows(store, 1)).toEqual([{ wallet: referrer, score: Number(big) + 1, referralsCount: 1 }]);
    expect(await raw.sendCommand(["SMEMBERS", k.activeReferrers])).toEqual([referrer]);
  });

  it("stored values are parsed, never trusted: a corrupt count is an error, not data", async () => {
    const { store, prefix } = counted("tcp");
    const wallet = randomWallet();
    await raw.sendCommand(["HSET", redisKeys(prefix).wallet(wallet), "referralsCount", "lots"]);
    await expect(store.getWalletState(wallet)).rejects.toThrow(/Unexpected reply/);
  });
});

describe.each(["tcp", "upstash"] as const)("round trips (%s)", (backend) => {
  it("every Store method costs exactly one round trip", async () => {
    const { store, calls } = counted(backend);
    const [referrer, referee, other] = [randomWallet(), randomWallet(), randomWallet()];
    const [byCheckIn, byNftMint, byCredit] = [randomWallet(), randomWallet(), randomWallet()];
    // Warm-up: scripts into the server's cache, the (empty) code index marked complete.
    await store.resolveRefCode(randomCode());
    await store.registerWallet(other, T0);
    await store.recordReferral({ referee: other, refCode: refCodeOf(other), selfReferral: true, now: T0, terms: AT_ONCE });
    for (const name of SCRIPT_NAMES.filter((n) => !n.startsWith("rebuild"))) {
      await raw.sendCommand(["SCRIPT", "LOAD", SCRIPTS[name].text]);
    }

    const record = (referee: string, refCode: string, selfReferral = false, qualify?: QualifyRule) =>
      store.recordReferral({ referee, refCode, selfReferral, now: T0, terms: termsUnder(qualify ?? "none") });
    const ops: [string, () => Promise<unknown>][] = [
      ["registerWallet", () => store.registerWallet(referrer, T0)],
      ["getReferralInfo", () => store.getReferralInfo(referrer, T0)],
      ["resolveRefCode (known)", () => store.resolveRefCode(refCodeOf(referrer))],
      ["resolveRefCode (unknown)", () => store.resolveRefCode(randomCode())],
      ["getReferrer", () => store.getReferrer(referee)],
      ["recordReferral (recorded)", () => record(referee, refCodeOf(referrer))],
      ["recordReferral (already)", () => record(referee, refCodeOf(other))],
      ["recordReferral (self)", () => record(other, refCodeOf(other), true)],
      ["recordReferral (not found)", () => record(other, randomCode())],
      ["getWalletState", () => store.getWalletState(referrer)],
      ["checkIn (done)", () => store.checkIn(referrer, T0, DAY, null, STREAK_WINDOW_SECONDS)],
      ["checkIn (cooldown)", () => store.checkIn(referrer, T0 + 1, DAY, null, STREAK_WINDOW_SECONDS)],
      ["completeSocialTask", () => store.completeSocialTask(referrer, "fc_follow", T0)],
      ["markNftMint", () => store.markNftMint(referrer, T0, null)],
      ["recordReferral (pending, checkin)", () => record(byCheckIn, refCodeOf(referrer), false, "checkin")],
      ["checkIn (credits the referral)", () => store.checkIn(byCheckIn, T0, DAY, CREDIT, STREAK_WINDOW_SECONDS)],
      ["recordReferral (pending, nft_mint)", () => record(byNftMint, refCodeOf(referrer), false, "nft_mint")],
      ["markNftMint (credits the referral)", () => store.markNftMint(byNftMint, T0, CREDIT)],
      ["recordReferral (pending, onchain)", () => record(byCredit, refCodeOf(referrer), false, "onchain")],
      ["creditReferral (credits)", () => store.creditReferral(byCredit, T0, CREDIT)],
      ["creditReferral (nothing waits)", () => store.creditReferral(byCredit, T0, CREDIT)],
      ["readBoardOverview", () => store.readBoardOverview(3)],
      ["getRankOrCreate", () => store.getRankOrCreate(randomWallet(), T0)],
      ["getBoardVersion", () => store.getBoardVersion()],
      ["readBoard", () => store.readBoard("all", 10)],
      ["readBoard (a season)", () => store.readBoard({ season: 1 }, 10)],
      ["getAround", () => store.getAround("all", referrer, 5)],
      ["getAround (no entry)", () => store.getAround({ season: 1 }, referrer, 5)],
      ["getSeasonRank", () => store.getSeasonRank(1, referrer)],
      ["countLeaderboard (a season)", () => store.countLeaderboard({ season: 1 })],
      ["scanLeaderboard (a season)", () => store.scanLeaderboard("0", 10, { season: 1 })],
    ];
    for (const [name, op] of ops) expect(await roundTrips(calls, op), name).toEqual(["evalsha"]);
    const { version } = await store.readBoard("all", 1);
    expect(await roundTrips(calls, () => store.readBoard("all", 10, version)), "readBoard (unchanged)").toEqual(["evalsha"]);
    // Each qualifying step above credited inside its one script.
    expect(await store.getWalletState(referrer)).toMatchObject({ referralsCount: 4, pendingReferrals: 0 });
    expect(await roundTrips(calls, () => store.ping())).toEqual(["ping"]);
  });

  it("sign-in nonces cost one round trip each; so do all rate-limit counters of a request, in one script", async () => {
    const { store, calls, prefix } = counted(backend);
    const hits = [
      { key: `writes:ip:${randomCode()}`, limit: 5, windowSeconds: 60 },
      { key: `writes:wallet:${randomWallet()}`, limit: 5, windowSeconds: 60 },
    ];
    await store.createNonce("warmupnonce1", T0, 60); // warm-up: scripts into the cache
    await store.consumeNonce("warmupnonce1", T0);
    await store.hitRateLimits(hits, T0);
    expect(await roundTrips(calls, () => store.createNonce("roundtripnonce", T0, 60))).toEqual(["evalsha"]);
    expect(await roundTrips(calls, () => store.consumeNonce("roundtripnonce", T0))).toEqual(["evalsha"]);
    expect(await roundTrips(calls, () => store.hitRateLimits(hits, T0))).toEqual(["evalsha"]);
    // Both backends keep a counter under the key keys.ts documents, so either can take over from the other.
    const window = Math.floor(T0 / 60);
    expect(await raw.sendCommand(["GET", redisKeys(prefix).rateLimit(hits[0]!.key, window)])).toBe("2");
  });

  if (backend === "upstash") {
    it("one client call is one HTTP request (no auto-pipelining, no retries)", async () => {
      const { store, calls } = counted(backend);
      await store.getRankOrCreate(randomWallet(), T0); // warm-up: scripts into the cache
      await store.getWalletState(randomWallet());
      await store.hitRateLimits([{ key: `writes:ip:${randomCode()}`, limit: 5, windowSeconds: 60 }], T0);
      const before = bridge().requests();
      await store.getRankOrCreate(randomWallet(), T0);
      await store.getWalletState(randomWallet());
      await store.hitRateLimits(
        [
          { key: `writes:ip:${randomCode()}`, limit: 5, windowSeconds: 60 },
          { key: `writes:wallet:${randomWallet()}`, limit: 5, windowSeconds: 60 },
        ],
        T0,
      ); // both counters in one request
      expect(bridge().requests() - before).toBe(3);
      expect(calls.length).toBeGreaterThan(0);
    });
  }
});

describe.each(["tcp", "upstash"] as const)("refCode index rebuild (%s)", (backend) => {
  it("a lost index is rebuilt once from the wallets: codes resolve again, collisions to the earliest wallet", async () => {
    const { store, calls, prefix } = counted(backend);
    const k = redisKeys(prefix);
    const code = randomCode();
    const [first, second, third] = [walletWithCode(code), walletWithCode(code), walletWithCode(code)];
    const tieCode = randomCode();
    const [tieA, tieB] = [walletWithCode(tieCode), walletWithCode(tieCode)].sort();
    const plain = randomWallet();
    await store.registerWallet(second, T0 + 10);
    await store.registerWallet(first, T0); // known later, but its createdAt is older: what a rebuild goes by
    await store.registerWallet(third, T0 + 20);
    await store.registerWallet(tieB as string, T0 + 30);
    await store.registerWallet(tieA as string, T0 + 30);
    await store.registerWallet(plain, T0);
    expect(await store.resolveRefCode(code)).toBe(second);

    await raw.sendCommand(["DEL", k.codes]); // evicted: the marker goes with it

    const lookup = await roundTrips(calls, () => store.resolveRefCode(code));
    expect(lookup).toContain("scan");
    expect(await store.resolveRefCode(code)).toBe(first);
    expect(await store.resolveRefCode(tieCode)).toBe(tieA);
    expect(await store.resolveRefCode(refCodeOf(plain))).toBe(plain);
    expect(await raw.sendCommand(["HGET", k.codes, CODES_COMPLETE_FIELD])).toBe("1");
    expect(await raw.sendCommand(["EXISTS", k.codesRebuildLock])).toBe(0);
    // With the index intact, an unknown code is an O(1) miss: one round trip, no SCAN.
    expect(await roundTrips(calls, () => store.resolveRefCode(randomCode()))).toEqual(["evalsha"]);
  });

  it("recordReferral rebuilds a lost index too, then records against the code's owner", async () => {
    const { store, calls, prefix } = counted(backend);
    const referrer = randomWallet();
    const referee = randomWallet();
    await store.registerWallet(referrer, T0);
    await raw.sendCommand(["DEL", redisKeys(prefix).codes]);
    const trips = await roundTrips(calls, () =>
      store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now: T0, terms: AT_ONCE }),
    );
    expect(trips).toContain("scan");
    expect(await store.getReferrer(referee)).toBe(referrer);
    expect((await store.getWalletState(referrer)).referralsCount).toBe(1);
    const unknown = await roundTrips(calls, () =>
      store.recordReferral({ referee: randomWallet(), refCode: randomCode(), selfReferral: false, now: T0, terms: AT_ONCE }),
    );
    expect(unknown).toEqual(["evalsha"]);
  });

  it("a fresh empty database: the first miss marks the index complete, later misses scan nothing", async () => {
    const { store, calls } = counted(backend);
    expect(await store.resolveRefCode(randomCode())).toBeNull();
    expect(await roundTrips(calls, () => store.resolveRefCode(randomCode()))).toEqual(["evalsha"]);
  });

  it("many concurrent lookups from two processes rebuild the index exactly once", async () => {
    const a = counted(backend);
    const b = counted(backend, a.prefix);
    const wallets = Array.from({ length: 30 }, () => randomWallet());
    for (const [i, w] of wallets.entries()) await a.store.registerWallet(w, T0 + i);
    await raw.sendCommand(["DEL", redisKeys(a.prefix).codes]);
    a.calls.length = 0;
    b.calls.length = 0;
    const lookups = wallets.flatMap((w) => [a.store.resolveRefCode(refCodeOf(w)), b.store.resolveRefCode(refCodeOf(w))]);
    expect(await Promise.all(lookups)).toEqual(wallets.flatMap((w) => [w, w]));
    const scansA = a.calls.filter((c) => c === "scan").length;
    const scansB = b.calls.filter((c) => c === "scan").length;
    expect(Math.min(scansA, scansB)).toBe(0);
    expect(Math.max(scansA, scansB)).toBeGreaterThan(0);
  });

  it("scans in batches: a small batch size still finds every wallet", async () => {
    const prefix = newPrefix();
    const cfg = { url: backend === "tcp" ? redisUrl : bridge().url, token, timeoutMs: 5_000 };
    const client = backend === "tcp" ? createTcpClient(cfg) : createUpstashClient(cfg);
    const scans: RoundTripCommand[] = [];
    const store = createRedisStore(
      countingClient(client, (c) => c === "scan" && scans.push(c)),
      { kind: backend === "tcp" ? "redis" : "upstash", prefix, retentionDays: DEFAULT_RETENTION_DAYS, rebuildBatchSize: 3 },
    );
    cleanups.push(() => store.close());
    const wallets = Array.from({ length: 25 }, () => randomWallet());
    for (const w of wallets) await store.registerWallet(w, T0);
    await raw.sendCommand(["DEL", redisKeys(prefix).codes]);
    for (const w of wallets) expect(await store.resolveRefCode(refCodeOf(w))).toBe(w);
    expect(scans.length).toBeGreaterThan(1);
  });
});

describe("timeouts and recovery", () => {
  /** A TCP port that accepts connections and never answers. */
  async function silentTcpPort(): Promise<number> {
    const sockets: Socket[] = [];
    const server = createTcpServer((socket) => void sockets.push(socket));
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    cleanups.push(() => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(resolve));
    });
    return port;
  }

  /** A store with a 300 ms budget per call, unless told otherwise. */
  function tcpStore(url: string, timeoutMs = 300) {
    const store = createTcpRedisStore({ url, prefix: newPrefix(), timeoutMs, retentionDays: DEFAULT_RETENTION_DAYS });
    cleanups.push(() => store.close());
    return store;
  }

  /** The call is ended by the store's own 300 ms deadline, named after the command that waited. */
  async function expectBudgetTimeout(call: Promise<unknown>, command: string) {
    await expect(call).rejects.toStrictEqual(new RedisTimeoutError(command, 300));
  }

  it("tcp: a server that accepts but never answers makes each call end at the budget", async () => {
    const url = `redis://127.0.0.1:${await silentTcpPort()}`;
    await expectBudgetTimeout(tcpStore(url).ping(), "PING");
    await expectBudgetTimeout(tcpStore(url).getWalletState(randomWallet()), "EVALSHA");
  });

  it("tcp: a call leaves no timer behind once answered (node-redis arms a 5 s one per command by default, which holds the request that made it)", async () => {
    const store = tcpStore(redisUrl, 2_000);
    await store.ping();
    const pending = new Set<number>();
    let armed: number[] = [];
    const hook = createHook({
      init: (id, type) => void (type === "Timeout" && pending.add(id)),
      destroy: (id) => void pending.delete(id),
    }).enable();
    try {
      await Promise.all(Array.from({ length: 50 }, () => store.ping()));
      await Promise.all(Array.from({ length: 50 }, () => store.getWalletState(randomWallet())));
      armed = [...pending];
      // Node reports a cleared timer's end (the destroy hook) on a later turn of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      hook.disable();
    }
    expect(armed.filter((id) => pending.has(id))).toEqual([]);
  });

  it("tcp: nothing listening makes a call end at the budget", async () => {
    const store = tcpStore(`redis://127.0.0.1:${await freePort()}`);
    await expectBudgetTimeout(store.registerWallet(randomWallet(), T0), "EVALSHA");
  });

  it("upstash: a REST endpoint that never answers makes calls end at the budget, each request aborted", async () => {
    const server = createHttpServer(() => undefined);
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    cleanups.push(() => (server.closeAllConnections(), new Promise((resolve) => server.close(resolve))));
    const store = createUpstashStore({ url: `http://127.0.0.1:${port}`, token, prefix: newPrefix(), timeoutMs: 300, retentionDays: DEFAULT_RETENTION_DAYS });
    const aborted = { name: "TimeoutError", message: "The operation was aborted due to timeout" };
    await expect(store.readBoard("all", 10)).rejects.toMatchObject(aborted);
    // A rate-limit call is a store call like any other: the deadline makes it an error, never an ALLOW.
    await expect(store.hitRateLimits([{ key: "writes:ip:1.2.3.4", limit: 5, windowSeconds: 60 }], T0)).rejects.toMatchObject(aborted);
  });

  it("upstash: a wrong token is an error, not an empty answer", async () => {
    const store = createUpstashStore({ url: bridge().url, token: "wrong", prefix: newPrefix(), timeoutMs: 2_000, retentionDays: DEFAULT_RETENTION_DAYS });
    await expect(store.readBoard("all", 10)).rejects.toThrow(/^Unauthorized, command was: \["evalsha"/);
    await expect(store.hitRateLimits([{ key: "writes:ip:1.2.3.4", limit: 5, windowSeconds: 60 }], T0)).rejects.toThrow(
      /^Unauthorized, command was: \["evalsha"/,
    );
  });

  it("tcp: a server that stalls mid-command times out, then the store answers again by itself", async () => {
    const server = await dedicatedRedis();
    const store = tcpStore(server.url);
    const wallet = randomWallet();
    await store.registerWallet(wallet, T0);
    // Scripts count as writes: this holds them, and leaves the admin connection free to lift the pause.
    const admin = await adminClient(server.url);
    await admin.sendCommand(["CLIENT", "PAUSE", "60000", "WRITE"]);
    await expectBudgetTimeout(store.getWalletState(wallet), "EVALSHA");
    await admin.sendCommand(["CLIENT", "UNPAUSE"]);
    // The timed-out connection was replaced; the call succeeds once the new one is up.
    const info = await vi.waitFor(() => store.getReferralInfo(wallet, T0), { timeout: 15_000, interval: 50 });
    expect(info.codeOwner).toBe(wallet);
  });

  it("tcp: when Redis goes away calls fail on the lost connection, not at the budget, and the store recovers by itself", async () => {
    const server = await dedicatedRedis();
    // A budget longer than the test may run: only the connection's own failure can end the call in time.
    const store = tcpStore(server.url, 60_000);
    const wallet = randomWallet();
    await store.registerWallet(wallet, T0);
    await server.stop();
    const error = await store.getReferrer(wallet).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(RedisTimeoutError);
    await dedicatedRedis(server.port); // empty: no data, no cached scripts
    const answer = await vi.waitFor(() => store.registerWallet(wallet, T0), { timeout: 15_000, interval: 50 });
    expect(answer).toEqual({ isNew: true, codeOwner: wallet, referralPending: false });
  });
});
