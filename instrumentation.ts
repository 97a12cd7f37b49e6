/**
 * Runs once when the server starts: a broken configuration (bad env, Vercel without KV,
 * an invalid chain setting, an unwritable data dir, a bad FRAME_ANCESTORS or site setting)
 * is reported here with its message, instead of surfacing as a 500 at the first request.
 * It also installs the answers to the methods Next.js cannot route (lib/http/method-guard.ts) first,
 * so they hold whatever the configuration says, and says in one line where links go when APP_URL
 * is unset outside Vercel (`next start` only: `next dev` is a local run by definition).
 * Next also compiles this file for the Edge runtime; the condition keeps the store out of it.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const [{ deps }, { headersConfig, publicOriginsConfig, siteConfig }, { guardUnroutedMethods }, { defaultOriginNotice }] =
      await Promise.all([
        import("@/lib/services/context"),
        import("@/lib/config"),
        import("@/lib/http/method-guard"),
        import("@/lib/domain/public-origin"),
      ]);
    guardUnroutedMethods();
    const { development } = headersConfig();
    const notice = defaultOriginNotice(publicOriginsConfig());
    if (notice && !development) console.warn(notice);
    siteConfig();
    await deps();
  }
}
