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
  APP_URL: optional.pipe(z.url().optional()),
  LEADERBOARD_SIZE: integer(100, 1, 1_000),
  CHAIN_ID: optional.pipe(z.string().regex(/^[1-9][0-9]*$/, "must be a positive integer").transform(Number).optional()),
  RPC_URL: optional.pipe(z.url().optional()),
  NFT_CONTRACT: optional.pipe(address.optional()),
  STAKING_CONTRACT: optional.pipe(address.optional()),
  STAKE_IDS_FUNCTION: optional.default("function getUserStakeIds(address) view returns (uint256[])"),
  RPC_TIMEOUT_MS: integer(5_000, 100, 60_000),
  ADMIN_TOKEN: optional.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  LOG_WALLETS: optional
    .pipe(z.enum(["true", "false", "1", "0"]).optional())
    .transform((v) => v === "true" || v === "1"),
  VERCEL: optional,
  WALLET_AUTH: optional.default("off").pipe(z.enum(["off", "siwe"])),
  SESSION_SECRET: optional.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SESSION_TTL_SECONDS: integer(7 * 86_400, 60, 90 * 86_400),
  NONCE_TTL_SECONDS: integer(300, 10, 3_600),
  AUTH_ORIGINS: optional.pipe(
    z
      .string()
      .transform((v) => v.split(",").map((o) => o.trim()).filter(Boolean))
      .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((o) => new URL(o).origin)))
      .optional(),
  ),
  RATE_LIMIT_WRITES_PER_IP: optional.pipe(rateLimitRule.optional()),
  RATE_LIMIT_WRITES_PER_WALLET: optional.pipe(rateLimitRule.optional()),
  RATE_LIMIT_CODE_LOOKUPS_PER_IP: optional.pipe(rateLimitRule.optional()),
  TRUST_PROXY: optional.pipe(
    z
      .string()
      .regex(/^(none|vercel|[1-9])$/, "must be none, vercel or a number of proxies from 1 to 9")
      .optional(),
  ),
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

export type AuthConfig =
  | { mode: "off" }
  | {
      mode: "siwe";
      /** The session cookie: its sealing secret (iron-session, 32+ characters) and lifetime. */
      session: { secret: string; ttlSeconds: number };
      nonceTtlSeconds: number;
      /**
       * Origins sign-in messages may be for. Empty: the origin each request came to, which only a
       * platform that routes nothing but your own domains to the app (Vercel) makes trustworthy.
       */
      origins: string[];
      /** The chain id a sign-in message must carry (CHAIN_ID); absent = any chain. */
      chainId?: number;
      /** JSON-RPC endpoint through which smart-contract wallets (ERC-1271 / ERC-6492) are checked. */
      rpcUrl?: string;
      rpcTimeoutMs: number;
    };

export interface Config {
  store: StoreConfig;
  /** Public base of referral links; when absent, links use the origin each request came to. */
  appUrl?: string;
  leaderboardSize: number;
  /** Absent when on-chain verification is not configured. */
  chain?: ChainConfig;
  /** Bearer token of the operator endpoints (GET /api/admin/rewards); absent = those endpoints answer 404. */
  adminToken?: string;
  /** Whether the per-request log line may name the wallet of the request. */
  logWallets: boolean;
  /** Wallet sign-in (Sign-In with Ethereum), off by default. */
  auth: AuthConfig;
  rateLimits: RateLimitConfig;
  trustProxy: TrustProxy;
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
    adminToken: e.ADMIN_TOKEN,
    logWallets: e.LOG_WALLETS,
    auth: authConfig(e),
    rateLimits: {
      writesPerIp: e.RATE_LIMIT_WRITES_PER_IP,
      writesPerWallet: e.RATE_LIMIT_WRITES_PER_WALLET,
      codeLookupsPerIp: e.RATE_LIMIT_CODE_LOOKUPS_PER_IP,
    },
    trustProxy: trustProxyConfig(e),
  };
}

function authConfig(e: z.infer<typeof envSchema>): AuthConfig {
  if (e.WALLET_AUTH === "off") return { mode: "off" };
  if (!e.SESSION_SECRET) {
    throw new ConfigError(
      "Invalid configuration: WALLET_AUTH=siwe needs SESSION_SECRET (32+ random characters, e.g. `openssl rand -hex 32`) " +
        "to seal the session cookie",
    );
  }
  return {
    mode: "siwe",
    session: { secret: e.SESSION_SECRET, ttlSeconds: e.SESSION_TTL_SECONDS },
    nonceTtlSeconds: e.NONCE_TTL_SECONDS,
    origins: e.AUTH_ORIGINS ?? (e.APP_URL ? [new URL(e.APP_URL).origin] : []),
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

// ---------------------------------------------------------------------------
// Response headers: read by proxy.ts on every request, so they are parsed on their own
// (a store misconfiguration must not take the security headers down with it).

/** The Farcaster clients that embed mini apps in a frame (the web client, under both its names). */
export const FARCASTER_FRAME_ANCESTORS = [
  "https://farcaster.xyz",
  "https://*.farcaster.xyz",
  "https://warpcast.com",
  "https://*.warpcast.com",
] as const;

/** A CSP source expression for frame-ancestors: 'self', 'none' or scheme://host[:port] (host and port may use *). */
const frameAncestorSource = z
  .string()
  .regex(
    /^(?:'self'|'none'|https?:\/\/(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?:\d{1,5}|\*))?)$/i,
    "each entry must be 'self', 'none' or an origin such as https://farcaster.xyz or https://*.example.com",
  );

const headersEnvSchema = z.object({
  FRAME_ANCESTORS: optional
    .transform((v) => (v === undefined ? [...FARCASTER_FRAME_ANCESTORS] : v.split(/[\s,]+/).filter(Boolean)))
    .pipe(z.array(frameAncestorSource).min(1)),
  NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: optional,
  NODE_ENV: optional,
});

export interface HeadersConfig {
  /** Who may embed the app in a frame: the Farcaster clients unless FRAME_ANCESTORS says otherwise. */
  frameAncestors: string[];
  /** Whether WalletConnect (and the wallets that use it) is offered, so its relay and verify hosts are allowed. */
  walletConnect: boolean;
  /** `next dev`: React's development build needs eval. */
  development: boolean;
}

export function parseHeadersConfig(env: Record<string, string | undefined>): HeadersConfig {
  const parsed = headersEnvSchema.safeParse(env);
  if (!parsed.success) throw siteConfigError(parsed.error);
  const e = parsed.data;
  const none = e.FRAME_ANCESTORS.includes("'none'");
  return {
    frameAncestors: none ? ["'none'"] : e.FRAME_ANCESTORS,
    walletConnect: e.NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID !== undefined,
    development: e.NODE_ENV === "development",
  };
}

let cachedHeaders: HeadersConfig | undefined;

/** The header settings, parsed on first use. */
export function headersConfig(): HeadersConfig {
  cachedHeaders ??= parseHeadersConfig(process.env);
  return cachedHeaders;
}

// ---------------------------------------------------------------------------
// Site settings: what the web app and the Farcaster manifest show. Read at run
// time on the server and handed to client components as props, so changing them
// needs a restart, not a rebuild.

const httpsOrHttpUrl = z.url({ protocol: /^https?$/ });
const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** Farcaster's primary categories (miniapp-core's manifest schema). */
export const MINIAPP_CATEGORIES = [
  "games",
  "social",
  "finance",
  "utility",
  "productivity",
  "health-fitness",
  "news-media",
  "music",
  "shopping",
  "education",
  "developer-tools",
  "entertainment",
  "art-creativity",
] as const;

const siteEnvSchema = z.object({
  APP_NAME: optional.default("Refboard").pipe(z.string().max(32)),
  APP_SUBTITLE: optional.default("Refer friends, climb the board").pipe(z.string().max(30)),
  APP_DESCRIPTION: optional
    .default("Invite friends with your link, complete quests and climb the live leaderboard. Every referral earns you both 20 points.")
    .pipe(z.string().max(170)),
  APP_BUTTON_TITLE: optional.default("Start earning").pipe(z.string().max(32)),
  APP_ICON_URL: optional.pipe(httpsOrHttpUrl.optional()),
  APP_IMAGE_URL: optional.pipe(httpsOrHttpUrl.optional()),
  APP_SPLASH_IMAGE_URL: optional.pipe(httpsOrHttpUrl.optional()),
  APP_SPLASH_BACKGROUND_COLOR: optional.default("#4f46e5").pipe(z.string().regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, "must be #RGB or #RRGGBB")),
  APP_PRIMARY_CATEGORY: optional.default("social").pipe(z.enum(MINIAPP_CATEGORIES)),
  APP_TAGS: optional
    .default("referrals,quests,leaderboard")
    .transform((v) => v.split(",").map((t) => t.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(20).regex(/^\S+$/, "tags have no spaces")).max(5)),
  FARCASTER_HEADER: optional,
  FARCASTER_PAYLOAD: optional,
  FARCASTER_SIGNATURE: optional,
  FARCASTER_NOINDEX: optional.pipe(flag.optional()),
  TASK_ADD_MINIAPP_URL: optional.default("https://farcaster.xyz/miniapps").pipe(httpsOrHttpUrl),
  TASK_FC_FOLLOW_URL: optional.default("https://farcaster.xyz").pipe(httpsOrHttpUrl),
  TASK_FC_LIKE_RECAST_URL: optional.default("https://farcaster.xyz").pipe(httpsOrHttpUrl),
  TASK_FC_COMMENT_URL: optional.default("https://farcaster.xyz").pipe(httpsOrHttpUrl),
  TASK_NFT_MINT_URL: optional.pipe(httpsOrHttpUrl.optional()),
});

export interface SiteConfig {
  name: string;
  /** Farcaster's subtitle: 30 characters at most. */
  subtitle: string;
  description: string;
  buttonTitle: string;
  /** Absolute image URLs; absent means "use the images the app renders itself". */
  iconUrl?: string;
  imageUrl?: string;
  splashImageUrl?: string;
  splashBackgroundColor: string;
  primaryCategory: (typeof MINIAPP_CATEGORIES)[number];
  tags: string[];
  farcaster: {
    /** Present only when header, payload and signature are all set. */
    accountAssociation?: { header: string; payload: string; signature: string };
    noindex?: boolean;
  };
  /** Where each social task sends the user before it can be completed. */
  taskUrls: { add_miniapp: string; fc_follow: string; fc_like_recast: string; fc_comment: string };
  /** Where a wallet without the NFT can get one; the nft_mint task links to it when set. */
  nftMintUrl?: string;
}

function siteConfigError(error: z.ZodError): ConfigError {
  return new ConfigError(`Invalid configuration: ${error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
}

export function parseSiteConfig(env: Record<string, string | undefined>): SiteConfig {
  const parsed = siteEnvSchema.safeParse(env);
  if (!parsed.success) throw siteConfigError(parsed.error);
  const e = parsed.data;
  const association = [e.FARCASTER_HEADER, e.FARCASTER_PAYLOAD, e.FARCASTER_SIGNATURE];
  if (association.some(Boolean) && !association.every(Boolean)) {
    throw new ConfigError(
      "Invalid configuration: the Farcaster account association needs FARCASTER_HEADER, FARCASTER_PAYLOAD and FARCASTER_SIGNATURE together",
    );
  }
  return {
    name: e.APP_NAME,
    subtitle: e.APP_SUBTITLE,
    description: e.APP_DESCRIPTION,
    buttonTitle: e.APP_BUTTON_TITLE,
    iconUrl: e.APP_ICON_URL,
    imageUrl: e.APP_IMAGE_URL,
    splashImageUrl: e.APP_SPLASH_IMAGE_URL,
    splashBackgroundColor: e.APP_SPLASH_BACKGROUND_COLOR,
    primaryCategory: e.APP_PRIMARY_CATEGORY,
    tags: e.APP_TAGS,
    farcaster: {
      accountAssociation:
        e.FARCASTER_HEADER && e.FARCASTER_PAYLOAD && e.FARCASTER_SIGNATURE
          ? { header: e.FARCASTER_HEADER, payload: e.FARCASTER_PAYLOAD, signature: e.FARCASTER_SIGNATURE }
          : undefined,
      noindex: e.FARCASTER_NOINDEX,
    },
    taskUrls: {
      add_miniapp: e.TASK_ADD_MINIAPP_URL,
      fc_follow: e.TASK_FC_FOLLOW_URL,
      fc_like_recast: e.TASK_FC_LIKE_RECAST_URL,
      fc_comment: e.TASK_FC_COMMENT_URL,
    },
    nftMintUrl: e.TASK_NFT_MINT_URL,
  };
}

let cachedSite: SiteConfig | undefined;

/** The site settings, parsed on first use. */
export function siteConfig(): SiteConfig {
  cachedSite ??= parseSiteConfig(process.env);
  return cachedSite;
}
