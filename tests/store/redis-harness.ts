/**
 * Set-up shared by the Redis-only test files: a raw connection to the test server (for what
 * tests do behind the store's back), an Upstash bridge in front of it, stores that report
 * every round trip, and cleanups run after each test. Call useRedisHarness() once, at the
 * top level of a test file.
 */
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { randomUUID } from "node:crypto";
import { createClient } from "redis";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import type { RoundTripCommand } from "@/lib/store/redis/client";
import { createTcpRedisStore } from "@/lib/store/redis/tcp";
import { createUpstashStore } from "@/lib/store/redis/upstash";
import { startUpstashBridge, type UpstashBridge } from "@/tests/support/upstash-bridge";

export const newPrefix = () => `t${randomUUID().slice(0, 8)}`;

export async function roundTrips(calls: RoundTripCommand[], op: () => Promise<unknown>): Promise<RoundTripCommand[]> {
  calls.length = 0;
  await op();
  return [...calls];
}

export function useRedisHarness() {
  const redisUrl = inject("redisUrl");
  const token = randomUUID();
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  let started: UpstashBridge | undefined;
  const raw = createClient({ url: redisUrl, RESP: 2 });
  beforeAll(async () => {
    started = await startUpstashBridge(redisUrl, token);
    await raw.connect();
  });
  afterAll(async () => {
    await started?.stop();
    await raw.close();
  });
  const bridge = (): UpstashBridge => {
    if (!started) throw new Error("the Upstash bridge starts in beforeAll: use it inside a test");
    return started;
  };

  /** A store that reports every round trip into `calls`. */
  function counted(
    backend: "tcp" | "upstash",
    prefix = newPrefix(),
    url = backend === "tcp" ? redisUrl : bridge().url,
    retentionDays = DEFAULT_RETENTION_DAYS,
  ) {
    const calls: RoundTripCommand[] = [];
    const onCall = (c: RoundTripCommand) => calls.push(c);
    const cfg = { url, prefix, timeoutMs: 5_000, retentionDays };
    const store = backend === "tcp" ? createTcpRedisStore(cfg, { onCall }) : createUpstashStore({ ...cfg, token }, { onCall });
    cleanups.push(() => store.close());
    return { store, calls, prefix };
  }

  return { redisUrl, token, raw, cleanups, bridge, counted };
}
