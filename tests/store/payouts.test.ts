import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, inject } from "vitest";
import { openSqliteStore } from "@/lib/store/sqlite";
import { createTcpRedisStore } from "@/lib/store/redis/tcp";
import { createUpstashStore } from "@/lib/store/redis/upstash";
import { describePayoutsContract } from "@/tests/store/payouts-contract";
import { tempDirs } from "@/tests/store/sqlite-files";
import { startUpstashBridge, type UpstashBridge } from "@/tests/support/upstash-bridge";

const tempDir = tempDirs("refboard-payouts-");
const prefix = () => `t${randomUUID().slice(0, 8)}`;
const token = randomUUID();
let bridge: UpstashBridge;
beforeAll(async () => {
  bridge = await startUpstashBridge(inject("redisUrl"), token);
});
afterAll(() => bridge.stop());

describePayoutsContract("sqlite", async () => openSqliteStore(tempDir(), { retentionDays: DEFAULT_RETENTION_DAYS }));
describePayoutsContract("redis (tcp)", async () =>
  createTcpRedisStore({ url: inject("redisUrl"), prefix: prefix(), timeoutMs: 5_000, retentionDays: DEFAULT_RETENTION_DAYS }),
);
describePayoutsContract("upstash (REST, through the test bridge)", async () =>
  createUpstashStore({ url: bridge.url, token, prefix: prefix(), timeoutMs: 5_000, retentionDays: DEFAULT_RETENTION_DAYS }),
);
