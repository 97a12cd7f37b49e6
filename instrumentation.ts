/**
 * Runs once when the server starts: a broken configuration (bad env, Vercel without KV,
 * an invalid chain setting, an unwritable data dir) is reported here with its message,
 * instead of surfacing as a 500 at the first request.
 */
export async function register() {
  const { deps } = await import("@/lib/services/context");
  await deps();
}
