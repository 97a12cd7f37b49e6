/**
 * What the operator scripts (export-rewards, import-legacy) share: the target store from the
 * same environment variables as the app (lib/config), a printable name for it, and exit codes.
 */
import { ConfigError, parseConfig, type StoreConfig } from "@/lib/config";
import { createStore, type AdminStore } from "@/lib/store";

/** Loads each --env-file (the environment wins over the files, as in Node), then opens the configured store. */
export async function openConfiguredStore(envFiles: string[] = []): Promise<{ store: AdminStore; target: string }> {
  for (const file of envFiles) process.loadEnvFile(file);
  // A batch of 1000 records may take longer than the request-path budget; an explicit STORE_TIMEOUT_MS still wins.
  const cfg = parseConfig({ STORE_TIMEOUT_MS: "60000", ...process.env }).store;
  return { store: await createStore(cfg), target: describeStore(cfg) };
}

/** Where a tool reads or writes, with credentials left out. */
export function describeStore(cfg: StoreConfig): string {
  if (cfg.kind === "sqlite") return `sqlite (DATA_DIR ${cfg.dataDir})`;
  const url = new URL(cfg.url);
  return `${cfg.kind} (${url.protocol}//${url.host}, prefix {${cfg.prefix}})`;
}

/** A usage mistake: exit code 2 and the usage text. */
export class UsageError extends Error {}

/** Runs a script's main: its return value is the exit code; usage and configuration errors exit 2, anything else 1. */
export function runMain(name: string, usage: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const code = (error as { code?: unknown }).code;
      const usageError =
        error instanceof UsageError || error instanceof ConfigError || (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS"));
      if (usageError) console.error(`[${name}] ${(error as Error).message}\n${usage}`);
      else console.error(`[${name}] failed:`, error instanceof Error ? error.message : error);
      process.exit(usageError ? 2 : 1);
    },
  );
}
