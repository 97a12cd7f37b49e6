/**
 * Runs once when the server starts: a broken configuration (bad env, Vercel without KV,
 * an invalid chain setting, an unwritable data dir, a bad FRAME_ANCESTORS or site setting)
 * is reported here with its message, instead of surfacing as a 500 at the first request.
 * Next also compiles this file for the Edge runtime; the condition keeps the store out of it.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const [{ deps }, { headersConfig, siteConfig }] = await Promise.all([import("@/lib/services/context"), import("@/lib/config")]);
    headersConfig();
    siteConfig();
    await deps();
  }
}
