import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { describeApiContract } from "@/tests/api/contract";

describeApiContract("Redis over TCP", () => ({
  REDIS_URL: inject("redisUrl"),
  STORE_PREFIX: `api${randomUUID().slice(0, 8)}`,
}));
