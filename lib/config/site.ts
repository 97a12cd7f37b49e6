/**
 * Site settings: what the web app and the Farcaster manifest show. Read at run
 * time on the server and handed to client components as props, so changing them
 * needs a restart, not a rebuild.
 */
import "server-only";
import { ConfigError } from "@/lib/config/env";
import { Environment, environment, type EnvSource } from "@/lib/config/environment";
import type { MINIAPP_CATEGORIES } from "@/lib/config/schema";

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

function siteOf(env: Environment): SiteConfig {
  const { site: e } = env.read("site");
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

export function parseSiteConfig(source: EnvSource): SiteConfig {
  return siteOf(new Environment(source));
}

/** The site settings, built on first use. */
export function siteConfig(): SiteConfig {
  return environment().view(siteOf);
}
