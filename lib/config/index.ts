/**
 * Every environment variable the server reads, parsed once with zod.
 * Nothing else reads process.env (Next's NEXT_PUBLIC_* inlining aside).
 */
import "server-only";
import { z } from "zod";
import { isPublicOrigin, type PublicOriginsConfig } from "@/lib/domain/public-origin";
import { DEFAULT_RETENTION_DAYS, dayOfName } from "@/lib/domain/analytics";
import { QUALIFY_RULES, type OnchainThresholds, type QualifyRule } from "@/lib/domain/qualify";
import type { SeasonSchedule } from "@/lib/domain/seasons";
import { MAX_REMINDER_BATCH, NOTIFICATION_KINDS, type NotificationKind } from "@/lib/domain/notifications";
import { optional, address, commaList, integer, ConfigError } from "@/lib/config/env";
import { parsePublicOrigins } from "@/lib/config/origins";
import { quickAuthOriginVariable } from "@/lib/config/headers";

export { ConfigError } from "@/lib/config/env";
export * from "@/lib/config/headers";
export * from "@/lib/config/origins";
export * from "@/lib/config/site";

const WINDOW_UNITS = { s: 1, m: 60, h: 3_600, d: 86_400 } as const;

/** "N" (per minute) or "N/<window>", the window a number with s, m, h or d: "30/1m", "5/10s", "1000/1d". */
const rateLimitRule = z
  .string()
  .regex(/^\d{1,7}(\/\d{0,5}[smhd])?$/, 'must be "N" (per minute) or "N/<window>" such as 30/1m, 5/10s, 1000/1d')
  .transform((v): RateLimitRule => {
    const [count = "", window = "1m"] = v.split("/");
    const amount = window.length > 1 ? Number(window.slice(0, -1)) : 1;
    return { limit: Number(count), windowSeconds: amount * WINDOW_UNITS[window.slice(-1) as keyof typeof WINDOW_UNITS] };
  })
  .refine((r) => r.limit >= 1 && r.windowSeconds >= 1 && r.windowSeconds <= 7 * 86_400, {
    message: "needs a limit of at least 1 and a window from 1 s to 7 days",
  });

const redisUrl = z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" });
const restUrl = z.url({ protocol: /^https?$/, error: "must be an https:// URL (the REST URL of the database)" });

const envSchema = z.object({
  DATA_DIR: optional.default(".data"),
  REDIS_URL: optional.pipe(redisUrl.optional()),
  KV_REST_API_URL: optional.pipe(restUrl.optional()),
  KV_REST_API_TOKEN: optional,
  UPSTASH_REDIS_REST_URL: optional.pipe(restUrl.optional()),
  UPSTASH_REDIS_REST_TOKEN: optional,
  STORE_PREFIX: optional.default("refboard").pipe(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)),
  STORE_TIMEOUT_MS: integer(5_000, 100, 60_000),
  LEADERBOARD_SIZE: integer(100, 1, 1_000),
  LEADERBOARD_STREAM_SECONDS: integer(290, 5, 290),
  ANALYTICS_RETENTION_DAYS: integer(DEFAULT_RETENTION_DAYS, 1, 3_650),
  CHAIN_ID: optional.pipe(z.string().regex(/^[1-9][0-9]*$/, "must be a positive integer").transform(Number).optional()),
  RPC_URL: optional.pipe(z.url().optional()),
  NFT_CONTRACT: optional.pipe(address.optional()),
  STAKING_CONTRACT: optional.pipe(address.optional()),
  STAKE_IDS_FUNCTION: optional.default("function getUserStakeIds(address) view returns (uint256[])"),
  RPC_TIMEOUT_MS: integer(5_000, 100, 60_000),
  ADMIN_TOKEN: optional.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  ADMIN_WALLETS: optional.pipe(commaList.pipe(z.array(address)).optional()),
  LOG_WALLETS: optional
    .pipe(z.enum(["true", "false", "1", "0"]).optional())
    .transform((v) => v === "true" || v === "1"),
  VERCEL: optional,
  WALLET_AUTH: optional.default("off").pipe(z.enum(["off", "siwe"])),
  SESSION_SECRET: optional.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SESSION_TTL_SECONDS: integer(7 * 86_400, 60, 90 * 86_400),
  NONCE_TTL_SECONDS: integer(300, 10, 3_600),
  AUTH_ORIGINS: optional.pipe(commaList.pipe(z.array(z.url({ protocol: /^https?$/ }).transform((o) => new URL(o).origin))).optional()),
  RATE_LIMIT_WRITES_PER_IP: optional.pipe(rateLimitRule.optional()),
  RATE_LIMIT_WRITES_PER_WALLET: optional.pipe(rateLimitRule.optional()),
  RATE_LIMIT_CODE_LOOKUPS_PER_IP: optional.pipe(rateLimitRule.optional()),
  REFERRAL_QUALIFY: optional.default("none").pipe(z.enum(QUALIFY_RULES)),
  QUALIFY_MIN_TX: integer(1, 1, 1_000_000),
  QUALIFY_MIN_BALANCE_WEI: optional.pipe(
    z
      .string()
      .regex(/^[1-9][0-9]{0,77}$/, "must be a whole number of wei, at least 1")
      .transform(BigInt)
      .optional(),
  ),
  SEASON_LENGTH_DAYS: optional.pipe(z.string().regex(/^[1-9][0-9]{0,2}$/, "must be a number of days from 1 to 366").transform(Number).refine((n) => n <= 366, "must be a number of days from 1 to 366").optional()),
  SEASON_START: optional.pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a UTC date, YYYY-MM-DD").optional()),
  NEYNAR_API_KEY: optional,
  NEYNAR_HUB_URL: optional.default("https://hub-api.neynar.com").pipe(z.url({ protocol: /^https?$/ })),
  QUICK_AUTH_ORIGIN: quickAuthOriginVariable,
  CRON_SECRET: optional.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  NOTIFICATIONS_OFF: optional.pipe(commaList.pipe(z.array(z.enum(NOTIFICATION_KINDS))).optional()),
  NOTIFY_BATCH: integer(1_000, 1, MAX_REMINDER_BATCH),
  NOTIFY_TIMEOUT_MS: integer(5_000, 100, 60_000),
  TRUST_PROXY: optional.pipe(
    z
      .string()
      .regex(/^(none|vercel|[1-9])$/, "must be none, vercel or a number of proxies from 1 to 9")
      .optional(),
  ),
});

/**
 * Every backend keeps the daily campaign counters `retentionDays` after each day (ANALYTICS_RETENTION_DAYS),
 * and a board per season when `seasons` is set (SEASON_LENGTH_DAYS, SEASON_START).
 */
export type StoreConfig = { retentionDays: number; seasons?: SeasonSchedule } & (
  | { kind: "sqlite"; dataDir: string }
  | { kind: "redis"; url: string; prefix: string; timeoutMs: number }
  | { kind: "upstash"; url: string; token: string; prefix: string; timeoutMs: number }
);

export interface ChainConfig {
  chainId?: number;
  rpcUrl: string;
  nftContract?: `0x${string}`;
  stakingContract?: `0x${string}`;
  stakeIdsFunction: string;
  timeoutMs: number;
}

/** At most `limit` requests per fixed window of `windowSeconds` (windows aligned to Unix time). */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

/** Each rule is absent (no limit) unless configured. */
export interface RateLimitConfig {
  /** Every write, counted per client IP (sign-in's nonce and verify included). */
  writesPerIp?: RateLimitRule;
  /** Writes naming a wallet, counted per wallet. */
  writesPerWallet?: RateLimitRule;
  /** GET /api/referral/wallet-by-code per client IP: the code-probing endpoint. */
  codeLookupsPerIp?: RateLimitRule;
}

/**
 * Where the client IP comes from. "vercel": Vercel's x-real-ip / first x-forwarded-for hop (Vercel
 * overwrites both). "hops": `n` proxies of ours append to x-forwarded-for; the n-th entry from the
 * right is what the outermost one saw. "none": the app is reached directly; Next.js fills
 * x-forwarded-for from the socket only when the client sent none, so the address can be forged.
 */
export type TrustProxy = { kind: "vercel" } | { kind: "none" } | { kind: "hops"; hops: number };

/** Sign-In with Ethereum: how a wallet signs in and how long its session lasts. */
export interface SignInConfig {
  /** The session cookie: its sealing secret (iron-session, 32+ characters) and lifetime. */
  session: { secret: string; ttlSeconds: number };
  nonceTtlSeconds: number;
  /**
   * Origins sign-in is allowed on: AUTH_ORIGINS, else APP_URL's. Empty: any public origin
   * (lib/domain/public-origin.ts), since a message is always checked against the request's.
   */
  origins: string[];
  /** The chain id a sign-in message must carry (CHAIN_ID); absent = any chain. */
  chainId?: number;
  /** JSON-RPC endpoint through which smart-contract wallets (ERC-1271 / ERC-6492) are checked. */
  rpcUrl?: string;
  rpcTimeoutMs: number;
}

/** WALLET_AUTH: whether writes naming a wallet need that wallet's session. */
export type AuthConfig = { mode: "off" } | ({ mode: "siwe" } & SignInConfig);

/** REFERRAL_QUALIFY: what a referee must do before its referral is credited (lib/domain/qualify.ts). */
export interface QualifyConfig {
  rule: QualifyRule;
  /** The `onchain` rule's thresholds (QUALIFY_MIN_TX, QUALIFY_MIN_BALANCE_WEI). */
  onchain: OnchainThresholds;
}

/** Farcaster notifications (NEYNAR_API_KEY turns them on). */
export interface NotificationsConfig {
  /** Neynar's key: the webhook checks each event's app key against the fid's on-chain signers through Neynar's hub. */
  neynarApiKey: string;
  /** The hub those checks go to (NEYNAR_HUB_URL): Neynar's unless a test or a self-hosted hub says otherwise. */
  hubUrl: string;
  /** The Quick Auth server whose tokens prove a fid (QUICK_AUTH_ORIGIN). */
  quickAuthOrigin: string;
  /** The kinds that are sent: every kind but those in NOTIFICATIONS_OFF. */
  kinds: NotificationKind[];
  /** The bearer of GET /api/cron/checkin-reminders (CRON_SECRET); absent: that route answers 404. */
  cronSecret?: string;
  /** Subscribers one cron run works through (NOTIFY_BATCH). */
  batch: number;
  /** Longest wait for one notification request to a Farcaster client (NOTIFY_TIMEOUT_MS). */
  timeoutMs: number;
}

export interface Config {
  store: StoreConfig;
  leaderboardSize: number;
  /** How long one GET /api/leaderboard/stream stays open before it ends and the browser reconnects. */
  streamSeconds: number;
  /** Absent when on-chain verification is not configured. */
  chain?: ChainConfig;
  /** Bearer token of the operator endpoints (/api/admin/*) for scripts. */
  adminToken?: string;
  /**
   * Wallets that may open the campaign console (ADMIN_WALLETS) once signed in. With neither these
   * nor adminToken, the console and every /api/admin/* endpoint answer 404.
   */
  adminWallets: `0x${string}`[];
  /** Whether the per-request log line may name the wallet of the request. */
  logWallets: boolean;
  /** Writes guarded by wallet sessions (WALLET_AUTH), off by default. */
  auth: AuthConfig;
  /** Wallet sign-in, available when WALLET_AUTH=siwe or ADMIN_WALLETS is set; else null. */
  signIn: SignInConfig | null;
  rateLimits: RateLimitConfig;
  trustProxy: TrustProxy;
  qualify: QualifyConfig;
  /** Null while NEYNAR_API_KEY is unset: no webhook, no sends, the manifest names no webhookUrl. */
  notifications: NotificationsConfig | null;
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const origins = parsePublicOrigins(env);
  const auth = authConfig(e, origins);
  const adminWallets = e.ADMIN_WALLETS ?? [];
  return {
    store: storeConfig(e),
    leaderboardSize: e.LEADERBOARD_SIZE,
    streamSeconds: e.LEADERBOARD_STREAM_SECONDS,
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
    adminToken: e.ADMIN_TOKEN,
    adminWallets,
    logWallets: e.LOG_WALLETS,
    auth,
    signIn: auth.mode === "siwe" ? auth : adminWallets.length > 0 ? signInConfig(e, origins, "ADMIN_WALLETS") : null,
    rateLimits: {
      writesPerIp: e.RATE_LIMIT_WRITES_PER_IP,
      writesPerWallet: e.RATE_LIMIT_WRITES_PER_WALLET,
      codeLookupsPerIp: e.RATE_LIMIT_CODE_LOOKUPS_PER_IP,
    },
    trustProxy: trustProxyConfig(e),
    qualify: qualifyConfig(e),
    notifications: notificationsConfig(e),
  };
}

function notificationsConfig(e: z.infer<typeof envSchema>): NotificationsConfig | null {
  if (!e.NEYNAR_API_KEY) return null;
  const off = e.NOTIFICATIONS_OFF ?? [];
  return {
    neynarApiKey: e.NEYNAR_API_KEY,
    hubUrl: e.NEYNAR_HUB_URL.replace(/\/+$/, ""),
    quickAuthOrigin: e.QUICK_AUTH_ORIGIN,
    kinds: NOTIFICATION_KINDS.filter((kind) => !off.includes(kind)),
    cronSecret: e.CRON_SECRET,
    batch: e.NOTIFY_BATCH,
    timeoutMs: e.NOTIFY_TIMEOUT_MS,
  };
}

function qualifyConfig(e: z.infer<typeof envSchema>): QualifyConfig {
  // Both rules are decided on the chain: without an RPC no referee could ever qualify.
  if ((e.REFERRAL_QUALIFY === "onchain" || e.REFERRAL_QUALIFY === "nft_mint") && !e.RPC_URL) {
    throw new ConfigError(
      `Invalid configuration: REFERRAL_QUALIFY=${e.REFERRAL_QUALIFY} reads the chain and needs RPC_URL ` +
        "(with NFT_CONTRACT or STAKING_CONTRACT for nft_mint)",
    );
  }
  return { rule: e.REFERRAL_QUALIFY, onchain: { minTx: e.QUALIFY_MIN_TX, minBalanceWei: e.QUALIFY_MIN_BALANCE_WEI ?? null } };
}

function authConfig(e: z.infer<typeof envSchema>, publicOrigins: PublicOriginsConfig): AuthConfig {
  if (e.WALLET_AUTH === "off") return { mode: "off" };
  return { mode: "siwe", ...signInConfig(e, publicOrigins, "WALLET_AUTH=siwe") };
}

/** The sign-in settings; `reason` names the variable that turned sign-in on, for the error when SESSION_SECRET is missing. */
function signInConfig(e: z.infer<typeof envSchema>, publicOrigins: PublicOriginsConfig, reason: string): SignInConfig {
  if (!e.SESSION_SECRET) {
    throw new ConfigError(
      `Invalid configuration: ${reason} needs SESSION_SECRET (32+ random characters, e.g. \`openssl rand -hex 32\`) ` +
        "to seal the session cookie",
    );
  }
  // Sign-in is checked against the request's public origin: an origin no request can have would lock sign-in out there.
  const unreachable = e.AUTH_ORIGINS?.filter((origin) => !isPublicOrigin(origin, publicOrigins)) ?? [];
  if (unreachable.length > 0) {
    throw new ConfigError(`Invalid configuration: AUTH_ORIGINS: not a public origin of the app (see APP_URL): ${unreachable.join(", ")}`);
  }
  const appUrlOrigins = publicOrigins.source === "APP_URL" ? publicOrigins.bases.map((base) => new URL(base).origin) : [];
  return {
    session: { secret: e.SESSION_SECRET, ttlSeconds: e.SESSION_TTL_SECONDS },
    nonceTtlSeconds: e.NONCE_TTL_SECONDS,
    origins: e.AUTH_ORIGINS ?? [...new Set(appUrlOrigins)],
    chainId: e.CHAIN_ID,
    rpcUrl: e.RPC_URL,
    rpcTimeoutMs: e.RPC_TIMEOUT_MS,
  };
}

function trustProxyConfig(e: z.infer<typeof envSchema>): TrustProxy {
  const value = e.TRUST_PROXY ?? (e.VERCEL ? "vercel" : "none");
  if (value === "vercel" || value === "none") return { kind: value };
  return { kind: "hops", hops: Number(value) };
}

function storeConfig(e: z.infer<typeof envSchema>): StoreConfig {
  const retentionDays = e.ANALYTICS_RETENTION_DAYS;
  const schedule = seasonSchedule(e);
  const seasons = schedule ? { seasons: schedule } : {};
  const restUrl = e.KV_REST_API_URL ?? e.UPSTASH_REDIS_REST_URL;
  const restToken = e.KV_REST_API_TOKEN ?? e.UPSTASH_REDIS_REST_TOKEN;
  if (restUrl || restToken) {
    if (!restUrl || !restToken) {
      throw new ConfigError(
        "Invalid configuration: Upstash / Vercel KV needs both a REST URL and a token " +
          "(KV_REST_API_URL + KV_REST_API_TOKEN, or UPSTASH_REDIS_REST_URL + UPSTASH_REDIS_REST_TOKEN)",
      );
    }
    return { kind: "upstash", url: restUrl, token: restToken, prefix: e.STORE_PREFIX, timeoutMs: e.STORE_TIMEOUT_MS, retentionDays, ...seasons };
  }
  if (e.REDIS_URL) {
    return { kind: "redis", url: e.REDIS_URL, prefix: e.STORE_PREFIX, timeoutMs: e.STORE_TIMEOUT_MS, retentionDays, ...seasons };
  }
  if (e.VERCEL) {
    throw new ConfigError(
      "No store configured on Vercel: the embedded SQLite store needs a writable disk, which Vercel functions do not have. " +
        "Connect an Upstash Redis (Vercel KV) database to the project so KV_REST_API_URL and KV_REST_API_TOKEN are set, or set REDIS_URL.",
    );
  }
  return { kind: "sqlite", dataDir: e.DATA_DIR, retentionDays, ...seasons };
}

/** Seasons are on when both variables are set; one without the other is a mistake worth stopping for. */
function seasonSchedule(e: z.infer<typeof envSchema>): SeasonSchedule | null {
  if (e.SEASON_LENGTH_DAYS === undefined && e.SEASON_START === undefined) return null;
  if (e.SEASON_LENGTH_DAYS === undefined || e.SEASON_START === undefined) {
    throw new ConfigError("Invalid configuration: seasons need both SEASON_LENGTH_DAYS and SEASON_START (a UTC date, YYYY-MM-DD)");
  }
  const startDay = dayOfName(e.SEASON_START);
  if (startDay === null) throw new ConfigError(`Invalid configuration: SEASON_START: not a date: ${e.SEASON_START}`);
  return { startDay, lengthDays: e.SEASON_LENGTH_DAYS };
}

let cached: Config | undefined;

/** The process's configuration, parsed on first use. */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
