/** getStore(): the backend chosen by configuration, created once per process. */
import "server-only";
import { config, type StoreConfig } from "@/lib/config";
import type { GuardStore, Store, StoreAdmin } from "@/lib/store/types";

/** Every backend serves the request path (Store), sign-in and rate limits (GuardStore) and the operator tools (StoreAdmin). */
export type AdminStore = Store & StoreAdmin & GuardStore;

let store: Promise<AdminStore> | undefined;

export function getStore(): Promise<AdminStore> {
  store ??= createStore(config().store).catch((error: unknown) => {
    store = undefined; // let the next request try again instead of caching the failure forever
    throw error;
  });
  return store;
}

/** Backends load lazily so a deployment only loads the driver it uses (no native SQLite on Vercel). */
export async function createStore(cfg: StoreConfig): Promise<AdminStore> {
  switch (cfg.kind) {
    case "sqlite": {
      const { SqliteStore } = await import("@/lib/store/sqlite");
      return SqliteStore.open(cfg.dataDir);
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
