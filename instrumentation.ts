/**
 * Runs once when the server starts: a broken configuration (bad env, Vercel without KV,
 * an invalid chain setting, an unwritable data dir) is reported here with its message,
 * instead of surfacing as a 500 at the first request. Only in the Node.js runtime, where
 * the API runs: the condition lets the Edge build (proxy.ts) drop the store code entirely.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { deps } = await import("@/lib/services/context");
    await deps();
  }
}
