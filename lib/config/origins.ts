/**
 * Public origins: where links point (lib/domain/public-origin.ts decides per request). proxy.ts reads
 * them on every page, so they are parsed on their own like the headers; parseConfig checks
 * AUTH_ORIGINS against them.
 */
import "server-only";
import { z } from "zod";
import type { PublicOriginsConfig } from "@/lib/domain/public-origin";
import { optional, commaList, integer, invalidConfiguration } from "@/lib/config/env";

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

const originsEnvSchema = z.object({
  APP_URL: optional.pipe(appUrlList.optional()),
  VERCEL: optional,
  VERCEL_ENV: optional,
  VERCEL_URL: vercelHost,
  VERCEL_BRANCH_URL: vercelHost,
  VERCEL_PROJECT_PRODUCTION_URL: vercelHost,
  // `next start` and `next dev` set it to the port they listen on.
  PORT: integer(3000, 1, 65_535),
});


export function parsePublicOrigins(env: Record<string, string | undefined>): PublicOriginsConfig {
  const parsed = originsEnvSchema.safeParse(env);
  if (!parsed.success) throw invalidConfiguration(parsed.error);
  const e = parsed.data;
  if (e.APP_URL) return { bases: [...new Set(e.APP_URL)], source: "APP_URL" };
  // VERCEL_PROJECT_PRODUCTION_URL is set in every environment; a preview's links stay on the preview.
  const vercel = e.VERCEL
    ? e.VERCEL_ENV === "production"
      ? [e.VERCEL_PROJECT_PRODUCTION_URL, e.VERCEL_URL, e.VERCEL_BRANCH_URL]
      : [e.VERCEL_BRANCH_URL, e.VERCEL_URL, e.VERCEL_PROJECT_PRODUCTION_URL]
    : [];
  const hosts = [...new Set(vercel.filter((h) => h !== undefined))];
  if (hosts.length > 0) return { bases: hosts.map((h) => `https://${h}`), source: "vercel" };
  return { bases: [`http://localhost:${e.PORT}`], source: "default" };
}

let cachedOrigins: PublicOriginsConfig | undefined;

/** The public origins, parsed on first use. */
export function publicOriginsConfig(): PublicOriginsConfig {
  cachedOrigins ??= parsePublicOrigins(process.env);
  return cachedOrigins;
}
