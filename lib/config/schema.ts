/**
 * Every environment variable the server reads, each in exactly one slice (one concern), with its zod
 * form. .env.example and docs/configuration.md are checked against this file (tests/unit/config-docs.test.ts).
 * lib/config/environment.ts parses a slice the first time it is read; the views (config, site, headers,
 * public origins) are built from slices.
 */
import "server-only";
import { z } from "zod";
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { DEFAULT_MIN_NEYNAR_SCORE, QUALIFY_RULES } from "@/lib/domain/qualify";
import { NOTIFICATION_KINDS } from "@/lib/domain/notifications";
import { PLACEHOLDER_TASK_URLS } from "@/lib/domain/task-availability";
import { optional, address, commaList, integer } from "@/lib/config/env";

/** At most `limit` requests per fixed window of `windowSeconds` (windows aligned to Unix time). */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

const WINDOW_UNITS = { s: 1, m: 60, h: 3_600, d: 86_400 } as const;

/** "N" (per minute) or "N/<window>", the window a number with s, m, h or d: "30/1m", "5/10s", "1000/1d". */
const rateLimitRule = optional.pipe(
  z
    .string()
    .regex(/^\d{1,7}(\/\d{0,5}[smhd])?$/, 'must be "N" (per minute) or "N/<window>" such as 30/1m, 5/10s, 1000/1d')
    .transform((v): RateLimitRule => {
      const [count = "", window = "1m"] = v.split("/");
      const amount = window.length > 1 ? Number(window.slice(0, -1)) : 1;
      return { limit: Number(count), windowSeconds: amount * WINDOW_UNITS[window.slice(-1) as keyof typeof WINDOW_UNITS] };
    })
    .refine((r) => r.limit >= 1 && r.windowSeconds >= 1 && r.windowSeconds <= 7 * 86_400, {
      message: "needs a limit of at least 1 and a window from 1 s to 7 days",
    })
    .optional(),
);

const httpUrl = z.url({ protocol: /^https?$/ });
const origin = httpUrl.transform((o) => new URL(o).origin);
const redisUrl = z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" });
const restUrl = z.url({ protocol: /^https?$/, error: "must be an https:// URL (the REST URL of the database)" });
const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/**
 * APP_URL: one public base URL or a comma-separated list of them, each http(s)://host[:port] with an
 * optional path (kept in links), trailing slashes dropped.
 */
const appUrlList = commaList.pipe(
  z
    .array(
      z
        .url({ protocol: /^https?$/, error: "each entry must be an http:// or https:// URL such as https://app.example.com" })
        .transform((v) => new URL(v))
        .refine((u) => !u.username && !u.password && !u.search && !u.hash, "entries carry no user, query or fragment")
        .transform((u) => u.origin + u.pathname.replace(/\/+$/, "")),
    )
    .min(1, "must name at least one URL"),
);

/** A hostname as Vercel's system URL variables give it: no scheme, no path. */
const vercelHost = optional.pipe(
  z
    .string()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/i, "must be a hostname without scheme, such as my-app.vercel.app")
    .transform((h) => h.toLowerCase())
    .optional(),
);

/** A CSP source expression for frame-ancestors: 'self', 'none' or scheme://host[:port] (host and port may use *). */
const frameAncestorSource = z
  .string()
  .regex(
    /^(?:'self'|'none'|https?:\/\/(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?:\d{1,5}|\*))?)$/i,
    "each entry must be 'self', 'none' or an origin such as https://farcaster.xyz or https://*.example.com",
  );

/** The Farcaster clients that embed mini apps in a frame (the web client, under both its names). */
export const FARCASTER_FRAME_ANCESTORS = [
  "https://farcaster.xyz",
  "https://*.farcaster.xyz",
  "https://warpcast.com",
  "https://*.warpcast.com",
] as const;

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

/**
 * The slices. A view reads only the slices it needs, so one bad slice fails only the views that read
 * it: proxy.ts reads headers and links on every page, and a store misconfiguration must not take the
 * pages' security headers down with it.
 */
export const SLICES = {
  /** Which platform runs the app; neither can be malformed. */
  platform: z.object({ NODE_ENV: optional, VERCEL: optional }),
  /** Where links point (lib/domain/public-origin.ts). */
  links: z.object({
    APP_URL: optional.pipe(appUrlList.optional()),
    VERCEL_ENV: optional,
    VERCEL_URL: vercelHost,
    VERCEL_BRANCH_URL: vercelHost,
    VERCEL_PROJECT_PRODUCTION_URL: vercelHost,
    // `next start` and `next dev` set it to the port they listen on.
    PORT: integer(3000, 1, 65_535),
  }),
  store: z.object({
    DATA_DIR: optional.default(".data"),
    REDIS_URL: optional.pipe(redisUrl.optional()),
    KV_REST_API_URL: optional.pipe(restUrl.optional()),
    KV_REST_API_TOKEN: optional,
    UPSTASH_REDIS_REST_URL: optional.pipe(restUrl.optional()),
    UPSTASH_REDIS_REST_TOKEN: optional,
    STORE_PREFIX: optional.default("refboard").pipe(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)),
    STORE_TIMEOUT_MS: integer(5_000, 100, 60_000),
    ANALYTICS_RETENTION_DAYS: integer(DEFAULT_RETENTION_DAYS, 1, 3_650),
  }),
  board: z.object({
    LEADERBOARD_SIZE: integer(100, 1, 1_000),
    LEADERBOARD_STREAM_SECONDS: integer(290, 5, 290),
    SEASON_LENGTH_DAYS: optional.pipe(
      z
        .string()
        .regex(/^[1-9][0-9]{0,2}$/, "must be a number of days from 1 to 366")
        .transform(Number)
        .refine((n) => n <= 366, "must be a number of days from 1 to 366")
        .optional(),
    ),
    SEASON_START: optional.pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a UTC date, YYYY-MM-DD").optional()),
  }),
  chain: z.object({
    CHAIN_ID: optional.pipe(z.string().regex(/^[1-9][0-9]*$/, "must be a positive integer").transform(Number).optional()),
    RPC_URL: optional.pipe(z.url().optional()),
    NFT_CONTRACT: optional.pipe(address.optional()),
    STAKING_CONTRACT: optional.pipe(address.optional()),
    STAKE_IDS_FUNCTION: optional.default("function getUserStakeIds(address) view returns (uint256[])"),
    RPC_TIMEOUT_MS: integer(5_000, 100, 60_000),
    /** Only `npm run payout:deploy` signs with it; kept here so a malformed key is refused like any value, never echoed. */
    DEPLOYER_PRIVATE_KEY: optional.pipe(
      z
        .string()
        .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte private key (0x and 64 hex digits)")
        .transform((v) => v as `0x${string}`)
        .optional(),
    ),
  }),
  qualify: z.object({
    REFERRAL_QUALIFY: optional.default("none").pipe(z.enum(QUALIFY_RULES)),
    QUALIFY_MIN_TX: integer(1, 1, 1_000_000),
    QUALIFY_MIN_NEYNAR_SCORE: optional
      .pipe(
        z
          .string()
          .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, "must be a Neynar user score from 0 to 1, such as 0.5")
          .transform(Number)
          .optional(),
      )
      .transform((v) => v ?? DEFAULT_MIN_NEYNAR_SCORE),
    QUALIFY_MIN_BALANCE_WEI: optional.pipe(
      z
        .string()
        .regex(/^[1-9][0-9]{0,77}$/, "must be a whole number of wei, at least 1")
        .transform(BigInt)
        .optional(),
    ),
  }),
  operators: z.object({
    ADMIN_TOKEN: optional.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    ADMIN_WALLETS: optional.pipe(commaList.pipe(z.array(address)).optional()),
    LOG_WALLETS: optional.pipe(flag.optional()).transform((v) => v === true),
  }),
  signIn: z.object({
    WALLET_AUTH: optional.default("off").pipe(z.enum(["off", "siwe"])),
    SESSION_SECRET: optional.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    SESSION_TTL_SECONDS: integer(7 * 86_400, 60, 90 * 86_400),
    NONCE_TTL_SECONDS: integer(300, 10, 3_600),
    AUTH_ORIGINS: optional.pipe(commaList.pipe(z.array(origin)).optional()),
  }),
  /** Who a request comes from, and how many it may make. */
  requests: z.object({
    RATE_LIMIT_WRITES_PER_IP: rateLimitRule,
    RATE_LIMIT_WRITES_PER_WALLET: rateLimitRule,
    RATE_LIMIT_CODE_LOOKUPS_PER_IP: rateLimitRule,
    TRUST_PROXY: optional.pipe(
      z
        .string()
        .regex(/^(none|vercel|[1-9])$/, "must be none, vercel or a number of proxies from 1 to 9")
        .optional(),
    ),
  }),
  headers: z.object({
    FRAME_ANCESTORS: optional
      .transform((v) => (v === undefined ? [...FARCASTER_FRAME_ANCESTORS] : v.split(/[\s,]+/).filter(Boolean)))
      .pipe(z.array(frameAncestorSource).min(1)),
    NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: optional,
  }),
  /** What the web app and the Farcaster manifest show. */
  site: z.object({
    APP_NAME: optional.default("Refboard").pipe(z.string().max(32)),
    APP_SUBTITLE: optional.default("Refer friends, climb the board").pipe(z.string().max(30)),
    APP_DESCRIPTION: optional
      .default("Invite friends with your link, complete quests and climb the live leaderboard. Every referral earns you both 20 reward units.")
      .pipe(z.string().max(170)),
    APP_BUTTON_TITLE: optional.default("Start earning").pipe(z.string().max(32)),
    APP_ICON_URL: optional.pipe(httpUrl.optional()),
    APP_IMAGE_URL: optional.pipe(httpUrl.optional()),
    APP_SPLASH_IMAGE_URL: optional.pipe(httpUrl.optional()),
    APP_SPLASH_BACKGROUND_COLOR: optional.default("#4f46e5").pipe(z.string().regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, "must be #RGB or #RRGGBB")),
    APP_PRIMARY_CATEGORY: optional.default("social").pipe(z.enum(MINIAPP_CATEGORIES)),
    APP_TAGS: optional
      .default("referrals,quests,leaderboard")
      .pipe(commaList)
      .pipe(z.array(z.string().max(20).regex(/^\S+$/, "tags have no spaces")).max(5)),
    FARCASTER_HEADER: optional,
    FARCASTER_PAYLOAD: optional,
    FARCASTER_SIGNATURE: optional,
    FARCASTER_NOINDEX: optional.pipe(flag.optional()),
    TASK_ADD_MINIAPP_URL: optional.default(PLACEHOLDER_TASK_URLS.add_miniapp).pipe(httpUrl),
    TASK_FC_FOLLOW_URL: optional.default(PLACEHOLDER_TASK_URLS.fc_follow).pipe(httpUrl),
    TASK_FC_LIKE_RECAST_URL: optional.default(PLACEHOLDER_TASK_URLS.fc_like_recast).pipe(httpUrl),
    TASK_FC_COMMENT_URL: optional.default(PLACEHOLDER_TASK_URLS.fc_comment).pipe(httpUrl),
    TASK_NFT_MINT_URL: optional.pipe(httpUrl.optional()),
  }),
  /** NEYNAR_API_KEY turns Farcaster notifications on; the page's CSP reads it too, so it stands alone. */
  farcaster: z.object({ NEYNAR_API_KEY: optional }),
  /**
   * The targets the interface's social tasks are checked against through Neynar's API: a task with
   * its target set is completed only when the wallet's linked fid did it (lib/services/social-checks.ts);
   * and how long one Neynar check may take, for those and for REFERRAL_QUALIFY=farcaster.
   */
  socialTargets: z.object({
    FARCASTER_FOLLOW_FID: optional.pipe(z.string().regex(/^[1-9][0-9]{0,15}$/, "must be a fid, a whole number >= 1").transform(Number).optional()),
    FARCASTER_CAST_HASH: optional.pipe(
      z
        .string()
        .regex(/^0x[0-9a-fA-F]{40}$/, "must be a cast hash, 0x and 40 hex digits")
        .transform((h) => h.toLowerCase())
        .optional(),
    ),
    NEYNAR_TIMEOUT_MS: integer(5_000, 100, 60_000),
  }),
  notifications: z.object({
    CRON_SECRET: optional.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    NOTIFICATIONS_OFF: optional.pipe(commaList.pipe(z.array(z.enum(NOTIFICATION_KINDS))).optional()),
    NOTIFY_TIMEOUT_MS: integer(5_000, 100, 60_000),
  }),
  /** Outbound webhooks (issue #30): which targets an endpoint may have. */
  webhooks: z.object({
    WEBHOOKS_ALLOW_PRIVATE: optional.pipe(flag.optional()).transform((v) => v === true),
  }),
  /**
   * Only tests set these, to point the app at their stand-ins (tests/support/farcaster.ts,
   * tests/support/neynar-stand-in.ts): production always talks to Neynar's hub and API and Farcaster's
   * Quick Auth server.
   */
  testOnly: z.object({
    NEYNAR_HUB_URL: optional.default("https://hub-api.neynar.com").pipe(httpUrl.transform((u) => u.replace(/\/+$/, ""))),
    NEYNAR_API_URL: optional.default("https://api.neynar.com").pipe(httpUrl.transform((u) => u.replace(/\/+$/, ""))),
    QUICK_AUTH_ORIGIN: optional.default("https://auth.farcaster.xyz").pipe(origin),
  }),
};

export type SliceName = keyof typeof SLICES;
export type Slice<N extends SliceName> = z.infer<(typeof SLICES)[N]>;

/**
 * Read here but set by the platform (Next.js, Vercel, the container), never in a .env file:
 * docs/configuration.md says what each does, .env.example leaves them out.
 */
export const PLATFORM_VARIABLES = [
  "NODE_ENV",
  "PORT",
  "VERCEL",
  "VERCEL_ENV",
  "VERCEL_URL",
  "VERCEL_BRANCH_URL",
  "VERCEL_PROJECT_PRODUCTION_URL",
] as const;

/** Every variable of every slice, in slice order. */
export function variableNames(): string[] {
  return Object.values(SLICES).flatMap((slice) => Object.keys(slice.shape));
}
