/**
 * An empty store of one backend for a bench stage or a profile: a fresh SQLite folder, or a fresh
 * redis-server of its own (MONITOR then sees only this store), behind the REST bridge for Upstash.
 * Everything it starts is stopped, and the folder removed, by `cleanup`.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startBridgeProcess, type BridgeProcess, type Cleanup } from "@/scripts/bench/services";
import type { Backend, StoreTarget } from "@/scripts/bench/stores";
import { startRedisServer, type RedisServer } from "@/tests/support/redis-server";

export async function freshStore(backend: Backend, cleanup: Cleanup): Promise<{ target: StoreTarget; redis?: RedisServer; bridge?: BridgeProcess }> {
  const target: StoreTarget = { backend };
  if (backend === "sqlite") {
    const dataDir = mkdtempSync(join(tmpdir(), "refboard-bench-"));
    cleanup.add(() => rmSync(dataDir, { recursive: true, force: true }));
    return { target: { ...target, dataDir } };
  }
  const redis = await startRedisServer();
  cleanup.add(() => redis.stop());
  if (backend === "redis") return { target: { ...target, redisUrl: redis.url }, redis };
  const token = randomBytes(16).toString("hex");
  const bridge = await startBridgeProcess(redis.url, token);
  cleanup.add(() => bridge.stop());
  return { target: { ...target, restUrl: bridge.url, restToken: token }, redis, bridge };
}
