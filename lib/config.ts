/**
 * Every environment variable the server reads, parsed once with zod.
 * Nothing else reads process.env (Next's NEXT_PUBLIC_* inlining aside).
 */
import "server-only";
import { z } from "zod";

/** Vercel and .env files leave unset variables as ""; treat those as absent. */
const optional = z
  .string()
  .transform((v) => v.trim())
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const address = z
  .string()
  .regex(/^0x[a-fA-F0-9]{40}$/, "must be a 0x-prefixed 20-byte address")
  .transform((v) => v.toLowerCase() as `0x${string}`);

const integer = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const envSchema = z.object({
  DATA_DIR: optional.default(".data"),
  REDIS_URL: optional,
  KV_REST_API_URL: optional,
  KV_REST_API_TOKEN: optional,
  UPSTASH_REDIS_REST_URL: optional,
  UPSTASH_REDIS_REST_TOKEN: optional,
  STORE_PREFIX: optional.default("refboard").pipe(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)),
  STORE_TIMEOUT_MS: integer(5_000, 100, 60_000),
  APP_URL: optional.pipe(z.url().optional()),
  LEADERBOARD_SIZE: integer(100, 1, 1_000),
  CHAIN_ID: optional.pipe(z.string().regex(/^[1-9][0-9]*$/, "must be a positive integer").transform(Number).optional()),
  RPC_URL: optional.pipe(z.url().optional()),
  NFT_CONTRACT: optional.pipe(address.optional()),
  STAKING_CONTRACT: optional.pipe(address.optional()),
  STAKE_IDS_FUNCTION: optional.default("function getUserStakeIds(address) view returns (uint256[])"),
  RPC_TIMEOUT_MS: integer(5_000, 100, 60_000),
  VERCEL: optional,
});

export type StoreConfig =
  | { kind: "sqlite"; dataDir: string }
  | { kind: "redis"; url: string; prefix: string; timeoutMs: number }
  | { kind: "upstash"; url: string; token: string; prefix: string; timeoutMs: number };

export interface ChainConfig {
  chainId?: number;
  rpcUrl: string;
  nftContract?: `0x${string}`;
  stakingContract?: `0x${string}`;
  stakeIdsFunction: string;
  timeoutMs: number;
}

export interface Config {
  store: StoreConfig;
  /** Public base of referral links; when absent, links use the origin each request came to. */
  appUrl?: string;
  leaderboardSize: number;
  /** Absent when on-chain verification is not configured. */
  chain?: ChainConfig;
}

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    store: storeConfig(e),
    appUrl: e.APP_URL?.replace(/\/+$/, ""),
    leaderboardSize: e.LEADERBOARD_SIZE,
    chain: e.RPC_URL
      ? {
          chainId: e.CHAIN_ID,
          rpcUrl: e.RPC_URL,
          nftContract: e.NFT_CONTRACT,
          stakingContract: e.STAKING_CONTRACT,
          stakeIdsFunction: e.STAKE_IDS_FUNCTION,
          timeoutMs: e.RPC_TIMEOUT_MS,
        }
      : undefined,
  };
}

function storeConfig(e: z.infer<typeof envSchema>): StoreConfig {
  const restUrl = e.KV_REST_API_URL ?? e.UPSTASH_REDIS_REST_URL;
  const restToken = e.KV_REST_API_TOKEN ?? e.UPSTASH_REDIS_REST_TOKEN;
  if (restUrl || restToken) {
    if (!restUrl || !restToken) {
      throw new ConfigError(
        "Invalid configuration: Upstash / Vercel KV needs both a REST URL and a token " +
          "(KV_REST_API_URL + KV_REST_API_TOKEN, or UPSTASH_REDIS_REST_URL + UPSTASH_REDIS_REST_TOKEN)",
      );
    }
    return { kind: "upstash", url: restUrl, token: restToken, prefix: e.STORE_PREFIX, timeoutMs: e.STORE_TIMEOUT_MS };
  }
  if (e.REDIS_URL) {
    return { kind: "redis", url: e.REDIS_URL, prefix: e.STORE_PREFIX, timeoutMs: e.STORE_TIMEOUT_MS };
  }
  if (e.VERCEL) {
    throw new ConfigError(
      "No store configured on Vercel: the embedded SQLite store needs a writable disk, which Vercel functions do not have. " +
        "Connect an Upstash Redis (Vercel KV) database to the project so KV_REST_API_URL and KV_REST_API_TOKEN are set, or set REDIS_URL.",
    );
  }
  return { kind: "sqlite", dataDir: e.DATA_DIR };
}

let cached: Config | undefined;

/** The process's configuration, parsed on first use. */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
