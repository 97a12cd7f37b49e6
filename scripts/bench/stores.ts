/** Store configuration of the seed and the benchmark, through lib/config only: the servers read the same variables. */
import { parseConfig, type StoreConfig } from "@/lib/config";

export type Backend = StoreConfig["kind"];
export const BACKENDS: readonly Backend[] = ["sqlite", "redis", "upstash"];

const STORE_VARIABLES = [
  "REDIS_URL",
  "KV_REST_API_URL",
  "KV_REST_API_TOKEN",
  "UPSTASH_REDIS_REST_URL",
  "UPSTASH_REDIS_REST_TOKEN",
] as const;

export interface StoreTarget {
  /** Default: what the environment selects, as for the server. */
  backend?: Backend;
  prefix?: string;
  dataDir?: string;
  redisUrl?: string;
  restUrl?: string;
  restToken?: string;
}

/**
 * The environment a server (next start, the bare server) needs to use this store: the
 * same variables an operator would set, so both servers read them through lib/config.
 */
export function storeEnv(target: StoreTarget, base: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) if (value !== undefined) env[name] = value;
  if (target.prefix) env.STORE_PREFIX = target.prefix;
  if (target.dataDir) env.DATA_DIR = target.dataDir;
  if (target.redisUrl) env.REDIS_URL = target.redisUrl;
  if (target.restUrl) env.KV_REST_API_URL = target.restUrl;
  if (target.restToken) env.KV_REST_API_TOKEN = target.restToken;
  const keep: Record<Backend, readonly string[]> = {
    sqlite: [],
    redis: ["REDIS_URL"],
    upstash: ["KV_REST_API_URL", "KV_REST_API_TOKEN", "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN"],
  };
  // An explicit backend wins over whatever else the environment configures.
  if (target.backend) for (const name of STORE_VARIABLES) if (!keep[target.backend].includes(name)) delete env[name];
  return env;
}

export function storeConfig(target: StoreTarget, base: Record<string, string | undefined> = {}): StoreConfig {
  const cfg = parseConfig(storeEnv(target, base)).store;
  if (target.backend && cfg.kind !== target.backend) {
    const needs = target.backend === "redis" ? "REDIS_URL (or --redis-url)" : "KV_REST_API_URL and KV_REST_API_TOKEN";
    throw new Error(`backend ${target.backend} needs ${needs}`);
  }
  return cfg;
}
