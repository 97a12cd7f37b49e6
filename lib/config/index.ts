/**
 * The configuration: every environment variable the server reads, parsed once (lib/config/schema.ts,
 * one slice per concern; lib/config/environment.ts, the one cache). Nothing else reads process.env
 * (Next's NEXT_PUBLIC_* inlining aside).
 */
import "server-only";
import { isPublicOrigin, type PublicOriginsConfig } from "@/lib/domain/public-origin";
import { dayOfName } from "@/lib/domain/analytics";
import type { OnchainThresholds, QualifyRule } from "@/lib/domain/qualify";
import type { SeasonSchedule } from "@/lib/domain/seasons";
import { MAX_REMINDER_BATCH, NOTIFICATION_KINDS, type NotificationKind } from "@/lib/domain/notifications";
import { ConfigError } from "@/lib/config/env";
import { Environment, environment, type EnvSource } from "@/lib/config/environment";
import type { RateLimitRule, Slice } from "@/lib/config/schema";
import { publicOriginsOf } from "@/lib/config/origins";

export { ConfigError } from "@/lib/config/env";
export type { RateLimitRule } from "@/lib/config/schema";
export * from "@/lib/config/headers";
export * from "@/lib/config/origins";
export * from "@/lib/config/site";

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
  /** The `farcaster` rule's minimum Neynar user score of the referee's linked fid (QUALIFY_MIN_NEYNAR_SCORE), 0 to 1. */
  minNeynarScore: number;
}

/** Neynar's API v2 (lib/farcaster/neynar.ts), asked with NEYNAR_API_KEY: verified tasks, Farcaster quests, referees' scores. */
export interface NeynarConfig {
  apiKey: string;
  /** Neynar's API; a test points NEYNAR_API_URL at its stand-in. */
  baseUrl: string;
  /** Longest wait for one check (NEYNAR_TIMEOUT_MS). */
  timeoutMs: number;
}

/**
 * What the interface's Farcaster tasks are checked against: fc_follow with `followFid`, fc_like_recast
 * and fc_comment with `castHash`. A task without its target stays self-attested.
 */
export interface SocialTargets {
  followFid?: number;
  castHash?: string;
}

/** Farcaster notifications (NEYNAR_API_KEY turns them on). */
export interface NotificationsConfig {
  /** Neynar's key: the webhook checks each event's app key against the fid's on-chain signers through Neynar's hub. */
  neynarApiKey: string;
  /** The hub those checks go to: Neynar's (a test points NEYNAR_HUB_URL at its stand-in). */
  hubUrl: string;
  /** The Quick Auth server whose tokens prove a fid: Farcaster's (a test points QUICK_AUTH_ORIGIN at its stand-in). */
  quickAuthOrigin: string;
  /** The kinds that are sent: every kind but those in NOTIFICATIONS_OFF. */
  kinds: NotificationKind[];
  /** The bearer of GET /api/cron/checkin-reminders (CRON_SECRET); absent: that route answers 404. */
  cronSecret?: string;
  /** Subscribers one cron run works through: MAX_REMINDER_BATCH, the most one store call takes (unit tests use fewer). */
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
  /**
   * Null while NEYNAR_API_KEY is unset: then no target may be set and no rule may need Neynar, and the
   * Farcaster quests answer that their verification is not configured.
   */
  neynar: NeynarConfig | null;
  socialTargets: SocialTargets;
  webhooks: WebhooksConfig;
}

/** Outbound webhooks (issue #30). */
export interface WebhooksConfig {
  /** WEBHOOKS_ALLOW_PRIVATE: endpoints may be http and resolve to private and loopback addresses (local development, tests). */
  allowPrivate: boolean;
  /** The bearer of GET /api/cron/webhooks (CRON_SECRET, which needs no NEYNAR_API_KEY here); absent: that route answers 404. */
  cronSecret?: string;
}

/** The slices the configuration is built from, read together so one error names every bad variable. */
const CONFIG_SLICES = [
  "platform",
  "links",
  "store",
  "board",
  "chain",
  "qualify",
  "operators",
  "signIn",
  "requests",
  "farcaster",
  "notifications",
  "webhooks",
  "socialTargets",
  "testOnly",
] as const;
type ConfigSlices = { [K in (typeof CONFIG_SLICES)[number]]: Slice<K> };

function configOf(env: Environment): Config {
  const e = env.read(...CONFIG_SLICES);
  const origins = env.view(publicOriginsOf);
  const auth = authConfig(e, origins);
  const adminWallets = e.operators.ADMIN_WALLETS ?? [];
  const chain = e.chain;
  return {
    store: storeConfig(e),
    leaderboardSize: e.board.LEADERBOARD_SIZE,
    streamSeconds: e.board.LEADERBOARD_STREAM_SECONDS,
    chain: chain.RPC_URL
      ? {
          chainId: chain.CHAIN_ID,
          rpcUrl: chain.RPC_URL,
          nftContract: chain.NFT_CONTRACT,
          stakingContract: chain.STAKING_CONTRACT,
          stakeIdsFunction: chain.STAKE_IDS_FUNCTION,
          timeoutMs: chain.RPC_TIMEOUT_MS,
        }
      : undefined,
    adminToken: e.operators.ADMIN_TOKEN,
    adminWallets,
    logWallets: e.operators.LOG_WALLETS,
    auth,
    signIn: auth.mode === "siwe" ? auth : adminWallets.length > 0 ? signInConfig(e, origins, "ADMIN_WALLETS") : null,
    rateLimits: {
      writesPerIp: e.requests.RATE_LIMIT_WRITES_PER_IP,
      writesPerWallet: e.requests.RATE_LIMIT_WRITES_PER_WALLET,
      codeLookupsPerIp: e.requests.RATE_LIMIT_CODE_LOOKUPS_PER_IP,
    },
    trustProxy: trustProxyConfig(e),
    qualify: qualifyConfig(e),
    notifications: notificationsConfig(e),
    neynar: neynarConfig(e),
    socialTargets: socialTargetsConfig(e),
    webhooks: { allowPrivate: e.webhooks.WEBHOOKS_ALLOW_PRIVATE, cronSecret: e.notifications.CRON_SECRET },
  };
}

export function parseConfig(source: EnvSource): Config {
  return configOf(new Environment(source));
}

/**
 * The key `npm run payout:deploy` deploys and funds a distributor with (DEPLOYER_PRIVATE_KEY), with the
 * chain it sends to; null while RPC_URL or the key is unset. The app never signs: Config leaves the key out.
 */
export function parseDeployer(source: EnvSource): { chain: ChainConfig; privateKey: `0x${string}` } | null {
  const env = new Environment(source);
  const { chain } = configOf(env);
  const privateKey = env.read("chain").chain.DEPLOYER_PRIVATE_KEY;
  return chain && privateKey ? { chain, privateKey } : null;
}

/** The process's configuration, built on first use. */
export function config(): Config {
  return environment().view(configOf);
}

function notificationsConfig({ farcaster, notifications, testOnly }: ConfigSlices): NotificationsConfig | null {
  if (!farcaster.NEYNAR_API_KEY) return null;
  const off = notifications.NOTIFICATIONS_OFF ?? [];
  return {
    neynarApiKey: farcaster.NEYNAR_API_KEY,
    hubUrl: testOnly.NEYNAR_HUB_URL,
    quickAuthOrigin: testOnly.QUICK_AUTH_ORIGIN,
    kinds: NOTIFICATION_KINDS.filter((kind) => !off.includes(kind)),
    cronSecret: notifications.CRON_SECRET,
    batch: MAX_REMINDER_BATCH,
    timeoutMs: notifications.NOTIFY_TIMEOUT_MS,
  };
}

function neynarConfig({ farcaster, socialTargets, testOnly }: ConfigSlices): NeynarConfig | null {
  if (!farcaster.NEYNAR_API_KEY) return null;
  return { apiKey: farcaster.NEYNAR_API_KEY, baseUrl: testOnly.NEYNAR_API_URL, timeoutMs: socialTargets.NEYNAR_TIMEOUT_MS };
}

/** A target set without a key would leave its task impossible to complete: start-up stops instead. */
function socialTargetsConfig({ socialTargets, farcaster }: ConfigSlices): SocialTargets {
  const { FARCASTER_FOLLOW_FID: followFid, FARCASTER_CAST_HASH: castHash } = socialTargets;
  const named = [followFid !== undefined && "FARCASTER_FOLLOW_FID", castHash !== undefined && "FARCASTER_CAST_HASH"].filter(Boolean);
  if (named.length > 0 && !farcaster.NEYNAR_API_KEY) {
    throw new ConfigError(`Invalid configuration: ${named.join(" and ")} verify the Farcaster tasks through Neynar's API and need NEYNAR_API_KEY`);
  }
  return { followFid, castHash };
}

function qualifyConfig({ qualify, chain, farcaster }: ConfigSlices): QualifyConfig {
  // Both rules are decided on the chain: without an RPC no referee could ever qualify.
  if ((qualify.REFERRAL_QUALIFY === "onchain" || qualify.REFERRAL_QUALIFY === "nft_mint") && !chain.RPC_URL) {
    throw new ConfigError(
      `Invalid configuration: REFERRAL_QUALIFY=${qualify.REFERRAL_QUALIFY} reads the chain and needs RPC_URL ` +
        "(with NFT_CONTRACT or STAKING_CONTRACT for nft_mint)",
    );
  }
  if (qualify.REFERRAL_QUALIFY === "farcaster" && !farcaster.NEYNAR_API_KEY) {
    throw new ConfigError("Invalid configuration: REFERRAL_QUALIFY=farcaster reads Neynar user scores and needs NEYNAR_API_KEY");
  }
  return {
    rule: qualify.REFERRAL_QUALIFY,
    onchain: { minTx: qualify.QUALIFY_MIN_TX, minBalanceWei: qualify.QUALIFY_MIN_BALANCE_WEI ?? null },
    minNeynarScore: qualify.QUALIFY_MIN_NEYNAR_SCORE,
  };
}

function authConfig(e: ConfigSlices, publicOrigins: PublicOriginsConfig): AuthConfig {
  if (e.signIn.WALLET_AUTH === "off") return { mode: "off" };
  return { mode: "siwe", ...signInConfig(e, publicOrigins, "WALLET_AUTH=siwe") };
}

/** The sign-in settings; `reason` names the variable that turned sign-in on, for the error when SESSION_SECRET is missing. */
function signInConfig({ signIn, chain }: ConfigSlices, publicOrigins: PublicOriginsConfig, reason: string): SignInConfig {
  if (!signIn.SESSION_SECRET) {
    throw new ConfigError(
      `Invalid configuration: ${reason} needs SESSION_SECRET (32+ random characters, e.g. \`openssl rand -hex 32\`) ` +
        "to seal the session cookie",
    );
  }
  // Sign-in is checked against the request's public origin: an origin no request can have would lock sign-in out there.
  const unreachable = signIn.AUTH_ORIGINS?.filter((origin) => !isPublicOrigin(origin, publicOrigins)) ?? [];
  if (unreachable.length > 0) {
    throw new ConfigError(`Invalid configuration: AUTH_ORIGINS: not a public origin of the app (see APP_URL): ${unreachable.join(", ")}`);
  }
  const appUrlOrigins = publicOrigins.source === "APP_URL" ? publicOrigins.bases.map((base) => new URL(base).origin) : [];
  return {
    session: { secret: signIn.SESSION_SECRET, ttlSeconds: signIn.SESSION_TTL_SECONDS },
    nonceTtlSeconds: signIn.NONCE_TTL_SECONDS,
    origins: signIn.AUTH_ORIGINS ?? [...new Set(appUrlOrigins)],
    chainId: chain.CHAIN_ID,
    rpcUrl: chain.RPC_URL,
    rpcTimeoutMs: chain.RPC_TIMEOUT_MS,
  };
}

function trustProxyConfig({ requests, platform }: ConfigSlices): TrustProxy {
  const value = requests.TRUST_PROXY ?? (platform.VERCEL ? "vercel" : "none");
  if (value === "vercel" || value === "none") return { kind: value };
  return { kind: "hops", hops: Number(value) };
}

function storeConfig(e: ConfigSlices): StoreConfig {
  const { store, platform } = e;
  const retentionDays = store.ANALYTICS_RETENTION_DAYS;
  const schedule = seasonSchedule(e);
  const seasons = schedule ? { seasons: schedule } : {};
  const restUrl = store.KV_REST_API_URL ?? store.UPSTASH_REDIS_REST_URL;
  const restToken = store.KV_REST_API_TOKEN ?? store.UPSTASH_REDIS_REST_TOKEN;
  const shared = { prefix: store.STORE_PREFIX, timeoutMs: store.STORE_TIMEOUT_MS, retentionDays, ...seasons };
  if (restUrl || restToken) {
    if (!restUrl || !restToken) {
      throw new ConfigError(
        "Invalid configuration: Upstash / Vercel KV needs both a REST URL and a token " +
          "(KV_REST_API_URL + KV_REST_API_TOKEN, or UPSTASH_REDIS_REST_URL + UPSTASH_REDIS_REST_TOKEN)",
      );
    }
    return { kind: "upstash", url: restUrl, token: restToken, ...shared };
  }
  if (store.REDIS_URL) return { kind: "redis", url: store.REDIS_URL, ...shared };
  if (platform.VERCEL) {
    throw new ConfigError(
      "No store configured on Vercel: the embedded SQLite store needs a writable disk, which Vercel functions do not have. " +
        "Connect an Upstash Redis (Vercel KV) database to the project so KV_REST_API_URL and KV_REST_API_TOKEN are set, or set REDIS_URL.",
    );
  }
  return { kind: "sqlite", dataDir: store.DATA_DIR, retentionDays, ...seasons };
}

/** Seasons are on when both variables are set; one without the other is a mistake worth stopping for. */
function seasonSchedule({ board }: ConfigSlices): SeasonSchedule | null {
  if (board.SEASON_LENGTH_DAYS === undefined && board.SEASON_START === undefined) return null;
  if (board.SEASON_LENGTH_DAYS === undefined || board.SEASON_START === undefined) {
    throw new ConfigError("Invalid configuration: seasons need both SEASON_LENGTH_DAYS and SEASON_START (a UTC date, YYYY-MM-DD)");
  }
  const startDay = dayOfName(board.SEASON_START);
  if (startDay === null) throw new ConfigError(`Invalid configuration: SEASON_START: not a date: ${board.SEASON_START}`);
  return { startDay, lengthDays: board.SEASON_LENGTH_DAYS };
}
