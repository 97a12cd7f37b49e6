import { randomUUID } from "node:crypto";
import { afterAll, inject } from "vitest";
import { describeApiContract } from "@/tests/api/contract";
import { startUpstashBridge, type UpstashBridge } from "@/tests/support/upstash-bridge";

let bridge: UpstashBridge | undefined;
afterAll(async () => {
  await bridge?.stop();
});

describeApiContract("Upstash REST (Vercel KV), through the local bridge", async () => {
  const token = randomUUID();
  bridge = await startUpstashBridge(inject("redisUrl"), token);
  return { KV_REST_API_URL: bridge.url, KV_REST_API_TOKEN: token, STORE_PREFIX: `kv${randomUUID().slice(0, 8)}` };
});
