/**
 * Public origins: where links point (lib/domain/public-origin.ts decides per request). proxy.ts reads
 * them on every page, from the links and platform slices only; config() checks AUTH_ORIGINS against them.
 */
import "server-only";
import type { PublicOriginsConfig } from "@/lib/domain/public-origin";
import { Environment, environment, type EnvSource } from "@/lib/config/environment";

export function publicOriginsOf(env: Environment): PublicOriginsConfig {
  const { links, platform } = env.read("links", "platform");
  if (links.APP_URL) return { bases: [...new Set(links.APP_URL)], source: "APP_URL" };
  // VERCEL_PROJECT_PRODUCTION_URL is set in every environment; a preview's links stay on the preview.
  const vercel = platform.VERCEL
    ? links.VERCEL_ENV === "production"
      ? [links.VERCEL_PROJECT_PRODUCTION_URL, links.VERCEL_URL, links.VERCEL_BRANCH_URL]
      : [links.VERCEL_BRANCH_URL, links.VERCEL_URL, links.VERCEL_PROJECT_PRODUCTION_URL]
    : [];
  const hosts = [...new Set(vercel.filter((h) => h !== undefined))];
  if (hosts.length > 0) return { bases: hosts.map((h) => `https://${h}`), source: "vercel" };
  return { bases: [`http://localhost:${links.PORT}`], source: "default" };
}

export function parsePublicOrigins(source: EnvSource): PublicOriginsConfig {
  return publicOriginsOf(new Environment(source));
}

/** The public origins, built on first use. */
export function publicOriginsConfig(): PublicOriginsConfig {
  return environment().view(publicOriginsOf);
}
