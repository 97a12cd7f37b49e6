/**
 * Site settings: what the web app and the Farcaster manifest show. Read at run
 * time on the server and handed to client components as props, so changing them
 * needs a restart, not a rebuild.
 */
import "server-only";
import { z } from "zod";
import { DEFAULT_TASK_URLS } from "@/lib/domain/tasks";
import { optional, commaList, ConfigError, invalidConfiguration } from "@/lib/config/env";

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
    .pipe(commaList)
    .pipe(z.array(z.string().max(20).regex(/^\S+$/, "tags have no spaces")).max(5)),
  FARCASTER_HEADER: optional,
  FARCASTER_PAYLOAD: optional,
  FARCASTER_SIGNATURE: optional,
  FARCASTER_NOINDEX: optional.pipe(flag.optional()),
  TASK_ADD_MINIAPP_URL: optional.default(DEFAULT_TASK_URLS.add_miniapp).pipe(httpsOrHttpUrl),
  TASK_FC_FOLLOW_URL: optional.default(DEFAULT_TASK_URLS.fc_follow).pipe(httpsOrHttpUrl),
  TASK_FC_LIKE_RECAST_URL: optional.default(DEFAULT_TASK_URLS.fc_like_recast).pipe(httpsOrHttpUrl),
  TASK_FC_COMMENT_URL: optional.default(DEFAULT_TASK_URLS.fc_comment).pipe(httpsOrHttpUrl),
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

export function parseSiteConfig(env: Record<string, string | undefined>): SiteConfig {
  const parsed = siteEnvSchema.safeParse(env);
  if (!parsed.success) throw invalidConfiguration(parsed.error);
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
