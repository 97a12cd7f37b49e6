/** getStore(): the backend chosen by configuration, behind the validating wrapper, created once per process. */
import "server-only";
import { config, type StoreConfig } from "@/lib/config";
import { checked } from "@/lib/store/checked";
import type { Store } from "@/lib/store/types";

let store: Promise<Store> | undefined;

export function getStore(): Promise<Store> {
  store ??= createStore(config().store).catch((error: unknown) => {
    store = undefined; // let the next request try again instead of caching the failure forever
    throw error;
  });
  return store;
}

/** Backends load lazily so a deployment only loads the driver it uses (no native SQLite on Vercel). */
export async function createStore(cfg: StoreConfig): Promise<Store> {
  return checked(await openBackend(cfg));
}

async function openBackend(cfg: StoreConfig): Promise<Store> {
  switch (cfg.kind) {
    case "sqlite": {
      const { openSqliteStore } = await import("@/lib/store/sqlite");
      return openSqliteStore(cfg.dataDir, { retentionDays: cfg.retentionDays, seasons: cfg.seasons });
    }
    case "redis": {
      const { createTcpRedisStore } = await import("@/lib/store/redis/tcp");
      return createTcpRedisStore(cfg);
    }
    case "upstash": {
      const { createUpstashStore } = await import("@/lib/store/redis/upstash");
      return createUpstashStore(cfg);
    }
  }
}
