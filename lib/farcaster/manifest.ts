/**
 * The Farcaster manifest (/.well-known/farcaster.json) and the fc:miniapp embed,
 * both built from configuration. Every absolute URL starts with the request's
 * link base (lib/domain/public-origin.ts), never with its Host header.
 */
import "server-only";
import { headers } from "next/headers";
import { publicOrigin } from "@/lib/domain/public-origin";
import { publicOriginsConfig, type SiteConfig } from "@/lib/config";

/** The link base of the page being rendered, for its metadata. */
export async function pageLinkBase(): Promise<string> {
  return publicOrigin(await headers(), publicOriginsConfig()).linkBase;
}

/** Image URLs: configured ones as they are, else the images this app renders. */
export function imageUrls(site: SiteConfig, linkBase: string) {
  return {
    icon: site.iconUrl ?? `${linkBase}/brand/icon-1024.png`,
    embed: site.imageUrl ?? `${linkBase}/opengraph-image`,
    splash: site.splashImageUrl ?? `${linkBase}/brand/splash-200.png`,
  };
}

/** The embed of the fc:miniapp meta tag: a 3:2 image and a button that launches the app at `url`. */
export function miniAppEmbed(site: SiteConfig, linkBase: string, url = linkBase) {
  const images = imageUrls(site, linkBase);
  return {
    version: "1",
    imageUrl: images.embed,
    button: {
      title: site.buttonTitle,
      action: {
        type: "launch_miniapp",
        name: site.name,
        url,
        splashImageUrl: images.splash,
        splashBackgroundColor: site.splashBackgroundColor,
      },
    },
  };
}

/** The same embed for clients that still read the legacy fc:frame tag. */
export function legacyFrameEmbed(site: SiteConfig, linkBase: string, url = linkBase) {
  const embed = miniAppEmbed(site, linkBase, url);
  return { ...embed, button: { ...embed.button, action: { ...embed.button.action, type: "launch_frame" } } };
}

/**
 * The manifest. `webhook`: Farcaster notifications are on (NEYNAR_API_KEY), so clients are told
 * where to post their events; without them the manifest names no webhookUrl, and clients offer no
 * notifications for the app.
 */
export function farcasterManifest(site: SiteConfig, linkBase: string, webhook: boolean) {
  const images = imageUrls(site, linkBase);
  const miniapp = {
    version: "1",
    name: site.name,
    homeUrl: linkBase,
    iconUrl: images.icon,
    imageUrl: images.embed,
    buttonTitle: site.buttonTitle,
    splashImageUrl: images.splash,
    splashBackgroundColor: site.splashBackgroundColor,
    subtitle: site.subtitle,
    description: site.description,
    primaryCategory: site.primaryCategory,
    tags: site.tags,
    heroImageUrl: images.embed,
    tagline: site.subtitle,
    ogTitle: site.name.slice(0, 30),
    ogDescription: site.description.slice(0, 100),
    ogImageUrl: images.embed,
    ...(site.farcaster.noindex !== undefined && { noindex: site.farcaster.noindex }),
    ...(webhook && { webhookUrl: `${linkBase}/api/farcaster/webhook` }),
  };
  return {
    ...(site.farcaster.accountAssociation && { accountAssociation: site.farcaster.accountAssociation }),
    miniapp,
  };
}
