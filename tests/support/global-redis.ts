/** vitest globalSetup: one redis-server for the run (or the one scripts/test.mjs started), handed to tests as inject("redisUrl"). */
import type { TestProject } from "vitest/node";
import { startRedisServer } from "@/tests/support/redis-server";

declare module "vitest" {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const given = process.env.TEST_REDIS_URL;
  if (given) {
    project.provide("redisUrl", given);
    return;
  }
  const server = await startRedisServer();
  project.provide("redisUrl", server.url);
  return () => server.stop();
}
