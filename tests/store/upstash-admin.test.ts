import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, inject } from "vitest";
import { createUpstashStore } from "@/lib/store/redis/upstash";
import { describeOperatorStoreContract } from "@/tests/store/admin-contract";
import { startUpstashBridge, type UpstashBridge } from "@/tests/support/upstash-bridge";

const token = randomUUID();
let bridge: UpstashBridge;
beforeAll(async () => {
  bridge = await startUpstashBridge(inject("redisUrl"), token);
});
afterAll(() => bridge.stop());

describeOperatorStoreContract("upstash (REST, through the test bridge)", async () =>
  createUpstashStore({ url: bridge.url, token, prefix: `t${randomUUID().slice(0, 8)}`, timeoutMs: 5_000, retentionDays: DEFAULT_RETENTION_DAYS }),
);
