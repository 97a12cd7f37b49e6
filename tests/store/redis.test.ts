import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { createTcpRedisStore } from "@/lib/store/redis/tcp";
import { describeStoreContract } from "@/tests/store/contract";

const url = inject("redisUrl");

describeStoreContract("redis (tcp)", async () =>
  createTcpRedisStore({ url, prefix: `t${randomUUID().slice(0, 8)}`, timeoutMs: 5_000 }),
);
