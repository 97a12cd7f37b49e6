import { randomUUID } from "node:crypto";
import { afterAll, inject } from "vitest";
import { describeApiContract } from "@/tests/api/contract";
import { startUpstashBridge, type UpstashBridge } from "@/tests/support/upstash-bridge";

/** Every server the contract starts gets a bridge of its own; all are stopped at the end. */
const bridges: UpstashBridge[] = [];
afterAll(async () => {
  for (const bridge of bridges) await bridge.stop();
});

describeApiContract("Upstash REST (Vercel KV), through the local bridge", async () => {
  const token = randomUUID();
  const bridge = await startUpstashBridge(inject("redisUrl"), token);
  bridges.push(bridge);
  return { KV_REST_API_URL: bridge.url, KV_REST_API_TOKEN: token, STORE_PREFIX: `kv${randomUUID().slice(0, 8)}` };
});
