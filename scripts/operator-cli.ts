/**
 * What the operator scripts (check-invariants, export-rewards, import-legacy) share: the options
 * every one of them takes and their parsing, the target store from the same environment variables
 * as the app (lib/config), a printable name for it, and exit codes.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { ConfigError, parseConfig, type StoreConfig } from "@/lib/config";
import { createStore } from "@/lib/store";
import type { Store } from "@/lib/store/types";

type Env = Record<string, string | undefined>;

/**
 * Loads each --env-file (the environment wins over the files, as in Node), then opens the configured store.
 * `select` may narrow the variables first, as check-invariants' --backend does.
 */
export async function openConfiguredStore(
  envFiles: string[] = [],
  select: (env: Env) => Env = (env) => env,
): Promise<{ store: Store; target: string; cfg: StoreConfig }> {
  for (const file of envFiles) process.loadEnvFile(file);
  // A batch of 1000 records or a scan page may take longer than the request-path budget; an explicit STORE_TIMEOUT_MS still wins.
  const cfg = parseConfig(select({ STORE_TIMEOUT_MS: "60000", ...process.env })).store;
  return { store: await createStore(cfg), target: describeStore(cfg), cfg };
}

/** Where a tool reads or writes, with credentials left out. */
function describeStore(cfg: StoreConfig): string {
  if (cfg.kind === "sqlite") return `sqlite (DATA_DIR ${cfg.dataDir})`;
  const url = new URL(cfg.url);
  return `${cfg.kind} (${url.protocol}//${url.host}, prefix {${cfg.prefix}})`;
}

/** A usage mistake: exit code 2 and the usage text. */
export class UsageError extends Error {}

/** An option's whole number from min to max, the fallback when it is absent; anything else is a usage mistake. */
export function wholeNumber(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got ${value}`);
  return n;
}

/** Options every script takes besides its own: --env-file for openConfiguredStore, and -h/--help. */
const COMMON_OPTIONS = {
  "env-file": { type: "string", multiple: true },
  help: { type: "boolean", short: "h", default: false },
} as const;

type Options = NonNullable<ParseArgsConfig["options"]>;
type Values<O extends Options> = ReturnType<typeof parseArgs<{ options: O & typeof COMMON_OPTIONS; strict: true }>>["values"];

/**
 * Runs a script: parses its `options` and the common ones (strictly: an unknown option is a usage
 * mistake), prints the usage on --help, else runs main with the values. main's return value is the
 * exit code; usage and configuration errors exit 2, anything else 1.
 */
export function runMain<O extends Options>(name: string, usage: string, options: O, main: (values: Values<O>) => Promise<number>): void {
  const run = async (): Promise<number> => {
    const { values } = parseArgs({ options: { ...options, ...COMMON_OPTIONS }, strict: true });
    // TypeScript works out the values' type only for a concrete O; help is always there (COMMON_OPTIONS defaults it).
    if ((values as { help: boolean }).help) {
      console.log(usage);
      return 0;
    }
    return main(values);
  };
  run().then(
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
